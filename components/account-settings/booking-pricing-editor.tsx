'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { pricingModels, type Pricing } from '@/server/accounts/settings-schemas';
import { Field, numberOrUndefined } from '../form-fields';
import { EffectiveSettings, SettingsPage } from './settings-page';
import {
  inputText,
  SettingsFormFooter,
  SettingsInput,
  useSettingsForm,
  type OwnSettings,
  type SettingsView,
} from './use-settings-form';

/** The admin editor of an account's own booking pricing and rate cards, beside the effective ones. */

type PricingModel = Pricing['model'];
type BookingData = NonNullable<OwnSettings['booking']>;

interface RateRow {
  vehicleType: string;
  baseFeeCents: string;
  perMileCents: string;
  perMinuteCents: string;
}

/** A rate card's amounts, in cents, as the table shows them. */
const RATE_COLUMNS = [
  ['baseFeeCents', 'Base fee'],
  ['perMileCents', 'Per mile'],
  ['perMinuteCents', 'Per minute'],
] as const;

const FIELDS = [
  'booking.pricing.model',
  'booking.pricing.markupPercent',
  'booking.pricing.markupFixedCents',
  'booking.pricing.freeOverCents',
  'booking.rateCards',
  'booking',
];

function BookingForm({
  accountId,
  own,
  vehicleTypes,
}: {
  accountId: number;
  own: BookingData | undefined;
  vehicleTypes: string[];
}) {
  const form = useSettingsForm(accountId, FIELDS);
  const { errorField, errorFor } = form;
  const save = useMutation(form.trpc.settings.setBooking.mutationOptions(form.callbacks));
  const [model, setModel] = useState<PricingModel | ''>(own?.pricing?.model ?? '');
  const [markupPercent, setMarkupPercent] = useState(inputText(own?.pricing?.markupPercent));
  const [markupFixedCents, setMarkupFixedCents] = useState(inputText(own?.pricing?.markupFixedCents));
  const [freeOverCents, setFreeOverCents] = useState(inputText(own?.pricing?.freeOverCents));
  const [rates, setRates] = useState<RateRow[]>(
    Object.entries(own?.rateCards ?? {}).map(([vehicleType, r]) => ({
      vehicleType,
      baseFeeCents: String(r.baseFeeCents),
      perMileCents: String(r.perMileCents),
      perMinuteCents: String(r.perMinuteCents),
    })),
  );

  const submit = (event: FormEvent) => {
    form.begin(event);
    const rateCards = Object.fromEntries(
      rates.map((r) => [
        r.vehicleType,
        {
          baseFeeCents: Number(r.baseFeeCents || 0),
          perMileCents: Number(r.perMileCents || 0),
          perMinuteCents: Number(r.perMinuteCents || 0),
        },
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

  const setRate = (i: number, patch: Partial<RateRow>) =>
    setRates(rates.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const unusedType = vehicleTypes.find((t) => !rates.some((r) => r.vehicleType === t));

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="own-booking">
      <h2 id="own-booking">This account’s own booking pricing</h2>
      <p className="muted">
        Booking settings are taken whole from the nearest account that has them. Leave the model empty and remove every
        rate card to inherit.
      </p>
      <div className="settings-form">
        <Field name="booking.pricing.model" label="Pricing model" error={errorFor('booking.pricing.model')}>
          <select
            id="f-booking.pricing.model"
            value={model}
            onChange={(e) => setModel(e.target.value as PricingModel | '')}
            aria-invalid={errorField === 'booking.pricing.model'}
          >
            <option value="">(none: inherit)</option>
            {pricingModels.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        <SettingsInput
          form={form}
          name="booking.pricing.markupPercent"
          label="Markup percent"
          type="number"
          step="any"
          value={markupPercent}
          onChange={setMarkupPercent}
        />
        <SettingsInput
          form={form}
          name="booking.pricing.markupFixedCents"
          label="Markup fixed (cents)"
          type="number"
          step="1"
          value={markupFixedCents}
          onChange={setMarkupFixedCents}
        />
        <SettingsInput
          form={form}
          name="booking.pricing.freeOverCents"
          label="Free over (cents)"
          hint="Order value above which delivery is free (free_over)."
          type="number"
          step="1"
          value={freeOverCents}
          onChange={setFreeOverCents}
        />
        <Field
          name="booking.rateCards"
          label="Rate cards per vehicle type"
          wide
          error={errorFor('booking.rateCards') ?? errorFor('booking')}
        >
          <table className="data" id="f-booking.rateCards">
            <thead>
              <tr>
                <th>Vehicle type</th>
                {RATE_COLUMNS.map(([key, label]) => (
                  <th key={key}>{label} (cents)</th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {rates.map((r, i) => (
                <tr key={i}>
                  <td>
                    <select
                      aria-label={`Vehicle type ${i + 1}`}
                      value={r.vehicleType}
                      onChange={(e) => setRate(i, { vehicleType: e.target.value })}
                    >
                      {[...new Set([r.vehicleType, ...vehicleTypes])].map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </td>
                  {RATE_COLUMNS.map(([key, label]) => (
                    <td key={key}>
                      <input
                        aria-label={`${label} ${r.vehicleType}`}
                        type="number"
                        step="1"
                        value={r[key]}
                        onChange={(e) => setRate(i, { [key]: e.target.value })}
                      />
                    </td>
                  ))}
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
              onClick={() =>
                setRates([
                  ...rates,
                  { vehicleType: unusedType, baseFeeCents: '0', perMileCents: '0', perMinuteCents: '0' },
                ])
              }
            >
              Add rate card
            </button>
          ) : null}
        </Field>
      </div>
      <SettingsFormFooter form={form} pending={save.isPending} label="Save pricing" />
    </form>
  );
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const PRICING_LABELS: Record<PricingModel, string> = {
  markup: 'Markup on the carrier cost',
  pass_through: 'Pass-through (the carrier cost as is)',
  free_over: 'Free over an order value',
  on_account: 'On account (billed to the account, not the shopper)',
};

/** Effective booking settings as readable fields (the raw values stay one click away for support). */
function EffectiveBooking({ booking }: { booking: SettingsView['effective']['booking'] }) {
  if (!booking)
    return (
      <p data-testid="effective-booking">No booking settings: searches are priced pass-through when a rate applies.</p>
    );
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

export function BookingPricingEditor() {
  return (
    <SettingsPage
      title="Booking pricing"
      render={(data, nameOf) => (
        <>
          <EffectiveSettings
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
          </EffectiveSettings>
          <BookingForm
            key={data.accountId}
            accountId={data.accountId}
            own={data.own.booking}
            vehicleTypes={data.vehicleTypes}
          />
        </>
      )}
    />
  );
}
