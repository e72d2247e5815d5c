'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { DatePicker, formatMiles, localTime, useDateParam } from './date-picker';
import { useTRPC } from './providers';
import type { MapTour } from './tours-map';

const ToursMap = dynamic(() => import('./tours-map'), {
  ssr: false,
  loading: () => <div className="tour-map tour-map-loading">Loading map…</div>,
});

/** Distinct, readable on a light background; repeats after twelve tours. */
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#393b79', '#637939'];

export function ToursView({ initialDate }: { initialDate: string | undefined }) {
  const trpc = useTRPC();
  const [date, setDate] = useDateParam(initialDate);
  const list = useQuery({ ...trpc.itineraries.list.queryOptions({ date: date ?? '' }), enabled: date !== null });
  const tours: MapTour[] = useMemo(
    () =>
      (list.data?.itineraries ?? [])
        .filter((it) => it.itineraryStops.length > 0)
        .map((it, i) => ({
          id: it.id,
          externalId: it.externalId,
          color: PALETTE[i % PALETTE.length] ?? '#1f77b4',
          stops: it.itineraryStops.map((s) => ({
            stopNumber: s.stopNumber,
            type: s.type,
            latitude: s.latitude,
            longitude: s.longitude,
            arrival: s.arrival,
            departure: s.departure,
          })),
        })),
    [list.data],
  );
  const byId = new Map((list.data?.itineraries ?? []).map((it) => [it.id, it]));
  return (
    <>
      <h1>Tours map</h1>
      <div className="toolbar">
        <DatePicker date={date} onChange={setDate} />
        <span className="muted">Planned tours of your accounts (live) for this date.</span>
      </div>
      {list.isPending ? <p className="muted">Loading…</p> : null}
      {list.error ? <p className="alert">{list.error.message}</p> : null}
      {list.data && tours.length === 0 ? <p className="muted">No tours on {date}.</p> : null}
      {tours.length > 0 ? (
        <div className="tours">
          <ToursMap tours={tours} />
          <ul className="legend" data-testid="tour-legend" aria-label="Itineraries">
            {tours.map((tour) => {
              const it = byId.get(tour.id);
              return (
                <li key={tour.id} data-testid="tour-legend-item">
                  <span className="swatch" style={{ background: tour.color }} aria-hidden="true" />
                  <span>
                    <strong>{tour.externalId}</strong>
                    <br />
                    <span className="muted">
                      {it?.vehicleExternalId} · start {it ? localTime(it.scheduledStart) : ''} · {tour.stops.length} stops
                      {it ? ` · ${formatMiles(it.totals.distanceMeters)}` : ''}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </>
  );
}
