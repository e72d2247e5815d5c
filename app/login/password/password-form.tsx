'use client';

import { useActionState } from 'react';
import { messageAtField } from '@/components/form-fields';
import { changePassword, type PasswordState } from './actions';

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password', hint: 'At least 12 characters' },
  { name: 'repeatPassword', label: 'New password again', autoComplete: 'new-password' },
] as const;

export function PasswordForm() {
  const [state, action, pending] = useActionState<PasswordState, FormData>(changePassword, {});
  const atField = FIELDS.some((f) => f.name === state.param);
  return (
    <form action={action} className="form">
      {state.error && !atField ? (
        <p role="alert" className="alert">
          {state.error}
        </p>
      ) : null}
      {FIELDS.map((field, index) => {
        const invalid = state.param === field.name;
        const hintId = 'hint' in field ? `h-${field.name}` : undefined;
        return (
          <div key={field.name} className="login-field">
            <label htmlFor={`f-${field.name}`}>{field.label}</label>
            <input
              id={`f-${field.name}`}
              name={field.name}
              type="password"
              autoComplete={field.autoComplete}
              required
              minLength={field.name === 'currentPassword' ? undefined : 12}
              maxLength={1024}
              autoFocus={state.param ? invalid : index === 0}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={
                [hintId, invalid ? `e-${field.name}` : undefined].filter(Boolean).join(' ') || undefined
              }
            />
            {'hint' in field ? (
              <span className="muted" id={hintId}>
                {field.hint}
              </span>
            ) : null}
            {invalid ? (
              <span className="field-error" role="alert" id={`e-${field.name}`} data-testid={`error-${field.name}`}>
                {messageAtField(state.error ?? '', state.param)}
              </span>
            ) : null}
          </div>
        );
      })}
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
