'use server';

import { AuthError } from 'next-auth';
import { signIn } from '@/server/http/console-auth';

export interface LoginState {
  error?: string;
  /** Given back so the form, which React resets after the action, keeps what was typed. */
  email?: string;
}

/** Only paths inside the console; anything else (another host, `//evil`) falls back to the console home. */
function safeRedirect(target: FormDataEntryValue | null): string {
  return typeof target === 'string' && /^\/console(\/[^/\\]|$|\?)/.test(target) ? target : '/console';
}

function messageFor(error: AuthError): string {
  if (error.type !== 'CredentialsSignin') return 'Sign-in failed; try again.';
  const code = 'code' in error ? error.code : undefined;
  return code === 'too_many_attempts'
    ? 'Too many failed sign-ins. Try again in 15 minutes.'
    : 'Wrong email or password.';
}

export async function login(_previous: LoginState, form: FormData): Promise<LoginState> {
  const emailField = form.get('email');
  const email = typeof emailField === 'string' ? emailField : '';
  try {
    await signIn('credentials', {
      email: form.get('email'),
      password: form.get('password'),
      redirectTo: safeRedirect(form.get('from')),
    });
    return {};
  } catch (error) {
    // A successful sign-in throws Next's redirect, which must propagate.
    if (error instanceof AuthError) {
      return { email, error: messageFor(error) };
    }
    throw error;
  }
}
