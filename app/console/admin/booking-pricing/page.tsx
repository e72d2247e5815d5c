import type { Metadata } from 'next';
import { BookingPricingEditor } from '@/components/account-settings/booking-pricing-editor';

export const metadata: Metadata = { title: 'Booking pricing' };

/** Admin only: app/console/admin/layout.tsx turns dispatchers away; the tRPC procedures check again. */
export default function Page() {
  return <BookingPricingEditor />;
}
