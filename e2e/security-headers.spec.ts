import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createTenant } from '../tests/api/helpers';
import { signInAsNewUser } from './console-session';

// The Content-Security-Policy must not break a page: the browser reports every blocked script,
// style or image on the console ("Refused to ... because it violates the following Content
// Security Policy directive").
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the console (sign-in, a routing job with its map) and the API reference work under the CSP', async ({ page }) => {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR must name the running server's data directory");
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
    console: { email: string; password: string };
  };
  const violations = collectCspViolations(page);

  const login = await page.goto('/login');
  const csp = login?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/);
  await page.getByLabel('Email').fill(demo.console.email);
  await page.getByLabel('Password').fill(demo.console.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByTestId('signed-in-user')).toHaveText(demo.console.email);

  // A planned job's page: the map with its bundled US outlines, markers and the timeline.
  await page.goto('/console/jobs/new');
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-base-map', 'ready');
  await page.waitForLoadState('networkidle');

  await page.goto('/v1/docs');
  await expect(page.getByText('/v1/routing/plan').first()).toBeVisible();

  expect(violations).toEqual([]);
});

test('scripts run by nonce only: an inline script injected into a page does not run, the page still works', async ({
  page,
}) => {
  // Markup injected into the page (what a stored XSS would do), served with the page's real headers.
  const violations = collectCspViolations(page);
  await page.route('**/login', async (route) => {
    const original = await route.fetch();
    const html = (await original.text()).replace('<body>', '<body><script>window.injectedScriptRan = true;</script>');
    await route.fulfill({ response: original, body: html });
  });
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeEditable();
  expect(await page.evaluate(() => 'injectedScriptRan' in window)).toBe(false);
  expect(violations.some((text) => /inline script/i.test(text))).toBe(true);
  // The page's own scripts ran: the form is interactive (a wrong password answers in place).
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByLabel('Password').fill('not a password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Wrong email or password.');
});

test('signing out in the console ends the session on the server: a copy of its cookie no longer opens the console', async ({
  page,
  browser,
}) => {
  const tenant = await createTenant({ branches: [] });
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  const copied = await page.context().storageState();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);

  const elsewhere = await browser.newContext({ storageState: copied });
  const stolen = await elsewhere.newPage();
  await stolen.goto('/console');
  await expect(stolen).toHaveURL(/\/login/);
  await elsewhere.close();
});
