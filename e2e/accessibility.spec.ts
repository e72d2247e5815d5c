import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { consoleNavigation } from '../components/console-pages';
import { baseUrl, createTenant } from '../tests/api/helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { signInAsNewUser } from './console-session';

/** The documented createItinerary example (docs/examples/book-create.json): itineraries on 2026-11-23. */
const bookBody = JSON.parse(
  readFileSync(new URL('../docs/examples/book-create.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

test('every console page passes an automated accessibility scan (no serious or critical violations)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await expectNoSeriousA11yViolations(page);

  const tenant = await createTenant();
  const booked = await fetch(`${baseUrl()}/v1/routing/book`, {
    method: 'POST',
    headers: { authorization: tenant.basicAuthHeader('live'), 'content-type': 'application/json' },
    body: JSON.stringify(bookBody),
  });
  expect(booked.status).toBe(200);
  await signInAsNewUser(page, tenant.parentId, 'admin');
  await expectNoSeriousA11yViolations(page);

  // A routing job with its map, timeline and an unassigned order (opened).
  await page.goto('/console/jobs');
  await page.getByRole('link', { name: bookBody.problemId as string }).click();
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-base-map', 'ready');
  await expectNoSeriousA11yViolations(page);

  // Every page the console's nav links to (its label is the page's heading), and the pages reached from them.
  const pages: { path: string; ready: string }[] = [
    ...consoleNavigation
      .flatMap((group) => group.items)
      .filter((item) => item.href.startsWith('/console/'))
      .map((item) => ({ path: item.href, ready: item.label })),
    { path: '/console/jobs/new', ready: 'Plan a request' },
    { path: '/login/password', ready: 'Change your password' },
    { path: '/v1/docs', ready: 'Recommendations API' },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(ready);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  }
  // The itineraries page draws its map once the data is there.
  await page.goto('/console/itineraries?date=2026-11-23');
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-base-map', 'ready');
  await expectNoSeriousA11yViolations(page);
});
