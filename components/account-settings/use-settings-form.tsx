'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RouterOutputs } from '@/server/api';
import { fieldErrors, FormFooter, saveErrorOf, type SaveError } from '../form-fields';
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
export function SettingsFormFooter({ form, pending, label }: { form: ReturnType<typeof useSettingsForm>; pending: boolean; label: string }) {
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
