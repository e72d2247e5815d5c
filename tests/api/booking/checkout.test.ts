/**
 * Booking for checkout (DECISIONS, Booking recommendations): handles, the rate limit per account
 * and environment, freshness after a booking or a settings change, distinct windows, the result
 * fields, every `fallbackReason`, every slot-policy hint, `deliveryMethod`, coordinates and the
 * catalog's default rate card, each through the real server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingTenant, createTenant, setAccountSettings, type Tenant } from '../helpers';
import { pollBooking, recommend, recommendBody, searchResult, seedBookedRoutes, type BookingResult } from './fixtures';
import { expectError, expectJson, get, post, STORE, uniqueId, type Json } from '../client';
import { setBookingClock } from './clock';

async function search(auth: string, body: Json): Promise<{ jobId: string; problemId: string; result: BookingResult }> {
  const { handle, result } = await searchResult(auth, body);
  return { jobId: handle.jobId, problemId: handle.problemId, result: result };
}

const SMALL_CART = {
  items: [{ description: 'Box', dimensionsCm: { height: 40, length: 40, width: 40 }, quantity: 1, weightKg: 150 }],
  orderValueCents: 45_000,
};

describe('booking for checkout', () => {
  let tenant: Tenant;
  let auth: string;
  let branchId: number;
  let seeder: string;

  beforeAll(async () => {
    ({ tenant, auth, branchId, seeder } = await bookingTenant());
    // Two identical routes (two bookings of one van's day): every window of one is a window of the other.
    await seedBookedRoutes(seeder, '2026-11-23', '-05:00');
    await seedBookedRoutes(seeder, '2026-11-23', '-05:00');
  });

  it('202 with Location and Retry-After; the first search of an input has jobId = problemId, branch "0N" is branch N; a re-run gets a new, distinct jobId', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    // No route on the 25th: the search is empty, so an identical one re-runs.
    const body = recommendBody(branchId, '2026-11-25');
    const response = await post('/v1/booking/recommend', body, { auth });
    const first = await expectJson<{ jobId: string; problemId: string; status: string }>(response, 202);
    expect(first.jobId).toBe(first.problemId);
    expect(response.headers.get('location')).toBe(`/v1/booking/jobs/${first.jobId}`);
    expect(response.headers.get('retry-after')).toBe('2');
    const result = await expectJson<BookingResult>(await pollBooking(auth, first.jobId), 200);
    expect(result).toMatchObject({ windows: [], fallback: 'asap', fallbackReason: 'no_routes' });

    // The same input with the branch written "00N" (same problemId) re-runs the empty search under a new, distinct jobId.
    const rerun = await recommend(auth, { ...body, fulfillingBranchId: `00${branchId}` });
    expect(rerun.problemId).toBe(first.problemId);
    expect(rerun.jobId).not.toBe(first.jobId);
    expect(rerun.jobId).not.toBe(rerun.problemId);
    expect((await pollBooking(auth, rerun.jobId)).status).toBe(200);
    await expectError(await get(`/v1/booking/jobs/${first.jobId}`, { auth }), 404, 'job_not_found');
  });

  it('windows identical in start, end and price are returned once, sorted; the result carries timeZone, date, timeframeBucket and computedAt', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const { timeframeBucket: _bucket, ...body } = recommendBody(branchId, '2026-11-23');
    const { jobId, result } = await search(auth, body);
    expect(result.windows.length).toBeGreaterThan(0);
    // A search that found windows answers the same input with the branch written "0N".
    expect((await recommend(auth, { ...body, fulfillingBranchId: `0${branchId}` })).jobId).toBe(jobId);
    const keys = result.windows.map(
      (w) => `${w.deliveryWindowStart}|${w.deliveryWindowEnd}|${JSON.stringify(w.price)}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    // Both routes are idle from noon on (the vans deliver 09:00-11:00): the same window in each afternoon hour, returned once.
    expect(result.windows.filter((w) => w.deliveryWindowEnd === '2026-11-23T13:00:00-05:00')).toEqual([
      {
        deliveryWindowStart: '2026-11-23T12:00:00-05:00',
        deliveryWindowEnd: '2026-11-23T13:00:00-05:00',
        price: result.windows[0]!.price,
      },
    ]);
    const starts = result.windows.map((w) => Date.parse(w.deliveryWindowStart));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(result.windows.map((w) => w.deliveryWindowEnd)).toContain('2026-11-23T13:00:00-05:00');
    expect(result.timeZone).toBe('America/New_York');
    expect(result.date).toBe('2026-11-23');
    // No bucket in the request: the policy's default.
    expect(result.timeframeBucket).toBe('FLEXIBLE');
    const computedAt = Date.parse(result.computedAt);
    expect(result.computedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(computedAt).toBeGreaterThanOrEqual(Date.parse('2026-11-22T10:00:00-05:00'));
    expect(computedAt).toBeLessThan(Date.parse('2026-11-22T10:05:00-05:00'));
    // Without stored booking settings the model is pass_through, priced by the catalog's default card.
    expect(result.windows[0]!.price).toMatchObject({ model: 'pass_through', currency: 'usd', billedToAccount: false });
    expect(result.windows[0]!.price!.amountCents).toBeGreaterThan(999);
  });

  it('fallbackReason: no_routes, cart_exceeds_vehicle_capacity, no_hours_left, no_feasible_insertion', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const noRoutes = await search(auth, recommendBody(branchId, '2026-11-24'));
    expect(noRoutes.result).toMatchObject({ windows: [], fallback: 'asap', fallbackReason: 'no_routes' });
    // A box truck's route on the 23rd does not exist either: the delivery method filters the routes.
    expect(
      (await search(auth, recommendBody(branchId, '2026-11-23', { deliveryMethod: 'box-truck' }))).result
        .fallbackReason,
    ).toBe('no_routes');

    const heavy = {
      items: [
        { description: 'Safe', dimensionsCm: { height: 100, length: 100, width: 100 }, quantity: 2, weightKg: 1000 },
      ],
      orderValueCents: 1,
    };
    const tooBig = await search(auth, recommendBody(branchId, '2026-11-23', { cart: heavy }));
    expect(tooBig.result).toMatchObject({
      windows: [],
      fallback: 'asap',
      fallbackReason: 'cart_exceeds_vehicle_capacity',
    });

    // 11:30 on the day with the 60 minute default lead time: MORNING (08-12) has no hour left, the day does.
    setBookingClock(tenant.parentId, '2026-11-23T11:30:00-05:00');
    const late = await search(auth, recommendBody(branchId, '2026-11-23', { timeframeBucket: 'MORNING' }));
    expect(late.result).toMatchObject({
      windows: [],
      fallback: 'asap',
      fallbackReason: 'no_hours_left',
      timeframeBucket: 'MORNING',
    });

    // A destination 4,000 km away (given by coordinates, not geocoded): routes exist, none can reach it.
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const losAngeles = {
      addressLine1: '200 N Spring St',
      city: 'Los Angeles',
      state: 'CA',
      postalCode: '90012',
      latitude: '34.0537',
      longitude: '-118.2428',
    };
    const far = await search(auth, recommendBody(branchId, '2026-11-23', { destination: losAngeles }));
    expect(far.result).toMatchObject({
      windows: [],
      fallback: 'asap',
      fallbackReason: 'no_feasible_insertion',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('slot-policy errors say what would work; a bucket never offered is refused before the lead time', async () => {
    const call = (body: Json) => post('/v1/booking/recommend', body, { auth });
    await setAccountSettings(tenant.parentId, {
      slotPolicy: {
        horizonDays: 7,
        blackoutDates: ['2026-11-26', '2026-11-27'],
        leadTimeMinutes: 120,
        sameDayCutoff: '09:00',
        availableBuckets: ['MORNING', 'AFTERNOON', 'FLEXIBLE'],
      },
    });
    try {
      setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
      // Per refusal: the requested date (and bucket), the code, the field named, and what would work instead.
      const refusals: [string, Json, string, string, Json][] = [
        ['2026-11-30', {}, 'date_out_of_range', 'date', { earliestDate: '2026-11-22', latestDate: '2026-11-29' }],
        ['2026-11-26', {}, 'date_blackout', 'date', { nextDate: '2026-11-28' }],
        ['2026-11-22', {}, 'same_day_cutoff_passed', 'date', { nextDate: '2026-11-23' }],
        [
          '2026-11-23',
          { timeframeBucket: 'EVENING' },
          'timeframe_bucket_not_available',
          'timeframeBucket',
          { availableBuckets: ['MORNING', 'AFTERNOON', 'FLEXIBLE'] },
        ],
      ];
      for (const [date, overrides, code, param, instead] of refusals) {
        const refused = await expectError(await call(recommendBody(branchId, date, overrides)), 400, code, param);
        expect(refused, code).toMatchObject(instead);
      }

      await setAccountSettings(tenant.parentId, {
        slotPolicy: { leadTimeMinutes: 120, availableBuckets: ['MORNING', 'AFTERNOON', 'FLEXIBLE'] },
      });
      // 21:30 + 2 h is past 23:00, the end of the last available hour that day.
      setBookingClock(tenant.parentId, '2026-11-22T21:30:00-05:00');
      const lead = await expectError(
        await call(recommendBody(branchId, '2026-11-22')),
        400,
        'lead_time_not_met',
        'date',
      );
      expect((lead as unknown as { earliestStart: string }).earliestStart).toMatch(/^2026-11-22T23:30:0\d-05:00$/);
      await expectError(
        await call(recommendBody(branchId, '2026-11-22', { timeframeBucket: 'EVENING' })),
        400,
        'timeframe_bucket_not_available',
        'timeframeBucket',
      );
    } finally {
      await setAccountSettings(tenant.parentId, { slotPolicy: null });
    }
  });

  it('deliveryMethod must be a catalog vehicle type or one the account maps; coordinates on the destination and the origin skip geocoding', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const call = (body: Json) => post('/v1/booking/recommend', body, { auth });
    await expectError(
      await call(recommendBody(branchId, '2026-11-23', { deliveryMethod: 'hovercraft' })),
      400,
      'invalid_input',
      'deliveryMethod',
    );
    await setAccountSettings(tenant.parentId, {
      optimization: { vehicleMaps: [['house-van', { vehicleType: 'cargo-van' }]] },
    });
    try {
      // The mapped name searches the routes of the type it maps to.
      const mapped = await search(auth, recommendBody(branchId, '2026-11-23', { deliveryMethod: 'house-van' }));
      expect(mapped.result.windows.length).toBeGreaterThan(0);
    } finally {
      await setAccountSettings(tenant.parentId, { optimization: null });
    }

    const destination = { addressLine1: '350 5th Ave', city: 'New York', postalCode: '10118', state: 'NY' };
    await expectError(
      await call(
        recommendBody(branchId, '2026-11-23', {
          destination: { ...destination, latitude: 'north', longitude: '-73.98' },
        }),
      ),
      400,
      'invalid_input',
      'destination.latitude',
    );
    await expectError(
      await call(recommendBody(branchId, '2026-11-23', { destination: { ...destination, latitude: '40.7484' } })),
      400,
      'invalid_input',
      'destination.longitude',
    );
    const located = await search(
      auth,
      recommendBody(branchId, '2026-11-23', {
        destination: { ...destination, latitude: '40.7484', longitude: '-73.9857' },
        origin: { latitude: STORE.latitude, longitude: STORE.longitude },
      }),
    );
    expect(located.result.windows.length).toBeGreaterThan(0);
  });
});

describe('booking freshness: a search is reused only while its routes and settings are unchanged', () => {
  let tenant: Tenant;
  let auth: string;
  let branchId: number;
  let seeder: string;

  beforeAll(async () => {
    ({ tenant, auth, branchId, seeder } = await bookingTenant({
      parentSettings: {
        booking: {
          pricing: { model: 'markup', markupPercent: 15 },
          rateCards: { car: { baseFeeCents: 700, perMileCents: 100, perMinuteCents: 20 } },
        },
      },
    }));
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
  });

  it('book on a branch and date, search, book one more order that takes a window: the next identical search re-runs and that window is gone', async () => {
    // One car (500 lb) with three 20 lb orders delivered 09:00-11:00.
    const booked = await expectJson<{ itineraries: { id: number }[] }>(
      await post(
        '/v1/routing/book',
        {
          problemId: uniqueId('fresh-seed'),
          mode: 'createItinerary',
          orders: ['11101', '11238', '10003'].map((zip, i) => ({
            externalId: `seed-${i + 1}`,
            pickupAddress: STORE,
            dropoffAddress: { addressLine1: `${i + 1} Main St`, city: 'City', state: 'NY', postalCode: zip },
            dropoffWindowOpen: '2026-11-23T09:00:00-05:00',
            dropoffWindowClose: '2026-11-23T11:00:00-05:00',
            payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
          })),
          fleet: [
            {
              driverExternalId: uniqueId('driver'),
              vehicleExternalId: uniqueId('car'),
              vehicleType: 'car',
              scheduledStart: '2026-11-23T08:00:00-05:00',
              startAddress: STORE,
            },
          ],
          options: { solverTimeLimitSeconds: 0.5 },
        },
        { auth: seeder },
      ),
      200,
    );
    const route = booked.itineraries[0]!;
    // A 150 kg (331 lb) cart fits the car all afternoon.
    const body = recommendBody(branchId, '2026-11-23', { deliveryMethod: 'car', cart: SMALL_CART });
    const first = await search(auth, body);
    const noonWindow = first.result.windows.find((w) => w.deliveryWindowEnd === '2026-11-23T13:00:00-05:00');
    expect(noonWindow).toBeDefined();
    // Within the dedupe window and nothing changed: the same search answers.
    expect((await recommend(auth, body)).jobId).toBe(first.jobId);

    // One more order on that car: 300 lb, picked up at the store by 11:00, delivered 16:00-17:00.
    // Until it is delivered the car has 140 lb of room, too little for the cart.
    await expectJson(
      await post(
        '/v1/routing/book',
        {
          problemId: uniqueId('fresh-more'),
          mode: 'updateItinerary',
          targetItineraryIds: [route.id],
          orders: [
            {
              externalId: 'late-heavy',
              pickupAddress: STORE,
              dropoffAddress: { addressLine1: '9 Main St', city: 'City', state: 'NY', postalCode: '11238' },
              pickupWindowOpen: '2026-11-23T08:00:00-05:00',
              pickupWindowClose: '2026-11-23T11:00:00-05:00',
              dropoffWindowOpen: '2026-11-23T16:00:00-05:00',
              dropoffWindowClose: '2026-11-23T17:00:00-05:00',
              payloadItems: [{ description: 'crate', height: 12, length: 12, width: 12, weight: 300, quantity: 1 }],
            },
          ],
          options: { solverTimeLimitSeconds: 0.5 },
        },
        { auth: seeder },
      ),
      200,
    );
    const second = await search(auth, body);
    expect(second.problemId).toBe(first.problemId);
    expect(second.jobId).not.toBe(first.jobId);
    expect(second.result.windows).not.toContainEqual(noonWindow);
    expect(second.result.windows.map((w) => w.deliveryWindowEnd)).not.toContain('2026-11-23T13:00:00-05:00');
    expect(Date.parse(second.result.computedAt)).toBeGreaterThan(Date.parse(first.result.computedAt));
  });

  it('a settings change (markup -> free_over) makes the next identical search run anew with the new price', async () => {
    await seedBookedRoutes(seeder, '2026-11-24', '-05:00', { vehicleType: 'car' });
    const body = recommendBody(branchId, '2026-11-24', { deliveryMethod: 'car', cart: SMALL_CART });
    const first = await search(auth, body);
    expect(first.result.windows.length).toBeGreaterThan(0);
    expect(first.result.windows[0]!.price).toMatchObject({ model: 'markup' });
    expect((await recommend(auth, body)).jobId).toBe(first.jobId);

    await setAccountSettings(tenant.parentId, {
      booking: {
        pricing: { model: 'free_over', freeOverCents: 10_000 },
        rateCards: { car: { baseFeeCents: 700, perMileCents: 100, perMinuteCents: 20 } },
      },
    });
    const second = await search(auth, body);
    expect(second.jobId).not.toBe(first.jobId);
    expect(second.result.windows.length).toBeGreaterThan(0);
    for (const w of second.result.windows)
      expect(w.price).toEqual({ amountCents: 0, currency: 'usd', model: 'free_over', billedToAccount: false });
  });
});

describe('booking rate limit per account and environment', () => {
  it('only requests that pass validation spend it, and a sandbox burst never throttles live', async () => {
    const tenant = await createTenant();
    const branchId = tenant.branchIds[0]!;
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const live = tenant.basicAuthHeader('live');
    const sandbox = tenant.basicAuthHeader('sandbox');
    // 30 refused requests (more than the burst of 20) leave the bucket full.
    const invalid = await Promise.all(
      Array.from({ length: 30 }, () =>
        post('/v1/booking/recommend', recommendBody(branchId, '2026-11-23', { deliveryMethod: 'hovercraft' }), {
          auth: live,
        }),
      ),
    );
    expect(invalid.map((r) => r.status)).toEqual(Array(30).fill(400));
    const afterInvalid = await Promise.all(
      Array.from({ length: 15 }, () =>
        post('/v1/booking/recommend', recommendBody(branchId, '2026-11-23'), { auth: live }),
      ),
    );
    expect(afterInvalid.map((r) => r.status)).toEqual(Array(15).fill(202));

    const burst = await Promise.all(
      Array.from({ length: 40 }, () =>
        post('/v1/booking/recommend', recommendBody(branchId, '2026-11-24'), { auth: sandbox }),
      ),
    );
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    await expectError(
      burst.find((r) => r.status === 429)!,
      429,
      'rate_limited',
    );
    const liveAfterBurst = await post('/v1/booking/recommend', recommendBody(branchId, '2026-11-24'), { auth: live });
    expect(liveAfterBurst.status).toBe(202);
  });
});
