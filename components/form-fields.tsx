'use client';

import type { ReactNode } from 'react';

/** Console form pieces: a labelled field with its hint and its error, and the server's refusal mapped to a field. */

/** The server's `param` for a refused save (e.g. `booking.pricing.markupPercent`), and its message. */
export interface SaveError {
  param: string | null;
  message: string;
}

export function saveErrorOf(error: unknown): SaveError {
  const data = (error as { data?: { param?: unknown } }).data;
  const message = error instanceof Error ? error.message : String(error);
  return { param: typeof data?.param === 'string' ? data.param : null, message };
}

/** The longest field name that is the error's param or a prefix of it (`slotPolicy.blackoutDates[1]` -> `slotPolicy.blackoutDates`). */
function fieldOf(error: SaveError | null, fields: readonly string[]): string | null {
  if (!error?.param) return null;
  const param = error.param;
  const matches = fields.filter((f) => param === f || param.startsWith(`${f}.`) || param.startsWith(`${f}[`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

export function Field({
  name,
  label,
  error,
  hint,
  wide,
  children,
}: {
  name: string;
  label: string;
  error: string | null;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'field wide' : 'field'}>
      <label htmlFor={`f-${name}`}>{label}</label>
      {children}
      {hint ? <span className="hint">{hint}</span> : null}
      {error ? (
        <span className="field-error" role="alert" id={`e-${name}`} data-testid={`error-${name}`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Number inputs: empty -> undefined; anything else is sent as typed so the server validates it. */
export function numberOrUndefined(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  return Number(value);
}

/**
 * A refusal's message as shown beside its field: the field's path that starts it
 * (`booking.pricing.markupPercent: Too big`) is dropped, since the message sits at that field.
 */
export function messageAtField(message: string, param: string | null | undefined): string {
  if (!param || !message.startsWith(`${param}: `)) return message;
  const rest = message.slice(param.length + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The field among `fields` that a refused save names, and the message to show at each field (null elsewhere). */
export function fieldErrors(
  error: SaveError | null,
  fields: readonly string[],
): { errorField: string | null; errorFor: (field: string) => string | null } {
  const errorField = fieldOf(error, fields);
  // A deeper path (`slotPolicy.blackoutDates[1]` at the blackout dates field) keeps its prefix: it says which entry.
  return {
    errorField,
    errorFor: (field) =>
      errorField === field && error ? messageAtField(error.message, error.param === field ? field : null) : null,
  };
}

/** The end of a form: a refusal that names none of its fields, the submit button, and what follows it (a status). */
export function FormFooter({
  error,
  errorField,
  pending,
  disabled,
  label,
  pendingLabel,
  children,
}: {
  error: SaveError | null;
  errorField: string | null;
  pending: boolean;
  disabled?: boolean;
  label: string;
  pendingLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      {error && !errorField ? (
        <p className="alert" role="alert">
          {error.message}
        </p>
      ) : null}
      <p className="actions">
        <button type="submit" disabled={pending || disabled}>
          {pending ? pendingLabel : label}
        </button>
        {children}
      </p>
    </>
  );
}
