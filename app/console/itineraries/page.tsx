import type { Metadata } from 'next';
import { ItinerariesView } from '@/components/itineraries-view';

export const metadata: Metadata = { title: 'Itineraries' };

export default async function ItinerariesPage({
  searchParams,
}: {
  searchParams: Promise<{ date?: string | string[] }>;
}) {
  const { date } = await searchParams;
  return <ItinerariesView initialDate={typeof date === 'string' ? date : undefined} />;
}
