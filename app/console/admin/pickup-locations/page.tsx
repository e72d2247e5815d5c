import type { Metadata } from 'next';
import { PickupLocationsEditor } from '@/components/account-settings/pickup-locations-editor';

export const metadata: Metadata = { title: 'Pickup locations' };

/** Admin only: app/console/admin/layout.tsx turns dispatchers away; the tRPC procedures check again. */
export default function Page() {
  return <PickupLocationsEditor />;
}
