import { beforeAll, describe, expect, it } from 'vitest';
import { liveTenant } from '../helpers';
import {
  type BookBody,
  expectError,
  expectJson,
  expectRefused,
  get,
  type Json,
  type PlanBody,
  post,
  servedOrders,
  smallPlan,
  type Stop,
  uniqueId,
} from '../client';

/**
 * Re-planning with tours already on the road (docs/decisions.md, "Routing"): /plan in any mode
 * (an update there is a preview that writes nothing), itinerary-shaped fleet entries as a warm
 * start, vehicles added by an update, and the `changes` of every itinerary of an update result.
 */

interface Changes {
  addedOrderExternalIds: string[];
  removedOrderExternalIds: string[];
  resequenced: boolean;
  maxArrivalShiftSeconds: number;
}
interface UpdateBody {
  problemId: string;
  itineraries: {
    id: number;
    externalId: string;
    problemId: string;
    itineraryStops: Stop[];
    totals: Json;
    changes?: Changes;
  }[];
  summary: { ordersServed: number };
}
type PlanWithSummary = PlanBody & {
  itineraries: (PlanBody['itineraries'][number] & { itinerary: Json })[];
  summary: { ordersServed: number; durationSeconds: number; vehiclesUsed: number };
};

/** An order from the plan builder's store to one more NYC ZIP code. */
function extraOrder(externalId: string, date: string, postalCode = '10025'): Json {
  const [order] = (smallPlan({ orders: 1, date }).orders as Json[]).map((o) => ({ ...o, externalId }));
  return { ...order!, dropoffAddress: { addressLine1: '1 Broadway', city: 'New York', state: 'NY', postalCode } };
}

describe('re-planning: /plan in any mode, itinerary-shaped fleet entries, update fleet and changes', () => {
  let auth: string;

  beforeAll(async () => ({ auth } = await liveTenant()));

  async function itinerariesOn(date: string): Promise<Json[]> {
    return (await expectJson<{ itineraries: Json[] }>(await get(`/v1/itineraries?date=${date}`, { auth }), 200))
      .itineraries;
  }

  it('plans a createItinerary body on /plan and writes nothing', async () => {
    const date = '2026-12-01';
    const body = { ...smallPlan({ orders: 3, date }), mode: 'createItinerary' };
    const plan = await expectJson<PlanWithSummary>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(plan.itineraries[0]!.fleetIndex).toBe(0);
    expect(plan.summary.ordersServed).toBe(3);
    expect(await itinerariesOn(date)).toEqual([]);
  });

  it('round trip: a plan’s itineraries sent back unchanged as the fleet, with the same orders, plan at least as well', async () => {
    const first = smallPlan({ orders: 6, vehicles: 2, date: '2026-12-02' });
    const plan = await expectJson<PlanWithSummary>(await post('/v1/routing/plan', first, { auth }), 200);
    expect(plan.itineraries.length).toBeGreaterThan(0);
    // The itineraries exactly as answered (arrivals, legs, loads, totals: output-only, ignored).
    const again = { ...first, problemId: uniqueId('round-trip'), fleet: plan.itineraries.map((i) => i.itinerary) };
    const replanned = await expectJson<PlanWithSummary>(await post('/v1/routing/plan', again, { auth }), 200);
    expect(replanned.summary.ordersServed).toBeGreaterThanOrEqual(plan.summary.ordersServed);
    // Rendered totals are whole seconds per itinerary.
    expect(replanned.summary.durationSeconds).toBeLessThanOrEqual(
      plan.summary.durationSeconds + replanned.summary.vehiclesUsed,
    );
    for (const item of replanned.itineraries) {
      const sent = plan.itineraries[item.fleetIndex]!.itinerary;
      expect(item.itinerary.externalId).toBe(sent.externalId);
      expect(item.itinerary.scheduledStart).toBe(sent.scheduledStart);
    }
  });

  it('400s: an unknown field in an itinerary-shaped entry, and a stop naming an order that is not in the request (param at that stop)', async () => {
    const first = smallPlan({ orders: 2, date: '2026-12-03' });
    const plan = await expectJson<PlanWithSummary>(await post('/v1/routing/plan', first, { auth }), 200);
    const itinerary = plan.itineraries[0]!.itinerary;
    const withUnknown = { ...first, problemId: uniqueId('unknown'), fleet: [{ ...itinerary, colour: 'red' }] };
    await expectRefused('/v1/routing/plan', withUnknown, auth, 'invalid_input', 'fleet[0].colour');
    const stops = itinerary.itineraryStops as unknown as Json[];
    const stray = stops.map((stop, i) => (i === 1 ? { ...stop, orderExternalIds: ['not-an-order'] } : stop));
    const error = await expectError(
      await post(
        '/v1/routing/plan',
        { ...first, problemId: uniqueId('stray'), fleet: [{ ...itinerary, itineraryStops: stray }] },
        { auth },
      ),
      400,
      'invalid_routing_input',
      'fleet[0].itineraryStops[1]',
    );
    expect(error.message).toContain('not-an-order');
    // The same on book, which would otherwise write.
    await expectError(
      await post(
        '/v1/routing/book',
        {
          ...first,
          mode: 'createItinerary',
          problemId: uniqueId('stray'),
          fleet: [{ ...itinerary, itineraryStops: stray }],
        },
        { auth },
      ),
      400,
      'invalid_routing_input',
      'fleet[0].itineraryStops[1]',
    );
  });

  it('an updateItinerary body on /plan previews the update: the result book gives, with changes, and nothing written', async () => {
    const date = '2026-12-04';
    const created = await expectJson<BookBody>(
      await post(
        '/v1/routing/book',
        { ...smallPlan({ orders: 3, vehicles: 2, date }), mode: 'createItinerary', problemId: uniqueId('create') },
        { auth },
      ),
      200,
    );
    const ids = created.itineraries.map((i) => i.id);
    const before = await itinerariesOn(date);
    const update = {
      mode: 'updateItinerary',
      targetItineraryIds: ids,
      orders: [extraOrder('order-new', date)],
      options: { solverTimeLimitSeconds: 0.5 },
    };

    const preview = await expectJson<UpdateBody>(
      await post('/v1/routing/plan', { ...update, problemId: uniqueId('preview') }, { auth }),
      200,
    );
    expect(servedOrders(preview.itineraries)).toEqual(new Set([...servedOrders(created.itineraries), 'order-new']));
    for (const itinerary of preview.itineraries) expect(itinerary.changes).toBeDefined();
    const gained = preview.itineraries.filter((i) => i.changes!.addedOrderExternalIds.includes('order-new'));
    expect(gained).toHaveLength(1);
    // Nothing written: the itineraries read exactly as before (same problemId, updatedAt and stops).
    expect(await itinerariesOn(date)).toEqual(before);
    // Polling the preview answers the same.
    expect(
      await expectJson(await get(`/v1/routing/jobs/${encodeURIComponent(preview.problemId)}`, { auth }), 200),
    ).toEqual(preview);

    const booked = await expectJson<UpdateBody>(
      await post('/v1/routing/book', { ...update, problemId: uniqueId('update') }, { auth }),
      200,
    );
    const comparable = (body: UpdateBody) =>
      body.itineraries.map(({ id, externalId, itineraryStops, totals, changes }) => ({
        id,
        externalId,
        itineraryStops,
        totals,
        changes,
      }));
    expect(comparable(booked)).toEqual(comparable(preview));
    expect(booked.summary).toEqual(preview.summary);
    const after = await itinerariesOn(date);
    expect(after.map((i) => i.problemId)).toEqual(after.map(() => booked.problemId));
  });

  it('updateItinerary with fleet: a FleetSpec adds a vehicle; it becomes a new itinerary when it gets stops, in the same write', async () => {
    const date = '2026-12-05';
    // A van that takes two orders at most (four stops), fully booked.
    const base = smallPlan({ orders: 2, date });
    const fleet = (base.fleet as Json[]).map((entry) => ({ ...entry, vehicleSpec: { maxStops: 4 } }));
    const created = await expectJson<BookBody>(
      await post(
        '/v1/routing/book',
        { ...base, fleet, mode: 'createItinerary', problemId: uniqueId('create') },
        { auth },
      ),
      200,
    );
    expect(created.itineraries).toHaveLength(1);
    const target = created.itineraries[0]!;
    const addedVan = {
      ...(base.fleet as Json[])[0]!,
      driverExternalId: 'driver-extra',
      vehicleExternalId: 'van-extra',
    };
    const update = {
      mode: 'updateItinerary',
      problemId: uniqueId('add-van'),
      targetItineraryIds: [target.id],
      orders: [extraOrder('order-x1', date), extraOrder('order-x2', date, '10027')],
      fleet: [addedVan],
      options: { solverTimeLimitSeconds: 0.5 },
    };
    const updated = await expectJson<UpdateBody>(await post('/v1/routing/book', update, { auth }), 200);
    expect(updated.itineraries).toHaveLength(2);
    const kept = updated.itineraries.find((i) => i.id === target.id)!;
    const added = updated.itineraries.find((i) => i.id !== target.id)!;
    expect(added.externalId).toBe('driver-extra:van-extra');
    expect(new Set(added.changes!.addedOrderExternalIds)).toEqual(servedOrders([added]));
    expect(added.changes!.removedOrderExternalIds).toEqual([]);
    expect(servedOrders(updated.itineraries)).toEqual(new Set(['order-1', 'order-2', 'order-x1', 'order-x2']));
    const keptAdded = kept.changes!.addedOrderExternalIds;
    const keptRemoved = kept.changes!.removedOrderExternalIds;
    expect(new Set([...servedOrders([kept])])).toEqual(
      new Set([...['order-1', 'order-2'].filter((o) => !keptRemoved.includes(o)), ...keptAdded]),
    );
    const listed = await itinerariesOn(date);
    expect(listed.map((i) => i.id).sort()).toEqual([target.id, added.id].sort());
    expect(await expectJson(await get(`/v1/itineraries/${added.id}`, { auth }), 200)).toMatchObject({
      id: added.id,
      problemId: update.problemId,
    });

    // A vehicle the targets already have is refused, naming the request's own fleet entry.
    const twice = {
      ...update,
      problemId: uniqueId('twice'),
      fleet: [{ ...addedVan, driverExternalId: 'driver-1', vehicleExternalId: 'van-1' }],
    };
    await expectRefused('/v1/routing/plan', twice, auth, 'invalid_routing_input', 'fleet[0]');
  });

  it('the OpenAPI document shows changes on update results, the /plan preview and itinerary-shaped fleet entries', async () => {
    interface Schema {
      properties?: Record<string, Schema>;
      items?: Schema;
      anyOf?: Schema[];
      $ref?: string;
    }
    const document = await expectJson<{
      components: { schemas: Record<string, Schema> };
      paths: Record<string, Record<string, Json>>;
    }>(await get('/v1/openapi.json'), 200);
    const { schemas } = document.components;
    const bookItinerary = schemas.RoutingBookResult!.properties!.itineraries!.items!;
    expect(Object.keys(bookItinerary.properties!.changes!.properties!).sort()).toEqual([
      'addedOrderExternalIds',
      'maxArrivalShiftSeconds',
      'removedOrderExternalIds',
      'resequenced',
    ]);
    const fleetShapes = schemas.RoutingPlanRequest!.properties!.fleet!.items!.anyOf!;
    expect(fleetShapes.some((shape) => shape.properties?.itineraryStops !== undefined)).toBe(true);
    expect(JSON.stringify(document.paths['/v1/routing/plan']!.post)).toContain('preview');
  });
});
