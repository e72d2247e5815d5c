import { describe, expect, it } from 'vitest';
import { type Instance, jobOf } from './instance';
import { Random } from './random';
import { type Search } from './search';
import { mixedInstance } from './verify';
import { constructedSearch } from './testing';

type Scope = 'all' | 'focused' | 'unfocused';

/**
 * The walk over every route that recreate's route lists replace: the routes a job is evaluated
 * in, in order (the order decides ties and blinks, so it must be the same).
 */
function walkEveryRoute(
  inst: Instance,
  search: Search,
  job: number,
  scope: Scope,
  options: { neighbours: number; closedFleet: boolean; vehicleMask: Uint8Array | null; onlyRoute: number },
): number[] {
  const focus = new Set<number>();
  for (let k = 0; k < Math.min(inst.neighborCount, options.neighbours); k++) {
    const r = search.jobRoute[inst.neighbors[job * inst.neighborCount + k]!]!;
    if (r >= 0) focus.add(r);
  }
  const classSeen = new Set<number>();
  const visited: number[] = [];
  search.routes.forEach((route, r) => {
    if (options.onlyRoute >= 0 && r !== options.onlyRoute) return;
    if (options.vehicleMask !== null && !options.vehicleMask[route.vehicle]) return;
    if (scope !== 'all' && route.size > 0 && focus.has(r) !== (scope === 'focused')) return;
    if (route.size === 0) {
      if ((options.closedFleet || scope === 'unfocused') && r !== options.onlyRoute) return;
      if (!inst.compatible[job * inst.vehicles + route.vehicle]) return;
      const cls = inst.vehicleClass[route.vehicle]!;
      if (classSeen.has(cls)) return;
      classSeen.add(cls);
    }
    visited.push(r);
  });
  return visited;
}

describe('the routes recreate evaluates an order in', () => {
  it('are those of a walk over every route, in the same order, whatever the scope, fleet, mask and empty routes', () => {
    let cases = 0;
    let emptyVisited = 0;
    let classesVisited = 0;
    let focusedCases = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const problem = mixedInstance(seed, seed * 7_919 + 3, {
        shipments: 30,
        vehicles: 9,
        skills: seed % 2 === 0,
        allowedVehicles: seed % 3 === 0,
      });
      const { inst, search } = constructedSearch(problem, seed);
      const random = new Random(seed);
      for (let round = 0; round < 12; round++) {
        // Empty a random share of the routes (their orders left out), and leave some orders out.
        const routes = search.routes.map((route) => Array.from(route.node.subarray(1, route.size + 1)));
        const unassigned = new Set<number>(search.unassigned);
        routes.forEach((nodes, r) => {
          if (random.next() < 0.3) {
            for (const x of nodes) unassigned.add(jobOf(x));
            routes[r] = [];
          }
        });
        for (let j = 0; j < inst.jobs; j++) if (random.next() < 0.2) unassigned.add(j);
        const kept = routes.map((nodes) => nodes.filter((x) => !unassigned.has(jobOf(x))));
        search.restore(kept, [...unassigned]);
        for (const job of unassigned) {
          for (const scope of ['all', 'focused', 'unfocused'] as const) {
            const mask =
              random.next() < 0.3
                ? Uint8Array.from({ length: inst.vehicles }, () => (random.next() < 0.6 ? 1 : 0))
                : null;
            const options = {
              neighbours: 1 + random.int(12),
              closedFleet: random.next() < 0.3,
              vehicleMask: mask,
              onlyRoute: random.next() < 0.15 ? random.int(inst.vehicles) : -1,
            };
            const visited = search.recreate.routesVisited(job, scope, options);
            expect(visited).toEqual(walkEveryRoute(inst, search, job, scope, options));
            cases++;
            const empties = visited.filter((r) => search.routes[r]!.size === 0);
            emptyVisited += empties.length;
            if (new Set(empties.map((r) => inst.vehicleClass[search.routes[r]!.vehicle])).size > 1) classesVisited++;
            if (scope === 'focused' && visited.some((r) => search.routes[r]!.size > 0)) focusedCases++;
          }
        }
        search.restore(
          search.routes.map(() => []),
          [],
        );
        search.construct();
      }
    }
    expect(cases).toBeGreaterThan(10_000);
    // The cases cover empty routes of several classes and focused routes in use.
    expect(emptyVisited).toBeGreaterThan(10_000);
    expect(classesVisited).toBeGreaterThan(2_000);
    expect(focusedCases).toBeGreaterThan(1_000);
  });
});
