import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { setBookingClock } from '../tests/api/booking/clock';
import { baseUrl, basicAuth, createKey, createTenant, createUser, type Tenant } from '../tests/api/helpers';
import { STORE } from '../tests/api/bodies';
import { signInAsNewUser } from './console-session';

const DATE = '2026-11-23';

/** A booking search for the branch over /v1 with the tenant's live key; its status and body. */
async function recommendOverApi(
  tenant: Tenant,
  branchId: number,
): Promise<{ status: number; body: { error?: { code: string; param?: string } } }> {
  const response = await fetch(`${baseUrl()}/v1/booking/recommend`, {
    method: 'POST',
    headers: { authorization: tenant.basicAuthHeader('live'), 'content-type': 'application/json' },
    body: JSON.stringify({
      cart: {
        items: [
          { description: 'Chair', dimensionsCm: { height: 90, length: 80, width: 75 }, quantity: 1, weightKg: 25 },
        ],
        orderValueCents: 100,
      },
      date: DATE,
      destination: { addressLine1: '350 5th Ave', city: 'New York', postalCode: '10118', state: 'NY' },
      fulfillingBranchId: String(branchId),
    }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; param?: string } } };
}

test("a search tried in the console shows each hour's windows with their price, or why the hour has none", async ({
  page,
}) => {
  const tenant = await createTenant({
    parentSettings: {
      booking: {
        pricing: { model: 'markup', markupPercent: 15 },
        rateCards: { 'cargo-van': { baseFeeCents: 900, perMileCents: 150, perMinuteCents: 20 } },
      },
    },
  });
  const branchId = tenant.branchIds[0]!;
  const suffix = randomBytes(4).toString('hex');

  // A cargo van booked on the branch from 08:00: its 10 hour shift ends at 18:00.
  await createUser({ externalUserId: `branch-${suffix}`, defaultAccountId: branchId });
  const branchKey = await createKey(branchId, `branch-${suffix}`, 'live');
  const booked = await fetch(`${baseUrl()}/v1/routing/book`, {
    method: 'POST',
    headers: { authorization: basicAuth(`branch-${suffix}`, branchKey), 'content-type': 'application/json' },
    body: JSON.stringify({
      problemId: `seed-${suffix}`,
      mode: 'createItinerary',
      orders: [
        {
          externalId: 'o-1',
          pickupAddress: STORE,
          dropoffAddress: { addressLine1: '1 Main St', city: 'Queens', state: 'NY', postalCode: '11101' },
          dropoffWindowOpen: `${DATE}T09:00:00-05:00`,
          dropoffWindowClose: `${DATE}T11:00:00-05:00`,
          payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
        },
      ],
      fleet: [
        {
          driverExternalId: `d-${suffix}`,
          vehicleExternalId: `v-${suffix}`,
          vehicleType: 'cargo-van',
          scheduledStart: `${DATE}T08:00:00-05:00`,
          startAddress: STORE,
        },
      ],
      options: { solverTimeLimitSeconds: 0.5 },
    }),
  });
  expect(booked.status).toBe(200);
  setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');

  await signInAsNewUser(page, tenant.parentId, 'dispatcher');

  await page.getByRole('link', { name: 'Booking', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Booking', level: 1 })).toBeVisible();
  await page.getByLabel('Branch').selectOption(String(branchId));
  await page.getByLabel('Date').fill(DATE);
  await page.getByLabel('Bucket').selectOption('EVENING');
  await page.getByRole('button', { name: 'Search' }).click();

  const hours = page.getByTestId('search-hour');
  await expect(hours).toHaveCount(3);
  await expect(page.getByTestId('search-context')).toContainText(`${DATE} · EVENING · America/New_York · computed `);
  await expect(page.getByTestId('search-fallback-reason')).toHaveCount(0);
  // 17:00-18:00 fits before the shift ends, priced with the rate card and markup.
  const five = page.locator('[data-testid="search-hour"][data-hour="17:00"]');
  await expect(five.getByTestId('search-window')).toHaveCount(1);
  await expect(five.getByTestId('search-window')).toContainText(/\$\d+\.\d\d/);
  // 19:00-20:00 is past the shift: the reason is shown.
  const seven = page.locator('[data-testid="search-hour"][data-hour="19:00"]');
  await expect(seven.getByTestId('search-window')).toHaveCount(0);
  await expect(seven.getByTestId('hour-reason')).toHaveAttribute('data-reason', 'shift');
  await expect(seven.getByTestId('hour-reason')).toHaveText("the detour would run past the driver's shift");

  // The search is listed under recent searches.
  const recent = page.getByTestId('recent-search');
  await expect(recent.first()).toContainText('EVENING');
  await expect(recent.first()).toContainText(DATE);

  // A day without routes: no window, and the search says why.
  await page.getByLabel('Date').fill('2026-11-24');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('search-context')).toContainText('2026-11-24 · EVENING · America/New_York');
  await expect(page.getByTestId('search-fallback-reason')).toContainText('no_routes');
  await expect(page.getByTestId('search-fallback-reason')).toContainText(
    'no itinerary of the branch subtree on that date',
  );
  await expect(recent.first()).toContainText('no_routes');
});

test('an admin sets a branch location in the console; booking over /v1 then picks up there', async ({ page }) => {
  const tenant = await createTenant({ branches: [{ name: 'Unlocated' }] });
  const branchId = tenant.branchIds[0]!;
  setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
  const recommend = () => recommendOverApi(tenant, branchId);
  const before = await recommend();
  expect(before.status).toBe(400);
  expect(before.body.error?.code).toBe('origin_unresolved');

  await signInAsNewUser(page, tenant.parentId, 'admin');

  await page.getByRole('link', { name: 'Pickup locations' }).click();
  // The console home's "Account tree" section also answers to a loose 'Account' label until the page has changed.
  await expect(page).toHaveURL(/\/console\/admin\/pickup-locations$/);
  await page.getByLabel('Account', { exact: true }).selectOption(String(branchId));
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Branch location' }) });
  // Coordinates go together: the refusal is shown at the field.
  await form.getByLabel('Latitude').fill('40.7');
  await form.getByRole('button', { name: 'Save branch location' }).click();
  await expect(page.getByTestId('error-branchLocation.longitude')).toContainText(/latitude and longitude go together/i);
  await form.getByLabel('Latitude').fill('');
  await form.getByLabel('Street').fill('55 Water St');
  await form.getByLabel('Postal code').fill('11201');
  await form.getByRole('button', { name: 'Save branch location' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  expect((await recommend()).status).toBe(202);
});

test('an admin adds a blackout date in the console; the same date then answers date_blackout over /v1', async ({
  page,
}) => {
  const tenant = await createTenant();
  const branchId = tenant.branchIds[0]!;
  setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
  const recommend = () => recommendOverApi(tenant, branchId);
  // Before: the date is open, the search is accepted.
  expect((await recommend()).status).toBe(202);

  await signInAsNewUser(page, tenant.parentId, 'admin');

  await page.getByRole('link', { name: 'Slot policy' }).click();
  await expect(page).toHaveURL(/\/console\/admin\/slot-policy$/);
  await page.getByLabel('Account', { exact: true }).selectOption(String(tenant.parentId));
  const blackout = page.getByLabel('Blackout dates');
  await expect(blackout).toBeEditable();
  // A malformed date is refused at the field and nothing is saved.
  await blackout.fill('23/11/2026');
  await page.getByRole('button', { name: 'Save slot policy' }).click();
  await expect(page.getByTestId('error-slotPolicy.blackoutDates')).toBeVisible();
  expect((await recommend()).status).toBe(202);

  await blackout.fill(DATE);
  await page.getByRole('button', { name: 'Save slot policy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // The next /v1 request sees it.
  const after = await recommend();
  expect(after.status).toBe(400);
  expect(after.body.error?.code).toBe('date_blackout');
});
