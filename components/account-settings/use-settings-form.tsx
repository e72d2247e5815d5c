'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RouterOutputs } from '@/server/api';
import { Field, fieldErrors, FormFooter, saveErrorOf, type SaveError } from '../form-fields';
import { useTRPC } from '../providers';

/** An account's settings as the console API returns them (types derived from the router, never copied). */
export type SettingsView = RouterOutputs['settings']['get'];
export type OwnSettings = SettingsView['own'];

/** A number as an input's text: empty when unset. */
export const inputText = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * What every settings form shares: the refused save mapped to its fields, the "Saved." state, and
 * the mutation callbacks that refresh the account's settings after a save. Each form passes
 * `callbacks` to its own procedure's `mutationOptions` and calls `begin` first in its submit handler.
 */
export function useSettingsForm(accountId: number, fields: readonly string[]) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<SaveError | null>(null);
  const [saved, setSaved] = useState(false);
  const callbacks = {
    // "Saved." once the effective settings beside the form show the change.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey({ accountId }) });
      setSaved(true);
    },
    onError: (e: unknown) => setError(saveErrorOf(e)),
  };
  const begin = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
  };
  return { trpc, callbacks, begin, error, saved, ...fieldErrors(error, fields) };
}

/** A settings form's end: a refusal naming none of its fields, the save button and "Saved.". */
export function SettingsFormFooter({ form, pending, label }: { form: SettingsForm; pending: boolean; label: string }) {
  return (
    <FormFooter error={form.error} errorField={form.errorField} pending={pending} label={label} pendingLabel="Saving…">
      {form.saved ? (
        <span className="saved" role="status">
          Saved.
        </span>
      ) : null}
    </FormFooter>
  );
}

type SettingsForm = ReturnType<typeof useSettingsForm>;

/** A settings form's text or number field: labelled, with its hint and the refusal that names it. */
export function SettingsInput({
  form,
  name,
  label,
  value,
  onChange,
  hint,
  type = 'text',
  step,
  placeholder,
}: {
  form: SettingsForm;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: 'text' | 'number';
  step?: string;
  placeholder?: string;
}) {
  return (
    <Field name={name} label={label} hint={hint} error={form.errorFor(name)}>
      <input
        id={`f-${name}`}
        type={type}
        step={step}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={form.errorField === name}
      />
    </Field>
  );
}
