import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createUser } from '../tests/api/helpers';

/** Signs in on the console's login page and waits for the console home. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console$/);
}

/** A new console user of `accountId` with `role`, signed in on `page`. */
export async function signInAsNewUser(page: Page, accountId: number, role: 'admin' | 'dispatcher'): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const email = `${role}-${suffix}@example.test`;
  const password = `a long passphrase ${suffix}`;
  await createUser({ externalUserId: `${role}-${suffix}`, defaultAccountId: accountId, email, password, role });
  await signIn(page, email, password);
}

/**
 * Signs in with a password an admin generated (invite or reset): the console asks for a new one
 * first and nothing else opens until then; after the change the user signs in with `chosen`.
 */
export async function signInWithGeneratedPassword(
  page: Page,
  email: string,
  generated: string,
  chosen: string,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(generated);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await chooseOwnPassword(page, email, generated, chosen);
}

/** On the page a generated password leads to: replaces it with `chosen`, then signs in with that. */
export async function chooseOwnPassword(page: Page, email: string, generated: string, chosen: string): Promise<void> {
  await expect(page).toHaveURL(/\/login\/password$/);
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await page.getByLabel('Current password').fill(generated);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('New password again').fill(chosen);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login\?changed=1$/);
  await expect(page.getByTestId('password-changed')).toBeVisible();
  await signIn(page, email, chosen);
}
