'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccountOptions, useAccountTree } from './account-options';
import { DatePicker, formatDuration, formatMiles, localTime, useDateParam } from './date-picker';
import { useTRPC } from './providers';
import { RoutesPanel } from './routes-panel';

export function ItinerariesView({ initialDate }: { initialDate: string | undefined }) {
  const trpc = useTRPC();
  const [date, setDate] = useDateParam(initialDate);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [accountId, setAccountId] = useState<number | undefined>(undefined);
  const { accounts: branches } = useAccountTree();
  const list = useQuery({
    ...trpc.itineraries.list.queryOptions({ date: date ?? '', ...(accountId ? { accountId } : {}) }),
    enabled: date !== null,
  });
  const itineraries = list.data?.itineraries ?? [];
  const selected = itineraries.find((i) => i.id === selectedId) ?? null;
  return (
    <>
      <h1>Itineraries</h1>
      <div className="toolbar">
        <DatePicker
          date={date}
          onChange={(next) => {
            setSelectedId(null);
            setDate(next);
          }}
        />
        <label className="inline-field">
          Branch
          <select
            value={accountId ?? ''}
            onChange={(e) => {
              setSelectedId(null);
              setAccountId(e.target.value ? Number(e.target.value) : undefined);
            }}
          >
            <option value="">All of your accounts</option>
            <AccountOptions accounts={branches} />
          </select>
        </label>
        <span className="muted">Booked itineraries (live) scheduled to start on this date.</span>
      </div>
      {itineraries.length > 0 ? <RoutesPanel itineraries={itineraries} /> : null}
      <section className="panel">
        {list.isPending ? <p className="muted">Loading…</p> : null}
        {list.error ? <p className="alert">{list.error.message}</p> : null}
        {list.data && itineraries.length === 0 ? <p className="muted">No itineraries on {date}.</p> : null}
        {itineraries.length > 0 ? (
          <table className="data" data-testid="itinerary-list">
            <thead>
              <tr>
                <th>Itinerary</th>
                <th>Vehicle</th>
                <th>Driver</th>
                <th>Scheduled start</th>
                <th>Stops</th>
                <th>Distance</th>
                <th>Duration</th>
              </tr>
            </thead>
            <tbody>
              {itineraries.map((it) => (
                <tr
                  key={it.id}
                  data-testid="itinerary-row"
                  aria-selected={it.id === selectedId}
                  className={it.id === selectedId ? 'selected' : undefined}
                >
                  <td>
                    <button
                      type="button"
                      className="link"
                      onClick={() => setSelectedId(it.id === selectedId ? null : it.id)}
                    >
                      {it.externalId}
                    </button>
                  </td>
                  <td>
                    {it.vehicleExternalId} <span className="muted">{it.vehicleType}</span>
                  </td>
                  <td>{it.driverExternalId}</td>
                  <td>{localTime(it.scheduledStart)}</td>
                  <td>{it.itineraryStops.length}</td>
                  <td>{formatMiles(it.totals.distanceMeters)}</td>
                  <td>{formatDuration(it.totals.durationSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      {selected ? (
        <section className="panel" aria-labelledby="stops-heading">
          <h2 id="stops-heading">Stops of {selected.externalId}</h2>
          <table className="data" data-testid="stop-list">
            <thead>
              <tr>
                <th>#</th>
                <th>Type</th>
                <th>Address</th>
                <th>Orders</th>
                <th>Arrival</th>
                <th>Departure</th>
              </tr>
            </thead>
            <tbody>
              {selected.itineraryStops.map((stop) => (
                <tr key={stop.stopNumber} data-testid="stop-row">
                  <td>{stop.stopNumber}</td>
                  <td>{stop.type}</td>
                  <td>
                    {[
                      stop.address.addressLine1,
                      stop.address.city,
                      [stop.address.state, stop.address.postalCode].filter(Boolean).join(' '),
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </td>
                  <td>{stop.orderExternalIds.join(', ')}</td>
                  <td>{localTime(stop.arrival)}</td>
                  <td>{localTime(stop.departure)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
