'use client';

import { useState, useSyncExternalStore } from 'react';

/** Today's date in the browser's time zone, YYYY-MM-DD. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const noSubscription = () => () => {};

/**
 * The page's date: `?date=` when given, else today in the browser's time zone (null while the page
 * renders on the server, so the server's clock never decides it); changes are kept in the address bar.
 */
export function useDateParam(initial: string | undefined): [string | null, (date: string) => void] {
  const today = useSyncExternalStore(noSubscription, localToday, () => null);
  const [chosen, setChosen] = useState<string | null>(initial ?? null);
  const change = (next: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(next)) return;
    setChosen(next);
    const url = new URL(window.location.href);
    url.searchParams.set('date', next);
    window.history.replaceState(null, '', url);
  };
  return [chosen ?? today, change];
}

export function DatePicker({ date, onChange }: { date: string | null; onChange: (date: string) => void }) {
  return (
    <label className="inline-field">
      Date
      <input type="date" value={date ?? ''} disabled={date === null} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** `2026-11-23T08:30:00-05:00` -> `08:30` (the local time as written). */
export function localTime(iso: string): string {
  return iso.slice(11, 16);
}

export function formatMiles(meters: number): string {
  return `${(meters / 1609.344).toFixed(1)} mi`;
}

export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A moment in the browser's time zone, to the second (job and key timestamps). */
export function dateTime(d: Date): string {
  return d.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
