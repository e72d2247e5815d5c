import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LI_LIM_DIR } from '../benchmarks/data';
import { parseLiLim } from '../benchmarks';
import type { Problem, Solution } from '../model';
import { compareSolutions, solveOnThisThread } from '../solve';
import { checkSolution } from '../verify';

/**
 * The warm start is a real starting plan: a search started from a solution never ends worse than
 * it, and a search with no room to move returns it unchanged.
 */

const LI_LIM_100 = path.join(LI_LIM_DIR, 'pdp_100');
const INSTANCES = readdirSync(LI_LIM_100)
  .filter((file) => file.endsWith('.txt'))
  .sort();
/** Enough moves for a plan close to converged on these 100-order instances, in well under a second each. */
const CONVERGE_ITERATIONS = 2_000;

function load(file: string): Problem {
  return parseLiLim(file.replace(/\.txt$/, ''), readFileSync(path.join(LI_LIM_100, file), 'utf8')).problem;
}

/**
 * compareSolutions, with costs equal up to floating-point rounding counted as equal: another plan
 * of the same cost (or the same routes in another order) may sum to a last digit apart.
 */
function compareAllowingRounding(problem: Problem, a: Solution, b: Solution): number {
  const sameCost = Math.abs(a.cost - b.cost) <= 1e-9 * Math.max(1, Math.abs(b.cost));
  return compareSolutions(problem, sameCost ? { ...a, cost: b.cost, distance: b.distance } : a, b);
}

function startingFrom(problem: Problem, solution: Solution): Problem {
  return {
    ...problem,
    initialRoutes: solution.routes.map((route) => ({
      vehicle: route.vehicle,
      stops: route.stops.map((s) => ({ shipment: s.shipment, kind: s.kind })),
    })),
  };
}

describe('warm start', () => {
  it('covers all 56 Li & Lim 100 instances', () => {
    expect(INSTANCES).toHaveLength(56);
  });

  it('keeps the starting plan when the search has no moves to make', () => {
    const problem = load('lc101.txt');
    const start = solveOnThisThread(problem, { maxIterations: 300, seed: 5 });
    const kept = solveOnThisThread(startingFrom(problem, start), { maxIterations: 1, seed: 9 });
    expect(compareSolutions(problem, kept, start)).toBeLessThanOrEqual(0);
    // The same routes, stop for stop (a fresh construction with another seed would not give them).
    const routesOf = (s: Solution) =>
      s.routes.map((r) => `${r.vehicle}:${r.stops.map((x) => `${x.shipment}${x.kind[0]}`).join(',')}`).sort();
    expect(routesOf(kept)).toEqual(routesOf(start));
  });

  it('fills in what the starting plan leaves out and drops what it cannot keep', () => {
    const problem = load('lr101.txt');
    const start = solveOnThisThread(problem, { maxIterations: 300, seed: 5 });
    const partial = startingFrom(problem, start);
    // Half the routes, one route's stops reversed (deliveries before pickups cannot be kept), and a vehicle out of range.
    const routes = partial.initialRoutes!.slice(0, Math.ceil(partial.initialRoutes!.length / 2));
    routes[0] = { ...routes[0]!, stops: [...routes[0]!.stops].reverse() };
    routes.push({ vehicle: problem.vehicles.length + 3, stops: [{ shipment: 0, kind: 'pickup' }] });
    const solution = solveOnThisThread({ ...problem, initialRoutes: routes }, { maxIterations: 50, seed: 1 });
    expect(checkSolution(problem, solution).violations).toEqual([]);
    expect(solution.unassigned).toEqual([]);
  });

  it.each(INSTANCES)('%s: warm-started from its own converged plan, a 0.2 s search never ends worse', (file) => {
    const problem = load(file);
    const start = solveOnThisThread(problem, { maxIterations: CONVERGE_ITERATIONS, seed: 1 });
    const warm = solveOnThisThread(startingFrom(problem, start), { timeLimitMs: 200, seed: 2 });
    expect(checkSolution(problem, warm).violations).toEqual([]);
    expect(compareAllowingRounding(problem, warm, start)).toBeLessThanOrEqual(0);
  });
});
