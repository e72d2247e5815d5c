import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createKey, createTenant, liveTenant, type Tenant } from '../helpers';
import {
  expectError,
  expectJson,
  get,
  post,
  servedOrders,
  smallPlan,
  uniqueId,
  type BookBody,
  type Json,
} from '../client';

/** docs/decisions.md, Routing: createItinerary refuses an order already booked in the account tree on that date. */
describe('POST /v1/routing/book: no double booking', () => {
  const date = '2026-12-01';
  let tenant: Tenant;
  let auth: string;
  let firstBody: Json;
  let first: BookBody;

  const book = (body: Json, as = auth) => post('/v1/routing/book', body, { auth: as });

  beforeAll(async () => {
    ({ tenant, auth } = await liveTenant());
    firstBody = { ...smallPlan({ orders: 3, date, problemId: uniqueId('first') }), mode: 'createItinerary' };
    first = await expectJson<BookBody>(await book(firstBody), 200);
  });

  it('refuses the same order under another problemId: 400 invalid_routing_input at that order, naming the itinerary', async () => {
    const orders = smallPlan({ orders: 3, date }).orders as Json[];
    // order-2 is booked; a new order ahead of it moves it to index 1 of this request.
    const again = {
      ...smallPlan({ date }),
      mode: 'createItinerary',
      orders: [{ ...orders[0], externalId: 'order-new' }, orders[1]],
    };
    const error = await expectError(await book(again), 400, 'invalid_routing_input', 'orders[1].externalId');
    const holder = first.itineraries.find((i) => servedOrders([i]).has('order-2'))!;
    expect(error.message).toContain('"order-2"');
    expect(error.message).toContain(`itinerary ${holder.id}`);
    expect(error.message).toContain(holder.externalId);
    // Nothing was written: the day still has the first booking only.
    const listed = await expectJson<{ itineraries: BookBody['itineraries'] }>(
      await get(`/v1/itineraries?date=${date}`, { auth }),
      200,
    );
    expect(listed.itineraries.map((i) => i.id).sort()).toEqual(first.itineraries.map((i) => i.id).sort());
  });

  it('refuses it from another account of the same tree (a branch booking what its parent booked)', async () => {
    const branchKey = await createKey(tenant.branchIds[0]!, tenant.externalUserId, 'live');
    const branchBooking = { ...smallPlan({ orders: 1, date }), mode: 'createItinerary' };
    await expectError(
      await book(branchBooking, basicAuth(tenant.externalUserId, branchKey)),
      400,
      'invalid_routing_input',
      'orders[0].externalId',
    );
  });

  it('an identical retry of the same problemId is not a double booking: the same itineraries answer', async () => {
    const retried = await expectJson<BookBody>(await book(firstBody), 200);
    expect(retried).toEqual(first);
  });

  it('books the same order ids on another date and in the other environment', async () => {
    const nextDay = { ...smallPlan({ orders: 3, date: '2026-12-02' }), mode: 'createItinerary' };
    expect(servedOrders((await expectJson<BookBody>(await book(nextDay), 200)).itineraries)).toEqual(
      new Set(['order-1', 'order-2', 'order-3']),
    );
    const sandbox = { ...smallPlan({ orders: 3, date }), mode: 'createItinerary' };
    const sandboxBooked = await expectJson<BookBody>(await book(sandbox, tenant.basicAuthHeader('sandbox')), 200);
    expect(servedOrders(sandboxBooked.itineraries)).toEqual(new Set(['order-1', 'order-2', 'order-3']));
  });

  it('another tenant books the same order ids on the same date', async () => {
    const other = await createTenant();
    const body = { ...smallPlan({ orders: 3, date }), mode: 'createItinerary' };
    expect(
      (await expectJson<BookBody>(await book(body, other.basicAuthHeader('live')), 200)).itineraries.length,
    ).toBeGreaterThan(0);
  });

  it('two bookings of the same orders at once: one is written, the other fails with nothing written and its retry is refused at the order', async () => {
    const raceDate = '2026-12-03';
    const body = (id: string) => ({
      ...smallPlan({ orders: 3, date: raceDate, problemId: uniqueId(id) }),
      mode: 'createItinerary',
      options: { solverTimeLimitSeconds: 2 },
    });
    const [a, b] = [body('race-a'), body('race-b')];
    const [first, second] = await Promise.all([book(a), book(b)]);
    const statuses = [first.status, second.status].sort();
    // Both accepted before either wrote (500 from the check where it is written), or one refused on arrival (400).
    expect([
      [200, 500],
      [200, 400],
    ]).toContainEqual(statuses);
    const [winner, loser, loserBody] = first.status === 200 ? [first, second, b] : [second, first, a];
    const won = await expectJson<BookBody>(winner, 200);
    await loser.body?.cancel();
    const listed = await expectJson<{ itineraries: BookBody['itineraries'] }>(
      await get(`/v1/itineraries?date=${raceDate}`, { auth }),
      200,
    );
    expect(listed.itineraries.map((i) => i.id).sort()).toEqual(won.itineraries.map((i) => i.id).sort());
    const retried = await expectError(await book(loserBody), 400, 'invalid_routing_input');
    expect(retried.param).toMatch(/^orders\[\d\]\.externalId$/);
  });

  it('plan is not booking: planning booked orders again is allowed', async () => {
    const { mode: _mode, ...plan } = { ...smallPlan({ orders: 3, date }), mode: 'plan' };
    expect((await post('/v1/routing/plan', plan, { auth })).status).toBe(200);
  });
});
