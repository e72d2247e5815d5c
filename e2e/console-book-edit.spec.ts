import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createTenant, type Tenant } from '../tests/api/helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { SCREENSHOTS, cityPlan, openJob, planResultOverApi, uniqueId, type Json } from './city-plan';
import { signInAsNewUser } from './console-session';

interface Stop {
  type: string;
  orderExternalIds: string[];
}
interface Itinerary {
  vehicleExternalId: string;
  externalId: string;
  itineraryStops: Stop[];
}

/** Per van, its ordered (order id, type) list. */
function pairsPerVan(itineraries: readonly Itinerary[]): Record<string, string[]> {
  return Object.fromEntries(
    itineraries.map((i) => [
      i.vehicleExternalId,
      i.itineraryStops.flatMap((s) => (s.type === 'break' ? [] : s.orderExternalIds.map((o) => `${o}/${s.type}`))),
    ]),
  );
}

const plannedItineraries = (plan: Json) => (plan.itineraries as { itinerary: Itinerary }[]).map((p) => p.itinerary);

async function bookedOn(tenant: Tenant): Promise<Itinerary[]> {
  const response = await fetch(`${baseUrl()}/v1/itineraries?date=2026-11-23`, {
    headers: { authorization: tenant.basicAuthHeader('live') },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { itineraries: Itinerary[] }).itineraries;
}

/** City orders on `vans` vans of at most `maxStops` stops: C-1 due by 10:00, the others in the afternoon. */
function dayPlan(problemId: string, orders: number, vans: number, maxStops: number): Json {
  const body = cityPlan(orders, vans, problemId, 2);
  (body.orders as Json[]).forEach((order, i) => {
    order.dropoffWindowOpen = i === 0 ? '2026-11-23T09:00:00-05:00' : '2026-11-23T12:00:00-05:00';
    order.dropoffWindowClose = i === 0 ? '2026-11-23T10:00:00-05:00' : '2026-11-23T17:00:00-05:00';
  });
  for (const entry of body.fleet as Json[]) entry.vehicleSpec = { maxStops };
  return body;
}

async function confirmBooking(page: Page, summary: RegExp): Promise<void> {
  const dialog = page.getByTestId('book-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('book-summary')).toContainText(summary);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: /^Book \d+ vans? \(live\)$/ }).click();
  await expect(page.getByTestId('job-meta')).toContainText('book', { timeout: 60_000 });
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
}

test('"Book this plan" books the reviewed itineraries stop for stop after a confirmation naming environment, vans and orders', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tenant = await createTenant();
  const problemId = uniqueId('reviewed');
  const plan = await planResultOverApi(tenant, dayPlan(problemId, 12, 3, 10));
  const reviewed = plannedItineraries(plan);
  expect(reviewed.length).toBeGreaterThanOrEqual(2);
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await openJob(page, problemId);

  await page.getByRole('button', { name: 'Book this plan (live)' }).click();
  // Cancel writes nothing.
  await page.getByTestId('book-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('book-dialog')).toHaveCount(0);
  expect(await bookedOn(tenant)).toEqual([]);

  await page.getByRole('button', { name: 'Book this plan (live)' }).click();
  await confirmBooking(page, new RegExp(`${reviewed.length} itineraries with 12 orders to the live environment`));
  const booked = await bookedOn(tenant);
  expect(booked).toHaveLength(reviewed.length);
  expect(pairsPerVan(booked)).toEqual(pairsPerVan(reviewed));
});

test('a dispatcher moves orders before dispatch: a broken window is flagged and cannot be booked; a good move re-times the plan and is booked as shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tenant = await createTenant();
  const problemId = uniqueId('edit');
  // Eight stops at most per van: six orders (twelve stops) need both vans.
  const plan = await planResultOverApi(tenant, dayPlan(problemId, 6, 2, 8));
  const reviewed = plannedItineraries(plan);
  expect(reviewed).toHaveLength(2);
  const routeName = (i: number) => `Route ${i + 1}: ${reviewed[i]!.externalId}`;
  const carrying = (order: string) =>
    reviewed.findIndex((it) => it.itineraryStops.some((s) => s.orderExternalIds.includes(order)));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await openJob(page, problemId);
  const rows = page.getByTestId('timeline-row');

  // C-1 (due by 10:00) moved to the end of the other van's afternoon: flagged late, booking disabled.
  const early = carrying('C-1');
  await page.getByRole('button', { name: 'Move an order…' }).click();
  const dialog = page.getByTestId('move-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Order')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Order').selectOption('C-1');
  await expect(dialog.getByTestId('move-current')).toContainText(reviewed[early]!.externalId);
  await dialog.getByLabel('Vehicle').selectOption({ label: routeName(1 - early) });
  await dialog.getByLabel('Pickup').selectOption({ index: 0 });
  await dialog.getByLabel('Dropoff').selectOption({ label: 'At the end' });
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog).toHaveCount(0);
  const problems = page.getByTestId('edit-problem');
  await expect(problems.first()).toContainText(/Dropoff of C-1 on .* after its window closes \(10:00\)/);
  await expect(page.getByRole('button', { name: 'Book this edited plan (live)' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/job-6-orders-broken-window.png`, fullPage: true });
  // The server refuses to book it too, naming the order.
  const fleetIndex = (i: number) => (plan.itineraries as { fleetIndex: number }[])[i]!.fleetIndex;
  const stopsOf = (pairs: string[]) =>
    pairs.map((p) => ({ orderExternalId: p.split('/')[0]!, type: p.split('/')[1]! }));
  const perVan = pairsPerVan(reviewed);
  const routes = [
    {
      fleetIndex: fleetIndex(early),
      stops: stopsOf(perVan[reviewed[early]!.vehicleExternalId]!.filter((p) => !p.startsWith('C-1/'))),
    },
    {
      fleetIndex: fleetIndex(1 - early),
      stops: stopsOf(['C-1/pickup', ...perVan[reviewed[1 - early]!.vehicleExternalId]!, 'C-1/dropoff']),
    },
  ];
  const refused = await page.request.post('/api/trpc/routingJobs.book', {
    data: { json: { jobId: page.url().split('/').pop()!, routes } },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('Dropoff of C-1');
  await page.getByRole('button', { name: 'Undo all edits' }).click();
  await expect(problems).toHaveCount(0);

  // An afternoon order of the fuller van to the other van, picked up first and dropped off last.
  const fuller =
    perVan[reviewed[0]!.vehicleExternalId]!.length >= perVan[reviewed[1]!.vehicleExternalId]!.length ? 0 : 1;
  const source = reviewed[fuller]!;
  const target = reviewed[1 - fuller]!;
  const moved = perVan[source.vehicleExternalId]!.map((p) => p.split('/')[0]!).find((o) => o !== 'C-1')!;
  const before = await rows
    .nth(1 - fuller)
    .locator('.timeline-label')
    .innerText();
  await page.getByRole('button', { name: 'Move an order…' }).click();
  await dialog.getByLabel('Order').selectOption(moved);
  await dialog.getByLabel('Vehicle').selectOption({ label: routeName(1 - fuller) });
  await dialog.getByLabel('Pickup').selectOption({ index: 0 });
  await dialog.getByLabel('Dropoff').selectOption({ label: 'At the end' });
  await page.screenshot({ path: `${SCREENSHOTS}/job-6-orders-move-dialog.png` });
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByTestId('edit-status')).toHaveText(/^Edited:/);
  await expect(page.getByTestId('edit-problem')).toHaveCount(0);
  // The target van's row: two more stops and new times, evaluated on the server.
  await expect(rows.nth(1 - fuller).locator('.timeline-label')).not.toHaveText(before);
  await expect(
    rows
      .nth(1 - fuller)
      .getByTestId('timeline-stop')
      .last(),
  ).toHaveAttribute('title', new RegExp(`dropoff ${moved}: arrives \\d\\d:\\d\\d`));
  const expected = {
    [source.vehicleExternalId]: perVan[source.vehicleExternalId]!.filter((p) => !p.startsWith(`${moved}/`)),
    [target.vehicleExternalId]: [`${moved}/pickup`, ...perVan[target.vehicleExternalId]!, `${moved}/dropoff`],
  };

  await page.getByRole('button', { name: 'Book this edited plan (live)' }).click();
  await confirmBooking(page, /2 itineraries with 6 orders to the live environment/);
  expect(pairsPerVan(await bookedOn(tenant))).toEqual(expected);
});

test('an unassigned order with a checked fix: "Apply fix and re-plan" plans again with it and the order is served', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tenant = await createTenant();
  const problemId = uniqueId('fix');
  const body = dayPlan(problemId, 3, 1, 20);
  // Due in Queens five minutes after the van leaves Brooklyn: unreachable as sent.
  const orders = body.orders as Json[];
  orders.push({
    ...orders[0],
    externalId: 'C-RUSH',
    dropoffAddress: { addressLine1: '30-30 Thomson Ave', city: 'Long Island City', state: 'NY', postalCode: '11101' },
    dropoffWindowOpen: '2026-11-23T08:00:00-05:00',
    dropoffWindowClose: '2026-11-23T08:05:00-05:00',
  });
  const plan = await planResultOverApi(tenant, body);
  expect((plan.unassigned as { externalId: string }[]).map((u) => u.externalId)).toEqual(['C-RUSH']);
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await openJob(page, problemId);
  const row = page.getByTestId('unassigned-order');
  await expect(row).toContainText('C-RUSH');
  await expect(row.getByTestId('unassigned-fix')).toBeVisible();
  await row.getByRole('button', { name: 'Apply fix and re-plan for C-RUSH' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${problemId}-fix-C-RUSH`, { timeout: 30_000 });
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.getByTestId('unassigned-order')).toHaveCount(0);
  await expect(page.getByTestId('job-totals')).toContainText('Served4');
  await expect(page.getByTestId('timeline-stop').filter({ hasText: 'C-RUSH' }).first()).toBeAttached();
});
