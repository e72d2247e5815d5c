import { describe, expect, it } from 'vitest';
import { parseSolomon } from './benchmarks';
import { EjectionSearch } from './ejection';
import { jobOf } from './instance';
import type { Problem } from './model';
import { costModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';
import { buildSolution } from './solution';
import { prepareSearch } from './solve';
import { checkSolution } from './verify';

/** A seeded Solomon-style instance: customers in a 100 x 100 square, windows of 30 to 150 units, capacity 150. */
function randomSolomon(seed: number, customers: number): Problem {
  const rng = new Random(seed);
  const rows = ['0 50 50 0 0 600 0'];
  for (let c = 1; c <= customers; c++) {
    const width = 30 + rng.int(120);
    const open = rng.int(600 - width - 60);
    rows.push(`${c} ${rng.int(101)} ${rng.int(101)} ${5 + rng.int(26)} ${open} ${open + width} 10`);
  }
  const text = ['RANDOM', 'VEHICLE', 'NUMBER CAPACITY', `${customers} 150`, 'CUSTOMER', ...rows].join('\n');
  return parseSolomon(`random-${seed}`, text).problem;
}

/** Every subset of 1..n of at most k positions, as lists. */
function subsets(n: number, k: number): number[][] {
  const out: number[][] = [[]];
  const grow = (from: number, picked: number[]) => {
    for (let q = from; q <= n; q++) {
      const next = [...picked, q];
      out.push(next);
      if (next.length < k) grow(q + 1, next);
    }
  };
  if (k > 0) grow(1, []);
  return out;
}

describe('insertion with ejection', () => {
  it('finds the least weighty feasible ejection, as enumerating every choice does', () => {
    let compared = 0;
    let ejecting = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const problem = randomSolomon(seed, 30);
      const { inst, search } = prepareSearch(problem, seed);
      expect(EjectionSearch.applies(inst, new Uint8Array(inst.jobs).fill(1))).toBe(true);
      search.construct();
      const model = costModel(inst);
      const plan = search.snapshot();
      const rng = new Random(seed * 31);
      for (const maxEjected of [1, 2, 3]) {
        const ejection = new EjectionSearch(inst, maxEjected, Infinity);
        for (let trial = 0; trial < 4; trial++) {
          // A route removed, as route elimination does, and one of its orders to place; random weights for the others.
          const used = plan.map((nodes, r) => (nodes.length > 0 ? r : -1)).filter((r) => r >= 0);
          const from = used[rng.int(used.length)]!;
          const node = plan[from]![rng.int(plan[from]!.length)]!;
          const routes = plan.map((nodes, r) => {
            const route = new RouteState(inst, r);
            const kept = r === from ? [] : nodes;
            route.setStops(kept, kept.length);
            route.update(model);
            return route;
          });
          const weight = new Float64Array(inst.jobs);
          for (let j = 0; j < inst.jobs; j++) weight[j] = rng.int(4);

          let least = Infinity;
          for (const route of routes) {
            if (route.size === 0) continue;
            const stops = Array.from(route.node.subarray(1, route.size + 1));
            for (const ejected of subsets(route.size, maxEjected)) {
              let sum = 0;
              for (const q of ejected) sum += weight[jobOf(stops[q - 1]!)]! + 1;
              if (sum >= least) continue;
              for (let after = 0; after <= route.size; after++) {
                const kept = [...stops.slice(0, after), node, ...stops.slice(after)].filter((x) => x === node || !ejected.some((q) => stops[q - 1] === x));
                const vehicleRoute = new RouteState(inst, route.vehicle);
                vehicleRoute.setStops(kept, kept.length);
                vehicleRoute.update(model);
                if (vehicleRoute.feasible) {
                  least = sum;
                  break;
                }
              }
            }
          }

          const found = ejection.find(routes, node, weight, rng);
          expect(found, `seed ${seed}, up to ${maxEjected}`).toBe(least < Infinity);
          compared++;
          if (!found) continue;
          expect(ejection.weightSum).toBe(least);
          if (ejection.ejectedCount > 0) ejecting++;
          // The choice itself: the route with the order in and the ejected ones out keeps every constraint.
          const route = routes[ejection.route]!;
          const out = new Set(Array.from(ejection.ejected.subarray(0, ejection.ejectedCount), (q) => route.node[q]!));
          let sum = 0;
          for (const x of out) sum += weight[jobOf(x)]! + 1;
          expect(sum).toBe(least);
          const stops = Array.from(route.node.subarray(1, route.size + 1));
          const kept = [...stops.slice(0, ejection.after), node, ...stops.slice(ejection.after)].filter((x) => !out.has(x));
          const check = new RouteState(inst, route.vehicle);
          check.setStops(kept, kept.length);
          check.update(model);
          expect(check.feasible).toBe(true);
        }
      }
    }
    expect(compared).toBe(72);
    expect(ejecting).toBeGreaterThan(20);
  });

  it('route elimination puts the left-out order in and leaves the ejected ones out, on plans the checker accepts', () => {
    let moved = 0;
    let ejected = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const problem = randomSolomon(seed + 100, 40);
      const { inst, verdicts, search } = prepareSearch(problem, seed);
      search.construct();
      const plan = search.snapshot();
      const used = plan.map((nodes, r) => (nodes.length > 0 ? r : -1)).filter((r) => r >= 0);
      // The shortest route goes; one of its orders is left out, the others are set aside (out of
      // the plan for this step, reported as unassigned to the checker).
      const from = used.reduce((a, b) => (plan[b]!.length < plan[a]!.length ? b : a));
      const node = plan[from]![0]!;
      const aside = plan[from]!.slice(1).map(jobOf);
      search.restore(
        plan.map((nodes, r) => (r === from ? [] : nodes)),
        [jobOf(node)],
      );
      const before = search.snapshot().flat().length;
      if (!search.ejectLeftOutOnce()) continue;
      moved++;
      if (search.unassigned.length > 0) ejected++;
      const after = search.snapshot();
      expect(after.some((nodes) => nodes.includes(node))).toBe(true);
      expect(search.unassigned.length).toBeLessThanOrEqual(2);
      expect(after.flat().length).toBe(before + 1 - search.unassigned.length);
      for (const j of search.unassigned) expect(after.flat().some((x) => jobOf(x) === j)).toBe(false);
      const stats = { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed, threads: 1, progress: [] };
      const result = checkSolution(problem, buildSolution(inst, after, [...search.unassigned, ...aside], verdicts, stats));
      expect(result.violations, `seed ${seed}`).toEqual([]);
    }
    expect(moved).toBe(8);
    expect(ejected).toBeGreaterThan(4);
  });
});
