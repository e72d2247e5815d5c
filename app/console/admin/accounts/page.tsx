import type { Metadata } from 'next';
import { AccountsAdmin } from '@/components/admin-accounts';

export const metadata: Metadata = { title: 'Accounts' };

/** Admin only: app/console/admin/layout.tsx turns dispatchers away; the tRPC procedures check again. */
export default function Page() {
  return <AccountsAdmin />;
}
