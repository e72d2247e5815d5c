import type { Metadata } from 'next';
import { ToursView } from '@/components/tours-view';

export const metadata: Metadata = { title: 'Tours map' };

export default async function ToursPage({ searchParams }: { searchParams: Promise<{ date?: string | string[] }> }) {
  const { date } = await searchParams;
  return <ToursView initialDate={typeof date === 'string' ? date : undefined} />;
}
