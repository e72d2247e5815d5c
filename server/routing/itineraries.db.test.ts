import { beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createAccount } from '@/server/accounts';
import { schema } from '@/server/db';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { RoutingInputError } from './errors';
import {
  bookedRoutesOn,
  getItinerary,
  itinerariesOfProblem,
  listItineraries,
  loadUpdateTargets,
  writeBookedItineraries,
} from './itineraries';
import { fleetSpecSchema, orderSchema } from './request-schema';
import { solveRouting } from './solve-routing';
import { BROOKLYN_STORE as store } from './test-store';
import { embeddedSolveDeps as deps } from './testing';

const order = (id: string, postalCode: string): RoutingOrder =>
  orderSchema.parse({
    externalId: id,
    pickupAddress: store,
    dropoffAddress: { addressLine1: `${id} Main St`, city: 'New York', state: 'NY', postalCode },
    dropoffWindowOpen: '2026-11-23T10:00:00-05:00',
    dropoffWindowClose: '2026-11-23T16:00:00-05:00',
    payloadItems: [{ weight: 30, height: 10, length: 10, width: 10, quantity: 1 }],
  });

const van = (n: number): FleetEntry =>
  fleetSpecSchema.parse({
    driverExternalId: `driver-${n}`,
    vehicleExternalId: `van-${n}`,
    vehicleType: 'cargo-van',
    scheduledStart: '2026-11-23T08:00:00-05:00',
    startAddress: store,
  });

describe(`booked itineraries on ${testDbKind()}`, () => {
  const testDb = useTestDb();
  let rootId: number;
  let branchId: number;
  let strangerId: number;
  const orders = [order('A1', '10118'), order('A2', '11101'), order('A3', '11238')];
  const fleet = [van(1), van(2)];

  beforeAll(async () => {
    rootId = (await createAccount(testDb.db, { name: 'Root' })).id;
    branchId = (await createAccount(testDb.db, { name: 'Branch', parentId: rootId })).id;
    strangerId = (await createAccount(testDb.db, { name: 'Stranger' })).id;
  });

  it('writes itineraries with their stops and reads them back in the account subtree and environment only', async () => {
    const { db } = testDb;
    const outcome = await solveRouting(
      { orders, fleet, settings: { solverTimeLimitSeconds: 0.3 }, options: { trafficMode: 'none' } },
      deps,
    );
    const written = await db.transaction((tx) =>
      writeBookedItineraries(tx, {
        accountId: branchId,
        environment: 'live',
        problemId: 'book-1',
        planned: outcome.itineraries,
        orders,
        fleet,
      }),
    );
    const ids = written.map((w) => w.id);
    expect(ids.length).toBe(outcome.itineraries.length);

    const fromRoot = await listItineraries(db, { accountId: rootId, environment: 'live' }, { date: '2026-11-23' });
    expect(fromRoot.map((i) => i.id).sort()).toEqual([...ids].sort());
    const served = fromRoot.flatMap((i) => i.itineraryStops.flatMap((s) => s.orderExternalIds));
    expect(new Set(served)).toEqual(new Set(['A1', 'A2', 'A3']));
    const first = fromRoot[0]!;
    expect(first.date).toBe('2026-11-23');
    expect(first.scheduledStart).toBe('2026-11-23T08:00:00-05:00');
    expect(first.itineraryStops.map((s) => s.stopNumber)).toEqual(first.itineraryStops.map((_, i) => i + 1));
    expect(first.itineraryStops.find((s) => s.type === 'dropoff')!.windowClose).toBe('2026-11-23T16:00:00-05:00');

    expect(await listItineraries(db, { accountId: rootId, environment: 'live' }, { date: '2026-11-24' })).toEqual([]);
    expect(await listItineraries(db, { accountId: rootId, environment: 'sandbox' }, { date: '2026-11-23' })).toEqual(
      [],
    );
    expect(await listItineraries(db, { accountId: strangerId, environment: 'live' }, { date: '2026-11-23' })).toEqual(
      [],
    );
    expect(await getItinerary(db, { accountId: strangerId, environment: 'live' }, ids[0]!)).toBeNull();
    expect(await getItinerary(db, { accountId: branchId, environment: 'sandbox' }, ids[0]!)).toBeNull();
    expect((await getItinerary(db, { accountId: branchId, environment: 'live' }, ids[0]!))?.id).toBe(ids[0]);
    expect((await itinerariesOfProblem(db, { accountId: branchId, environment: 'live' }, 'book-1')).length).toBe(
      ids.length,
    );

    // What booking's insertion search reads: epoch seconds, capacity, shift, windows, loads.
    const routes = await bookedRoutesOn(db, {
      accountIds: [branchId],
      environment: 'live',
      date: '2026-11-23',
      vehicleType: 'cargo-van',
    });
    expect(routes.map((r) => r.id).sort()).toEqual([...ids].sort());
    const route = routes[0]!;
    expect(route.scheduledStart).toBe(Date.parse('2026-11-23T13:00:00Z') / 1000);
    expect(route.shiftEnd - route.scheduledStart).toBe(10 * 3600);
    expect(route.capacity.pounds).toBe(3000);
    expect(route.start).toEqual({ latitude: 40.7033, longitude: -73.9881 });
    const dropoff = route.stops.find((s) => s.type === 'dropoff')!;
    expect(dropoff.windowClose).toBe(Date.parse('2026-11-23T21:00:00Z') / 1000);
    expect(dropoff.serviceStart).toBeGreaterThanOrEqual(dropoff.windowOpen!);
    expect(
      await bookedRoutesOn(db, {
        accountIds: [branchId],
        environment: 'live',
        date: '2026-11-23',
        vehicleType: 'box-truck',
      }),
    ).toEqual([]);
    expect(await bookedRoutesOn(db, { accountIds: [branchId], environment: 'sandbox', date: '2026-11-23' })).toEqual(
      [],
    );
  });

  it('rewrites update targets in place: ids survive, stops are renumbered, the new order is on board', async () => {
    const { db } = testDb;
    const before = await listItineraries(db, { accountId: branchId, environment: 'live' }, { date: '2026-11-23' });
    const targets = await loadUpdateTargets(
      db,
      { accountId: branchId, environment: 'live' },
      before.map((i) => i.id),
    );
    const extra = order('A4', '10028');
    const allOrders = [...targets.flatMap((t) => t.orders), extra];
    const targetFleet = targets.map((t) => t.fleetEntry);
    const outcome = await solveRouting(
      {
        orders: allOrders,
        fleet: targetFleet,
        settings: { solverTimeLimitSeconds: 0.3 },
        options: { trafficMode: 'none' },
        includeUnusedVehicles: true,
      },
      deps,
    );
    expect(outcome.itineraries).toHaveLength(targets.length);
    await db.transaction((tx) =>
      writeBookedItineraries(tx, {
        accountId: branchId,
        environment: 'live',
        problemId: 'book-2',
        planned: outcome.itineraries,
        orders: allOrders,
        fleet: targetFleet,
        targetIdByFleetIndex: targets.map((t) => t.id),
      }),
    );
    const after = await listItineraries(db, { accountId: branchId, environment: 'live' }, { date: '2026-11-23' });
    expect(after.map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort());
    expect(after.every((i) => i.problemId === 'book-2')).toBe(true);
    const served = after.flatMap((i) => i.itineraryStops.flatMap((s) => s.orderExternalIds));
    expect(new Set(served)).toEqual(new Set(['A1', 'A2', 'A3', 'A4']));
    for (const itinerary of after)
      expect(itinerary.itineraryStops.map((s) => s.stopNumber)).toEqual(itinerary.itineraryStops.map((_, i) => i + 1));
  });

  it('rejects unknown and foreign update targets the same way', async () => {
    const { db } = testDb;
    const [mine] = await listItineraries(db, { accountId: branchId, environment: 'live' }, { date: '2026-11-23' });
    for (const scope of [
      { accountId: strangerId, environment: 'live' as const },
      { accountId: branchId, environment: 'sandbox' as const },
    ]) {
      await expect(loadUpdateTargets(db, scope, [mine!.id])).rejects.toThrow(RoutingInputError);
    }
    await expect(loadUpdateTargets(db, { accountId: branchId, environment: 'live' }, [987654])).rejects.toMatchObject({
      param: 'targetItineraryIds',
    });
  });

  it('leaves nothing behind when the transaction fails after writing', async () => {
    const { db } = testDb;
    const countRows = async () => ({
      itineraries: (await db.select({ n: count() }).from(schema.itineraries))[0]!.n,
      stops: (await db.select({ n: count() }).from(schema.itineraryStops))[0]!.n,
    });
    const before = await countRows();
    const outcome = await solveRouting(
      { orders, fleet, settings: { solverTimeLimitSeconds: 0.3 }, options: { trafficMode: 'none' } },
      deps,
    );
    await expect(
      db.transaction(async (tx) => {
        await writeBookedItineraries(tx, {
          accountId: rootId,
          environment: 'live',
          problemId: 'book-3',
          planned: outcome.itineraries,
          orders,
          fleet,
        });
        throw new Error('completion failed after the writes');
      }),
    ).rejects.toThrow('completion failed');
    expect(await countRows()).toEqual(before);
  });
});
