import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ConsoleNav } from '@/components/console-nav';
import { Providers } from '@/components/providers';
import { signOut } from '@/server/http/console-auth';
import { requireConsoleUser } from './session';

export const metadata: Metadata = { title: { default: 'Console', template: '%s · Console' } };

async function signOutAction(): Promise<void> {
  'use server';
  await signOut({ redirectTo: '/login' });
}

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireConsoleUser({ from: (await headers()).get('x-console-path') ?? undefined });
  return (
    <div className="shell">
      <aside className="sidebar">
        <Link href="/console" className="brand">
          Routing &amp; Booking
        </Link>
        <ConsoleNav isAdmin={user.role === 'admin'} />
        <div className="who">
          <span data-testid="signed-in-user">{user.email}</span>
          <span className="badge">{user.role}</span>
          <Link href="/login/password" className="link">
            Change password
          </Link>
          <form action={signOutAction}>
            <button type="submit" className="link">
              Sign out
            </button>
          </form>
        </div>
      </aside>
      <main className="content">
        <Providers>{children}</Providers>
      </main>
    </div>
  );
}
