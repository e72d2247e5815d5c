import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createTenant, type Tenant } from '../tests/api/helpers';
import { signInAsNewUser } from './console-session';

/** The documented plan example (docs/examples/same-day-plan.json): six orders, two vans, 2026-11-23. */
const samePlan = JSON.parse(readFileSync(new URL('../docs/examples/same-day-plan.json', import.meta.url), 'utf8')) as {
  problemId: string;
  orders: Record<string, unknown>[];
  fleet: Record<string, unknown>[];
  options?: Record<string, unknown>;
};
const STORE = samePlan.fleet[0]!.startAddress;

/** Replaces the request editor's text (the example loaded first is not wanted here). */
async function fillRequest(page: Page, request: unknown): Promise<void> {
  await page.getByLabel('Routing request (the body of POST /v1/routing/plan)').fill(JSON.stringify(request, null, 2));
}

/** Waits on the job page until the job has finished; returns its id from the URL. */
async function awaitJobPage(page: Page, status: 'complete' | 'failed' = 'complete'): Promise<string> {
  await expect(page).toHaveURL(/\/console\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText(status, { timeout: 60_000 });
  return page.url().split('/').pop()!;
}

/** Orders spread over Brooklyn and Queens with two-hour dropoff windows: enough work for a visible solve. */
function manyOrders(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    externalId: `M-${i + 1}`,
    pickupAddress: STORE,
    dropoffAddress: {
      addressLine1: `${100 + i} Example St`,
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11201',
      latitude: String(40.62 + ((i * 37) % 100) / 700),
      longitude: String(-74.02 + ((i * 53) % 100) / 500),
    },
    dropoffWindowOpen: `2026-11-23T${String(9 + (i % 6)).padStart(2, '0')}:00:00-05:00`,
    dropoffWindowClose: `2026-11-23T${String(11 + (i % 6)).padStart(2, '0')}:00:00-05:00`,
    payloadItems: [{ description: 'Box', height: 12, length: 12, width: 12, weight: 10, quantity: 1 }],
  }));
}

test('a dispatcher plans an example in the browser, reads it on the map and timeline, opens a reason, books it and finds it under itineraries', async ({
  page,
}) => {
  const tenant = await createTenant();
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');

  await page.getByRole('link', { name: 'Routing jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Routing jobs' })).toBeVisible();
  await expect(page.getByText('No routing jobs match.')).toBeVisible();
  await page.getByRole('link', { name: 'Plan a request' }).first().click();

  // A wrong field is named as the API names it.
  await fillRequest(page, {
    ...samePlan,
    orders: [
      {
        ...samePlan.orders[0],
        payloadItems: [{ description: 'x', height: -1, length: 1, width: 1, weight: 1, quantity: 1 }],
      },
    ],
  });
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(page.getByTestId('plan-error-param')).toHaveText('orders[0].payloadItems[0].height');

  // The example with one order no van can carry (20,000 lb).
  const heavy = {
    ...samePlan.orders[0],
    externalId: 'SO-HEAVY',
    payloadItems: [{ description: 'Safe', height: 40, length: 40, width: 40, weight: 20000, quantity: 1 }],
  };
  await fillRequest(page, { ...samePlan, orders: [...samePlan.orders, heavy] });
  await page.getByLabel('Live').check();
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  const planId = await awaitJobPage(page);

  const totals = page.getByTestId('job-totals');
  await expect(totals).toContainText('Unassigned1');
  const vehicles = Number(await totals.locator('div', { hasText: 'Vehicles' }).locator('dd').textContent());
  expect(vehicles).toBeGreaterThanOrEqual(1);
  // One line per used vehicle, a numbered marker per stop, the depot, one timeline row per vehicle.
  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-base-map', 'ready');
  await expect(page.locator('path.route-line')).toHaveCount(vehicles);
  const stops = Number(await map.getAttribute('data-stops'));
  expect(stops).toBeGreaterThanOrEqual(6);
  // A marker and a timeline bar per visit (back-to-back stops at one place are one visit).
  const visits = Number(await map.getAttribute('data-visits'));
  await expect(page.locator('.leaflet-marker-icon.stop-pin')).toHaveCount(visits);
  await expect(page.locator('.leaflet-marker-icon.stop-pin').first()).toContainText('1');
  await expect(page.locator('.leaflet-marker-icon.depot-pin')).toHaveCount(1);
  await expect(page.locator('.leaflet-control-scale')).toBeVisible();
  await expect(page.getByTestId('timeline-row')).toHaveCount(vehicles);
  await expect(page.getByTestId('timeline-stop')).toHaveCount(visits);

  // The unassigned order is a table row: the order, its reason in words with the limiting fact.
  const unassigned = page.getByTestId('unassigned-order');
  await expect(unassigned).toHaveCount(1);
  await expect(unassigned).toContainText('SO-HEAVY');
  await expect(page.getByTestId('unassigned-reason').first()).toContainText('Too heavy or too large for every vehicle');
  await expect(page.getByTestId('unassigned-reason').first()).toContainText(/lb/);

  // Book it from the same page.
  await page.getByRole('button', { name: 'Book this plan (live)' }).click();
  await page
    .getByTestId('book-dialog')
    .getByRole('button', { name: /^Book \d+ vans? \(live\)$/ })
    .click();
  await expect(page).not.toHaveURL(new RegExp(planId));
  await awaitJobPage(page);
  await expect(page.getByTestId('job-meta')).toContainText('book');
  await expect(page.locator('path.route-line')).toHaveCount(vehicles);

  // The booking is under Itineraries for its date, with the map and the timeline.
  await page.getByRole('main').getByRole('link', { name: 'Itineraries' }).click();
  await expect(page.getByLabel('Date')).toHaveValue('2026-11-23');
  await expect(page.getByTestId('itinerary-row')).toHaveCount(vehicles);
  await expect(page.locator('path.route-line')).toHaveCount(vehicles);
  await expect(page.getByTestId('timeline-row')).toHaveCount(vehicles);
  // One branch at a time: the plan was booked on the parent account, so a branch has none.
  await page.getByLabel('Branch').selectOption({ index: 2 });
  await expect(page.getByText('No itineraries on 2026-11-23.')).toBeVisible();
  await page.getByLabel('Branch').selectOption({ index: 1 });
  await expect(page.getByTestId('itinerary-row')).toHaveCount(vehicles);

  // Both jobs are listed, newest first; filters narrow the list.
  await page.goto('/console/jobs');
  await expect(page.getByTestId('routing-job-row')).toHaveCount(2);
  await expect(page.getByTestId('routing-job-row').first()).toContainText('book');
  await page.getByLabel('Mode').selectOption('plan');
  await expect(page.getByTestId('routing-job-row')).toHaveCount(1);
  await expect(page.getByTestId('routing-job-row').first()).toContainText('6 served · 1 unassigned');
});

test('a running job shows its progress and updates itself until it completes; a plan sent over /v1 is listed', async ({
  page,
}) => {
  const tenant = await createTenant();
  const planned = await fetch(`${baseUrl()}/v1/routing/plan`, {
    method: 'POST',
    headers: {
      authorization: tenant.basicAuthHeader('sandbox'),
      'content-type': 'application/json',
      prefer: 'wait=30',
    },
    body: JSON.stringify(samePlan),
  });
  expect(planned.status).toBe(200);

  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await page.goto('/console/jobs');
  const apiRow = page.getByTestId('routing-job-row').filter({ hasText: samePlan.problemId });
  await expect(apiRow).toContainText('sandbox');
  await expect(apiRow).toContainText('complete');

  await page.getByRole('link', { name: 'Plan a request' }).first().click();
  await fillRequest(page, {
    problemId: 'progress-watch',
    orders: manyOrders(60),
    fleet: [0, 1, 2, 3, 4, 5].map((i) => ({
      ...samePlan.fleet[0],
      driverExternalId: `d-${i}`,
      vehicleExternalId: `v-${i}`,
    })),
    options: { solverTimeLimitSeconds: 8 },
  });
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/jobs\/[0-9a-f-]{36}$/);
  const progress = page.getByTestId('job-progress');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('progress-served')).toHaveText(/^\d+ of 60$/);
  const firstElapsed = await page.getByTestId('progress-elapsed').textContent();
  await expect(page.getByTestId('progress-elapsed')).not.toHaveText(firstElapsed ?? '');
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('processing');
  // It completes on its own, without a reload.
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await expect(progress).toBeHidden();
  await expect(page.getByTestId('job-totals')).toBeVisible();
});

test("another account's job is not found, through the page and through the tRPC endpoint", async ({
  page,
  browser,
}) => {
  const owner: Tenant = await createTenant();
  const planned = await fetch(`${baseUrl()}/v1/routing/plan`, {
    method: 'POST',
    headers: { authorization: owner.basicAuthHeader('live'), 'content-type': 'application/json', prefer: 'wait=30' },
    body: JSON.stringify({ ...samePlan, problemId: 'owned-plan' }),
  });
  expect(planned.status).toBe(200);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInAsNewUser(ownerPage, owner.parentId, 'admin');
  await ownerPage.goto('/console/jobs');
  await ownerPage.getByRole('link', { name: 'owned-plan' }).click();
  const jobId = await awaitJobPage(ownerPage);
  await ownerContext.close();

  const other = await createTenant();
  await signInAsNewUser(page, other.parentId, 'dispatcher');
  await page.goto(`/console/jobs/${jobId}`);
  await expect(page.locator('p.alert')).toContainText('No routing job');
  await page.goto('/console/jobs');
  await expect(page.getByText('No routing jobs match.')).toBeVisible();

  const input = encodeURIComponent(JSON.stringify({ json: { jobId } }));
  const direct = await page.request.get(`/api/trpc/routingJobs.get?input=${input}`);
  expect(direct.status()).toBe(404);
  const booking = await page.request.post('/api/trpc/routingJobs.book', { data: { json: { jobId } } });
  expect(booking.status()).toBe(404);
});
