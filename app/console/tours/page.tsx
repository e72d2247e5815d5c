import { redirect } from 'next/navigation';

/** The tours map moved onto the Itineraries page (map, timeline and table of a date and branch). */
export default async function ToursPage({ searchParams }: { searchParams: Promise<{ date?: string | string[] }> }) {
  const { date } = await searchParams;
  redirect(
    typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? `/console/itineraries?date=${date}`
      : '/console/itineraries',
  );
}
