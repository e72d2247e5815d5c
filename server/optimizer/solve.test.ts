import { describe, expect, it } from 'vitest';
import type { Problem, Shipment, Solution, Stop, Vehicle } from './model';
import { solve, solveOnThisThread, solverThreadsAlive, warmUpSolverThreads } from './solve';
import { checkSolution, randomInstance } from './verify';
import { lineInstance } from './verify/fixtures';

/** Locations on a line: location i at i * 100 m, 10 m/s (the shared fixture with these vehicles and shipments). */
function lineProblem(
  points: number,
  vehicles: Vehicle[],
  shipments: Shipment[],
  extra: Partial<Problem> = {},
): Problem {
  const positions = Array.from({ length: points }, (_, i) => i * 100);
  return { ...lineInstance({ points: positions, metersPerSecond: 10, dimensions: 1, vehicles, shipments }), ...extra };
}

function vehicle(over: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 'v',
    startLocation: 0,
    endLocation: 0,
    earliestStart: 0,
    latestEnd: 10_000,
    capacity: [10],
    skills: [],
    fixedCost: 0,
    costPerHour: 0,
    costPerMeter: 1,
    speedFactor: 1,
    ...over,
  };
}

type StopSpec = number | Stop | null;

function shipment(id: string, from: StopSpec, to: StopSpec, over: Partial<Shipment> = {}): Shipment {
  const stop = (s: number | Stop): Stop =>
    typeof s === 'number' ? { location: s, serviceSeconds: 0, timeWindows: [] } : s;
  return {
    id,
    pickup: from === null ? null : stop(from),
    delivery: to === null ? null : stop(to),
    size: [1],
    requiredSkills: [],
    priority: 0,
    ...over,
  };
}

function expectFeasible(problem: Problem, solution: Solution): void {
  expect(checkSolution(problem, solution).violations).toEqual([]);
}

function withoutStats(s: Solution): unknown {
  return { routes: s.routes, unassigned: s.unassigned, cost: s.cost };
}

describe('solveOnThisThread', () => {
  it('is deterministic for a seed under an iteration limit', () => {
    const problem = randomInstance(11, { shipments: 25, vehicles: 4, multiWindowShare: 0.3, singleStopShare: 0.2 });
    const a = solveOnThisThread(problem, { seed: 5, maxIterations: 300 });
    const b = solveOnThisThread(problem, { seed: 5, maxIterations: 300 });
    expect(withoutStats(a)).toEqual(withoutStats(b));
    expect(a.stats.iterations).toBe(300);
    expectFeasible(problem, a);
  });

  it('returns checker-feasible plans with every model feature switched on, for every objective', () => {
    const objectives = [
      'MIN_DURATION',
      'MIN_MAX_TRAVEL_COST_DISTANCE',
      'MIN_VEHICLE_UTILIZATION',
      'MIN_VEHICLE_AVOID_TOUR_OVERLAP',
      'MIN_VEHICLES_THEN_DISTANCE',
      'MIN_COST',
    ] as const;
    objectives.forEach((objective, k) => {
      const problem = randomInstance(100 + k, {
        shipments: 30,
        vehicles: 5,
        objective,
        singleStopShare: 0.2,
        multiWindowShare: 0.3,
        openStopShare: 0.1,
        openRoutes: true,
        skills: true,
        priorities: true,
        allowedVehicles: true,
        maxStops: true,
        maxDuration: true,
        speedFactors: true,
        traffic: true,
        locks: true,
      });
      const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 150 });
      expectFeasible(problem, solution);
      const served = new Set(solution.routes.flatMap((r) => r.stops.map((s) => s.shipment)));
      for (const u of solution.unassigned) expect(served.has(u.shipment)).toBe(false);
      expect(served.size + solution.unassigned.length).toBe(problem.shipments.length);
    });
  });

  it('serves higher priorities first when the fleet is short', () => {
    // One vehicle with 100 s: either the far priority-5 order alone (0-5-5-0) or the two near ones.
    const slow = (location: number): Stop => ({ location, serviceSeconds: 10, timeWindows: [] });
    const problem = lineProblem(
      6,
      [vehicle({ latestEnd: 100 })],
      [
        shipment('low', slow(1), 2, { priority: 0 }),
        shipment('high', 5, 5, { priority: 5 }),
        shipment('mid', slow(1), 3, { priority: 1 }),
      ],
    );
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 100 });
    expectFeasible(problem, solution);
    const served = solution.routes.flatMap((r) => r.stops.map((s) => problem.shipments[s.shipment]!.id));
    expect(served).toEqual(['high', 'high']);
    expect(solution.unassigned.map((u) => u.reason)).toEqual(['INSUFFICIENT_FLEET', 'INSUFFICIENT_FLEET']);
  });

  it('explains unassigned orders with the limiting fact', () => {
    const problem = lineProblem(
      10,
      [vehicle({ id: 'van', skills: ['liftgate'], latestEnd: 1000 })],
      [
        shipment('freezer', 1, 2, { requiredSkills: ['freezer'] }),
        shipment('heavy', 1, 2, { size: [11] }),
        shipment('inverted', 1, { location: 2, serviceSeconds: 0, timeWindows: [{ start: 500, end: 100 }] }),
        shipment('tomorrow', 1, { location: 2, serviceSeconds: 0, timeWindows: [{ start: 5000, end: 6000 }] }),
        shipment('too-soon', 1, { location: 9, serviceSeconds: 0, timeWindows: [{ start: 0, end: 50 }] }),
        shipment('fine', 1, 2),
      ],
    );
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 50 });
    expectFeasible(problem, solution);
    const reason = (id: string) => solution.unassigned.find((u) => problem.shipments[u.shipment]!.id === id);
    expect(reason('freezer')).toMatchObject({
      reason: 'NO_VEHICLE_WITH_SKILLS',
      description: expect.stringContaining('freezer'),
    });
    expect(reason('heavy')).toMatchObject({
      reason: 'EXCEEDS_VEHICLE_CAPACITY',
      description: expect.stringContaining('11'),
    });
    expect(reason('inverted')).toMatchObject({
      reason: 'INVALID_TIME_WINDOW',
      description: expect.stringContaining('100'),
    });
    expect(reason('tomorrow')).toMatchObject({ reason: 'OUTSIDE_SHIFT', description: expect.stringContaining('5000') });
    expect(reason('too-soon')).toMatchObject({
      reason: 'TIME_WINDOW_UNREACHABLE',
      description: expect.stringContaining('50'),
    });
    expect(reason('fine')).toBeUndefined();
  });

  it('reports a lock that contradicts pickup-before-delivery or the vehicle as LOCKED_STOP_CONFLICT', () => {
    const problem = lineProblem(
      5,
      [vehicle({ id: 'a' }), vehicle({ id: 'b', skills: [] })],
      [shipment('backwards', 1, 2), shipment('needs-skill', 1, 2, { requiredSkills: ['x'] })],
      {
        lockedSequences: [
          {
            vehicle: 0,
            stops: [
              { shipment: 0, kind: 'delivery' },
              { shipment: 0, kind: 'pickup' },
            ],
          },
          { vehicle: 1, stops: [{ shipment: 1, kind: 'pickup' }] },
        ],
      },
    );
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 20 });
    expect(solution.unassigned.map((u) => u.reason)).toEqual(['LOCKED_STOP_CONFLICT', 'LOCKED_STOP_CONFLICT']);
  });

  it('keeps locked stops on their vehicle in their relative order', () => {
    const ships = [shipment('a', 1, 8), shipment('b', 2, 7), shipment('c', 3, 6), shipment('d', 4, 5)];
    const problem = lineProblem(10, [vehicle({ id: 'x' }), vehicle({ id: 'y' })], ships, {
      // Against geography: d's delivery before a's pickup on vehicle y.
      lockedSequences: [
        {
          vehicle: 1,
          stops: [
            { shipment: 3, kind: 'delivery' },
            { shipment: 0, kind: 'pickup' },
          ],
        },
      ],
    });
    const solution = solveOnThisThread(problem, { seed: 2, maxIterations: 200 });
    expectFeasible(problem, solution);
    const y = solution.routes.find((r) => r.vehicle === 1)!;
    const order = y.stops.map((s) => `${s.shipment}:${s.kind}`);
    expect(order.indexOf('3:delivery')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('3:delivery')).toBeLessThan(order.indexOf('0:pickup'));
  });

  it('applies the time-of-day traffic factor to travel times', () => {
    const traffic = { bucketSeconds: 3600, offsetSeconds: 0, factors: new Float64Array(24).fill(1) };
    traffic.factors[0] = 2; // 00:00-01:00 twice as slow
    const problem = lineProblem(5, [vehicle({ latestEnd: 86_400 })], [shipment('s', 2, 4)], { traffic });
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 10 });
    expectFeasible(problem, solution);
    const first = solution.routes[0]!.stops[0]!;
    expect(first.legDuration).toBe(2 * 20);

    // A window reachable in free flow but not at double travel time is unreachable.
    const tight = lineProblem(
      5,
      [vehicle({ latestEnd: 86_400 })],
      [shipment('late', { location: 4, serviceSeconds: 0, timeWindows: [{ start: 0, end: 50 }] }, 0)],
      { traffic },
    );
    const s2 = solveOnThisThread(tight, { seed: 1, maxIterations: 10 });
    expect(s2.unassigned[0]?.reason).toBe('TIME_WINDOW_UNREACHABLE');
  });

  it('ends open routes at the last stop without a return leg', () => {
    const problem = lineProblem(6, [vehicle({ endLocation: null })], [shipment('s', 2, 5)]);
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 10 });
    expectFeasible(problem, solution);
    const route = solution.routes[0]!;
    expect(route.distance).toBe(500);
    expect(route.end).toBe(route.stops[1]!.departure);
  });

  it('waits for the next of several windows', () => {
    const problem = lineProblem(
      6,
      [vehicle()],
      [
        shipment('s', null, {
          location: 5,
          serviceSeconds: 10,
          timeWindows: [
            { start: 0, end: 20 },
            { start: 300, end: 400 },
          ],
        }),
      ],
    );
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 10 });
    expectFeasible(problem, solution);
    expect(solution.routes[0]!.stops[0]!.serviceStart).toBe(300);
    // Departure is delayed so the vehicle does not wait on site.
    expect(solution.routes[0]!.stops[0]!.waitSeconds).toBe(0);
  });

  it('counts maxDuration from the latest useful departure, not from the shift start', () => {
    const at = (location: number, start: number): Stop => ({
      location,
      serviceSeconds: 0,
      timeWindows: [{ start, end: start + 10 }],
    });
    const late = lineProblem(4, [vehicle({ latestEnd: 10_000, maxDuration: 100 })], [shipment('late', at(1, 5000), 2)]);
    const served = solveOnThisThread(late, { seed: 1, maxIterations: 10 });
    expectFeasible(late, served);
    expect(served.unassigned).toEqual([]);
    expect(served.routes[0]!.duration).toBeLessThanOrEqual(100);

    // Morning and afternoon orders do not fit in one 1000 s route; a second vehicle takes one.
    const split = [shipment('morning', at(1, 100), 2), shipment('afternoon', at(1, 5000), 2)];
    const one = lineProblem(4, [vehicle({ latestEnd: 10_000, maxDuration: 1000 })], split);
    const s1 = solveOnThisThread(one, { seed: 1, maxIterations: 20 });
    expectFeasible(one, s1);
    expect(s1.unassigned.map((u) => u.reason)).toEqual(['INSUFFICIENT_FLEET']);
    const two = lineProblem(
      4,
      [vehicle({ latestEnd: 10_000, maxDuration: 1000 }), vehicle({ id: 'w', latestEnd: 10_000, maxDuration: 1000 })],
      split,
    );
    const s2 = solveOnThisThread(two, { seed: 1, maxIterations: 20 });
    expectFeasible(two, s2);
    expect(s2.unassigned).toEqual([]);
    expect(s2.routes).toHaveLength(2);
  });

  it('loads delivery-only jobs at the start and carries pickup-only jobs to the end', () => {
    const problem = lineProblem(
      6,
      [vehicle({ capacity: [3] })],
      [shipment('d1', null, 2, { size: [2] }), shipment('p1', 3, null, { size: [3] })],
    );
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 30 });
    expectFeasible(problem, solution);
    expect(solution.unassigned).toEqual([]);
    const kinds = solution.routes[0]!.stops.map((s) => s.kind);
    expect(kinds).toEqual(['delivery', 'pickup']);
  });

  it('stops when the signal aborts and honours the time limit', () => {
    const problem = randomInstance(3, { shipments: 40, vehicles: 6 });
    const controller = new AbortController();
    controller.abort();
    const aborted = solveOnThisThread(problem, { signal: controller.signal, timeLimitMs: 60_000 });
    expect(aborted.stats.iterations).toBe(0);
    expectFeasible(problem, aborted);
    // Returning at all proves it stopped (no wall-clock upper bound: a loaded machine is slow); it used its time.
    const timed = solveOnThisThread(problem, { timeLimitMs: 300 });
    expect(timed.stats.elapsedMs).toBeGreaterThanOrEqual(299);
    expect(timed.stats.iterations).toBeGreaterThan(0);
    expectFeasible(problem, timed);
  });
});

describe('solve on worker threads', () => {
  it('searches with several threads and returns the best feasible plan', async () => {
    const problem = randomInstance(21, { shipments: 30, vehicles: 5, objective: 'MIN_VEHICLES_THEN_DISTANCE' });
    const progress: number[] = [];
    const solution = await solve(problem, {
      threads: 2,
      timeLimitMs: 1500,
      seed: 4,
      onProgress: (p) => progress.push(p.cost),
    });
    expectFeasible(problem, solution);
    expect(solution.stats.threads).toBe(2);
    expect(progress.length).toBeGreaterThan(0);
  });
});

describe('warmUpSolverThreads', () => {
  it('solves on the threads until done; a solve asked for meanwhile stops it and runs on the same threads', async () => {
    const problem = randomInstance(22, { shipments: 20, vehicles: 3, traffic: true, objective: 'MIN_DURATION' });
    await warmUpSolverThreads([problem], { threads: 2, runs: 1 });
    const threads = solverThreadsAlive();
    expect(threads).toBeGreaterThanOrEqual(2);

    // More runs than the test has time for: only the solve below ends it.
    let warming = true;
    const warmUp = warmUpSolverThreads([problem], { threads: 2, runs: 1_000_000 }).then(() => {
      warming = false;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(warming).toBe(true);
    const solution = await solve(problem, { threads: 2, maxIterations: 400, seed: 5 });
    expect(warming).toBe(false);
    await warmUp;
    expectFeasible(problem, solution);
    // The solve took the warm-up's threads, not new ones.
    expect(solverThreadsAlive()).toBe(threads);

    // A warm-up asked for while a solve runs does nothing (it would need threads of its own).
    const running = solve(problem, { threads: 2, maxIterations: 2000, seed: 6 });
    await warmUpSolverThreads([problem], { threads: 2, runs: 1_000_000 });
    expectFeasible(problem, await running);
    expect(solverThreadsAlive()).toBe(threads);
  });
});

describe('degenerate problems', () => {
  it('returns at once with every order explained when there are no vehicles or no orders', () => {
    const noVehicles = lineProblem(3, [], [shipment('s', 1, 2)]);
    const a = solveOnThisThread(noVehicles, { timeLimitMs: 5000 });
    expect(a.routes).toEqual([]);
    expect(a.unassigned).toEqual([expect.objectContaining({ shipment: 0, reason: 'INSUFFICIENT_FLEET' })]);
    // At once: no search iterations at all, whatever the time limit.
    expect(a.stats.iterations).toBe(0);
    const noOrders = lineProblem(3, [vehicle()], []);
    const b = solveOnThisThread(noOrders, { timeLimitMs: 5000 });
    expect(b.routes).toEqual([]);
    expect(b.unassigned).toEqual([]);
    expect(b.stats.iterations).toBe(0);
  });
});
