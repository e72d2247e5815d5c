import type { ReactNode } from 'react';
import { requireConsoleUser } from '../session';

/** Admin pages: a dispatcher who follows a link here is told so instead of seeing the editors. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireConsoleUser();
  if (user.role !== 'admin') {
    return (
      <section className="panel" data-testid="admins-only">
        <h1>Admins only</h1>
        <p>
          This page is for console administrators. Your role is {user.role}; ask an administrator of your account to
          change these settings.
        </p>
      </section>
    );
  }
  return children;
}
