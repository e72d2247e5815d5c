/**
 * Every row of the contract's "Booking recommendation search" states table, with booking's clock
 * moved per account through the test clock (the suite's server runs with BOOKING_TEST_CLOCK=true).
 * The processing and failed rows are in failures.test.ts (a server whose travel-time engine hangs).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { accountAuth, createTenant, liveTenant, type Tenant } from '../helpers';
import { expectError, expectJson, get, post } from '../client';
import {
  pollBooking,
  recommend,
  recommendBody,
  seedBookedRoutes,
  type BookingHandle,
  type BookingResult,
} from './fixtures';
import { setBookingClock } from './clock';

describe('booking search states, dedupe and handles', () => {
  let tenant: Tenant;
  let auth: string;
  let branchId: number;
  let clock: { advance(seconds: number): void };

  beforeAll(async () => {
    ({ tenant, auth } = await liveTenant());
    branchId = tenant.branchIds[0]!;
    await seedBookedRoutes(await accountAuth(branchId), '2026-11-23', '-05:00');
    clock = setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
  });

  it('concurrent identical POSTs start one search: every caller gets the same handle (50 at once: failures.test.ts)', async () => {
    const body = recommendBody(branchId, '2026-11-23', { timeframeBucket: 'EVENING' });
    const handles = await Promise.all(
      Array.from({ length: 10 }, async () =>
        expectJson<BookingHandle>(await post('/v1/booking/recommend', body, { auth }), 202),
      ),
    );
    expect(new Set(handles.map((h) => h.jobId)).size).toBe(1);
    expect(new Set(handles.map((h) => h.problemId)).size).toBe(1);
    const result = await expectJson<BookingResult>(await pollBooking(auth, handles[0]!.jobId), 200);
    expect(result.windows.length).toBeGreaterThan(0);
  });

  it('a search that found windows: identical input within 10 minutes gets its handle; after that a new search, and the old result expires', async () => {
    const body = recommendBody(branchId, '2026-11-23', { timeframeBucket: 'MORNING' });
    const first = await recommend(auth, body);
    const result = await expectJson<BookingResult>(await pollBooking(auth, first.jobId), 200);
    expect(result.windows.length).toBeGreaterThan(0);

    // `contact` does not affect the result: same problemId, same handle.
    clock.advance(9 * 60);
    expect(await recommend(auth, { ...body, contact: { email: 'other@example.com', name: 'Someone Else' } })).toEqual(
      first,
    );
    expect(await expectJson<BookingResult>(await get(`/v1/booking/jobs/${first.jobId}`, { auth }), 200)).toEqual(
      result,
    );

    // 10 minutes after completion the result has expired and the dedupe window has passed.
    clock.advance(2 * 60);
    await expectError(await get(`/v1/booking/jobs/${first.jobId}`, { auth }), 404, 'job_not_found', 'jobId');
    const second = await recommend(auth, body);
    expect(second.problemId).toBe(first.problemId);
    expect(second.jobId).not.toBe(first.jobId);
    const rerun = await expectJson<BookingResult>(await pollBooking(auth, second.jobId), 200);
    expect(rerun.windows).toEqual(result.windows);
    expect(Date.parse(rerun.computedAt)).toBeGreaterThan(Date.parse(result.computedAt));
  });

  it('a search that found no window: an identical POST starts a new search under a new, distinct jobId', async () => {
    const body = recommendBody(branchId, '2026-11-23', { deliveryMethod: 'box-truck' });
    const first = await recommend(auth, body);
    expect(await expectJson<BookingResult>(await pollBooking(auth, first.jobId), 200)).toMatchObject({
      status: 'complete',
      windows: [],
      fallback: 'asap',
    });
    const second = await recommend(auth, body);
    expect(second.problemId).toBe(first.problemId);
    expect(second.jobId).not.toBe(first.jobId);
    expect(await expectJson<BookingResult>(await pollBooking(auth, second.jobId), 200)).toMatchObject({
      status: 'complete',
      windows: [],
      fallback: 'asap',
    });
    // The replaced search's handle is gone.
    await expectError(await get(`/v1/booking/jobs/${first.jobId}`, { auth }), 404, 'job_not_found');
  });

  it('live and sandbox never share a handle; sandbox sees no live routes', async () => {
    const body = recommendBody(branchId, '2026-11-23', { timeframeBucket: 'AFTER_8PM' });
    const live = await recommend(auth, body);
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    const sandboxAuth = tenant.basicAuthHeader('sandbox');
    const sandbox = await recommend(sandboxAuth, body);
    expect(sandbox.problemId).not.toBe(live.problemId);
    expect(sandbox.jobId).not.toBe(live.jobId);
    expect(await expectJson<BookingResult>(await pollBooking(sandboxAuth, sandbox.jobId), 200)).toMatchObject({
      status: 'complete',
      windows: [],
      fallback: 'asap',
      fallbackReason: 'no_routes',
    });
    // Each environment polls only its own.
    await expectError(await get(`/v1/booking/jobs/${live.jobId}`, { auth: sandboxAuth }), 404, 'job_not_found');
    await expectError(await get(`/v1/booking/jobs/${sandbox.jobId}`, { auth }), 404, 'job_not_found');
  });

  it('a jobId is pollable only by the account that created it', async () => {
    const handle = await recommend(auth, recommendBody(branchId, '2026-11-23', { timeframeBucket: 'FLEXIBLE' }));
    const stranger = await createTenant();
    await expectError(
      await get(`/v1/booking/jobs/${handle.jobId}`, { auth: stranger.basicAuthHeader('live') }),
      404,
      'job_not_found',
      'jobId',
    );
    await expectError(
      await get('/v1/booking/jobs/00000000-0000-4000-8000-000000000000', { auth }),
      404,
      'job_not_found',
    );
    await expectError(await get('/v1/booking/jobs/not-a-job-id', { auth }), 404, 'job_not_found');
    expect((await pollBooking(auth, handle.jobId)).status).toBe(200);
  });
});
