import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

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
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as { console: { email: string; password: string } };
  const violations = collectCspViolations(page);

  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("default-src 'self'");
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
