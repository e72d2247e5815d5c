import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createTenant, createUser } from '../tests/api/helpers';

interface DemoCredentials {
  parentAccountId: number;
  branches: { id: number; name: string }[];
  console: { email: string; password: string };
}

/** What the server seeded on its first start (scripts/test-all.sh passes its DATA_DIR). */
function demoCredentials(): DemoCredentials {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR must name the running server's data directory");
  return JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
}

test('the console requires sign-in, rejects a wrong password and shows the signed-in user and account tree', async ({
  page,
}) => {
  const demo = demoCredentials();

  // A signed-out visitor is sent to sign in and then back to the page they asked for.
  await page.goto('/console?view=accounts');
  await expect(page).toHaveURL(/\/login\?from=%2Fconsole%3Fview%3Daccounts$/);

  await page.getByLabel('Email').fill(demo.console.email);
  await page.getByLabel('Password').fill(`${demo.console.password}-wrong`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Wrong email or password.');

  await page.getByLabel('Password').fill(demo.console.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console\?view=accounts$/);

  await expect(page.getByTestId('signed-in-user')).toHaveText(demo.console.email);
  const tree = page.getByTestId('account-tree');
  await expect(tree).toBeVisible();
  await expect(tree.getByText(`#${demo.parentAccountId}`, { exact: true })).toBeVisible();
  for (const branch of demo.branches) {
    await expect(tree.getByText(branch.name, { exact: true })).toBeVisible();
    await expect(tree.getByText(`#${branch.id}`, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Booking pricing' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/login/);
});

test('a dispatcher sees their branch and no admin pages', async ({ page }) => {
  const tenant = await createTenant();
  const suffix = tenant.externalUserId.replace('test-user-', '');
  const branchId = tenant.branchIds[0] ?? 0;
  const email = `dispatcher-${suffix}@example.test`;
  const password = `a long passphrase ${suffix}`;
  await createUser({
    externalUserId: `dispatcher-${suffix}`,
    defaultAccountId: branchId,
    email,
    password,
    role: 'dispatcher',
  });

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByText('dispatcher', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('account-tree').getByText(`#${branchId}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('account-tree').getByText(`#${tenant.parentId}`, { exact: true })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Routing jobs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Booking pricing' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Slot policy' })).toHaveCount(0);
});

test('the API reference lists the routes from the OpenAPI document, offline', async ({ page, request }) => {
  const origin = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:3000').origin;
  const external: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== origin && !r.url().startsWith('data:')) external.push(r.url());
  });
  const doc = (await (await request.get('/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  await page.goto('/v1/docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const [routePath, item] of Object.entries(doc.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation.summary) continue;
      const summary = operation.summary.replace(/`/g, ''); // code spans render without their backticks
      const heading = page
        .getByRole('heading', { level: 3 })
        .filter({ hasText: routePath })
        .filter({ hasText: summary });
      await expect(heading.first()).toBeVisible();
    }
  }
  expect(external).toEqual([]);
});
