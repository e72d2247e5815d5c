'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { timeframeBuckets, type TimeframeBucket } from '@/server/accounts/settings-schemas';
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

/** The admin editor of an account's own slot policy (when and what can be booked), beside the effective one. */

type StoredSlotPolicyData = NonNullable<OwnSettings['slotPolicy']>;

const FIELDS = [
  'slotPolicy.horizonDays',
  'slotPolicy.blackoutDates',
  'slotPolicy.leadTimeMinutes',
  'slotPolicy.sameDayCutoff',
  'slotPolicy.availableBuckets',
  'slotPolicy.defaultBucket',
];

function SlotPolicyForm({ accountId, own }: { accountId: number; own: StoredSlotPolicyData | undefined }) {
  const form = useSettingsForm(accountId, FIELDS);
  const { errorField, errorFor } = form;
  const save = useMutation(form.trpc.settings.setSlotPolicy.mutationOptions(form.callbacks));
  const [horizonDays, setHorizonDays] = useState(inputText(own?.horizonDays));
  const [blackoutDates, setBlackoutDates] = useState((own?.blackoutDates ?? []).join('\n'));
  const [leadTimeMinutes, setLeadTimeMinutes] = useState(inputText(own?.leadTimeMinutes));
  const [sameDayCutoff, setSameDayCutoff] = useState(own?.sameDayCutoff ?? '');
  const [available, setAvailable] = useState<TimeframeBucket[] | null>(own?.availableBuckets ?? null);
  const [defaultBucket, setDefaultBucket] = useState<TimeframeBucket | ''>(own?.defaultBucket ?? '');

  const submit = (event: FormEvent) => {
    form.begin(event);
    const dates = blackoutDates
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    const slotPolicy = {
      horizonDays: numberOrUndefined(horizonDays),
      blackoutDates: dates.length > 0 ? dates : undefined,
      leadTimeMinutes: numberOrUndefined(leadTimeMinutes),
      sameDayCutoff:
        sameDayCutoff.trim() === '' ? (own?.sameDayCutoff === undefined ? undefined : null) : sameDayCutoff.trim(),
      buckets: own?.buckets,
      availableBuckets: available ?? undefined,
      defaultBucket: defaultBucket || undefined,
    };
    const empty = Object.values(slotPolicy).every((v) => v === undefined);
    save.mutate({ accountId, slotPolicy: empty ? null : slotPolicy });
  };

  const toggle = (bucket: TimeframeBucket, on: boolean) => {
    const current = available ?? [...timeframeBuckets];
    setAvailable(timeframeBuckets.filter((b) => (b === bucket ? on : current.includes(b))));
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="own-slot-policy">
      <h2 id="own-slot-policy">This account’s own slot policy</h2>
      <p className="muted">
        Empty fields fall back to the service defaults. A slot policy is taken whole from the nearest account that has
        one.
      </p>
      <div className="settings-form">
        <SettingsInput
          form={form}
          name="slotPolicy.horizonDays"
          label="Horizon (days)"
          type="number"
          step="1"
          value={horizonDays}
          onChange={setHorizonDays}
        />
        <SettingsInput
          form={form}
          name="slotPolicy.leadTimeMinutes"
          label="Lead time (minutes)"
          type="number"
          step="1"
          value={leadTimeMinutes}
          onChange={setLeadTimeMinutes}
        />
        <SettingsInput
          form={form}
          name="slotPolicy.sameDayCutoff"
          label="Same-day cutoff (HH:MM)"
          hint="Empty: no cutoff."
          placeholder="14:00"
          value={sameDayCutoff}
          onChange={setSameDayCutoff}
        />
        <Field name="slotPolicy.defaultBucket" label="Default bucket" error={errorFor('slotPolicy.defaultBucket')}>
          <select
            id="f-slotPolicy.defaultBucket"
            value={defaultBucket}
            onChange={(e) => setDefaultBucket(e.target.value as TimeframeBucket | '')}
            aria-invalid={errorField === 'slotPolicy.defaultBucket'}
          >
            <option value="">(service default)</option>
            {timeframeBuckets.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </Field>
        <Field
          name="slotPolicy.blackoutDates"
          label="Blackout dates"
          hint="One date (YYYY-MM-DD) per line."
          wide
          error={errorFor('slotPolicy.blackoutDates')}
        >
          <textarea
            id="f-slotPolicy.blackoutDates"
            rows={3}
            value={blackoutDates}
            onChange={(e) => setBlackoutDates(e.target.value)}
            aria-invalid={errorField === 'slotPolicy.blackoutDates'}
          />
        </Field>
        <Field
          name="slotPolicy.availableBuckets"
          label="Available buckets"
          wide
          error={errorFor('slotPolicy.availableBuckets')}
        >
          <div className="checks" id="f-slotPolicy.availableBuckets">
            {timeframeBuckets.map((b) => (
              <label key={b}>
                <input
                  type="checkbox"
                  checked={(available ?? timeframeBuckets).includes(b)}
                  onChange={(e) => toggle(b, e.target.checked)}
                />
                {b}
              </label>
            ))}
          </div>
        </Field>
      </div>
      <SettingsFormFooter form={form} pending={save.isPending} label="Save slot policy" />
    </form>
  );
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The effective slot policy as readable fields. */
function EffectiveSlotPolicy({ policy }: { policy: SettingsView['effective']['slotPolicy'] }) {
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
          {timeframeBuckets.map((bucket) => (
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

export function SlotPolicyEditor() {
  return (
    <SettingsPage
      title="Slot policy"
      render={(data, nameOf) => (
        <>
          <EffectiveSettings
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
          </EffectiveSettings>
          <SlotPolicyForm key={data.accountId} accountId={data.accountId} own={data.own.slotPolicy} />
        </>
      )}
    />
  );
}
