import { beforeAll, describe, expect, it } from 'vitest';
import { accountAuth, liveTenant, type Tenant } from '../helpers';
import {
  type BookBody,
  example,
  expectError,
  expectJson,
  expectRefused,
  get,
  type Json,
  post,
  servedOrders,
  smallPlan,
  uniqueId,
} from '../client';

describe('POST /v1/routing/book', () => {
  let tenant: Tenant;
  let auth: string;
  let created: BookBody;
  const createBody = example('book-create');

  beforeAll(async () => {
    ({ tenant, auth } = await liveTenant());
    created = await expectJson<BookBody>(await post('/v1/routing/book', createBody, { auth }), 200);
  });

  it('createItinerary answers 200 with persisted itineraries carrying their ids (docs/examples/book-create.json)', async () => {
    expect(created.problemId).toBe(createBody.problemId);
    expect(created.itineraries.length).toBeGreaterThan(0);
    for (const itinerary of created.itineraries) {
      expect(itinerary.id).toEqual(expect.any(Number));
      expect(itinerary.accountId).toBe(tenant.parentId);
      expect(itinerary.environment).toBe('live');
      expect(itinerary.date).toBe('2026-11-23');
      expect(itinerary.problemId).toBe(createBody.problemId);
      expect(itinerary.externalId).toMatch(/^driver-(ana|ben):van-1[24]$/);
    }
    expect(servedOrders(created.itineraries)).toEqual(new Set((createBody.orders as Json[]).map((o) => o.externalId)));
  });

  it('persists what it answered: /v1/itineraries lists them and /v1/itineraries/{id} reads each', async () => {
    const listed = await expectJson<{ date: string; itineraries: BookBody['itineraries'] }>(
      await get('/v1/itineraries?date=2026-11-23', { auth }),
      200,
    );
    expect(listed.itineraries.map((i) => i.id).sort()).toEqual(created.itineraries.map((i) => i.id).sort());
    for (const itinerary of created.itineraries) {
      expect(await expectJson(await get(`/v1/itineraries/${itinerary.id}`, { auth }), 200)).toEqual(itinerary);
    }
  });

  it('never answers 202, even when asked to wait 0 seconds', async () => {
    const body = { ...smallPlan({ orders: 3 }), mode: 'createItinerary', options: { solverTimeLimitSeconds: 2 } };
    const response = await post('/v1/routing/book', body, { auth, prefer: 'wait=0' });
    const result = await expectJson<BookBody>(response, 200);
    expect(result.itineraries).toHaveLength(1);
  });

  it('runs concurrent identical book calls once: every caller gets the same 200, the itineraries are written once', async () => {
    const body: Json = { ...smallPlan({ orders: 4, vehicles: 2, date: '2026-11-24' }), mode: 'createItinerary' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => post('/v1/routing/book', body, { auth })));
    const results = await Promise.all(responses.map((r) => expectJson<BookBody>(r, 200)));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(servedOrders(results[0]!.itineraries)).toEqual(new Set(['order-1', 'order-2', 'order-3', 'order-4']));
    const listed = await expectJson<{ itineraries: BookBody['itineraries'] }>(
      await get('/v1/itineraries?date=2026-11-24', { auth }),
      200,
    );
    expect(listed.itineraries.map((i) => i.id).sort()).toEqual(results[0]!.itineraries.map((i) => i.id).sort());
  });

  it('updateItinerary re-optimizes the targets with the new order, keeps their ids and renumbers stops (docs/examples/book-update.json)', async () => {
    const ids = created.itineraries.map((i) => i.id);
    const body: Json = { ...example('book-update'), targetItineraryIds: ids };
    const updated = await expectJson<BookBody>(await post('/v1/routing/book', body, { auth }), 200);
    expect(updated.itineraries.map((i) => i.id).sort()).toEqual([...ids].sort());
    const before = servedOrders(created.itineraries);
    const after = servedOrders(updated.itineraries);
    expect(after).toEqual(new Set([...before, 'SO-1007']));
    for (const itinerary of updated.itineraries) {
      expect(itinerary.problemId).toBe(body.problemId);
      expect(itinerary.itineraryStops.map((s) => s.stopNumber)).toEqual(itinerary.itineraryStops.map((_, i) => i + 1));
    }
    const reread = await expectJson(await get(`/v1/itineraries/${ids[0]}`, { auth }), 200);
    // The update result adds what changed for each itinerary; the itinerary itself reads the same.
    const { changes, ...itinerary } = updated.itineraries.find((i) => i.id === ids[0])!;
    expect(changes).toMatchObject({ resequenced: expect.any(Boolean), maxArrivalShiftSeconds: expect.any(Number) });
    expect(reread).toEqual(itinerary);
  });

  it('400 invalid_routing_input: fleet missing for createItinerary, targetItineraryIds missing or unknown for updateItinerary', async () => {
    const noFleet: Json = { ...smallPlan(), mode: 'createItinerary' };
    delete noFleet.fleet;
    await expectRefused('/v1/routing/book', noFleet, auth, 'invalid_routing_input', 'fleet');
    const { fleet: _fleet, ...withoutFleet } = smallPlan();
    await expectRefused(
      '/v1/routing/book',
      { ...withoutFleet, mode: 'updateItinerary' },
      auth,
      'invalid_routing_input',
      'targetItineraryIds',
    );
    await expectError(
      await post(
        '/v1/routing/book',
        { ...withoutFleet, mode: 'updateItinerary', targetItineraryIds: [2147480000] },
        { auth },
      ),
      400,
      'invalid_routing_input',
      'targetItineraryIds',
    );
  });

  it('400 invalid_input for a missing or plan mode', async () => {
    const body = smallPlan();
    await expectRefused('/v1/routing/book', body, auth, 'invalid_input', 'mode');
    await expectRefused('/v1/routing/book', { ...body, mode: 'plan' }, auth, 'invalid_input', 'mode');
  });

  it('500 book_failed when a target changed while optimizing (nothing written); an identical retry succeeds', async () => {
    const seed: Json = {
      ...smallPlan({ orders: 2, date: '2026-11-25' }),
      mode: 'createItinerary',
      problemId: uniqueId('seed'),
    };
    const [target] = (await expectJson<BookBody>(await post('/v1/routing/book', seed, { auth }), 200)).itineraries;
    const update = (id: string, zip: string) => ({
      mode: 'updateItinerary',
      problemId: uniqueId(id),
      targetItineraryIds: [target!.id],
      orders: [
        {
          ...(smallPlan({ date: '2026-11-25' }).orders as Json[])[0],
          externalId: id,
          dropoffAddress: { postalCode: zip },
        },
      ],
      options: { solverTimeLimitSeconds: 3 },
    });
    const first = update('race-a', '10003');
    const second = update('race-b', '10016');
    const [a, b] = await Promise.all([
      post('/v1/routing/book', first, { auth }),
      post('/v1/routing/book', second, { auth }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 500]);
    const [winner, loser, loserBody] = a.status === 200 ? [a, b, second] : [b, a, first];
    const won = await expectJson<BookBody>(winner, 200);
    await expectError(loser, 500, 'book_failed');
    const current = await expectJson<BookBody['itineraries'][number]>(
      await get(`/v1/itineraries/${target!.id}`, { auth }),
      200,
    );
    const { changes: _changes, ...wonItinerary } = won.itineraries[0]!;
    expect(current).toEqual(wonItinerary);
    // Safe to retry: the identical request re-runs over the itinerary as it now is.
    const retried = await expectJson<BookBody>(await post('/v1/routing/book', loserBody, { auth }), 200);
    expect(retried.itineraries.map((i) => i.id)).toEqual([target!.id]);
    expect(servedOrders(retried.itineraries)).toEqual(new Set(['order-1', 'order-2', 'race-a', 'race-b']));
  });

  it('a parent and its branch booking the same problemId each get back only what their own call wrote', async () => {
    const branchId = tenant.branchIds[0]!;
    const branchAuth = await accountAuth(branchId);
    const problemId = `shared-${Date.now().toString(36)}`;
    const body = { ...smallPlan({ problemId, date: '2026-11-27' }), mode: 'createItinerary' };
    const byBranch = await expectJson<BookBody>(await post('/v1/routing/book', body, { auth: branchAuth }), 200);
    const byParent = await expectJson<BookBody>(await post('/v1/routing/book', body, { auth }), 200);
    expect(byBranch.itineraries.map((i) => i.accountId)).toEqual([branchId]);
    expect(byParent.itineraries.map((i) => i.accountId)).toEqual([tenant.parentId]);
    // The parent's replay and poll too.
    expect(await expectJson<BookBody>(await post('/v1/routing/book', body, { auth }), 200)).toEqual(byParent);
    expect(await expectJson<BookBody>(await get(`/v1/routing/jobs/${problemId}`, { auth }), 200)).toEqual(byParent);
  });

  it("replaying a createItinerary after an updateItinerary took its itineraries over returns them, showing the update's problemId", async () => {
    const created = {
      ...smallPlan({ problemId: `create-${Date.now().toString(36)}`, date: '2026-11-28' }),
      mode: 'createItinerary',
    };
    const first = await expectJson<BookBody>(await post('/v1/routing/book', created, { auth }), 200);
    expect(first.itineraries).toHaveLength(1);
    const updateId = `update-${Date.now().toString(36)}`;
    const { fleet: _fleet, ...orders } = smallPlan({ problemId: updateId, date: '2026-11-28' });
    const newOrders = (orders.orders as { externalId: string }[]).map((order) => ({
      ...order,
      externalId: `new-${order.externalId}`,
    }));
    const update = {
      ...orders,
      orders: newOrders,
      mode: 'updateItinerary',
      targetItineraryIds: first.itineraries.map((i) => i.id),
    };
    const updated = await expectJson<BookBody>(await post('/v1/routing/book', update, { auth }), 200);
    expect(updated.itineraries.map((i) => i.id)).toEqual(first.itineraries.map((i) => i.id));

    const replay = await expectJson<BookBody>(await post('/v1/routing/book', created, { auth }), 200);
    expect(replay.itineraries.map((i) => i.id)).toEqual(first.itineraries.map((i) => i.id));
    // The same itineraries, now last written by the update: the replay says so.
    expect(replay.itineraries.map((i) => i.problemId)).toEqual([updateId]);
    expect(replay.unassigned).toEqual(first.unassigned);
  });
});
