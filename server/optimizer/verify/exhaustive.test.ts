import { describe, expect, it } from 'vitest';
import type { Objective, Problem } from '../model';
import { OBJECTIVES } from '../model';
import { solveOnThisThread } from '../index';
import { checkSolution } from './checker';
import { solveExhaustively } from './exhaustive';
import { randomInstance, type RandomInstanceOptions } from './generators';
import { compareObjective, describeObjective, solutionObjective } from './objective';

/**
 * The solver against the exact optimum on tiny instances. Traffic is left out: the exhaustive
 * search is exact only without it. Each group switches on a few more model features, so a failing
 * group points at the feature.
 */
const GROUPS: Record<string, Omit<RandomInstanceOptions, 'shipments' | 'vehicles' | 'objective'>> = {
  'pickup and delivery with windows': {},
  'single-stop jobs, open routes, two windows, no windows': {
    singleStopShare: 0.4,
    openRoutes: true,
    multiWindowShare: 0.4,
    openStopShare: 0.15,
  },
  'skills, priorities, allowedVehicles, maxStops': {
    skills: true,
    priorities: true,
    allowedVehicles: true,
    maxStops: true,
    capacityShare: 0.35,
  },
  'maxDuration and speedFactor': { maxDuration: true, speedFactors: true, windowSeconds: [1800, 5400] },
  'locked sequences': { locks: true, priorities: true, singleStopShare: 0.3 },
};

const SEEDS_PER_GROUP = 20;

function instance(group: string, seed: number): Problem {
  const objective: Objective = OBJECTIVES[seed % OBJECTIVES.length]!;
  return randomInstance(seed * 7919 + group.length, {
    ...GROUPS[group],
    shipments: 3 + (seed % 2),
    vehicles: 2 + (seed % 2),
    objective,
  });
}

describe('the solver finds the exhaustive optimum on tiny instances', () => {
  for (const group of Object.keys(GROUPS)) {
    it(group, () => {
      const mismatches: string[] = [];
      for (let seed = 1; seed <= SEEDS_PER_GROUP; seed++) {
        const problem = instance(group, seed);
        const exact = solveExhaustively(problem);
        const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 2000, timeLimitMs: 60_000 });
        const label = `seed ${seed} ${problem.objective}`;
        const violations = checkSolution(problem, solution).violations;
        if (violations.length > 0) {
          mismatches.push(`${label}: infeasible: ${violations[0]}`);
          continue;
        }
        const found = solutionObjective(problem, solution);
        // Either sign is a defect: worse is the solver's, better would be the exhaustive search's.
        if (compareObjective(problem.objective, found, exact.value, 1e-6) !== 0) {
          mismatches.push(`${label}\n  solver ${describeObjective(found)}\n  exact  ${describeObjective(exact.value)}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
