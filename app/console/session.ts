import { notFound, redirect } from 'next/navigation';
import { getConsoleUser, type ConsoleUser } from '@/server/http/console-auth';

/**
 * For console pages and layouts: the signed-in user, or a redirect to the login page. With
 * `{ admin: true }` a dispatcher gets the 404 page (admin pages are not advertised to them).
 * tRPC procedures check again on every call; this only decides what to render.
 */
export async function requireConsoleUser(options: { admin?: boolean; from?: string } = {}): Promise<ConsoleUser> {
  const user = await getConsoleUser();
  if (!user) redirect(options.from ? `/login?from=${encodeURIComponent(options.from)}` : '/login');
  // A generated password (invite, reset) is replaced before anything else.
  if (user.passwordChangeRequired) redirect('/login/password');
  if (options.admin && user.role !== 'admin') notFound();
  return user;
}
