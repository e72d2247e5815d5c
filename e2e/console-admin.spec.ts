import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createTenant } from '../tests/api/helpers';
import { chooseOwnPassword, signInAsNewUser, signInWithGeneratedPassword } from './console-session';

/** GET /v1/itineraries with HTTP Basic `user:key`: the status only. */
async function itinerariesStatus(externalUserId: string, key: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/v1/itineraries?date=2026-11-23`, {
    headers: { authorization: `Basic ${Buffer.from(`${externalUserId}:${key}`).toString('base64')}` },
  });
  await response.body?.cancel();
  return response.status;
}

async function secretShown(page: Page): Promise<string> {
  const value = page.getByTestId('one-time-secret').getByTestId('secret-value');
  await expect(value).toBeVisible();
  return (await value.textContent()) ?? '';
}

test('an admin creates an API key in the console, uses it against /v1, revokes it and the next request answers 401', async ({
  page,
  context,
}) => {
  const tenant = await createTenant();
  await signInAsNewUser(page, tenant.parentId, 'admin');
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  // The tenant's own two keys are listed by prefix, never in full.
  await expect(page.getByTestId('api-key-row')).toHaveCount(2);
  await expect(page.getByTestId('api-key-list')).not.toContainText(tenant.liveKey);

  await page.getByLabel('User', { exact: true }).selectOption({ label: tenant.externalUserId });
  await page.getByLabel('Environment').selectOption('live');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = await secretShown(page);
  expect(key).toMatch(/^rk_live_[A-Za-z0-9_-]{43}$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('one-time-secret').getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByTestId('one-time-secret').getByRole('status')).toHaveText('Copied.');
  await expect(page.getByTestId('api-key-row')).toHaveCount(3);

  expect(await itinerariesStatus(tenant.externalUserId, key)).toBe(200);
  // Used: the list shows it.
  await page.reload();
  const row = page.getByTestId('api-key-row').filter({ hasText: key.slice(0, 20) });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('never');

  // Revoking asks first: Escape backs out (the key still works), the confirm button revokes.
  await row.getByRole('button', { name: /^Revoke key/ }).click();
  await expect(row.getByRole('button', { name: 'Revoke key', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: /^Revoke key/ })).toBeFocused();
  expect(await itinerariesStatus(tenant.externalUserId, key)).toBe(200);
  await row.getByRole('button', { name: /^Revoke key/ }).click();
  await row.getByRole('button', { name: 'Revoke key', exact: true }).click();
  await expect(row).toContainText('revoked');
  expect(await itinerariesStatus(tenant.externalUserId, key)).toBe(401);
  // The tenant's other keys still work.
  expect(await itinerariesStatus(tenant.externalUserId, tenant.liveKey)).toBe(200);
});

test('an admin invites a dispatcher who signs in with the one-time password, cannot use admin pages or procedures, and is locked out once disabled', async ({
  page,
  browser,
}) => {
  const tenant = await createTenant();
  await signInAsNewUser(page, tenant.parentId, 'admin');
  await page.goto('/console/admin/users');
  const email = `dispatcher-${randomBytes(4).toString('hex')}@example.test`;

  // A bad email is shown at its field.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByTestId('error-email')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption('dispatcher');
  await page.getByLabel('Account', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Invite user' }).click();
  const password = await secretShown(page);
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toContainText('dispatcher');
  await expect(row).toContainText('active');

  await expect(row.getByTestId('password-pending')).toBeVisible();

  const dispatcherContext = await browser.newContext();
  const dispatcher = await dispatcherContext.newPage();
  // The generated password opens only the page that replaces it: not the console, not its procedures.
  await dispatcher.goto('/login');
  await dispatcher.getByLabel('Email').fill(email);
  await dispatcher.getByLabel('Password').fill(password);
  await dispatcher.getByRole('button', { name: 'Sign in' }).click();
  await expect(dispatcher).toHaveURL(/\/login\/password$/);
  await dispatcher.goto('/console/jobs');
  await expect(dispatcher).toHaveURL(/\/login\/password$/);
  expect((await dispatcher.request.get('/api/trpc/routingJobs.list')).status()).toBe(403);
  // Refusals are shown at their field.
  await dispatcher.getByLabel('Current password').fill('not the password');
  await dispatcher.getByLabel('New password', { exact: true }).fill('my own long passphrase');
  await dispatcher.getByLabel('New password again').fill('my own long passphrase');
  await dispatcher.getByRole('button', { name: 'Set new password' }).click();
  await expect(dispatcher.getByTestId('error-currentPassword')).toBeVisible();
  await dispatcher.getByLabel('Current password').fill(password);
  await dispatcher.getByLabel('New password', { exact: true }).fill('my own long passphrase');
  await dispatcher.getByLabel('New password again').fill('my own long passphrase, typo');
  await dispatcher.getByRole('button', { name: 'Set new password' }).click();
  await expect(dispatcher.getByTestId('error-repeatPassword')).toBeVisible();
  await chooseOwnPassword(dispatcher, email, password, 'my own long passphrase');
  await page.reload();
  await expect(row).toContainText('active');
  await expect(row.getByTestId('password-pending')).toHaveCount(0);
  // Admin pages turn the dispatcher away, and the procedures refuse them directly.
  for (const path of ['/console/admin/users', '/console/admin/api-keys', '/console/admin/accounts']) {
    await dispatcher.goto(path);
    await expect(dispatcher.getByTestId('admins-only')).toBeVisible();
  }
  const listUsers = await dispatcher.request.get('/api/trpc/admin.users.list');
  expect(listUsers.status()).toBe(403);
  const createKey = await dispatcher.request.post('/api/trpc/admin.apiKeys.create', {
    data: { json: { accountId: tenant.parentId, userId: 1, environment: 'live' } },
  });
  expect(createKey.status()).toBe(403);

  // Reset: the old password stops working, the new one works.
  await row.getByRole('button', { name: `Reset password of ${email}` }).click();
  await row.getByRole('button', { name: 'Reset password', exact: true }).click();
  await expect(page.getByTestId('one-time-secret')).toContainText(`New password for ${email}`);
  const newPassword = await secretShown(page);
  expect(newPassword).not.toBe(password);

  // Disabled: the open session ends at its next request and signing in fails.
  await row.getByRole('button', { name: `Disable ${email}` }).click();
  await row.getByRole('button', { name: 'Disable user', exact: true }).click();
  await expect(row).toContainText('disabled');
  await dispatcher.goto('/console/jobs');
  await expect(dispatcher).toHaveURL(/\/login/);
  await dispatcher.getByLabel('Email').fill(email);
  await dispatcher.getByLabel('Password').fill(newPassword);
  await dispatcher.getByRole('button', { name: 'Sign in' }).click();
  await expect(dispatcher.getByRole('alert')).toBeVisible();
  await expect(dispatcher).toHaveURL(/\/login/);

  // Enabled again: the reset password signs in, to be replaced first.
  await row.getByRole('button', { name: `Enable ${email}` }).click();
  await expect(row).toContainText('active');
  await signInWithGeneratedPassword(dispatcher, email, newPassword, 'another long passphrase');
  await dispatcherContext.close();
});

test('an admin creates a branch with a location and sees it in the tree; a parent outside the subtree is refused', async ({
  page,
}) => {
  const tenant = await createTenant();
  const other = await createTenant();
  await signInAsNewUser(page, tenant.parentId, 'admin');
  await page.goto('/console/admin/accounts');
  const name = `Queens depot ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Under').selectOption({ index: 1 });
  await page.getByLabel('ZIP code').fill('11101');
  await page.getByLabel('Latitude').fill('95');
  await page.getByLabel('Longitude').fill('-73.94');
  await page.getByRole('button', { name: 'Create branch' }).click();
  await expect(page.getByTestId('error-location.latitude')).toBeVisible();
  await page.getByLabel('Latitude').fill('40.75');
  await page.getByRole('button', { name: 'Create branch' }).click();
  await expect(page.getByRole('status')).toContainText(`Created ${name}`);
  await expect(page.getByTestId('admin-account-tree')).toContainText(name);
  await expect(page.getByTestId('admin-account-tree').locator('li', { hasText: name }).last()).toContainText('11101');

  const outside = await page.request.post('/api/trpc/admin.createBranch', {
    data: { json: { name: 'Sneaky', parentId: other.parentId } },
  });
  expect(outside.status()).toBe(404);
});
