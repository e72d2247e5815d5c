import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Solution } from '../model';
import { OBJECTIVES } from '../model';
import { solve, solveOnThisThread } from '../index';
import { missedInsertions, priorityInversions, reasonMismatches } from './audit';
import { checkSolution } from './checker';
import { solutionObjective } from './objective';
import { randomInstance, type RandomInstanceOptions } from './generators';

/** Fixed so a failure reproduces; fast-check prints the seed and path of any counterexample. */
const FC_SEED = 20261122;

const instanceArbitrary = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  shipments: fc.integer({ min: 1, max: 18 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  objective: fc.constantFrom(...OBJECTIVES),
  singleStopShare: fc.constantFrom(0, 0.3),
  multiWindowShare: fc.constantFrom(0, 0.3),
  openStopShare: fc.constantFrom(0, 0.1),
  openRoutes: fc.boolean(),
  skills: fc.boolean(),
  priorities: fc.boolean(),
  allowedVehicles: fc.boolean(),
  maxStops: fc.boolean(),
  maxDuration: fc.boolean(),
  speedFactors: fc.boolean(),
  traffic: fc.boolean(),
  locks: fc.boolean(),
  capacityShare: fc.constantFrom(0.2, 0.6),
});

type Drawn = RandomInstanceOptions & { seed: number };

/** The iteration cap binds long before the time limit, so answers do not depend on machine speed. */
function solveDrawn(drawn: Drawn): { solution: Solution; problem: ReturnType<typeof randomInstance> } {
  const problem = randomInstance(drawn.seed, drawn);
  const solution = solveOnThisThread(problem, { seed: 7, maxIterations: 300, timeLimitMs: 20_000 });
  return { problem, solution };
}

describe('solver properties on random instances', () => {
  it('every solution passes the checker (routes feasible, each shipment routed once or unassigned with a known reason) and reports its cost right', () => {
    fc.assert(
      fc.property(instanceArbitrary, (drawn) => {
        const { problem, solution } = solveDrawn(drawn);
        expect(checkSolution(problem, solution).violations).toEqual([]);
        // The reported cost is the objective's first term recomputed from the routes.
        const [recomputed] = solutionObjective(problem, solution).costs;
        if (recomputed !== undefined)
          expect(Math.abs(solution.cost - recomputed)).toBeLessThanOrEqual(1e-6 * Math.max(1, recomputed));
      }),
      { seed: FC_SEED, numRuns: 60 },
    );
  });

  it('no unassigned shipment fits into a route as it stands, and priorities are never inverted', () => {
    fc.assert(
      fc.property(instanceArbitrary, (drawn) => {
        const { problem, solution } = solveDrawn(drawn);
        expect(missedInsertions(problem, solution)).toEqual([]);
        expect(priorityInversions(problem, solution)).toEqual([]);
      }),
      { seed: FC_SEED + 1, numRuns: 40 },
    );
  });

  it('reasons agree with the problem (a static reason only when no vehicle can serve it alone)', () => {
    fc.assert(
      fc.property(instanceArbitrary, (drawn) => {
        const { problem, solution } = solveDrawn(drawn);
        expect(reasonMismatches(problem, solution)).toEqual([]);
      }),
      { seed: FC_SEED + 2, numRuns: 40 },
    );
  });

  it('the same seed gives the same answer', () => {
    fc.assert(
      fc.property(instanceArbitrary, (drawn) => {
        const first = solveDrawn(drawn).solution;
        const second = solveDrawn(drawn).solution;
        expect(second.routes).toEqual(first.routes);
        expect(second.unassigned).toEqual(first.unassigned);
        expect(second.cost).toBe(first.cost);
      }),
      { seed: FC_SEED + 3, numRuns: 20 },
    );
  });

  it('answers from worker threads pass the checker too', async () => {
    for (const seed of [11, 12, 13]) {
      const problem = randomInstance(seed, {
        shipments: 25,
        vehicles: 4,
        singleStopShare: 0.3,
        multiWindowShare: 0.3,
        traffic: true,
        maxDuration: true,
        locks: true,
        priorities: true,
      });
      const solution = await solve(problem, { seed, threads: 2, maxIterations: 300, timeLimitMs: 20_000 });
      expect(checkSolution(problem, solution).violations, `seed ${seed}`).toEqual([]);
      expect(missedInsertions(problem, solution), `seed ${seed}`).toEqual([]);
      expect(solution.stats.threads).toBe(2);
    }
  });
});
