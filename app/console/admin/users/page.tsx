import type { Metadata } from 'next';
import { UsersAdmin } from '@/components/admin-users';

export const metadata: Metadata = { title: 'Users' };

/** Admin only: app/console/admin/layout.tsx turns dispatchers away; the tRPC procedures check again. */
export default function Page() {
  return <UsersAdmin />;
}
