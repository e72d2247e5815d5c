'use server';

import { redirect } from 'next/navigation';
import { AccountsError, changeOwnPassword } from '@/server/accounts';
import { getDb } from '@/server/db';
import { getConsoleUser, signOut } from '@/server/http/console-auth';

export interface PasswordState {
  /** The field at fault (`currentPassword`, `newPassword`, `repeatPassword`) and what is wrong with it. */
  param?: string;
  error?: string;
}

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/** Sets the signed-in user's new password, then signs them out to sign in with it. */
export async function changePassword(_previous: PasswordState, form: FormData): Promise<PasswordState> {
  const user = await getConsoleUser();
  if (!user) redirect('/login');
  const newPassword = text(form.get('newPassword'));
  if (newPassword !== text(form.get('repeatPassword')))
    return { param: 'repeatPassword', error: 'repeatPassword: does not match the new password' };
  try {
    await changeOwnPassword(await getDb(), {
      userId: user.userId,
      currentPassword: text(form.get('currentPassword')),
      newPassword,
    });
  } catch (error) {
    if (error instanceof AccountsError) return { param: error.param, error: error.message };
    throw error;
  }
  await signOut({ redirectTo: '/login?changed=1' });
  return {};
}
