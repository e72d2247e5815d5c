import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ConsoleNav } from '@/components/console-nav';
import { MapTilesProvider } from '@/components/map-tiles';
import { Providers } from '@/components/providers';
import { getConfig } from '@/server/config';
import { signOut } from '@/server/http/console-auth';
import { requireConsoleUser } from './session';

export const metadata: Metadata = { title: { default: 'Console', template: '%s · Console' } };

async function signOutAction(): Promise<void> {
  'use server';
  await signOut({ redirectTo: '/login' });
}

/** Street tiles as the server is configured now: changing MAP_TILE_URL needs a restart, not a rebuild. */
function mapTiles() {
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION } = getConfig();
  return MAP_TILE_URL ? { url: MAP_TILE_URL, attribution: MAP_TILE_ATTRIBUTION } : null;
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
        <Providers>
          <MapTilesProvider tiles={mapTiles()}>{children}</MapTilesProvider>
        </Providers>
      </main>
    </div>
  );
}
