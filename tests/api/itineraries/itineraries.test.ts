import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../helpers';
import { expectError, expectJson, get, post, smallPlan, type BookBody } from '../client';

describe('GET /v1/itineraries and /v1/itineraries/{id}', () => {
  let tenant: Tenant;
  let other: Tenant;
  let booked: BookBody;
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    booked = await expectJson<BookBody>(
      await post(
        '/v1/routing/book',
        { ...smallPlan({ orders: 3 }), mode: 'createItinerary' },
        { auth: tenant.basicAuthHeader('live') },
      ),
      200,
    );
  });

  it('lists the caller’s itineraries of a date, and narrows to one account of the subtree', async () => {
    const auth = tenant.basicAuthHeader('live');
    const all = await expectJson<{ date: string; itineraries: { id: number }[] }>(
      await get('/v1/itineraries?date=2026-11-23', { auth }),
      200,
    );
    expect(all.date).toBe('2026-11-23');
    expect(all.itineraries.map((i) => i.id)).toEqual(booked.itineraries.map((i) => i.id));
    const own = await expectJson<{ itineraries: unknown[] }>(
      await get(`/v1/itineraries?date=2026-11-23&accountId=${tenant.parentId}`, { auth }),
      200,
    );
    expect(own.itineraries).toHaveLength(booked.itineraries.length);
    const branch = await expectJson<{ itineraries: unknown[] }>(
      await get(`/v1/itineraries?date=2026-11-23&accountId=${tenant.branchIds[0]}`, { auth }),
      200,
    );
    expect(branch.itineraries).toEqual([]);
    expect(
      (await expectJson<{ itineraries: unknown[] }>(await get('/v1/itineraries?date=2026-11-22', { auth }), 200))
        .itineraries,
    ).toEqual([]);
  });

  it('400 invalid_input for a missing or malformed date; 403 account_mismatch for an account outside the subtree', async () => {
    const auth = tenant.basicAuthHeader('live');
    await expectError(await get('/v1/itineraries', { auth }), 400, 'invalid_input', 'date');
    await expectError(await get('/v1/itineraries?date=2026-02-30', { auth }), 400, 'invalid_input', 'date');
    await expectError(await get('/v1/itineraries?date=2026-13-45', { auth }), 400, 'invalid_input', 'date');
    await expectError(
      await get('/v1/itineraries?date=2026-11-23&accountId=abc', { auth }),
      400,
      'invalid_input',
      'accountId',
    );
    await expectError(
      await get(`/v1/itineraries?date=2026-11-23&accountId=${other.parentId}`, { auth }),
      403,
      'account_mismatch',
      'accountId',
    );
  });

  it('404 itinerary_not_found for an unknown id, another account’s or the other environment’s: the same answer', async () => {
    const id = booked.itineraries[0]!.id;
    const unknown = await expectError(
      await get('/v1/itineraries/2147480002', { auth: tenant.basicAuthHeader('live') }),
      404,
      'itinerary_not_found',
    );
    for (const auth of [other.basicAuthHeader('live'), tenant.basicAuthHeader('sandbox')]) {
      const error = await expectError(await get(`/v1/itineraries/${id}`, { auth }), 404, 'itinerary_not_found');
      expect(error.message.replace(String(id), 'ID')).toBe(unknown.message.replace('2147480002', 'ID'));
    }
    const list = await expectJson<{ itineraries: unknown[] }>(
      await get('/v1/itineraries?date=2026-11-23', { auth: other.basicAuthHeader('live') }),
      200,
    );
    expect(list.itineraries).toEqual([]);
  });

  it('401 unauthenticated without credentials', async () => {
    await expectError(await get('/v1/itineraries?date=2026-11-23'), 401, 'unauthenticated');
    await expectError(await get('/v1/itineraries/1'), 401, 'unauthenticated');
  });
});
