'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { RouterOutputs } from '@/server/api';
import { AccountOptions } from './account-options';
import { flattenAccountTree } from './account-tree';
import { Field, fieldErrors, fieldOf, numberOrUndefined, saveErrorOf, type SaveError } from './form-fields';
import { useTRPC } from './providers';

/** Admin editors for an account's own booking pricing and slot policy (saved with setSettings). */

const PRICING_MODELS = ['markup', 'pass_through', 'free_over', 'on_account'] as const;
type PricingModel = (typeof PRICING_MODELS)[number];
const BUCKETS = ['MORNING', 'AFTERNOON', 'EVENING', 'AFTER_8PM', 'FLEXIBLE'] as const;
type Bucket = (typeof BUCKETS)[number];

function useAccountSettings() {
  const trpc = useTRPC();
  const tree = useQuery(trpc.accounts.tree.queryOptions());
  const accounts = tree.data ? flattenAccountTree(tree.data) : [];
  const [chosen, setChosen] = useState<number | null>(null);
  const accountId = chosen ?? accounts[0]?.id ?? null;
  const settings = useQuery({ ...trpc.settings.get.queryOptions({ accountId: accountId ?? 0 }), enabled: accountId !== null });
  const nameOf = (id: number | null) => {
    if (id === null) return null;
    const account = accounts.find((a) => a.id === id);
    return account ? `${account.name} (#${id})` : `#${id}`;
  };
  return { tree, accounts, accountId, setAccountId: setChosen, settings, nameOf };
}

function AccountPicker({
  accounts,
  accountId,
  onChange,
}: {
  accounts: { id: number; name: string; depth: number }[];
  accountId: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <div className="inline-field">
      <label htmlFor="account-picker">Account</label>
      <select id="account-picker" value={accountId ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
        <AccountOptions accounts={accounts} />
      </select>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Booking pricing

interface RateRow {
  vehicleType: string;
  baseFeeCents: string;
  perMileCents: string;
  perMinuteCents: string;
}

/** An account's own settings as the console API returns them (types derived from the router, never copied). */
type OwnSettings = RouterOutputs['settings']['get']['own'];
type BookingData = NonNullable<OwnSettings['booking']>;

const str = (n: number | undefined) => (n === undefined ? '' : String(n));

function BookingForm({ accountId, own, vehicleTypes }: { accountId: number; own: BookingData | undefined; vehicleTypes: string[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [model, setModel] = useState<PricingModel | ''>(own?.pricing?.model ?? '');
  const [markupPercent, setMarkupPercent] = useState(str(own?.pricing?.markupPercent));
  const [markupFixedCents, setMarkupFixedCents] = useState(str(own?.pricing?.markupFixedCents));
  const [freeOverCents, setFreeOverCents] = useState(str(own?.pricing?.freeOverCents));
  const [rates, setRates] = useState<RateRow[]>(
    Object.entries(own?.rateCards ?? {}).map(([vehicleType, r]) => ({
      vehicleType,
      baseFeeCents: String(r.baseFeeCents),
      perMileCents: String(r.perMileCents),
      perMinuteCents: String(r.perMinuteCents),
    })),
  );
  const [error, setError] = useState<SaveError | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.settings.setBooking.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey({ accountId }) });
      },
      onError: (e) => setError(saveErrorOf(e)),
    }),
  );
  const fields = [
    'booking.pricing.model',
    'booking.pricing.markupPercent',
    'booking.pricing.markupFixedCents',
    'booking.pricing.freeOverCents',
    'booking.rateCards',
    'booking',
  ];
  const { errorField, errorFor } = fieldErrors(error, fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const rateCards = Object.fromEntries(
      rates.map((r) => [
        r.vehicleType,
        { baseFeeCents: Number(r.baseFeeCents || 0), perMileCents: Number(r.perMileCents || 0), perMinuteCents: Number(r.perMinuteCents || 0) },
      ]),
    );
    const booking = {
      ...(model
        ? {
            pricing: {
              model,
              markupPercent: numberOrUndefined(markupPercent),
              markupFixedCents: numberOrUndefined(markupFixedCents),
              freeOverCents: numberOrUndefined(freeOverCents),
            },
          }
        : {}),
      ...(rates.length > 0 ? { rateCards } : {}),
    };
    save.mutate({ accountId, booking: model || rates.length > 0 ? booking : null });
  };

  const setRate = (i: number, patch: Partial<RateRow>) => setRates(rates.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const unusedType = vehicleTypes.find((t) => !rates.some((r) => r.vehicleType === t));

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="own-booking">
      <h2 id="own-booking">This account’s own booking pricing</h2>
      <p className="muted">
        Booking settings are taken whole from the nearest account that has them. Leave the model empty and remove every rate card to inherit.
      </p>
      <div className="settings-form">
        <Field name="booking.pricing.model" label="Pricing model" error={errorFor('booking.pricing.model')}>
          <select id="f-booking.pricing.model" value={model} onChange={(e) => setModel(e.target.value as PricingModel | '')}>
            <option value="">(none: inherit)</option>
            {PRICING_MODELS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        <Field name="booking.pricing.markupPercent" label="Markup percent" error={errorFor('booking.pricing.markupPercent')}>
          <input
            id="f-booking.pricing.markupPercent"
            type="number"
            step="any"
            value={markupPercent}
            onChange={(e) => setMarkupPercent(e.target.value)}
            aria-invalid={errorField === 'booking.pricing.markupPercent'}
          />
        </Field>
        <Field name="booking.pricing.markupFixedCents" label="Markup fixed (cents)" error={errorFor('booking.pricing.markupFixedCents')}>
          <input
            id="f-booking.pricing.markupFixedCents"
            type="number"
            step="1"
            value={markupFixedCents}
            onChange={(e) => setMarkupFixedCents(e.target.value)}
            aria-invalid={errorField === 'booking.pricing.markupFixedCents'}
          />
        </Field>
        <Field
          name="booking.pricing.freeOverCents"
          label="Free over (cents)"
          hint="Order value above which delivery is free (free_over)."
          error={errorFor('booking.pricing.freeOverCents')}
        >
          <input
            id="f-booking.pricing.freeOverCents"
            type="number"
            step="1"
            value={freeOverCents}
            onChange={(e) => setFreeOverCents(e.target.value)}
            aria-invalid={errorField === 'booking.pricing.freeOverCents'}
          />
        </Field>
        <Field name="booking.rateCards" label="Rate cards per vehicle type" wide error={errorFor('booking.rateCards') ?? errorFor('booking')}>
          <table className="data" id="f-booking.rateCards">
            <thead>
              <tr>
                <th>Vehicle type</th>
                <th>Base fee (cents)</th>
                <th>Per mile (cents)</th>
                <th>Per minute (cents)</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rates.map((r, i) => (
                <tr key={i}>
                  <td>
                    <select aria-label={`Vehicle type ${i + 1}`} value={r.vehicleType} onChange={(e) => setRate(i, { vehicleType: e.target.value })}>
                      {[...new Set([r.vehicleType, ...vehicleTypes])].map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      aria-label={`Base fee ${r.vehicleType}`}
                      type="number"
                      step="1"
                      value={r.baseFeeCents}
                      onChange={(e) => setRate(i, { baseFeeCents: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Per mile ${r.vehicleType}`}
                      type="number"
                      step="1"
                      value={r.perMileCents}
                      onChange={(e) => setRate(i, { perMileCents: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Per minute ${r.vehicleType}`}
                      type="number"
                      step="1"
                      value={r.perMinuteCents}
                      onChange={(e) => setRate(i, { perMinuteCents: e.target.value })}
                    />
                  </td>
                  <td>
                    <button type="button" className="link" onClick={() => setRates(rates.filter((_, j) => j !== i))}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {unusedType ? (
            <button
              type="button"
              className="link"
              onClick={() => setRates([...rates, { vehicleType: unusedType, baseFeeCents: '0', perMileCents: '0', perMinuteCents: '0' }])}
            >
              Add rate card
            </button>
          ) : null}
        </Field>
      </div>
      {error && !errorField ? <p className="alert">{error.message}</p> : null}
      <p>
        <button type="submit" disabled={save.isPending}>
          Save pricing
        </button>{' '}
        {saved ? (
          <span className="saved" role="status">
            Saved.
          </span>
        ) : null}
      </p>
    </form>
  );
}

function Effective({ title, source, children }: { title: string; source: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby="effective">
      <h2 id="effective">{title}</h2>
      <p data-testid="effective-source">{source}</p>
      {children}
    </section>
  );
}

type SettingsData = NonNullable<ReturnType<typeof useAccountSettings>['settings']['data']>;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const PRICING_LABELS: Record<PricingModel, string> = {
  markup: 'Markup on the carrier cost',
  pass_through: 'Pass-through (the carrier cost as is)',
  free_over: 'Free over an order value',
  on_account: 'On account (billed to the account, not the shopper)',
};

/** Effective booking settings as readable fields (the raw values stay one click away for support). */
function EffectiveBooking({ booking }: { booking: SettingsData['effective']['booking'] }) {
  if (!booking) return <p data-testid="effective-booking">No booking settings: searches are priced pass-through when a rate applies.</p>;
  const pricing = booking.pricing;
  const rates = Object.entries(booking.rateCards ?? {});
  return (
    <div data-testid="effective-booking">
      <dl className="facts">
        <dt>Pricing</dt>
        <dd>{pricing ? PRICING_LABELS[pricing.model] : 'Pass-through (no pricing set)'}</dd>
        {pricing?.markupPercent !== undefined ? (
          <>
            <dt>Markup</dt>
            <dd>{pricing.markupPercent}%</dd>
          </>
        ) : null}
        {pricing?.markupFixedCents !== undefined ? (
          <>
            <dt>Fixed markup</dt>
            <dd>{dollars(pricing.markupFixedCents)}</dd>
          </>
        ) : null}
        {pricing?.freeOverCents !== undefined ? (
          <>
            <dt>Free at or over</dt>
            <dd>{dollars(pricing.freeOverCents)}</dd>
          </>
        ) : null}
      </dl>
      {rates.length > 0 ? (
        <table className="data">
          <caption>Rate cards</caption>
          <thead>
            <tr>
              <th scope="col">Vehicle type</th>
              <th scope="col">Base fee</th>
              <th scope="col">Per mile</th>
              <th scope="col">Per minute</th>
            </tr>
          </thead>
          <tbody>
            {rates.map(([vehicleType, rate]) => (
              <tr key={vehicleType}>
                <td>{vehicleType}</td>
                <td>{dollars(rate.baseFeeCents)}</td>
                <td>{dollars(rate.perMileCents)}</td>
                <td>{dollars(rate.perMinuteCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No rate cards: no price is quoted.</p>
      )}
    </div>
  );
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The effective slot policy as readable fields. */
function EffectiveSlotPolicy({ policy }: { policy: SettingsData['effective']['slotPolicy'] }) {
  return (
    <div data-testid="effective-slot-policy">
      <dl className="facts">
        <dt>Bookable ahead</dt>
        <dd>{policy.horizonDays} days</dd>
        <dt>Lead time</dt>
        <dd>{policy.leadTimeMinutes} minutes</dd>
        <dt>Same-day cutoff</dt>
        <dd>{policy.sameDayCutoff ?? 'none'}</dd>
        <dt>Blackout dates</dt>
        <dd>{policy.blackoutDates.length > 0 ? policy.blackoutDates.join(', ') : 'none'}</dd>
        <dt>Default timeframe</dt>
        <dd>{policy.defaultBucket}</dd>
      </dl>
      <table className="data">
        <caption>Timeframes (local time at the destination)</caption>
        <thead>
          <tr>
            <th scope="col">Timeframe</th>
            <th scope="col">Hours</th>
            <th scope="col">Offered</th>
          </tr>
        </thead>
        <tbody>
          {BUCKETS.map((bucket) => (
            <tr key={bucket}>
              <td>{bucket}</td>
              <td>
                {hour(policy.buckets[bucket].startHour)}–{hour(policy.buckets[bucket].endHour)}
              </td>
              <td>{policy.availableBuckets.includes(bucket) ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The frame both editors share: heading, account picker, errors and loading; `render` draws the rest. */
function SettingsPage({ title, render }: { title: string; render: (data: SettingsData, nameOf: (id: number | null) => string | null) => ReactNode }) {
  const { tree, accounts, accountId, setAccountId, settings, nameOf } = useAccountSettings();
  const data = settings.data;
  return (
    <>
      <h1>{title}</h1>
      {tree.error ? <p className="alert">{tree.error.message}</p> : null}
      <div className="toolbar">
        <AccountPicker accounts={accounts} accountId={accountId} onChange={setAccountId} />
      </div>
      {settings.error ? <p className="alert">{settings.error.message}</p> : null}
      {settings.isPending && accountId !== null ? <p className="muted">Loading…</p> : null}
      {data ? render(data, nameOf) : null}
    </>
  );
}

export function BookingPricingEditor() {
  return (
    <SettingsPage
      title="Booking pricing"
      render={(data, nameOf) => (
        <>
          <Effective
            title="Effective booking settings"
            source={
              data.effective.sources.booking === null
                ? 'No account in the chain has booking settings.'
                : data.effective.sources.booking === data.accountId
                  ? 'From this account’s own settings.'
                  : `Inherited from ${nameOf(data.effective.sources.booking)}.`
            }
          >
            <EffectiveBooking booking={data.effective.booking} />
          </Effective>
          <BookingForm key={data.accountId} accountId={data.accountId} own={data.own.booking} vehicleTypes={data.vehicleTypes} />
        </>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Slot policy

type StoredSlotPolicyData = NonNullable<OwnSettings['slotPolicy']>;

function SlotPolicyForm({ accountId, own }: { accountId: number; own: StoredSlotPolicyData | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [horizonDays, setHorizonDays] = useState(str(own?.horizonDays));
  const [blackoutDates, setBlackoutDates] = useState((own?.blackoutDates ?? []).join('\n'));
  const [leadTimeMinutes, setLeadTimeMinutes] = useState(str(own?.leadTimeMinutes));
  const [sameDayCutoff, setSameDayCutoff] = useState(own?.sameDayCutoff ?? '');
  const [available, setAvailable] = useState<Bucket[] | null>(own?.availableBuckets ?? null);
  const [defaultBucket, setDefaultBucket] = useState<Bucket | ''>(own?.defaultBucket ?? '');
  const [error, setError] = useState<SaveError | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.settings.setSlotPolicy.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey({ accountId }) });
      },
      onError: (e) => setError(saveErrorOf(e)),
    }),
  );
  const fields = [
    'slotPolicy.horizonDays',
    'slotPolicy.blackoutDates',
    'slotPolicy.leadTimeMinutes',
    'slotPolicy.sameDayCutoff',
    'slotPolicy.availableBuckets',
    'slotPolicy.defaultBucket',
  ];
  const { errorField, errorFor } = fieldErrors(error, fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const dates = blackoutDates
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    const slotPolicy = {
      horizonDays: numberOrUndefined(horizonDays),
      blackoutDates: dates.length > 0 ? dates : undefined,
      leadTimeMinutes: numberOrUndefined(leadTimeMinutes),
      sameDayCutoff: sameDayCutoff.trim() === '' ? (own?.sameDayCutoff === undefined ? undefined : null) : sameDayCutoff.trim(),
      buckets: own?.buckets,
      availableBuckets: available ?? undefined,
      defaultBucket: defaultBucket || undefined,
    };
    const empty = Object.values(slotPolicy).every((v) => v === undefined);
    save.mutate({ accountId, slotPolicy: empty ? null : slotPolicy });
  };

  const toggle = (bucket: Bucket, on: boolean) => {
    const current = available ?? [...BUCKETS];
    setAvailable(BUCKETS.filter((b) => (b === bucket ? on : current.includes(b))));
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="own-slot-policy">
      <h2 id="own-slot-policy">This account’s own slot policy</h2>
      <p className="muted">Empty fields fall back to the service defaults. A slot policy is taken whole from the nearest account that has one.</p>
      <div className="settings-form">
        <Field name="slotPolicy.horizonDays" label="Horizon (days)" error={errorFor('slotPolicy.horizonDays')}>
          <input
            id="f-slotPolicy.horizonDays"
            type="number"
            step="1"
            value={horizonDays}
            onChange={(e) => setHorizonDays(e.target.value)}
            aria-invalid={errorField === 'slotPolicy.horizonDays'}
          />
        </Field>
        <Field name="slotPolicy.leadTimeMinutes" label="Lead time (minutes)" error={errorFor('slotPolicy.leadTimeMinutes')}>
          <input
            id="f-slotPolicy.leadTimeMinutes"
            type="number"
            step="1"
            value={leadTimeMinutes}
            onChange={(e) => setLeadTimeMinutes(e.target.value)}
            aria-invalid={errorField === 'slotPolicy.leadTimeMinutes'}
          />
        </Field>
        <Field name="slotPolicy.sameDayCutoff" label="Same-day cutoff (HH:MM)" hint="Empty: no cutoff." error={errorFor('slotPolicy.sameDayCutoff')}>
          <input
            id="f-slotPolicy.sameDayCutoff"
            type="text"
            placeholder="14:00"
            value={sameDayCutoff}
            onChange={(e) => setSameDayCutoff(e.target.value)}
            aria-invalid={errorField === 'slotPolicy.sameDayCutoff'}
          />
        </Field>
        <Field name="slotPolicy.defaultBucket" label="Default bucket" error={errorFor('slotPolicy.defaultBucket')}>
          <select
            id="f-slotPolicy.defaultBucket"
            value={defaultBucket}
            onChange={(e) => setDefaultBucket(e.target.value as Bucket | '')}
            aria-invalid={errorField === 'slotPolicy.defaultBucket'}
          >
            <option value="">(service default)</option>
            {BUCKETS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </Field>
        <Field name="slotPolicy.blackoutDates" label="Blackout dates" hint="One date (YYYY-MM-DD) per line." wide error={errorFor('slotPolicy.blackoutDates')}>
          <textarea
            id="f-slotPolicy.blackoutDates"
            rows={3}
            value={blackoutDates}
            onChange={(e) => setBlackoutDates(e.target.value)}
            aria-invalid={errorField === 'slotPolicy.blackoutDates'}
          />
        </Field>
        <Field name="slotPolicy.availableBuckets" label="Available buckets" wide error={errorFor('slotPolicy.availableBuckets')}>
          <div className="checks" id="f-slotPolicy.availableBuckets">
            {BUCKETS.map((b) => (
              <label key={b}>
                <input type="checkbox" checked={(available ?? BUCKETS).includes(b)} onChange={(e) => toggle(b, e.target.checked)} />
                {b}
              </label>
            ))}
          </div>
        </Field>
      </div>
      {error && !errorField ? <p className="alert">{error.message}</p> : null}
      <p>
        <button type="submit" disabled={save.isPending}>
          Save slot policy
        </button>{' '}
        {saved ? (
          <span className="saved" role="status">
            Saved.
          </span>
        ) : null}
      </p>
    </form>
  );
}

export function SlotPolicyEditor() {
  return (
    <SettingsPage
      title="Slot policy"
      render={(data, nameOf) => (
        <>
          <Effective
            title="Effective slot policy"
            source={
              data.effective.sources.slotPolicy === null
                ? 'Service defaults (no account in the chain has a slot policy).'
                : data.effective.sources.slotPolicy === data.accountId
                  ? 'From this account’s own slot policy, completed with the service defaults.'
                  : `Inherited from ${nameOf(data.effective.sources.slotPolicy)}, completed with the service defaults.`
            }
          >
            <EffectiveSlotPolicy policy={data.effective.slotPolicy} />
          </Effective>
          <SlotPolicyForm key={data.accountId} accountId={data.accountId} own={data.own.slotPolicy} />
        </>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Pickup locations: the branch location (booking's default origin) and the pickup override

type LocationKind = 'branchLocation' | 'pickupOverride';

type LocationData = NonNullable<OwnSettings['branchLocation']>;

const LOCATION_FIELDS = [
  ['addressLine1', 'Street'],
  ['city', 'City'],
  ['state', 'State'],
  ['postalCode', 'Postal code'],
  ['latitude', 'Latitude'],
  ['longitude', 'Longitude'],
] as const;

function LocationForm({ accountId, kind, title, own }: { accountId: number; kind: LocationKind; title: string; own: LocationData | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(LOCATION_FIELDS.map(([key]) => [key, own?.[key] === undefined ? '' : String(own[key])])),
  );
  const [error, setError] = useState<SaveError | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.settings.setLocation.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey({ accountId }) });
      },
      onError: (e) => setError(saveErrorOf(e)),
    }),
  );
  const fields = LOCATION_FIELDS.map(([key]) => `${kind}.${key}`);
  const errorField = fieldOf(error, fields);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const text = (key: string) => (values[key]?.trim() ? values[key]!.trim() : undefined);
    const location = {
      addressLine1: text('addressLine1'),
      city: text('city'),
      state: text('state'),
      postalCode: text('postalCode'),
      latitude: numberOrUndefined(values.latitude ?? ''),
      longitude: numberOrUndefined(values.longitude ?? ''),
    };
    const empty = Object.values(location).every((v) => v === undefined);
    save.mutate({ accountId, [kind]: empty ? null : location });
  };
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby={`own-${kind}`}>
      <h2 id={`own-${kind}`}>{title}</h2>
      <div className="settings-form">
        {LOCATION_FIELDS.map(([key, label]) => (
          <Field key={key} name={`${kind}.${key}`} label={label} error={errorField === `${kind}.${key}` ? (error?.message ?? null) : null}>
            <input id={`f-${kind}.${key}`} value={values[key] ?? ''} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
          </Field>
        ))}
      </div>
      {error && !errorField ? <p className="alert">{error.message}</p> : null}
      <p>
        <button type="submit" disabled={save.isPending}>
          Save {title.toLowerCase()}
        </button>{' '}
        {saved ? (
          <span className="saved" role="status">
            Saved.
          </span>
        ) : null}
      </p>
    </form>
  );
}

/** Branch location and pickup override of one account (neither is inherited); empty fields remove them. */
export function PickupLocationsEditor() {
  return (
    <SettingsPage
      title="Pickup locations"
      render={(data) => (
        <>
          <p className="muted">
            Booking picks up at the request’s origin, else at the calling account’s pickup override, else at the branch’s location. A location needs a postal
            code or coordinates; clear every field to remove it.
          </p>
          <LocationForm key={`b-${data.accountId}`} accountId={data.accountId} kind="branchLocation" title="Branch location" own={data.own.branchLocation} />
          <LocationForm key={`p-${data.accountId}`} accountId={data.accountId} kind="pickupOverride" title="Pickup override" own={data.own.pickupOverride} />
        </>
      )}
    />
  );
}
