import type { Metadata } from 'next';
import { SlotPolicyEditor } from '@/components/account-settings/slot-policy-editor';

export const metadata: Metadata = { title: 'Slot policy' };

/** Admin only: app/console/admin/layout.tsx turns dispatchers away; the tRPC procedures check again. */
export default function Page() {
  return <SlotPolicyEditor />;
}
