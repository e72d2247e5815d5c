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

export async function login(_previous: LoginState, form: FormData): Promise<LoginState> {
  const email = typeof form.get('email') === 'string' ? String(form.get('email')) : '';
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
      return { email, error: error.type === 'CredentialsSignin' ? 'Wrong email or password.' : 'Sign-in failed; try again.' };
    }
    throw error;
  }
}
