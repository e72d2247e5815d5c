import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLiLim, parseSolomon } from './benchmarks';
import { LI_LIM_DIR, SOLOMON_INSTANCES_DIR } from './benchmarks/data';
import type { Problem } from './model';
import { Budget, type Search } from './search';
import { buildSolution } from './solution';
import { prepareSearch } from './solve';
import { checkSolution, mixedInstance } from './verify';

const distanceOf = (search: Search): number => search.routes.reduce((sum, r) => sum + r.distance, 0);

/** The construction of a seeded search on `problem`, polished by the local search (the plan before and after). */
function polishConstruction(problem: Problem, seed: number) {
  const { inst, verdicts, search } = prepareSearch(problem, seed);
  search.construct();
  const before = {
    cost: search.totalCost(),
    distance: distanceOf(search),
    vehicles: search.usedVehicles(),
    unassigned: search.unassigned.slice().sort((a, b) => a - b),
  };
  search.localSearch.intensify(Budget.unbounded());
  const after = {
    cost: search.totalCost(),
    distance: distanceOf(search),
    vehicles: search.usedVehicles(),
    unassigned: search.unassigned.slice().sort((a, b) => a - b),
  };
  const stats = { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed, threads: 1, progress: [] };
  const solution = buildSolution(inst, search.snapshot(), search.unassigned, verdicts, stats);
  return { before, after, solution };
}

describe('local search (relocate and 2-opt*)', () => {
  it('never makes a plan worse, infeasible or shorter of orders, on every objective and model feature', () => {
    let improved = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const problem = mixedInstance(seed, seed * 7_919 + 3, {
        shipments: 12 + (seed % 9),
        vehicles: 3 + (seed % 3),
      });
      const { before, after, solution } = polishConstruction(problem, seed);
      expect(after.cost).toBeLessThanOrEqual(before.cost + 1e-9);
      expect(after.unassigned).toEqual(before.unassigned);
      const check = checkSolution(problem, solution);
      expect(check.violations).toEqual([]);
      expect(check.feasible).toBe(true);
      if (after.cost < before.cost - 1e-6) improved++;
    }
    // It does something: most greedy constructions have a relocation or tail exchange that pays.
    expect(improved).toBeGreaterThan(20);
  });

  const SOLOMON = path.join(SOLOMON_INSTANCES_DIR, 'R205.txt');
  const LILIM = path.join(LI_LIM_DIR, 'pdp_100', 'lr205.txt');

  it('shortens greedy plans of Solomon R205 and Li & Lim lr205, keeping them feasible', () => {
    for (const instance of [
      parseSolomon('R205', readFileSync(SOLOMON, 'utf8')),
      parseLiLim('lr205', readFileSync(LILIM, 'utf8')),
    ]) {
      const { before, after, solution } = polishConstruction(instance.problem, 1);
      expect(after.unassigned).toEqual([]);
      expect(after.vehicles).toBeLessThanOrEqual(before.vehicles);
      expect(after.distance).toBeLessThan(before.distance * 0.95);
      expect(checkSolution(instance.problem, solution).feasible).toBe(true);
    }
  });
});
