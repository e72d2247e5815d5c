import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createTenant, createUser, type Tenant } from '../tests/api/helpers';

/** The documented createItinerary example (docs/examples/book-create.json): orders for 2026-11-23. */
const bookBody = JSON.parse(
  readFileSync(new URL('../docs/examples/book-create.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const DATE = '2026-11-23';

interface Booked {
  itineraries: { id: number; externalId: string; date: string; itineraryStops: { stopNumber: number }[] }[];
}

async function book(tenant: Tenant): Promise<Booked> {
  const response = await fetch(`${baseUrl()}/v1/routing/book`, {
    method: 'POST',
    headers: { authorization: tenant.basicAuthHeader('live'), 'content-type': 'application/json' },
    body: JSON.stringify(bookBody),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Booked;
}

async function consoleUser(
  tenant: Tenant,
  role: 'admin' | 'dispatcher',
  accountId: number,
): Promise<{ email: string; password: string }> {
  const suffix = tenant.externalUserId.replace('test-user-', '');
  const email = `${role}-${suffix}@example.test`;
  const password = `a long passphrase ${suffix}`;
  await createUser({ externalUserId: `${role}-${suffix}`, defaultAccountId: accountId, email, password, role });
  return { email, password };
}

async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console$/);
}

test('itineraries show what was booked for the date, on the map, the timeline and the table', async ({ page }) => {
  const tenant = await createTenant();
  const booked = await book(tenant);
  const withStops = booked.itineraries.filter((i) => i.itineraryStops.length > 0);
  expect(withStops.length).toBeGreaterThan(0);
  const stopCount = withStops.reduce((n, i) => n + i.itineraryStops.length, 0);
  await signIn(page, await consoleUser(tenant, 'dispatcher', tenant.parentId));

  // Without ?date= the page shows today (the browser's date).
  await page.goto('/console/itineraries');
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(page.getByLabel('Date')).toHaveValue(today);

  await page.goto(`/console/itineraries?date=${DATE}`);
  await expect(page.getByLabel('Date')).toHaveValue(DATE);
  const rows = page.getByTestId('itinerary-row');
  await expect(rows).toHaveCount(booked.itineraries.length);
  for (const itinerary of booked.itineraries) {
    await expect(rows.filter({ hasText: itinerary.externalId })).toHaveCount(1);
  }
  const first = withStops[0]!;
  await page.getByRole('button', { name: first.externalId, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Stops of ${first.externalId}` })).toBeVisible();
  const stopRows = page.getByTestId('stop-row');
  await expect(stopRows).toHaveCount(first.itineraryStops.length);
  await expect(stopRows.first().locator('td').first()).toHaveText(String(first.itineraryStops[0]!.stopNumber));

  // Another date has none.
  await page.getByLabel('Date').fill('2026-11-24');
  await expect(page.getByText('No itineraries on 2026-11-24.')).toBeVisible();

  // The map works offline: no request leaves the server's origin (no tiles, no CDN).
  const origin = new URL(baseUrl()).origin;
  const external: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== origin && !r.url().startsWith('data:')) external.push(r.url());
  });
  // The old tours address leads to the Itineraries page, which draws the map above the table.
  await page.goto(`/console/tours?date=${DATE}`);
  await expect(page).toHaveURL(new RegExp(`/console/itineraries\\?date=${DATE}$`));
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-base-map', 'ready');
  await expect(page.locator('path.route-line')).toHaveCount(withStops.length);
  // One marker per visit: back-to-back stops at one place (pickups at the store) share one.
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-stops', String(stopCount));
  const visits = Number(await page.getByTestId('route-map').getAttribute('data-visits'));
  expect(visits).toBeLessThanOrEqual(stopCount);
  await expect(page.locator('.leaflet-marker-icon.stop-pin')).toHaveCount(visits);
  const legend = page.getByTestId('route-legend-item');
  await expect(legend).toHaveCount(withStops.length);
  for (const itinerary of withStops) await expect(legend.filter({ hasText: itinerary.externalId })).toHaveCount(1);
  // Distinct colors per tour.
  const colors = await page
    .locator('path.route-line')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')));
  expect(new Set(colors).size).toBe(withStops.length);
  // A stop marker names its itinerary, number, type, orders and times.
  await expect(page.locator('.leaflet-marker-icon.stop-pin').last()).toHaveAttribute(
    'title',
    / · stop \d+ · (pickup|dropoff) .* · \d\d:\d\d–\d\d:\d\d/,
  );
  await expect(page.getByTestId('timeline-row')).toHaveCount(withStops.length);
  expect(external).toEqual([]);
});

test('an admin edits booking pricing and slot policy; invalid values are shown at their field', async ({ page }) => {
  const tenant = await createTenant();
  const branchId = tenant.branchIds[0]!;
  await signIn(page, await consoleUser(tenant, 'admin', tenant.parentId));

  await page.goto('/console/admin/booking-pricing');
  await page.getByLabel('Account', { exact: true }).selectOption(String(branchId));
  await expect(page.getByTestId('effective-source')).toHaveText('No account in the chain has booking settings.');
  await page.getByLabel('Pricing model').selectOption('markup');
  await page.getByLabel('Markup percent').fill('5000');
  await page.getByRole('button', { name: 'Save pricing' }).click();
  await expect(page.getByTestId('error-booking.pricing.markupPercent')).toBeVisible();
  await expect(page.getByTestId('error-booking.pricing.markupPercent')).toContainText('1000');

  await page.getByLabel('Markup percent').fill('15');
  await page.getByRole('button', { name: 'Add rate card' }).click();
  await page.getByRole('button', { name: 'Save pricing' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByTestId('error-booking.pricing.markupPercent')).toHaveCount(0);

  await page.reload();
  await page.getByLabel('Account', { exact: true }).selectOption(String(branchId));
  await expect(page.getByLabel('Markup percent')).toHaveValue('15');
  await expect(page.getByLabel('Pricing model')).toHaveValue('markup');
  await expect(page.getByTestId('effective-source')).toHaveText('From this account’s own settings.');
  await expect(page.getByTestId('effective-booking')).toContainText('Markup on the carrier cost');
  await expect(page.getByTestId('effective-booking').getByRole('definition').filter({ hasText: '15%' })).toHaveCount(1);

  // The parent has none of its own: the branch's pricing is not inherited upwards.
  await page.getByLabel('Account', { exact: true }).selectOption(String(tenant.parentId));
  await expect(page.getByLabel('Markup percent')).toHaveValue('');

  await page.goto('/console/admin/slot-policy');
  await page.getByLabel('Account', { exact: true }).selectOption(String(tenant.parentId));
  await expect(page.getByTestId('effective-source')).toHaveText(
    'Service defaults (no account in the chain has a slot policy).',
  );
  await page.getByLabel('Same-day cutoff (HH:MM)').fill('25:00');
  await page.getByRole('button', { name: 'Save slot policy' }).click();
  await expect(page.getByTestId('error-slotPolicy.sameDayCutoff')).toContainText('HH:MM');
  await page.getByLabel('Same-day cutoff (HH:MM)').fill('14:00');
  await page.getByLabel('Horizon (days)').fill('14');
  await page.getByRole('button', { name: 'Save slot policy' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');

  // The branch inherits the parent's policy.
  await page.reload();
  await page.getByLabel('Account', { exact: true }).selectOption(String(branchId));
  await expect(page.getByTestId('effective-source')).toContainText('Inherited from');
  await expect(page.getByTestId('effective-slot-policy')).toContainText('Bookable ahead14 days');
  await expect(page.getByTestId('effective-slot-policy')).toContainText('Same-day cutoff14:00');
});

test('a dispatcher cannot open the admin pages', async ({ page }) => {
  const tenant = await createTenant();
  await signIn(page, await consoleUser(tenant, 'dispatcher', tenant.branchIds[0]!));
  for (const href of ['/console/admin/booking-pricing', '/console/admin/slot-policy']) {
    await page.goto(href);
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Save/ })).toHaveCount(0);
  }
});
