'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { numberOrUndefined } from '../form-fields';
import { SettingsPage } from './settings-page';
import { SettingsFormFooter, SettingsInput, useSettingsForm, type OwnSettings } from './use-settings-form';

/** The admin editor of an account's branch location (booking's default pickup origin) and pickup override. */

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

function LocationForm({
  accountId,
  kind,
  title,
  own,
}: {
  accountId: number;
  kind: LocationKind;
  title: string;
  own: LocationData | undefined;
}) {
  const form = useSettingsForm(
    accountId,
    LOCATION_FIELDS.map(([key]) => `${kind}.${key}`),
  );
  const save = useMutation(form.trpc.settings.setLocation.mutationOptions(form.callbacks));
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(LOCATION_FIELDS.map(([key]) => [key, own?.[key] === undefined ? '' : String(own[key])])),
  );
  const submit = (event: FormEvent) => {
    form.begin(event);
    const text = (key: string) => (values[key]?.trim() ? values[key].trim() : undefined);
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
          <SettingsInput
            key={key}
            form={form}
            name={`${kind}.${key}`}
            label={label}
            value={values[key] ?? ''}
            onChange={(value) => setValues({ ...values, [key]: value })}
          />
        ))}
      </div>
      <SettingsFormFooter form={form} pending={save.isPending} label={`Save ${title.toLowerCase()}`} />
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
            Booking picks up at the request’s origin, else at the calling account’s pickup override, else at the
            branch’s location. A location needs a postal code or coordinates; clear every field to remove it.
          </p>
          <LocationForm
            key={`b-${data.accountId}`}
            accountId={data.accountId}
            kind="branchLocation"
            title="Branch location"
            own={data.own.branchLocation}
          />
          <LocationForm
            key={`p-${data.accountId}`}
            accountId={data.accountId}
            kind="pickupOverride"
            title="Pickup override"
            own={data.own.pickupOverride}
          />
        </>
      )}
    />
  );
}
