import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { localDateOf, trafficProfileFor } from '@/server/geo';
import { solve, type SolveOptions } from '@/server/optimizer';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { fleetSpecSchema, orderSchema } from './request-schema';
import {
  DEFAULT_BUDGET_CAP_MS,
  defaultSolverTimeMs,
  SIDE_BY_SIDE_MAX_ORDERS,
  SMALL_PLAN_RUNS,
  solveRouting,
  solverThreads,
  type RoutingSolveDeps,
} from './solve-routing';
import { warmUpRequests } from './warm-up';
import { planResultSchema, renderPlanResult } from './responses';
import { BROOKLYN_STORE as depot, embeddedSolveDeps as deps } from './testing';

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
  it('stops on convergence under the default budget (capped by the size-based time); an explicit limit is spent whole', async () => {
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
      { orders, fleet: [van('1')], settings: null, options: { trafficMode: 'none', solverTimeLimitSeconds: 3 } },
      recording,
    );
    await solveRouting(
      { orders, fleet: [van('1')], settings: { solverTimeLimitSeconds: 4 }, options: { trafficMode: 'none' } },
      recording,
    );
    // The small plan's default budget makes its runs two side by side; explicit limits keep `threads`.
    expect(seen.map((o) => [o.untilConverged, o.timeLimitMs, o.threads, o.independentRuns])).toEqual([
      [true, defaultSolverTimeMs(1), 2, SMALL_PLAN_RUNS],
      [false, 3000, 1, undefined],
      [false, 4000, 1, undefined],
    ]);
  });

  it('caps the default budget of small plans below the sync window, and of larger ones by size', async () => {
    expect(defaultSolverTimeMs(1)).toBe(DEFAULT_BUDGET_CAP_MS);
    expect(defaultSolverTimeMs(SIDE_BY_SIDE_MAX_ORDERS)).toBe(DEFAULT_BUDGET_CAP_MS);
    // Inside the default 30 s sync window, with room for the rest of the request.
    expect(DEFAULT_BUDGET_CAP_MS).toBeLessThanOrEqual(25_000);
    expect(defaultSolverTimeMs(SIDE_BY_SIDE_MAX_ORDERS + 1)).toBe(2_000);
    expect(defaultSolverTimeMs(1_000)).toBe(16_000);
    expect(defaultSolverTimeMs(10_000)).toBe(20_000);
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
    const request = warmUpRequests()[0]!;
    const input = { orders: request.orders, fleet: request.fleet, settings: null, options: request.options };
    const onThreads: RoutingSolveDeps = { ...deps, threads: 2 };
    const idle = await solveRouting(input, onThreads);
    // One spinning thread per core, started here and ended below, so that the solve shares every core.
    const burners = Array.from({ length: availableParallelism() }, () => new Worker('for (;;) {}', { eval: true }));
    let busy: Awaited<ReturnType<typeof solveRouting>>;
    try {
      busy = await solveRouting(input, onThreads);
    } finally {
      await Promise.all(burners.map((b) => b.terminate()));
    }
    expect(idle.itineraries.some((i) => i.stops.length > 0)).toBe(true);
    expect(busy).toEqual(idle);
  });

  it('gives small plans on the default budget two threads, and every other solve the configured count', () => {
    expect(solverThreads(1, false, 1)).toBe(2);
    expect(solverThreads(SIDE_BY_SIDE_MAX_ORDERS, false, 1)).toBe(2);
    expect(solverThreads(SIDE_BY_SIDE_MAX_ORDERS, false, 4)).toBe(4);
    expect(solverThreads(SIDE_BY_SIDE_MAX_ORDERS + 1, false, 1)).toBe(1);
    expect(solverThreads(SIDE_BY_SIDE_MAX_ORDERS, true, 1)).toBe(1);
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
