'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccountOptions, useAccountTree } from './account-options';
import { DatePicker, formatDuration, formatMiles, localTime, useDateParam } from './date-picker';
import { useTRPC } from './providers';
import { RoutesPanel } from './routes-panel';
import { QueryStatus, TableHead } from './data-list';

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
        <QueryStatus query={list} empty={itineraries.length === 0 ? <>No itineraries on {date}.</> : null} />
        {itineraries.length > 0 ? (
          <table className="data" data-testid="itinerary-list">
            <TableHead
              columns={['Itinerary', 'Vehicle', 'Driver', 'Scheduled start', 'Stops', 'Distance', 'Duration']}
            />
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
            <TableHead columns={['#', 'Type', 'Address', 'Orders', 'Arrival', 'Departure']} />
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
