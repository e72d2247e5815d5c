import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { baseUrl, createTenant } from '../tests/api/helpers';
import { signInAsNewUser } from './console-session';

/** The documented plan example (docs/examples/same-day-plan.json): six orders, two vans, 2026-11-23. */
const samePlan = JSON.parse(readFileSync(new URL('../docs/examples/same-day-plan.json', import.meta.url), 'utf8')) as {
  problemId: string;
  orders: Record<string, unknown>[];
  fleet: Record<string, unknown>[];
};

test('a dispatcher books a plan, an update over /v1 adds one order, and the update’s job page shows what changed per vehicle', async ({
  page,
}) => {
  const tenant = await createTenant();
  const auth = tenant.basicAuthHeader('live');
  const v1 = (path: string, body?: unknown) =>
    fetch(`${baseUrl()}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', prefer: 'wait=60' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  // Plan over /v1, book it from the console.
  const planned = await v1('/v1/routing/plan', { ...samePlan, problemId: 'replan-day' });
  expect(planned.status).toBe(200);
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await page.goto('/console/jobs');
  await page.getByRole('link', { name: 'replan-day' }).click();
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Book this plan (live)' }).click();
  await page
    .getByTestId('book-dialog')
    .getByRole('button', { name: /^Book \d+ vans? \(live\)$/ })
    .click();
  await expect(page.getByTestId('job-meta')).toContainText('book', { timeout: 60_000 });
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  // A booking of new itineraries has nothing to compare with.
  await expect(page.getByRole('heading', { name: 'Changes per vehicle' })).toHaveCount(0);

  // One more order for the booked tours, over /v1.
  const listed = (await (await v1('/v1/itineraries?date=2026-11-23')).json()) as { itineraries: { id: number }[] };
  expect(listed.itineraries.length).toBeGreaterThan(0);
  const extra = {
    ...samePlan.orders[0],
    externalId: 'SO-LATE',
    dropoffAddress: { addressLine1: '30-30 Thomson Ave', city: 'Long Island City', state: 'NY', postalCode: '11101' },
  };
  const update = { mode: 'updateItinerary', targetItineraryIds: listed.itineraries.map((i) => i.id), orders: [extra] };

  // Previewed on /plan first: the job page shows the same changes and says nothing was written.
  expect((await v1('/v1/routing/plan', { ...update, problemId: 'replan-preview' })).status).toBe(200);
  await page.goto('/console/jobs');
  await page.getByRole('link', { name: 'replan-preview' }).click();
  await expect(page.getByText('Preview of an update')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('itinerary-changes-row')).toHaveCount(listed.itineraries.length);
  await expect(page.getByRole('button', { name: /Book this plan/ })).toHaveCount(0);
  // Nor can the console book it as new itineraries behind the page's back.
  const previewId = page.url().split('/').pop()!;
  const booking = await page.request.post('/api/trpc/routingJobs.book', { data: { json: { jobId: previewId } } });
  expect(booking.status()).toBe(400);
  expect(await booking.text()).toContain('preview of an update');

  const updated = await v1('/v1/routing/book', { ...update, problemId: 'replan-late-order' });
  expect(updated.status).toBe(200);

  // The update's job page: one row per vehicle, the new order added to exactly one of them.
  await page.goto('/console/jobs');
  await page.getByRole('link', { name: 'replan-late-order' }).click();
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Changes per vehicle' })).toBeVisible();
  const rows = page.getByTestId('itinerary-changes-row');
  await expect(rows).toHaveCount(listed.itineraries.length);
  await expect(rows.filter({ has: page.getByTestId('changes-added').filter({ hasText: 'SO-LATE' }) })).toHaveCount(1);
  await expect(rows.first().getByTestId('changes-shift')).toHaveText(/\d+ (s|min \d\d s)$/);
});
