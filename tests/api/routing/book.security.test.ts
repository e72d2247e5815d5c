import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../helpers';
import { type BookBody, expectError, expectJson, expectRefused, get, type Json, post, smallPlan } from '../client';

describe('POST /v1/routing/book: security', () => {
  let tenant: Tenant;
  let other: Tenant;
  let liveItineraryId: number;
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    const booked = await expectJson<BookBody>(
      await post(
        '/v1/routing/book',
        { ...smallPlan(), mode: 'createItinerary' },
        { auth: tenant.basicAuthHeader('live') },
      ),
      200,
    );
    liveItineraryId = booked.itineraries[0]!.id;
  });

  it('401 unauthenticated without valid credentials', async () => {
    await expectError(
      await post('/v1/routing/book', { ...smallPlan(), mode: 'createItinerary' }),
      401,
      'unauthenticated',
    );
  });

  it('403 account_mismatch when booking for another account', async () => {
    const body = { ...smallPlan(), mode: 'createItinerary', accountId: other.parentId };
    await expectError(
      await post('/v1/routing/book', body, { auth: tenant.basicAuthHeader('live') }),
      403,
      'account_mismatch',
      'accountId',
    );
  });

  it("cannot update another account's or the other environment's itinerary: it reads as unknown", async () => {
    const { fleet: _fleet, ...plan } = smallPlan();
    const update = { ...plan, mode: 'updateItinerary', targetItineraryIds: [liveItineraryId] };
    const unknown = await expectError(
      await post(
        '/v1/routing/book',
        { ...update, targetItineraryIds: [2147480001] },
        { auth: tenant.basicAuthHeader('live') },
      ),
      400,
      'invalid_routing_input',
      'targetItineraryIds',
    );
    for (const auth of [other.basicAuthHeader('live'), tenant.basicAuthHeader('sandbox')]) {
      const error = await expectRefused(
        '/v1/routing/book',
        update,
        auth,
        'invalid_routing_input',
        'targetItineraryIds',
      );
      expect(error.message.replace(String(liveItineraryId), 'ID')).toBe(unknown.message.replace('2147480001', 'ID'));
    }
  });

  it('writes sandbox bookings into the sandbox only', async () => {
    const body: Json = { ...smallPlan({ date: '2026-11-26' }), mode: 'createItinerary' };
    const booked = await expectJson<BookBody>(
      await post('/v1/routing/book', body, { auth: tenant.basicAuthHeader('sandbox') }),
      200,
    );
    expect(booked.itineraries[0]!.environment).toBe('sandbox');
    const live = await expectJson<{ itineraries: unknown[] }>(
      await get('/v1/itineraries?date=2026-11-26', { auth: tenant.basicAuthHeader('live') }),
      200,
    );
    expect(live.itineraries).toEqual([]);
    const sandbox = await expectJson<{ itineraries: { id: number }[] }>(
      await get('/v1/itineraries?date=2026-11-26', { auth: tenant.basicAuthHeader('sandbox') }),
      200,
    );
    expect(sandbox.itineraries.map((i) => i.id)).toEqual([booked.itineraries[0]!.id]);
  });
});
