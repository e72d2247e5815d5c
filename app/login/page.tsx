import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getConsoleUser } from '@/server/http/console-auth';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ from?: string | string[] }> }) {
  if (await getConsoleUser()) redirect('/console');
  const { from } = await searchParams;
  return (
    <main className="login">
      <h1>Sign in to the console</h1>
      <LoginForm from={typeof from === 'string' ? from : undefined} />
    </main>
  );
}
