import type { Metadata } from 'next';
import { BookingView } from '@/components/booking-view';

export const metadata: Metadata = { title: 'Booking' };

export default function BookingPage() {
  return <BookingView />;
}
