import type { Metadata } from 'next';
import { ApiKeysAdmin } from '@/components/admin-api-keys';

export const metadata: Metadata = { title: 'API keys' };

/** Admin only: app/console/admin/layout.tsx turns dispatchers away; the tRPC procedures check again. */
export default function Page() {
  return <ApiKeysAdmin />;
}
