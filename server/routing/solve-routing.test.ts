import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { localDateOf, trafficProfileFor } from '@/server/geo';
import { solve, type SolveOptions } from '@/server/optimizer';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { fleetSpecSchema, orderSchema } from './request-schema';
import {
  defaultBudget,
  defaultBudgetCapMs,
  LARGE_PLAN_RUNS,
  MID_PLAN_MAX_ORDERS,
  MID_PLAN_RUNS,
  RUN_MOVES_CAP,
  RUN_MOVES_PER_ORDER,
  SIDE_BY_SIDE_MAX_ORDERS,
  SMALL_PLAN_RUNS,
  solveRouting,
  SYNC_WINDOW_MARGIN_MS,
  solverThreads,
  type RoutingSolveDeps,
} from './solve-routing';
import { warmUpRequests } from './warm-up';
import { planResultSchema, renderPlanResult } from './responses';
import { BROOKLYN_STORE as depot } from './test-store';
import { embeddedSolveDeps as deps } from './testing';

function order(id: string, dropoff: Record<string, string>, extra: Record<string, unknown> = {}): RoutingOrder {
  return orderSchema.parse({
    externalId: id,
    pickupAddress: depot,
    dropoffAddress: dropoff,
    dropoffWindowOpen: '2026-11-23T09:00:00-05:00',
    dropoffWindowClose: '2026-11-23T17:00:00-05:00',
    payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 2 }],
    ...extra,
  });
}

const van = (id: string, extra: Record<string, unknown> = {}): FleetEntry =>
  fleetSpecSchema.parse({
    driverExternalId: `driver-${id}`,
    vehicleExternalId: `van-${id}`,
    vehicleType: 'cargo-van',
    scheduledStart: '2026-11-23T08:00:00-05:00',
    ...extra,
  });

describe('solveRouting', () => {
  it('counts the default budget in runs and moves, capped below the sync window; an explicit limit is spent whole', async () => {
    const seen: SolveOptions[] = [];
    const recording: RoutingSolveDeps = {
      ...deps,
      solve: (problem, options) => {
        seen.push(options);
        return solve(problem, { ...options, timeLimitMs: 200 });
      },
    };
    const orders = [
      order('a', { addressLine1: '1 Court Sq', city: 'Long Island City', state: 'NY', postalCode: '11101' }),
    ];
    await solveRouting({ orders, fleet: [van('1')], settings: null, options: { trafficMode: 'none' } }, recording);
    await solveRouting(
      { orders, fleet: [van('1')], settings: null, options: { trafficMode: 'none' }, syncWindowSeconds: 120 },
      recording,
    );
    await solveRouting(
      { orders, fleet: [van('1')], settings: null, options: { trafficMode: 'none', solverTimeLimitSeconds: 3 } },
      recording,
    );
    await solveRouting(
      { orders, fleet: [van('1')], settings: { solverTimeLimitSeconds: 4 }, options: { trafficMode: 'none' } },
      recording,
    );
    // The default budget makes its runs two side by side; explicit limits keep `threads`.
    expect(seen.map((o) => [o.untilConverged, o.threads, o.independentRuns, o.maxRunMoves])).toEqual([
      [true, 2, SMALL_PLAN_RUNS, RUN_MOVES_CAP],
      [true, 2, SMALL_PLAN_RUNS, RUN_MOVES_CAP],
      [false, 1, undefined, undefined],
      [false, 1, undefined, undefined],
    ]);
    // The default 30 s window (or the request's longer wait) less the margin and the time spent before the solve.
    const [byDefault, longerWait, explicit, fromSettings] = seen.map((o) => o.timeLimitMs!);
    expect(byDefault).toBeLessThanOrEqual(30_000 - SYNC_WINDOW_MARGIN_MS);
    expect(byDefault).toBeGreaterThan(30_000 - SYNC_WINDOW_MARGIN_MS - 2_000);
    expect(longerWait).toBeGreaterThan(120_000 - SYNC_WINDOW_MARGIN_MS - 2_000);
    expect([explicit, fromSettings]).toEqual([3000, 4000]);
  });

  it('makes more, shorter runs for small plans; caps below the sync window and the job deadline', async () => {
    expect(defaultBudget(SIDE_BY_SIDE_MAX_ORDERS)).toEqual({ runs: SMALL_PLAN_RUNS, maxRunMoves: RUN_MOVES_CAP });
    expect(defaultBudget(200).maxRunMoves).toBe(RUN_MOVES_CAP);
    expect(defaultBudget(1_000).maxRunMoves).toBe(1_000 * RUN_MOVES_PER_ORDER);
    expect(defaultBudget(SIDE_BY_SIDE_MAX_ORDERS + 1).runs).toBe(MID_PLAN_RUNS);
    expect(defaultBudget(MID_PLAN_MAX_ORDERS).runs).toBe(MID_PLAN_RUNS);
    expect(defaultBudget(MID_PLAN_MAX_ORDERS + 1).runs).toBe(LARGE_PLAN_RUNS);
    expect(defaultBudgetCapMs(30, 0)).toBe(25_000);
    expect(defaultBudgetCapMs(30, 4_000)).toBe(21_000);
    expect(defaultBudgetCapMs(5, 0)).toBe(1_000);
    // A job's deadline lowers a limit to no less than half a second.
    const seen: SolveOptions[] = [];
    const recording = (deadline: number): RoutingSolveDeps => ({
      ...deps,
      deadline,
      solve: (problem, options) => {
        seen.push(options);
        return solve(problem, options);
      },
    });
    const orders = [
      order('a', { addressLine1: '1 Court Sq', city: 'Long Island City', state: 'NY', postalCode: '11101' }),
    ];
    await solveRouting(
      { orders, fleet: [van('1')], settings: null, options: { trafficMode: 'none' } },
      recording(Date.now() + 5_100),
    );
    await solveRouting(
      { orders, fleet: [van('1')], settings: null, options: { trafficMode: 'none', solverTimeLimitSeconds: 3 } },
      recording(Date.now() + 5_100),
    );
    expect(seen.map((o) => o.timeLimitMs)).toEqual([500, 500]);
  });

  it('gives the same plan for the same default-budget request on an idle machine and with every core busy', async () => {
    // A small plan (eight runs) and a larger one (four runs), each run a size-based number of moves.
    const requests = [warmUpRequests()[0]!, warmUpRequests(SIDE_BY_SIDE_MAX_ORDERS + 4)[1]!];
    const inputs = requests.map((r) => ({ orders: r.orders, fleet: r.fleet, settings: null, options: r.options }));
    const onThreads: RoutingSolveDeps = { ...deps, threads: 2 };
    const idle = [];
    for (const input of inputs) idle.push(await solveRouting(input, onThreads));
    // One spinning thread per core, started here and ended below, so that the solve shares every core.
    const burners = Array.from({ length: availableParallelism() }, () => new Worker('for (;;) {}', { eval: true }));
    const busy = [];
    try {
      for (const input of inputs) busy.push(await solveRouting(input, onThreads));
    } finally {
      await Promise.all(burners.map((b) => b.terminate()));
    }
    for (const plan of idle) expect(plan.itineraries.some((i) => i.stops.length > 0)).toBe(true);
    expect(busy).toEqual(idle);
    // A second or two on an idle host; a shared one may take many times that.
  }, 180_000);

  it('gives the default budget at least two threads, and an explicit limit the configured count', () => {
    expect(solverThreads(false, 1)).toBe(2);
    expect(solverThreads(false, 4)).toBe(4);
    expect(solverThreads(true, 1)).toBe(1);
  });

  it('routes orders end to end: stops in order, times in the stop zone, loads, totals and reasons', async () => {
    const orders = [
      order('a', { addressLine1: '1 Court Sq', city: 'Long Island City', state: 'NY', postalCode: '11101' }),
      order('b', { addressLine1: '350 5th Ave', city: 'New York', state: 'NY', postalCode: '10118' }),
      order('c', { addressLine1: 'Nowhere', city: 'Nowhere', state: 'NY', postalCode: '00000' }),
      order(
        'd',
        { addressLine1: 'Cold storage', city: 'Bronx', state: 'NY', postalCode: '10451' },
        { requiredSkills: ['freezer'] },
      ),
    ];
    const outcome = await solveRouting(
      { orders, fleet: [van('1')], settings: { solverTimeLimitSeconds: 0.5 }, options: { trafficMode: 'none' } },
      deps,
    );
    expect(outcome.itineraries).toHaveLength(1);
    const itinerary = outcome.itineraries[0]!;
    expect(itinerary.externalId).toBe('driver-1:van-1');
    const served = itinerary.stops.flatMap((s) => s.orderExternalIds);
    expect(new Set(served)).toEqual(new Set(['a', 'b']));
    expect(itinerary.stops.map((s) => s.stopNumber)).toEqual(itinerary.stops.map((_, i) => i + 1));
    for (const stop of itinerary.stops) {
      expect(stop.departure).toBeGreaterThanOrEqual(stop.arrival);
      expect(stop.timeZone).toBe('America/New_York');
    }
    const pickups = itinerary.stops.filter((s) => s.type === 'pickup');
    expect(pickups.length).toBeGreaterThan(0);
    // Two boxes of 20 lb and 1728 cubic inches per order.
    const maxLoad = Math.max(...itinerary.stops.map((s) => s.load.pounds));
    expect(maxLoad).toBeLessThanOrEqual(80);
    expect(itinerary.stops.at(-1)!.load).toEqual({ pounds: 0, cubicInches: 0 });
    expect(itinerary.totals.distanceMeters).toBe(itinerary.stops.reduce((sum, s) => sum + s.legDistanceMeters, 0));

    const reasons = new Map(outcome.unassigned.map((u) => [u.externalId, u.reasons[0]!.code]));
    expect(reasons.get('c')).toBe('ADDRESS_NOT_RESOLVED');
    expect(reasons.get('d')).toBe('NO_VEHICLE_WITH_SKILLS');

    const wire = renderPlanResult('p1', outcome.itineraries, outcome.unassigned);
    expect(planResultSchema.parse(wire)).toEqual(wire);
    const firstStop = wire.itineraries[0]!.itinerary.itineraryStops[0]!;
    expect(firstStop.arrival).toMatch(/^2026-11-23T\d\d:\d\d:\d\d-05:00$/);
    expect(wire.itineraries[0]!.itinerary.scheduledStart).toBe('2026-11-23T08:00:00-05:00');
  });

  it('clusters stops at one place into one visit with one setup time', async () => {
    const sameBuilding = {
      addressLine1: '1 Court Sq',
      city: 'Long Island City',
      state: 'NY',
      postalCode: '11101',
      latitude: '40.7471',
      longitude: '-73.9446',
    };
    const nextDoor = { ...sameBuilding, addressLine1: '3 Court Sq', latitude: '40.7472' };
    const orders = [order('a', sameBuilding), order('b', nextDoor)];
    const settings = { serviceTime: { setupSeconds: 300, perItemSeconds: 10 } };
    const clustered = await solveRouting(
      { orders, fleet: [van('1')], settings, options: { enableStopClustering: true, trafficMode: 'none' } },
      deps,
    );
    const dropoffs = clustered.itineraries[0]!.stops.filter((s) => s.type === 'dropoff');
    expect(dropoffs).toHaveLength(1);
    expect(new Set(dropoffs[0]!.orderExternalIds)).toEqual(new Set(['a', 'b']));
    // One setup plus two items per order.
    expect(dropoffs[0]!.serviceSeconds).toBe(300 + 4 * 10);

    const separate = await solveRouting(
      { orders, fleet: [van('1')], settings, options: { enableStopClustering: false, trafficMode: 'none' } },
      deps,
    );
    // Without clustering: two stops, the setup paid once (the second is within 25 m of the first).
    const separateDropoffs = separate.itineraries[0]!.stops.filter((s) => s.type === 'dropoff');
    expect(separateDropoffs.map((s) => s.serviceSeconds)).toEqual([300 + 2 * 10, 2 * 10]);
    expect(clustered.itineraries[0]!.totals.serviceSeconds).toBe(separate.itineraries[0]!.totals.serviceSeconds);
  });

  it('serves the higher tag priority when the fleet cannot take both', async () => {
    const orders = [
      order('low', { postalCode: '11101' }),
      order('high', { postalCode: '10118' }, { customTags: [{ name: 'vip' }] }),
    ];
    // Room for one order's two stops only.
    const outcome = await solveRouting(
      {
        orders,
        fleet: [van('1', { vehicleSpec: { maxStops: 2 } })],
        settings: { tagPriorities: [['vip', 5]] },
        options: { trafficMode: 'none' },
      },
      deps,
    );
    expect(outcome.itineraries[0]!.stops.flatMap((s) => s.orderExternalIds)).toContain('high');
    expect(outcome.unassigned.map((u) => u.externalId)).toEqual(['low']);
  });

  it('keeps locked stops on their itinerary in the pinned order', async () => {
    const orders = [
      order('a', { postalCode: '11101' }),
      order('b', { postalCode: '10118' }),
      order('c', { postalCode: '10451' }),
    ];
    const outcome = await solveRouting(
      {
        orders,
        fleet: [van('1'), van('2')],
        settings: null,
        options: {
          trafficMode: 'none',
          lockedStops: [
            [
              'driver-2:van-2',
              [
                { orderExternalId: 'c', type: 'dropoff' },
                { orderExternalId: 'a', type: 'dropoff' },
              ],
            ],
          ],
        },
      },
      deps,
    );
    const second = outcome.itineraries.find((i) => i.externalId === 'driver-2:van-2')!;
    const dropoffOrder = second.stops.filter((s) => s.type === 'dropoff').flatMap((s) => s.orderExternalIds);
    expect(dropoffOrder.indexOf('c')).toBeGreaterThanOrEqual(0);
    expect(dropoffOrder.indexOf('c')).toBeLessThan(dropoffOrder.indexOf('a'));
  });

  it('applies time-of-day traffic with trafficMode automatic and free flow with none', async () => {
    const orders = [order('a', { postalCode: '10451' }), order('b', { postalCode: '11101' })];
    const withTraffic = {
      ...deps,
      trafficProfile: (zone: string, epoch: number) => trafficProfileFor('automatic', localDateOf(epoch, zone), zone),
    };
    const rush = await solveRouting(
      { orders, fleet: [van('1')], settings: { solverTimeLimitSeconds: 0.3 }, options: { trafficMode: 'automatic' } },
      withTraffic,
    );
    const free = await solveRouting(
      { orders, fleet: [van('1')], settings: { solverTimeLimitSeconds: 0.3 }, options: { trafficMode: 'none' } },
      withTraffic,
    );
    expect(rush.itineraries[0]!.totals.travelSeconds).toBeGreaterThan(free.itineraries[0]!.totals.travelSeconds);
  });

  it('makes volume a second capacity only with volumeOptimization', async () => {
    // 100 cubic feet of light boxes: fits a car by weight (500 lb) but not by volume (20 cubic feet).
    const bulky = [
      order(
        'bulky',
        { postalCode: '11101' },
        { payloadItems: [{ description: 'pillows', height: 24, length: 24, width: 30, weight: 2, quantity: 10 }] },
      ),
    ];
    const car = [van('1', { vehicleType: 'car' })];
    const packed = await solveRouting(
      {
        orders: bulky,
        fleet: car,
        settings: { solverTimeLimitSeconds: 0.3 },
        options: { volumeOptimization: true, trafficMode: 'none' },
      },
      deps,
    );
    expect(packed.unassigned).toEqual([
      { externalId: 'bulky', reasons: [expect.objectContaining({ code: 'EXCEEDS_VEHICLE_CAPACITY' })] },
    ]);
    const weightOnly = await solveRouting(
      {
        orders: bulky,
        fleet: car,
        settings: { solverTimeLimitSeconds: 0.3 },
        options: { volumeOptimization: false, trafficMode: 'none' },
      },
      deps,
    );
    expect(weightOnly.unassigned).toEqual([]);
    expect(weightOnly.itineraries[0]!.stops[0]!.load.cubicInches).toBe(24 * 24 * 30 * 10);
  });
});
