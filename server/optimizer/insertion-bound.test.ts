import { describe, expect, it } from 'vitest';
import { leastTrafficFactor, pickupNode, trafficFactor } from './instance';
import { durationLowerBound, plannedDuration } from './insertion-bounds';
import { planRoute } from './schedule';
import { constructedSearch, insertions } from './testing';
import type { Problem } from './model';
import { cityInstance, randomInstance } from './verify';

/** Every insertion of every order into each route of another vehicle, in the plans construct() builds for the problems. */
function* constructedInsertions(problems: readonly Problem[]) {
  for (const problem of problems) {
    const { inst, search } = constructedSearch(problem, 1);
    for (const route of search.routes) {
      for (let job = 0; job < inst.jobs; job++) {
        if (search.jobRoute[job] === route.vehicle) continue;
        const hasPickup = inst.nodeLocation[pickupNode(job)]! >= 0;
        const hasDelivery = inst.nodeLocation[pickupNode(job) + 1]! >= 0;
        for (const insertion of insertions(route, job, hasPickup, hasDelivery)) yield { inst, route, ...insertion };
      }
    }
  }
}

describe('the duration bound that lets insertion skip exact schedules', () => {
  it('is the least factor of every bucket a shift touches', () => {
    const profile = {
      offsetSeconds: 0,
      bucketSeconds: 900,
      factors: Float64Array.from({ length: 96 }, (_, b) => 1 + Math.abs(48 - b) / 10),
    };
    expect(leastTrafficFactor(null, 0, 3600)).toBe(1);
    expect(leastTrafficFactor(profile, 0, Infinity)).toBe(1);
    // 11:50 to 12:05 touches the buckets from 11:45 and from 12:00 (the least of all).
    expect(leastTrafficFactor(profile, 11 * 3600 + 50 * 60, 12 * 3600 + 5 * 60)).toBe(1);
    // 06:00:01 to 06:59 touches 06:00 to 07:00 (factors falling toward noon); up to 07:00 also 07:00.
    expect(leastTrafficFactor(profile, 6 * 3600 + 1, 6 * 3600 + 59 * 60)).toBe(
      trafficFactor(profile, 6 * 3600 + 45 * 60),
    );
    expect(leastTrafficFactor(profile, 6 * 3600 + 1, 7 * 3600)).toBe(trafficFactor(profile, 7 * 3600));
  });

  it('never exceeds the duration of the exact schedule of a feasible insertion', () => {
    const problems = [
      ...[1, 2, 3, 4, 5, 6].map((seed) => cityInstance(seed, { orders: 16, vehicles: 2, traffic: true })),
      ...[4, 5, 6, 7].map((seed) =>
        randomInstance(seed, {
          shipments: 10,
          vehicles: 2,
          traffic: true,
          maxDuration: true,
          multiWindowShare: 0.3,
          singleStopShare: 0.3,
          speedFactors: true,
          openRoutes: seed % 2 === 0,
        }),
      ),
      randomInstance(8, { shipments: 10, vehicles: 2, traffic: true, breaks: 2 }),
    ];
    let feasible = 0;
    let tight = 0;
    for (const { inst, route, a, i, b, j, nodes } of constructedInsertions(problems)) {
      const v = route.vehicle;
      const plan = planRoute(inst, v, Int32Array.from(nodes), nodes.length);
      if (!plan.feasible) continue;
      const duration = plan.end - plan.departure;
      const least = leastTrafficFactor(inst.traffic, inst.vehicleEarliest[v]!, inst.vehicleLatest[v]!);
      const bound = durationLowerBound(inst, route, least, a, i, b, j);
      expect(bound).toBeLessThanOrEqual(duration);
      feasible++;
      if (bound > 0.8 * duration) tight++;
    }
    expect(feasible).toBeGreaterThan(200);
    // Not a vacuous bound: it is within 20% of the duration for many insertions.
    expect(tight).toBeGreaterThan(feasible / 10);
  });

  it("plans an insertion from the route's cached schedule to the same duration as planRoute, bit for bit", () => {
    const problems = [
      ...[1, 2, 3].map((seed) => cityInstance(seed, { orders: 30, vehicles: 2, traffic: true })),
      ...[4, 5, 6, 7].map((seed) =>
        randomInstance(seed, {
          shipments: 10,
          vehicles: 2,
          traffic: seed % 2 === 0,
          maxDuration: true,
          multiWindowShare: seed < 6 ? 0.3 : 0,
          singleStopShare: 0.3,
          speedFactors: true,
          openRoutes: seed % 2 === 0,
        }),
      ),
      randomInstance(8, { shipments: 10, vehicles: 2, traffic: true, breaks: 2 }),
    ];
    let compared = 0;
    let feasible = 0;
    for (const { inst, route, a, i, b, j, nodes } of constructedInsertions(problems)) {
      const plan = planRoute(inst, route.vehicle, Int32Array.from(nodes), nodes.length);
      const expected = plan.feasible ? plan.end - plan.departure : Infinity;
      expect(plannedDuration(inst, route, a, i, b, j)).toBe(expected);
      compared++;
      if (plan.feasible) feasible++;
    }
    expect(compared).toBeGreaterThan(2000);
    expect(feasible).toBeGreaterThan(200);
  });
});
