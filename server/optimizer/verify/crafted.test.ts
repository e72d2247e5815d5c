import { describe, expect, it } from 'vitest';
import type { Problem, ReasonCode, Solution } from '../model';
import { solveOnThisThread } from '../index';
import { checkSolution } from './checker';
import { lineInstance, type LineInstanceSpec } from './fixtures';

function solveChecked(problem: Problem): Solution {
  const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 2000, timeLimitMs: 60_000 });
  expect(checkSolution(problem, solution).violations).toEqual([]);
  return solution;
}

function reasonOf(solution: Solution, shipment: number): { reason: ReasonCode; description: string } | undefined {
  return solution.unassigned.find((u) => u.shipment === shipment);
}

function routeOf(solution: Solution, vehicle: number) {
  return solution.routes.find((r) => r.vehicle === vehicle && r.stops.length > 0);
}

const usedVehicles = (solution: Solution) => solution.routes.filter((r) => r.stops.length > 0).length;

describe('reason codes the solver decides', () => {
  it('NO_VEHICLE_WITH_SKILLS names the missing skill', () => {
    const solution = solveChecked(
      lineInstance({
        points: [0, 1000],
        vehicles: [{ skills: ['liftgate'] }],
        shipments: [{ pickup: null, requiredSkills: ['freezer'] }, { pickup: null }],
      }),
    );
    expect(reasonOf(solution, 0)?.reason).toBe('NO_VEHICLE_WITH_SKILLS');
    expect(reasonOf(solution, 0)?.description).toContain('freezer');
    expect(reasonOf(solution, 1)).toBeUndefined();
  });

  it.each([
    {
      reason: 'EXCEEDS_VEHICLE_CAPACITY',
      when: 'no vehicle can carry the size',
      problem: lineInstance({
        points: [0, 1000],
        vehicles: [{ capacity: [100, 100] }, { capacity: [300, 50] }],
        shipments: [{ pickup: null, size: [200, 80] }],
      }),
    },
    {
      reason: 'TIME_WINDOW_UNREACHABLE',
      when: 'the window closes before any vehicle can get there',
      problem: lineInstance({
        points: [0, 5000],
        vehicles: [{}],
        shipments: [{ pickup: null, delivery: { timeWindows: [{ start: 0, end: 1000 }] } }],
      }),
    },
    {
      reason: 'INVALID_TIME_WINDOW',
      when: 'a window ends before it starts',
      problem: lineInstance({
        points: [0, 1000],
        vehicles: [{}],
        shipments: [{ pickup: null, delivery: { timeWindows: [{ start: 3000, end: 2000 }] } }],
      }),
    },
    {
      reason: 'OUTSIDE_SHIFT',
      when: 'the window lies after every shift ends',
      problem: lineInstance({
        points: [0, 1000],
        vehicles: [{ latestEnd: 20_000 }],
        shipments: [{ pickup: null, delivery: { timeWindows: [{ start: 50_000, end: 52_000 }] } }],
      }),
    },
  ])('$reason when $when', ({ reason, problem }) => {
    expect(reasonOf(solveChecked(problem), 0)?.reason).toBe(reason);
  });

  it('LOCKED_STOP_CONFLICT when the lock pins a stop to a vehicle that cannot make its window', () => {
    // v0 starts too late for s0's window; v1 could serve it, but the lock says v0.
    const solution = solveChecked(
      lineInstance({
        points: [0, 1000],
        vehicles: [{ earliestStart: 10_000 }, {}],
        shipments: [{ pickup: null, delivery: { timeWindows: [{ start: 1000, end: 3000 }] } }],
      }),
    );
    expect(reasonOf(solution, 0)).toBeUndefined(); // without the lock v1 serves it
    const locked = lineInstance({
      points: [0, 1000],
      vehicles: [{ earliestStart: 10_000 }, {}],
      shipments: [{ pickup: null, delivery: { timeWindows: [{ start: 1000, end: 3000 }] } }],
    });
    locked.lockedSequences = [{ vehicle: 0, stops: [{ shipment: 0, kind: 'delivery' }] }];
    expect(reasonOf(solveChecked(locked), 0)?.reason).toBe('LOCKED_STOP_CONFLICT');
  });

  it('INSUFFICIENT_FLEET when each fits alone but not together, and the higher priority wins', () => {
    const solution = solveChecked(
      lineInstance({
        points: [0, 1000, 2000],
        vehicles: [{ capacity: [10, 10] }],
        shipments: [
          { pickup: null, delivery: { location: 1 }, size: [6, 1], priority: 1 },
          { pickup: null, delivery: { location: 2 }, size: [6, 1], priority: 4 },
        ],
      }),
    );
    expect(reasonOf(solution, 0)?.reason).toBe('INSUFFICIENT_FLEET');
    expect(reasonOf(solution, 1)).toBeUndefined();
  });
});

describe('objectives', () => {
  it('MIN_MAX_TRAVEL_COST_DISTANCE shortens the longest route that MIN_DURATION accepts', () => {
    // A at +1000, B at -1000; v1 is slow, so MIN_DURATION sends v0 to both (one 4000 m route),
    // while the balanced objective sends one vehicle each way (2000 m each).
    const spec: LineInstanceSpec = {
      points: [0, 1000, -1000],
      vehicles: [{}, { speedFactor: 1.5 }],
      shipments: [
        { pickup: null, delivery: { location: 1 } },
        { pickup: null, delivery: { location: 2 } },
      ],
    };
    const longest = (s: Solution) => Math.max(...s.routes.map((r) => r.distance));
    const byDuration = solveChecked(lineInstance({ ...spec, objective: 'MIN_DURATION' }));
    const balanced = solveChecked(lineInstance({ ...spec, objective: 'MIN_MAX_TRAVEL_COST_DISTANCE' }));
    expect(byDuration.unassigned).toEqual([]);
    expect(balanced.unassigned).toEqual([]);
    expect(longest(byDuration)).toBeCloseTo(4000, 6);
    expect(longest(balanced)).toBeCloseTo(2000, 6);
  });

  it('MIN_VEHICLE_UTILIZATION and MIN_VEHICLE_AVOID_TOUR_OVERLAP use fewer vehicles than MIN_DURATION', () => {
    // Depots at +900 and -900 near A (+1000) and B (-1000): two short routes are quickest in total,
    // one long route uses one vehicle.
    const spec: LineInstanceSpec = {
      points: [900, -900, 1000, -1000],
      vehicles: [
        { startLocation: 0, endLocation: 0 },
        { startLocation: 1, endLocation: 1 },
      ],
      shipments: [
        { pickup: null, delivery: { location: 2 } },
        { pickup: null, delivery: { location: 3 } },
      ],
    };
    const byDuration = solveChecked(lineInstance({ ...spec, objective: 'MIN_DURATION' }));
    expect(usedVehicles(byDuration)).toBe(2);
    expect(byDuration.duration).toBeCloseTo(400, 6);
    for (const objective of ['MIN_VEHICLE_UTILIZATION', 'MIN_VEHICLE_AVOID_TOUR_OVERLAP'] as const) {
      const fewer = solveChecked(lineInstance({ ...spec, objective }));
      expect(fewer.unassigned, objective).toEqual([]);
      expect(usedVehicles(fewer), objective).toBe(1);
    }
  });
});

describe('model features', () => {
  it('locked stops stay on their vehicle in the locked order, even against the shorter order', () => {
    // Natural order from the depot is s1 (at 500) then s0 (at 1000); the lock asks s0 first.
    const problem = lineInstance({
      points: [0, 1000, 500],
      vehicles: [{}, {}],
      shipments: [
        { pickup: null, delivery: { location: 1 } },
        { pickup: null, delivery: { location: 2 } },
      ],
    });
    problem.lockedSequences = [
      {
        vehicle: 1,
        stops: [
          { shipment: 0, kind: 'delivery' },
          { shipment: 1, kind: 'delivery' },
        ],
      },
    ];
    const solution = solveChecked(problem);
    expect(routeOf(solution, 1)?.stops.map((s) => s.shipment)).toEqual([0, 1]);
  });

  it('skills and allowedVehicles send a shipment past the nearer vehicle', () => {
    const problem = lineInstance({
      points: [0, 5000, 100],
      vehicles: [
        { startLocation: 2, endLocation: 2 },
        { startLocation: 1, endLocation: 1, skills: ['liftgate'] },
        { startLocation: 2, endLocation: 2 },
      ],
      shipments: [
        { pickup: null, delivery: { location: 0 }, requiredSkills: ['liftgate'] },
        { pickup: null, delivery: { location: 0 }, allowedVehicles: [1] },
      ],
    });
    const solution = solveChecked(problem);
    expect(solution.unassigned).toEqual([]);
    expect(
      routeOf(solution, 1)
        ?.stops.map((s) => s.shipment)
        .sort(),
    ).toEqual([0, 1]);
  });

  it('maxStops caps a route', () => {
    const solution = solveChecked(
      lineInstance({
        points: [0, 100, 200, 300],
        vehicles: [{ maxStops: 2 }, { speedFactor: 3 }],
        shipments: [1, 2, 3].map((location) => ({ pickup: null, delivery: { location } })),
      }),
    );
    expect(solution.unassigned).toEqual([]);
    expect(routeOf(solution, 0)?.stops.length).toBe(2);
  });

  it('an open route ends at its last service: no return leg in distance or end', () => {
    const solution = solveChecked(
      lineInstance({
        points: [0, 1000, 3000],
        vehicles: [{ endLocation: null }],
        shipments: [{ pickup: { location: 1, serviceSeconds: 60 }, delivery: { location: 2, serviceSeconds: 120 } }],
      }),
    );
    const route = routeOf(solution, 0)!;
    expect(route.distance).toBeCloseTo(3000, 6);
    expect(route.end).toBeCloseTo(route.stops[1]!.departure, 6);
  });

  it('a stop with two windows is served in the second when the first cannot be reached', () => {
    const solution = solveChecked(
      lineInstance({
        points: [0, 1000],
        vehicles: [{}],
        shipments: [
          {
            pickup: null,
            delivery: {
              timeWindows: [
                { start: 0, end: 500 },
                { start: 2000, end: 3000 },
              ],
            },
          },
        ],
      }),
    );
    const stop = routeOf(solution, 0)!.stops[0]!;
    expect(stop.serviceStart).toBeGreaterThanOrEqual(2000);
    expect(stop.serviceStart).toBeLessThanOrEqual(3000);
  });

  it('traffic multiplies a leg by the factor of its departure bucket, offset shifting to local time', () => {
    // Departing at 82,800 s plus a 3,600 s offset is local midnight: bucket 0, factor 2. The window
    // forces departure within 100 s of the shift start, so the 1,000 m leg takes 2,000 s.
    const spec: LineInstanceSpec = {
      points: [0, 1000],
      vehicles: [{ earliestStart: 82_800, latestEnd: 82_800 + 20_000 }],
      shipments: [{ pickup: null, delivery: { timeWindows: [{ start: 83_800, end: 84_900 }] } }],
    };
    const factors = new Float64Array(24).fill(1);
    factors[0] = 2;
    const slow = lineInstance(spec);
    slow.traffic = { bucketSeconds: 3600, offsetSeconds: 3600, factors };
    const slowStop = routeOf(solveChecked(slow), 0)!.stops[0]!;
    expect(slowStop.legDuration).toBeCloseTo(2000, 6);
    expect(slowStop.arrival).toBeGreaterThanOrEqual(84_800);

    const freeStop = routeOf(solveChecked(lineInstance(spec)), 0)!.stops[0]!;
    expect(freeStop.legDuration).toBeCloseTo(1000, 6);
  });
});
