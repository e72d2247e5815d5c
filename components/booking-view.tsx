'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { timeframeBuckets as BUCKETS, type TimeframeBucket as Bucket } from '@/server/accounts/settings-schemas';
import { AccountOptions, useAccountTree } from './account-options';
import { localTime } from './date-picker';
import { useTRPC } from './providers';
import { QueryStatus, TableHead } from './data-list';

/** The Booking page: recent searches of the user's accounts and "try a search" with a per-hour explanation. */

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function RecentSearches() {
  const trpc = useTRPC();
  const recent = useQuery(trpc.booking.recent.queryOptions());
  const rows = recent.data ?? [];
  return (
    <section className="panel" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent searches</h2>
      <QueryStatus query={recent} empty={rows.length === 0 ? 'No searches yet.' : null} />
      {rows.length > 0 ? (
        <table className="data" data-testid="recent-searches">
          <TableHead columns={['Time', 'Branch', 'Date', 'Bucket', 'Windows', 'Price', 'Fallback']} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.jobId} data-testid="recent-search">
                <td>{new Date(row.finishedAt).toLocaleString()}</td>
                <td>{row.branchName ?? `#${row.branchId}`}</td>
                <td>{row.date}</td>
                <td>{row.bucket}</td>
                <td>{row.windows}</td>
                <td>{row.priceCents === null ? '—' : `${money(row.priceCents)} (${row.priceModel})`}</td>
                <td>{row.fallback ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

interface FormState {
  branchId: string;
  date: string;
  bucket: Bucket;
  deliveryMethod: string;
  addressLine1: string;
  city: string;
  state: string;
  postalCode: string;
  weightKg: string;
  heightCm: string;
  lengthCm: string;
  widthCm: string;
  quantity: string;
  orderValue: string;
}

const INITIAL: FormState = {
  branchId: '',
  date: '',
  bucket: 'AFTERNOON',
  deliveryMethod: 'cargo-van',
  addressLine1: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  postalCode: '10118',
  weightKg: '25',
  heightCm: '90',
  lengthCm: '80',
  widthCm: '75',
  quantity: '1',
  orderValue: '450',
};

function TrySearch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { accounts } = useAccountTree();
  const [form, setForm] = useState<FormState>(INITIAL);
  const search = useMutation(
    trpc.booking.trySearch.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.booking.recent.queryKey() }),
    }),
  );
  const branchId = form.branchId || String(accounts[0]?.id ?? '');
  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.mutate({
      fulfillingBranchId: branchId,
      date: form.date,
      timeframeBucket: form.bucket,
      ...(form.deliveryMethod.trim() ? { deliveryMethod: form.deliveryMethod.trim() } : {}),
      destination: { addressLine1: form.addressLine1, city: form.city, state: form.state, postalCode: form.postalCode },
      cart: {
        items: [
          {
            description: 'Console search',
            dimensionsCm: { height: Number(form.heightCm), length: Number(form.lengthCm), width: Number(form.widthCm) },
            quantity: Number(form.quantity),
            weightKg: Number(form.weightKg),
          },
        ],
        orderValueCents: Math.round(Number(form.orderValue) * 100),
      },
    });
  };
  const outcome = search.data?.outcome ?? null;
  const input = (key: keyof FormState, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`b-${key}`}>{label}</label>
      <input id={`b-${key}`} type={type} value={form[key]} onChange={set(key)} />
    </div>
  );
  return (
    <>
      <form className="panel" onSubmit={submit} aria-labelledby="try-heading">
        <h2 id="try-heading">Try a search</h2>
        <p className="muted">
          Runs the same search as POST /v1/booking/recommend for your account (live) and shows, for every hour of the
          bucket, the windows found or why there is none.
        </p>
        <div className="settings-form">
          <div className="field">
            <label htmlFor="b-branchId">Branch</label>
            <select id="b-branchId" value={branchId} onChange={set('branchId')}>
              <AccountOptions accounts={accounts} />
            </select>
          </div>
          {input('date', 'Date', 'date')}
          <div className="field">
            <label htmlFor="b-bucket">Bucket</label>
            <select id="b-bucket" value={form.bucket} onChange={set('bucket')}>
              {BUCKETS.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </div>
          {input('deliveryMethod', 'Vehicle type')}
          {input('addressLine1', 'Destination street')}
          {input('city', 'City')}
          {input('state', 'State')}
          {input('postalCode', 'Postal code')}
          {input('weightKg', 'Weight per item (kg)', 'number')}
          {input('heightCm', 'Height (cm)', 'number')}
          {input('lengthCm', 'Length (cm)', 'number')}
          {input('widthCm', 'Width (cm)', 'number')}
          {input('quantity', 'Quantity', 'number')}
          {input('orderValue', 'Order value ($)', 'number')}
        </div>
        {search.error ? (
          <p className="alert" role="alert" data-testid="search-error">
            {search.error.message}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" disabled={search.isPending}>
            {search.isPending ? 'Searching…' : 'Search'}
          </button>
        </div>
      </form>
      {search.data && !outcome ? (
        <p className="muted">The search is still running; it will appear under recent searches.</p>
      ) : null}
      {outcome ? (
        <section className="panel" aria-labelledby="hours-heading">
          <h2 id="hours-heading">
            {outcome.windows.length} windows
            {outcome.price
              ? ` · ${money(outcome.price.amountCents)} (${outcome.price.model}${outcome.price.billedToAccount ? ', billed to account' : ''})`
              : ' · no price (no rate card applies)'}
            {outcome.fallback ? ` · fallback ${outcome.fallback}` : ''}
          </h2>
          <p className="muted" data-testid="search-context">
            {outcome.date} · {outcome.timeframeBucket} · {outcome.timeZone}
            {outcome.computedAt ? ` · computed ${outcome.computedAt}` : ''}
          </p>
          {outcome.fallbackReason ? (
            <p data-testid="search-fallback-reason">
              Why no window: <code>{outcome.fallbackReason}</code> ({outcome.fallbackDescription})
            </p>
          ) : null}
          <table className="data" data-testid="search-hours">
            <TableHead columns={['Hour', 'Windows']} />
            <tbody>
              {outcome.hours.map((hour) => (
                <tr key={hour.start} data-testid="search-hour" data-hour={localTime(hour.start)}>
                  <td>
                    {localTime(hour.start)}–{localTime(hour.end)}
                  </td>
                  <td>
                    {hour.windows.length > 0 ? (
                      <ul>
                        {hour.windows.map((w) => (
                          <li key={`${w.routeId}`} data-testid="search-window">
                            from {localTime(w.deliveryWindowStart)} on {w.routeExternalId} ({w.vehicleType})
                            {w.price ? ` · ${money(w.price.amountCents)}` : ''}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="muted" data-testid="hour-reason" data-reason={hour.reason ?? ''}>
                        {hour.description}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}

export function BookingView() {
  return (
    <>
      <h1>Booking</h1>
      <TrySearch />
      <RecentSearches />
    </>
  );
}
