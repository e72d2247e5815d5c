import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createUser } from '../tests/api/helpers';

/** Signs in on the console's login page and waits for the console home. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
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
