import { describe, expect, it } from 'vitest';
import { parseLiLim, parseSolomon } from './benchmarks';
import { EjectionSearch, PairEjectionSearch } from './ejection';
import { Inserter } from './insertion';
import { deliveryNode, jobOf, pickupNode, type Instance } from './instance';
import type { Problem } from './model';
import { costModel, type CostModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';
import { buildSolution } from './solution';
import { prepareSearch } from './solve';
import { plannedRoute } from './testing';
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

/** A seeded Li & Lim-style instance: pairs in a 100 x 100 square, each delivery's window after its pickup's, capacity 100. */
function randomLiLim(seed: number, pairs: number): Problem {
  const rng = new Random(seed);
  const rows = ['0 50 50 0 0 1000 0 0 0'];
  for (let k = 1; k <= pairs; k++) {
    const demand = 5 + rng.int(26);
    const open = rng.int(600);
    const close = open + 60 + rng.int(120);
    const deliveryOpen = open + 40 + rng.int(100);
    const deliveryClose = deliveryOpen + 60 + rng.int(120);
    rows.push(`${2 * k - 1} ${rng.int(101)} ${rng.int(101)} ${demand} ${open} ${close} 10 0 ${2 * k}`);
    rows.push(`${2 * k} ${rng.int(101)} ${rng.int(101)} ${-demand} ${deliveryOpen} ${deliveryClose} 10 ${2 * k - 1} 0`);
  }
  return parseLiLim(`random-${seed}`, [`${pairs} 100 1`, ...rows].join('\n')).problem;
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

/** The routes of a plan that have stops. */
function usedRoutes(plan: readonly (readonly number[])[]): number[] {
  return plan.map((nodes, r) => (nodes.length > 0 ? r : -1)).filter((r) => r >= 0);
}

/**
 * A case as route elimination meets one: a used route of the plan emptied, one of its stops to
 * place, and random weights for the orders.
 */
function eliminationCase(inst: Instance, model: CostModel, plan: readonly (readonly number[])[], rng: Random) {
  const used = usedRoutes(plan);
  const from = used[rng.int(used.length)]!;
  const node = plan[from]![rng.int(plan[from]!.length)]!;
  const routes = plan.map((nodes, r) => plannedRoute(inst, model, r, r === from ? [] : nodes));
  const weight = new Float64Array(inst.jobs);
  for (let j = 0; j < inst.jobs; j++) weight[j] = rng.int(4);
  return { node, routes, weight };
}

/** What ejecting these orders weighs: one for each, plus its weight. */
function weightOf(jobs: readonly number[], weight: Float64Array): number {
  let sum = 0;
  for (const j of jobs) sum += weight[j]! + 1;
  return sum;
}

/**
 * Route elimination's ejection step on eight seeded plans: the shortest route of a constructed plan
 * goes, its first order is left out and its others set aside (out of the plan for this step,
 * reported as unassigned to the checker), and one ejection puts the left-out order in. Checks each
 * result; returns how many steps placed the order and how many of those ejected orders.
 */
function ejectFromShortestRoutes(problemFor: (seed: number) => Problem): { moved: number; ejected: number } {
  let moved = 0;
  let ejected = 0;
  for (let seed = 1; seed <= 8; seed++) {
    const problem = problemFor(seed);
    const { inst, verdicts, search } = prepareSearch(problem, seed);
    search.construct();
    const plan = search.snapshot();
    const from = usedRoutes(plan).reduce((a, b) => (plan[b]!.length < plan[a]!.length ? b : a));
    const job = jobOf(plan[from]![0]!);
    const stopsOf = (j: number) => plan[from]!.filter((x) => jobOf(x) === j);
    const aside = [...new Set(plan[from]!.map(jobOf))].filter((j) => j !== job);
    search.restore(
      plan.map((nodes, r) => (r === from ? [] : nodes)),
      [job],
    );
    const before = search.snapshot().flat();
    if (!search.routeElimination.ejectOnce()) continue;
    moved++;
    if (search.unassigned.length > 0) ejected++;
    const after = search.snapshot();
    expect(after.some((nodes) => stopsOf(job).every((x) => nodes.includes(x)))).toBe(true);
    expect(search.unassigned.length).toBeLessThanOrEqual(2);
    const ejectedStops = before.filter((x) => search.unassigned.includes(jobOf(x))).length;
    expect(after.flat().length).toBe(before.length + stopsOf(job).length - ejectedStops);
    for (const j of search.unassigned) expect(after.flat().some((x) => jobOf(x) === j)).toBe(false);
    const stats = { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed, threads: 1, progress: [] };
    const result = checkSolution(
      problem,
      buildSolution(inst, after, [...search.unassigned, ...aside], verdicts, stats),
    );
    expect(result.violations, `seed ${seed}`).toEqual([]);
  }
  return { moved, ejected };
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
          const { node, routes, weight } = eliminationCase(inst, model, plan, rng);

          let least = Infinity;
          for (const route of routes) {
            if (route.size === 0) continue;
            const stops = Array.from(route.node.subarray(1, route.size + 1));
            for (const ejected of subsets(route.size, maxEjected)) {
              const sum = weightOf(
                ejected.map((q) => jobOf(stops[q - 1]!)),
                weight,
              );
              if (sum >= least) continue;
              for (let after = 0; after <= route.size; after++) {
                const kept = [...stops.slice(0, after), node, ...stops.slice(after)].filter(
                  (x) => x === node || !ejected.some((q) => stops[q - 1] === x),
                );
                if (plannedRoute(inst, model, route.vehicle, kept).feasible) {
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
          expect(weightOf([...out].map(jobOf), weight)).toBe(least);
          const stops = Array.from(route.node.subarray(1, route.size + 1));
          const kept = [...stops.slice(0, ejection.after), node, ...stops.slice(ejection.after)].filter(
            (x) => !out.has(x),
          );
          expect(plannedRoute(inst, model, route.vehicle, kept).feasible).toBe(true);
        }
      }
    }
    expect(compared).toBe(72);
    expect(ejecting).toBeGreaterThan(20);
  });

  it('route elimination puts the left-out order in and leaves the ejected ones out, on plans the checker accepts', () => {
    const { moved, ejected } = ejectFromShortestRoutes((seed) => randomSolomon(seed + 100, 40));
    expect(moved).toBe(8);
    expect(ejected).toBeGreaterThan(4);
  });

  it('for orders of two stops, finds the least weighty ejection, as trying every choice at every pair of positions does', () => {
    let compared = 0;
    let ejecting = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const problem = randomLiLim(seed, 16);
      const { inst, search } = prepareSearch(problem, seed);
      const all = new Uint8Array(inst.jobs).fill(1);
      expect(PairEjectionSearch.applies(inst, all)).toBe(true);
      expect(EjectionSearch.applies(inst, all)).toBe(false);
      search.construct();
      const model = costModel(inst);
      const plan = search.snapshot();
      const rng = new Random(seed * 37);
      for (const maxEjected of [1, 2]) {
        const ejection = new PairEjectionSearch(
          inst,
          model,
          new Inserter(inst, model, new Random(seed)),
          maxEjected,
          Infinity,
        );
        for (let trial = 0; trial < 4; trial++) {
          const { node, routes, weight } = eliminationCase(inst, model, plan, rng);
          const job = jobOf(node);

          // Every choice of orders at every pair of positions, each route planned from scratch.
          const fits = (vehicle: number, stops: number[]): boolean => {
            for (let i = 0; i <= stops.length; i++) {
              for (let k = i; k <= stops.length; k++) {
                const kept = [
                  ...stops.slice(0, i),
                  pickupNode(job),
                  ...stops.slice(i, k),
                  deliveryNode(job),
                  ...stops.slice(k),
                ];
                if (plannedRoute(inst, model, vehicle, kept).feasible) return true;
              }
            }
            return false;
          };
          let least = Infinity;
          for (const route of routes) {
            if (route.size === 0) continue;
            const stops = Array.from(route.node.subarray(1, route.size + 1));
            const orders = [...new Set(stops.map(jobOf))];
            for (const picked of subsets(orders.length, maxEjected)) {
              const out = picked.map((q) => orders[q - 1]!);
              const sum = weightOf(out, weight);
              if (
                sum < least &&
                fits(
                  route.vehicle,
                  stops.filter((x) => !out.includes(jobOf(x))),
                )
              )
                least = sum;
            }
          }

          const found = ejection.find(routes, job, weight, rng);
          expect(found, `seed ${seed}, up to ${maxEjected}`).toBe(least < Infinity);
          compared++;
          if (!found) continue;
          if (ejection.ejectedCount > 0) ejecting++;
          expect(ejection.weightSum).toBe(least);
          // The choice itself: the order where the placement says, the ejected orders out, keeps every constraint.
          const route = routes[ejection.route]!;
          const out = Array.from(ejection.ejected.subarray(0, ejection.ejectedCount));
          expect(weightOf(out, weight)).toBe(least);
          const check = new RouteState(inst, route.vehicle);
          check.copyFrom(route);
          const marked = new Uint8Array(inst.jobs);
          for (const j of out) marked[j] = 1;
          check.removeMarkedJobs(marked);
          check.insert(pickupNode(job), ejection.placement.i, deliveryNode(job), ejection.placement.j);
          check.update(model);
          expect(check.feasible).toBe(true);
        }
      }
    }
    expect(compared).toBe(48);
    expect(ejecting).toBeGreaterThan(20);
  });

  it('route elimination ejects pairs too, on plans the checker accepts', () => {
    const { moved, ejected } = ejectFromShortestRoutes((seed) => randomLiLim(seed + 100, 24));
    expect(moved).toBeGreaterThan(5);
    expect(ejected).toBeGreaterThan(4);
  });
});
