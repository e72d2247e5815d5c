import { describe, expect, it } from 'vitest';
import { compileInstance } from './instance';
import type { Objective, Problem } from './model';
import { Search } from './search';
import { solveOnThisThread } from './solve';
import { checkSolution, mixedInstance, solveExhaustively } from './verify';

const VEHICLES_FIRST: readonly Objective[] = [
  'MIN_VEHICLES_THEN_DISTANCE',
  'MIN_VEHICLE_UTILIZATION',
  'MIN_VEHICLE_AVOID_TOUR_OVERLAP',
];

function lowerBound(problem: Problem): number {
  const inst = compileInstance(problem);
  return new Search(inst, new Uint8Array(inst.jobs).fill(1), 1).routeElimination.lowerBound();
}

/** Services long enough that the stops take about `shifts` of the longest shift, the rest as generated. */
function withLongServices(problem: Problem, shifts: number): Problem {
  const shift = Math.max(...problem.vehicles.map((v) => v.latestEnd - v.earliestStart));
  const stops = problem.shipments.reduce((n, s) => n + (s.pickup ? 1 : 0) + (s.delivery ? 1 : 0), 0);
  const service = Math.round((shifts * shift) / stops);
  const longer = <T extends { serviceSeconds: number } | null>(stop: T): T =>
    stop ? { ...stop, serviceSeconds: service } : stop;
  return {
    ...problem,
    shipments: problem.shipments.map((s) => ({ ...s, pickup: longer(s.pickup), delivery: longer(s.delivery) })),
  };
}

/**
 * Route elimination stops at the vehicle lower bound. Capacity bounds pickup-and-delivery plans at
 * one vehicle; the time every stop takes (service and the shortest leg in) against the shifts
 * bounds them too. The bound must never exceed the vehicles a plan that serves every order needs.
 */
describe('vehicle lower bound', () => {
  it('never exceeds the exhaustive optimum on tiny instances, and reaches it where time binds', () => {
    let compared = 0;
    let tight = 0;
    for (let seed = 1; seed <= 48; seed++) {
      const generated = mixedInstance(seed, seed, {
        shipments: 4,
        vehicles: 3,
        objective: VEHICLES_FIRST[seed % VEHICLES_FIRST.length]!,
        // Windows would leave orders out under services this long; time binds through the shifts.
        openStopShare: 1,
        multiWindowShare: 0,
      });
      const problem = withLongServices(generated, 0.4 + (seed % 6) * 0.35);
      const exact = solveExhaustively(problem);
      if (exact.unassigned.length > 0) continue;
      const bound = lowerBound(problem);
      expect(bound, `seed ${seed}`).toBeLessThanOrEqual(exact.routes.length);
      compared++;
      if (bound > 1 && bound === exact.routes.length) tight++;
    }
    expect(compared).toBeGreaterThan(15);
    expect(tight).toBeGreaterThan(3);
  });

  it('never exceeds the vehicles of a plan that serves every order, on larger instances', () => {
    let compared = 0;
    let aboveOne = 0;
    for (let seed = 1; seed <= 16; seed++) {
      const generated = mixedInstance(seed, seed, {
        shipments: 24,
        vehicles: 6,
        objective: VEHICLES_FIRST[seed % VEHICLES_FIRST.length]!,
        openStopShare: seed % 2 === 0 ? 1 : 0.5,
        multiWindowShare: 0,
      });
      const problem = withLongServices(generated, 1 + (seed % 4) * 0.5);
      const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 400 });
      expect(checkSolution(problem, solution).violations).toEqual([]);
      if (solution.unassigned.length > 0) continue;
      const bound = lowerBound(problem);
      expect(bound, `seed ${seed}`).toBeLessThanOrEqual(solution.routes.filter((r) => r.stops.length > 0).length);
      compared++;
      if (bound > 1) aboveOne++;
    }
    expect(compared).toBeGreaterThan(4);
    expect(aboveOne).toBeGreaterThan(2);
  });
});
