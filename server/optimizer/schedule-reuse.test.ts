import { describe, expect, it } from 'vitest';
import { compileInstance, pickupNode } from './instance';
import { costModel } from './objective';
import { RouteState } from './route';
import { planInsertion, planRoute, type RouteTimes } from './schedule';
import { Search } from './search';
import { cityInstance, randomInstance } from './verify';

/** The fields of a schedule that callers read, copied (planRoute's result is overwritten by the next call). */
function copyTimes(t: RouteTimes, count: number) {
  return {
    feasible: t.feasible,
    departure: t.departure,
    end: t.end,
    arrival: Array.from(t.arrival.subarray(0, count)),
    start: Array.from(t.start.subarray(0, count)),
  };
}

/** Every way to insert job (both stops, or its one stop) into the route, as (a, i, b, j) and the new stop sequence. */
function* insertions(route: RouteState, job: number, hasPickup: boolean, hasDelivery: boolean) {
  const n = route.size;
  const old = Array.from(route.node.subarray(1, n + 1));
  const p = pickupNode(job);
  for (let i = 0; i <= n; i++) {
    if (hasPickup && hasDelivery) {
      for (let j = i; j <= n; j++) {
        const nodes = [...old.slice(0, i), p, ...old.slice(i, j), p + 1, ...old.slice(j)];
        yield { a: p, i, b: p + 1, j, nodes };
      }
    } else {
      const x = hasPickup ? p : p + 1;
      yield { a: x, i, b: -1, j: -1, nodes: [...old.slice(0, i), x, ...old.slice(i)] };
    }
  }
}

describe('schedules from a route’s cached times', () => {
  const problems = [
    ...[1, 2, 3].map((seed) => cityInstance(seed, { orders: 16, vehicles: 2, traffic: true })),
    ...[4, 5, 6, 7].map((seed) =>
      randomInstance(seed, {
        shipments: 10,
        vehicles: 2,
        traffic: true,
        maxDuration: true,
        multiWindowShare: 0.3,
        singleStopShare: 0.3,
        openStopShare: 0.2,
        openRoutes: seed % 2 === 0,
      }),
    ),
    randomInstance(8, { shipments: 10, vehicles: 2, traffic: true, breaks: 2 }),
  ];

  it('planInsertion gives planRoute’s schedule of the new sequence, bit for bit', () => {
    let compared = 0;
    let feasible = 0;
    for (const problem of problems) {
      const inst = compileInstance(problem);
      const search = new Search(inst, new Uint8Array(inst.jobs).fill(1), 1);
      search.construct();
      for (const route of search.routes) {
        for (let job = 0; job < inst.jobs; job++) {
          if (search.jobRoute[job] === route.vehicle) continue;
          const hasPickup = inst.nodeLocation[pickupNode(job)]! >= 0;
          const hasDelivery = inst.nodeLocation[pickupNode(job) + 1]! >= 0;
          for (const { a, i, b, j, nodes } of insertions(route, job, hasPickup, hasDelivery)) {
            const fresh = copyTimes(planRoute(inst, route.vehicle, Int32Array.from(nodes), nodes.length), nodes.length);
            const reused = copyTimes(planInsertion(inst, route, a, i, b, j, Int32Array.from(nodes), nodes.length), nodes.length);
            expect(reused).toEqual(fresh);
            compared++;
            if (fresh.feasible) feasible++;
          }
        }
      }
    }
    // Enough of both outcomes for the comparison to mean something.
    expect(compared).toBeGreaterThan(2000);
    expect(feasible).toBeGreaterThan(200);
    expect(compared - feasible).toBeGreaterThan(200);
  });

  it('RouteState.update times a route as planRoute does', () => {
    for (const problem of problems) {
      const inst = compileInstance(problem);
      const model = costModel(inst);
      const search = new Search(inst, new Uint8Array(inst.jobs).fill(1), 2);
      search.construct();
      for (const built of search.routes) {
        const nodes = Array.from(built.node.subarray(1, built.size + 1));
        // Every prefix of the route, each a sequence of its own (some break a window or the shift).
        for (let count = 1; count <= nodes.length; count++) {
          const route = new RouteState(inst, built.vehicle);
          const prefix = nodes.slice(0, count);
          route.setStops(prefix, prefix.length);
          route.update(model);
          const plan = planRoute(inst, route.vehicle, Int32Array.from(prefix), prefix.length);
          if (route.feasible) {
            expect(plan.feasible).toBe(true);
            expect(route.duration).toBe(plan.end - plan.departure);
          }
        }
      }
    }
  });
});
