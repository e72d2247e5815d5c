import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getConsoleUser } from '@/server/http/console-auth';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ from?: string | string[]; changed?: string | string[] }>;
}) {
  if (await getConsoleUser()) redirect('/console');
  const { from, changed } = await searchParams;
  return (
    <main className="login">
      <h1>Sign in to the console</h1>
      {changed === '1' ? (
        <p role="status" className="notice" data-testid="password-changed">
          Your password was changed. Sign in with the new one.
        </p>
      ) : null}
      <LoginForm from={typeof from === 'string' ? from : undefined} />
    </main>
  );
}
