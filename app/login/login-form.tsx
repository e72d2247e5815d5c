'use client';

import { useActionState } from 'react';
import { login, type LoginState } from './actions';

export function LoginForm({ from }: { from?: string }) {
  const [state, action, pending] = useActionState<LoginState, FormData>(login, {});
  return (
    <form action={action} className="form">
      {state.error ? (
        <p role="alert" className="alert">
          {state.error}
        </p>
      ) : null}
      <label>
        Email
        <input name="email" type="email" autoComplete="username" defaultValue={state.email} required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {from ? <input type="hidden" name="from" value={from} /> : null}
      <button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
