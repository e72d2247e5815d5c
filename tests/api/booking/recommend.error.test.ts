/** Every error code of the contract's booking error table that a request can cause, in the order they are checked. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, liveTenant, setAccountSettings, type Tenant } from '../helpers';
import { expectError, expectRefused, post, type Json } from '../client';
import { recommendBody } from './fixtures';
import { setBookingClock } from './clock';

describe('POST /v1/booking/recommend errors', () => {
  let tenant: Tenant;
  let auth: string;
  let branchId: number;
  const call = (body: unknown) => post('/v1/booking/recommend', body, { auth });
  const refused = (body: unknown, code: string, param?: string) =>
    expectRefused('/v1/booking/recommend', body, auth, code, param);

  beforeAll(async () => {
    ({ tenant, auth } = await liveTenant({
      branches: [
        {
          name: 'Located',
          location: { addressLine1: '55 Water St', city: 'Brooklyn', state: 'NY', postalCode: '11201' },
        },
        { name: 'Nowhere' },
      ],
    }));
    branchId = tenant.branchIds[0]!;
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
  });

  it('400 invalid_input names the field: unknown fields, the cart limit, non-positive or infinite sizes, a date that does not exist', async () => {
    await refused({ ...recommendBody(branchId, '2026-11-23'), cartt: {} }, 'invalid_input', 'cartt');
    const body = recommendBody(branchId, '2026-11-23');
    const item = (body.cart as { items: Json[] }).items[0]!;
    await refused(
      { ...body, cart: { items: [{ ...item, colour: 'red' }], orderValueCents: 1 } },
      'invalid_input',
      'cart.items[0].colour',
    );
    const tooMany = await refused(
      { ...body, cart: { items: Array(101).fill(item), orderValueCents: 1 } },
      'invalid_input',
      'cart.items',
    );
    expect(tooMany.message).toMatch(/100/);
    await refused(
      { ...body, cart: { items: [{ ...item, weightKg: 0 }], orderValueCents: 1 } },
      'invalid_input',
      'cart.items[0].weightKg',
    );
    await refused(
      {
        ...body,
        cart: { items: [{ ...item, dimensionsCm: { height: -1, length: 1, width: 1 } }], orderValueCents: 1 },
      },
      'invalid_input',
      'cart.items[0].dimensionsCm.height',
    );
    // JSON has no Infinity, but 1e400 parses to it.
    const infinite = JSON.stringify({
      ...body,
      cart: { items: [{ ...item, weightKg: 7 }], orderValueCents: 1 },
    }).replace('"weightKg":7', '"weightKg":1e400');
    await refused(infinite, 'invalid_input', 'cart.items[0].weightKg');
    await refused({ ...body, date: '2026-02-30' }, 'invalid_input', 'date');
    await refused({ ...body, timeframeBucket: 'NIGHT' }, 'invalid_input', 'timeframeBucket');
    const { destination: _d, ...noDestination } = body;
    await refused(noDestination, 'invalid_input', 'destination');
  });

  it('400 branch_not_found and 403 branch_out_of_scope', async () => {
    await refused(recommendBody(2_000_000_000, '2026-11-23'), 'branch_not_found', 'fulfillingBranchId');
    await refused(
      { ...recommendBody(branchId, '2026-11-23'), fulfillingBranchId: 'main-street' },
      'branch_not_found',
      'fulfillingBranchId',
    );
    const other = await createTenant();
    await expectError(
      await call(recommendBody(other.branchIds[0]!, '2026-11-23')),
      403,
      'branch_out_of_scope',
      'fulfillingBranchId',
    );
  });

  it('400 origin_unresolved: no origin, no pickup override, no branch location; a pickup override then resolves it', async () => {
    const nowhere = tenant.branchIds[1]!;
    await refused(recommendBody(nowhere, '2026-11-23'), 'origin_unresolved', 'origin');
    await refused(
      recommendBody(nowhere, '2026-11-23', {
        origin: { addressLine1: '1 Main St', city: 'X', state: 'NY', postalCode: '00000' },
      }),
      'origin_unresolved',
      'origin',
    );
    await setAccountSettings(tenant.parentId, { pickupOverride: { postalCode: '11201' } });
    expect((await call(recommendBody(nowhere, '2026-11-23'))).status).toBe(202);
    await setAccountSettings(tenant.parentId, { pickupOverride: null });
  });

  it('400 timezone_not_found for a destination postal code without a known zone', async () => {
    await refused(
      recommendBody(branchId, '2026-11-23', {
        destination: { addressLine1: '1 Main St', city: 'Nowhere', postalCode: '00000', state: 'NY' },
      }),
      'timezone_not_found',
      'destination.postalCode',
    );
  });

  it('slot policy, in the destination local time: date_out_of_range, date_blackout, lead_time_not_met, same_day_cutoff_passed, timeframe_bucket_not_available', async () => {
    await setAccountSettings(tenant.parentId, {
      slotPolicy: {
        horizonDays: 7,
        blackoutDates: ['2026-11-26'],
        leadTimeMinutes: 120,
        sameDayCutoff: '09:00',
        availableBuckets: ['MORNING', 'AFTERNOON', 'FLEXIBLE'],
      },
    });
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    await refused(recommendBody(branchId, '2026-11-21'), 'date_out_of_range', 'date');
    await refused(recommendBody(branchId, '2026-11-30'), 'date_out_of_range', 'date');
    await refused(recommendBody(branchId, '2026-11-26'), 'date_blackout', 'date');
    await refused(recommendBody(branchId, '2026-11-22'), 'same_day_cutoff_passed', 'date');
    // 22:00 + 120 minutes is past the end of the last available hour that day (FLEXIBLE, 23:00).
    setBookingClock(tenant.parentId, '2026-11-22T22:00:00-05:00');
    await refused(recommendBody(branchId, '2026-11-22', { timeframeBucket: 'MORNING' }), 'lead_time_not_met', 'date');
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    await refused(
      recommendBody(branchId, '2026-11-23', { timeframeBucket: 'EVENING' }),
      'timeframe_bucket_not_available',
      'timeframeBucket',
    );
    // Before the cutoff the same day is bookable.
    setBookingClock(tenant.parentId, '2026-11-22T08:30:00-05:00');
    expect((await call(recommendBody(branchId, '2026-11-22'))).status).toBe(202);
    await setAccountSettings(tenant.parentId, { slotPolicy: null });
  });

  it('429 with Retry-After and retryAfterSeconds once the account has used its burst', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, () => call(recommendBody(branchId, '2026-11-24'))));
    const limited = responses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(responses.filter((r) => r.status === 202).length).toBeGreaterThanOrEqual(10);
    const error = await expectError(limited[0]!, 429, 'rate_limited');
    expect(error.type).toBe('rate_limit_error');
    const retryAfter = Number(limited[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect((error as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBe(retryAfter);
    // Another account has its own bucket.
    const other = await createTenant();
    setBookingClock(other.parentId, '2026-11-22T10:00:00-05:00');
    expect(
      (
        await post('/v1/booking/recommend', recommendBody(other.branchIds[0]!, '2026-11-24'), {
          auth: other.basicAuthHeader('live'),
        })
      ).status,
    ).toBe(202);
  });
});
