import { beforeAll, describe, expect, it } from 'vitest';
import { accountAuth, bookingTenant, createTenant, type Tenant } from '../helpers';
import { get } from '../client';
import {
  recommend,
  recommendBody,
  searchResult,
  seedBookedRoutes,
  type BookingResult,
  type BookingWindow,
} from './fixtures';
import { setBookingClock } from './clock';

const RATE_CARDS = { 'cargo-van': { baseFeeCents: 900, perMileCents: 150, perMinuteCents: 20 } };

function expectHourly(windows: BookingWindow[], offset: string) {
  for (const w of windows) {
    expect(w.deliveryWindowStart.endsWith(offset), w.deliveryWindowStart).toBe(true);
    expect(w.deliveryWindowEnd).toMatch(new RegExp(`T\\d\\d:00:00${offset.replace('+', '\\+')}$`));
    const span = Date.parse(w.deliveryWindowEnd) - Date.parse(w.deliveryWindowStart);
    expect(span).toBeGreaterThan(0);
    expect(span).toBeLessThanOrEqual(3_600_000);
  }
  for (let i = 1; i < windows.length; i++) {
    const [a, b] = [windows[i - 1]!, windows[i]!];
    const order =
      Date.parse(a.deliveryWindowStart) - Date.parse(b.deliveryWindowStart) ||
      Date.parse(a.deliveryWindowEnd) - Date.parse(b.deliveryWindowEnd);
    expect(order).toBeLessThanOrEqual(0);
  }
}

describe('POST /v1/booking/recommend and GET /v1/booking/jobs/{jobId}: windows that fit booked routes', () => {
  let tenant: Tenant;
  let auth: string;
  let branchId: number;
  let routesOn23: number;

  beforeAll(async () => {
    let seeder: string;
    ({ tenant, auth, branchId, seeder } = await bookingTenant({
      parentSettings: { booking: { pricing: { model: 'markup', markupPercent: 15 }, rateCards: RATE_CARDS } },
    }));
    routesOn23 = await seedBookedRoutes(seeder, '2026-11-23', '-05:00', { vehicles: 2 });
    await seedBookedRoutes(seeder, '2026-03-08', '-04:00');
    await seedBookedRoutes(seeder, '2026-11-01', '-05:00');
  });

  it('202 handle, then 200 with hourly windows in the destination offset, chronological, one price for all', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const { handle, result } = await searchResult(auth, recommendBody(branchId, '2026-11-23'));
    expect(handle.jobId).toEqual(expect.any(String));
    expect(result.status).toBe('complete');
    expect(result.fallback).toBeUndefined();
    // Every booked van has room all afternoon: a window in every hour, and windows of several vans
    // that are identical (start, end, price) once.
    expect(routesOn23).toBeGreaterThan(0);
    expect(new Set(result.windows.map((w) => w.deliveryWindowEnd)).size).toBe(5);
    expect(new Set(result.windows.map((w) => `${w.deliveryWindowStart}|${w.deliveryWindowEnd}`)).size).toBe(
      result.windows.length,
    );
    expect(result.windows.length).toBeLessThanOrEqual(5 * routesOn23);
    expectHourly(result.windows, '-05:00');
    expect(result.windows.map((w) => w.deliveryWindowEnd)).toContain('2026-11-23T13:00:00-05:00');
    const price = result.windows[0]!.price!;
    expect(price).toMatchObject({ currency: 'usd', model: 'markup', billedToAccount: false });
    // At least the base fee with the 15 % markup.
    expect(price.amountCents).toBeGreaterThanOrEqual(Math.round(900 * 1.15));
    for (const w of result.windows) expect(w.price).toEqual(price);
  });

  it('Prefer: wait=N on the poll answers 200 once the search is done, in one request; the wait is capped at 30 s and echoed', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const handle = await recommend(
      auth,
      recommendBody(branchId, '2026-11-23', {
        timeframeBucket: 'EVENING',
        cart: {
          items: [
            { description: 'Lamp', dimensionsCm: { height: 60, length: 30, width: 30 }, quantity: 1, weightKg: 4 },
          ],
          orderValueCents: 9_900,
        },
      }),
    );
    const waited = await get(`/v1/booking/jobs/${handle.jobId}`, { auth, headers: { prefer: 'wait=20' } });
    expect(waited.status).toBe(200);
    expect(waited.headers.get('preference-applied')).toBe('wait=20');
    const body = (await waited.json()) as BookingResult;
    expect(body.status).toBe('complete');
    // A finished search answers at once; a wait beyond the cap is cut to 30 s; without Prefer nothing is echoed.
    const capped = await get(`/v1/booking/jobs/${handle.jobId}`, { auth, headers: { prefer: 'wait=500' } });
    expect(capped.headers.get('preference-applied')).toBe('wait=30');
    expect(await capped.json()).toEqual(body);
    const plain = await get(`/v1/booking/jobs/${handle.jobId}`, { auth });
    expect(plain.headers.get('preference-applied')).toBeNull();
    expect(await plain.json()).toEqual(body);
  });

  it('no route of the requested vehicle type that day: empty windows, fallback "asap", fallbackReason no_routes', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const { result } = await searchResult(auth, recommendBody(branchId, '2026-11-23', { deliveryMethod: 'box-truck' }));
    expect(result).toMatchObject({ status: 'complete', windows: [], fallback: 'asap', fallbackReason: 'no_routes' });
  });

  it('a cart heavier than a van carries gets no window', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const heavy = {
      items: [
        { description: 'Safe', dimensionsCm: { height: 100, length: 100, width: 100 }, quantity: 2, weightKg: 1000 },
      ],
      orderValueCents: 1,
    };
    const { result } = await searchResult(auth, recommendBody(branchId, '2026-11-23', { cart: heavy }));
    expect(result).toMatchObject({
      status: 'complete',
      windows: [],
      fallback: 'asap',
      fallbackReason: 'cart_exceeds_vehicle_capacity',
    });
  });

  it('the lead time cuts the hours before it (same-day search at 13:10 with the 60 minute default)', async () => {
    setBookingClock(tenant.parentId, '2026-11-23T13:10:00-05:00');
    const { result } = await searchResult(auth, recommendBody(branchId, '2026-11-23'));
    expect(result.windows.length).toBeGreaterThan(0);
    for (const w of result.windows)
      expect(Date.parse(w.deliveryWindowStart)).toBeGreaterThanOrEqual(Date.parse('2026-11-23T14:10:00-05:00'));
    // The clock runs on from 13:10:00 while the request travels: the first start is 14:10 and a few seconds at most.
    expect(result.windows[0]!.deliveryWindowStart).toMatch(/^2026-11-23T14:10:0\d-05:00$/);
  });

  it('spring-forward day 2026-03-08: windows carry -04:00', async () => {
    setBookingClock(tenant.parentId, '2026-03-07T10:00:00-05:00');
    const { result } = await searchResult(auth, recommendBody(branchId, '2026-03-08'));
    expect(result.windows).toHaveLength(5);
    expectHourly(result.windows, '-04:00');
    expect(result.windows[0]!.deliveryWindowStart).toBe('2026-03-08T12:00:00-04:00');
  });

  it('fall-back day 2026-11-01: windows carry -05:00', async () => {
    setBookingClock(tenant.parentId, '2026-10-31T10:00:00-04:00');
    const { result } = await searchResult(auth, recommendBody(branchId, '2026-11-01', { timeframeBucket: 'MORNING' }));
    // The booked van is busy delivering 09:00-11:00 but has room; every morning hour fits.
    expect(result.windows.length).toBeGreaterThan(0);
    expectHourly(result.windows, '-05:00');
  });

  it("a destination in another time zone than the branch: windows in the destination offset; without settings, pass_through at the catalog's default card", async () => {
    const chattanooga = {
      addressLine1: '1 Broad St',
      city: 'Chattanooga',
      state: 'TN',
      postalCode: '37402',
      latitude: 35.0463,
      longitude: -85.3161,
    };
    const other = await createTenant({ branches: [{ name: 'Chattanooga', location: chattanooga }] });
    const otherBranch = other.branchIds[0]!;
    const store = { ...chattanooga, latitude: String(chattanooga.latitude), longitude: String(chattanooga.longitude) };
    await seedBookedRoutes(await accountAuth(otherBranch), '2026-11-23', '-05:00', {
      store,
      dropoffZips: ['37402', '37403', '37404'],
    });
    setBookingClock(other.parentId, '2026-11-22T10:00:00-06:00');
    const jasper = { addressLine1: '1 Main St', city: 'Jasper', postalCode: '37347', state: 'TN' };
    const { result } = await searchResult(
      other.basicAuthHeader('live'),
      recommendBody(otherBranch, '2026-11-23', { destination: jasper }),
    );
    // AFTERNOON is 12:00-17:00 in Jasper (Central), 13:00-18:00 for the Eastern van whose shift ends 18:00.
    expect(result.windows.length).toBeGreaterThan(0);
    expectHourly(result.windows, '-06:00');
    expect(result.windows[0]!.deliveryWindowStart.startsWith('2026-11-23T12:')).toBe(true);
    for (const w of result.windows)
      expect(w.price).toMatchObject({ model: 'pass_through', currency: 'usd', billedToAccount: false });
  });

  it('an origin in the request (with coordinates) replaces the branch location', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const origin = {
      addressLine1: '30-30 Thomson Ave',
      city: 'Long Island City',
      postalCode: '11101',
      state: 'NY',
      latitude: '40.7447',
      longitude: '-73.9366',
    };
    const { result } = await searchResult(auth, recommendBody(branchId, '2026-11-23', { origin }));
    expect(result.windows.length).toBeGreaterThan(0);
  });
});
