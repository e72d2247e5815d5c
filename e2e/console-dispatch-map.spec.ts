import { expect, test } from '@playwright/test';
import { createTenant } from '../tests/api/helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { SCREENSHOTS, cityPlan, openJob, planOverApi, postV1, uniqueId, type Json } from './city-plan';
import { signInAsNewUser } from './console-session';

test('1,000 orders on 50 vans: every route a distinct colour and number, one isolated from the legend, a stop popup by keyboard', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tenant = await createTenant();
  const problemId = uniqueId('fifty-vans');
  const vans = await planOverApi(tenant, cityPlan(1000, 50, problemId, 10));
  expect(vans).toBeGreaterThanOrEqual(40);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await openJob(page, problemId);

  const lines = page.locator('path.route-line');
  await expect(lines).toHaveCount(vans);
  const colours = await lines.evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')));
  expect(new Set(colours).size).toBe(vans);
  // Markers at this size: canvas circles for the whole day (no numbered marker until zoomed or selected).
  await expect(page.locator('.route-map-frame canvas').first()).toBeVisible();
  // The 20-odd pickups of a van at the store are one visit.
  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-markers', 'drawn');
  expect(Number(await map.getAttribute('data-visits'))).toBeLessThan(Number(await map.getAttribute('data-stops')));
  await page.screenshot({ path: `${SCREENSHOTS}/job-1000-orders.png`, fullPage: false });

  // Isolate route 7 from the legend: the others are dimmed, its visits get numbered markers.
  const legend = page.getByTestId('route-legend-item');
  await expect(legend).toHaveCount(vans);
  const seventh = legend.nth(6).getByRole('button');
  await seventh.click();
  await expect(seventh).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('route-selection')).toContainText('Showing route 7');
  const opacities = await lines.evaluateAll((paths) => paths.map((p) => Number(p.getAttribute('stroke-opacity'))));
  expect(opacities.filter((o) => o > 0.5)).toHaveLength(1);
  expect(opacities.filter((o) => o < 0.2)).toHaveLength(vans - 1);
  const pins = page.locator('.leaflet-marker-icon.stop-pin:not(.stop-pin-dimmed)');
  expect(await pins.count()).toBeGreaterThan(0);
  await expect(pins.first()).toHaveAttribute('title', /^Route 7 /);

  // A visit's popup by keyboard: its orders, address, window, arrival and load.
  const dropoff = page.locator('.leaflet-marker-icon.stop-pin-dropoff:not(.stop-pin-dimmed)').first();
  await dropoff.focus();
  await page.keyboard.press('Enter');
  const popup = page.getByTestId('visit-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(/Route 7 · /);
  await expect(popup).toContainText(/C-\d+/);
  await expect(popup).toContainText('Example Ave');
  await expect(popup).toContainText(/\d\d:\d\d–\d\d:\d\d/);
  await expect(popup).toContainText(/\d+ lb/);
  // The popup fades in: the page as a person sees it once it has.
  await expect(page.locator('.leaflet-popup')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${SCREENSHOTS}/job-1000-orders-route-7.png`, fullPage: false });

  // Selecting a route on the map works too; "Show all routes" undoes it.
  await page.getByRole('button', { name: 'Show all routes' }).click();
  await expect(page.getByTestId('route-selection')).toContainText(`${vans} routes`);
  await expect
    .poll(async () =>
      (await lines.evaluateAll((paths) => paths.map((p) => Number(p.getAttribute('stroke-opacity'))))).every(
        (o) => o > 0.5,
      ),
    )
    .toBe(true);
});

test('200 orders: circles for the day, numbered visits of a selected route, a popup from a click, the unassigned table; at 390 px the map stays and nothing scrolls sideways', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tenant = await createTenant();
  const problemId = uniqueId('two-hundred');
  const body = cityPlan(200, 12, problemId, 5);
  // One order no van can carry: it is unassigned, shown in the table and on the map.
  (body.orders as Json[]).push({
    ...(body.orders as Json[])[0],
    externalId: 'C-HEAVY',
    payloadItems: [{ description: 'Safe', height: 40, length: 40, width: 40, weight: 20000, quantity: 1 }],
  });
  await planOverApi(tenant, body);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await openJob(page, problemId);

  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-markers', 'drawn');
  // The whole day: canvas circles, no overlapping numbered markers.
  await expect(page.locator('.leaflet-marker-icon.stop-pin')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/job-200-orders-overview.png` });
  // Route 2 selected: its visits numbered; one clicked opens its popup.
  await page.getByTestId('route-legend-item').nth(1).getByRole('button').click();
  const pins = page.locator('.leaflet-marker-icon.stop-pin');
  await expect(pins.first()).toHaveAttribute('title', /^Route 2 /);
  await page.locator('.leaflet-marker-icon.stop-pin-dropoff').nth(2).click();
  await expect(page.getByTestId('visit-popup')).toBeVisible();
  await expect(page.getByTestId('visit-popup')).toContainText(/Route 2 · /);
  await expect(page.getByTestId('visit-popup')).toContainText(/C-\d+/);
  await expect(page.getByTestId('route-selection')).toContainText('Showing route 2');

  const row = page.getByTestId('unassigned-order');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('C-HEAVY');
  await expect(row).toContainText('1 Example Ave');
  await expect(row).toContainText('09:00–12:00');
  await expect(row).toContainText('Too heavy or too large for every vehicle');
  await expect(page.locator('.leaflet-marker-icon.unassigned-pin')).toHaveCount(1);
  await expect(page.locator('.leaflet-marker-icon.unassigned-pin')).toHaveAttribute('title', /Unassigned C-HEAVY/);
  await page.getByRole('button', { name: 'Show all routes' }).click();
  // The popup closes with a fade: the page as a person sees it once it has gone.
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/job-200-orders.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // A phone: one column, the map on screen, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-base-map', 'ready');
  const box = await page.locator('.tour-map').boundingBox();
  expect(box?.width).toBeGreaterThan(300);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/job-200-orders-390px.png`, fullPage: true });
  await page.getByTestId('route-map').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/job-200-orders-390px-map.png` });
  await page.getByTestId('unassigned-order').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/job-200-orders-390px-unassigned.png` });
});

test('6 orders: the timeline shows its last stop whole; booking orders already booked is refused at the order', async ({
  page,
}) => {
  const tenant = await createTenant();
  const problemId = uniqueId('six');
  const body = cityPlan(6, 2, problemId, 1);
  await planOverApi(tenant, body);
  // The same orders are booked over /v1 first.
  const auth = tenant.basicAuthHeader('live');
  const booked = await postV1(
    '/v1/routing/book',
    { ...body, problemId: uniqueId('api-book'), mode: 'createItinerary' },
    auth,
  );
  expect(booked.status).toBe(200);
  // The API refuses a second booking of them, naming the order.
  const again = await postV1(
    '/v1/routing/book',
    { ...body, problemId: uniqueId('again'), mode: 'createItinerary' },
    auth,
  );
  expect(again.status).toBe(400);
  expect(again.body.error).toMatchObject({ code: 'invalid_routing_input', param: 'orders[0].externalId' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await openJob(page, problemId);
  await page.screenshot({ path: `${SCREENSHOTS}/job-6-orders.png`, fullPage: true });

  // Each timeline row's last bar ends inside its track.
  for (const row of await page.getByTestId('timeline-row').all()) {
    const track = await row.locator('.timeline-track').boundingBox();
    const last = await row.getByTestId('timeline-stop').last().boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(track!.x + track!.width + 0.5);
  }

  await page.getByRole('button', { name: 'Book this plan (live)' }).click();
  await page.getByTestId('book-dialog').getByRole('button', { name: 'Book 2 vans (live)' }).click();
  await expect(page.getByTestId('book-error-param')).toHaveText('orders[0].externalId');
  const itineraries = booked.body.itineraries as { id: number; itineraryStops: { orderExternalIds: string[] }[] }[];
  const holder = itineraries.find((i) => i.itineraryStops.some((s) => s.orderExternalIds.includes('C-1')))!;
  await expect(page.getByTestId('book-error')).toContainText('"C-1" is already booked');
  await expect(page.getByTestId('book-error')).toContainText(`itinerary ${holder.id}`);
});
