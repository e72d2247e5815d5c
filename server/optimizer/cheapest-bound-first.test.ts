import { describe, expect, it } from 'vitest';
import { emptyCandidate } from './insertion-candidate';
import type { Problem } from './model';
import { SortMode } from './search';
import { cityInstance, randomInstance } from './verify';
import { candidateFields, constructedSearch, twinInserters } from './testing';

/**
 * Duration objectives price insertions in short routes by an exact plan of the new route. The
 * inserter plans the candidates of a route in order of their lower bound and stops once the bound
 * reaches the best: it must find the best that planning every candidate as it is found finds
 * (ties to the candidate found first), with fewer plans.
 */
/** Every pickup at one of two stores (the first two depots): insertions of equal cost abound. */
function withStores(problem: Problem): Problem {
  return {
    ...problem,
    shipments: problem.shipments.map((s, k) => (s.pickup ? { ...s, pickup: { ...s.pickup, location: k % 2 } } : s)),
  };
}

const DURATION_OBJECTIVES = [
  'MIN_DURATION',
  'MIN_COST',
  'MIN_VEHICLE_UTILIZATION',
  'MIN_VEHICLE_AVOID_TOUR_OVERLAP',
] as const;

describe('exact insertion plans, cheapest lower bound first', () => {
  const problems = [
    ...[1, 2, 3, 4].map((seed) => cityInstance(seed, { orders: 18, vehicles: 2, traffic: seed % 2 === 0 })),
    ...[1, 2, 3, 4].map((seed) => withStores(cityInstance(seed, { orders: 18, vehicles: 2, traffic: seed % 2 === 1 }))),
    ...[5, 6, 7, 8, 9, 10].map((seed) =>
      randomInstance(seed, {
        shipments: 14,
        vehicles: 3,
        objective: DURATION_OBJECTIVES[seed % DURATION_OBJECTIVES.length]!,
        traffic: seed % 3 === 0,
        maxDuration: seed % 4 === 1,
        multiWindowShare: seed % 2 === 1 ? 0.3 : 0,
        singleStopShare: 0.3,
        openRoutes: seed === 7,
        breaks: seed === 8 ? 1 : 0,
      }),
    ),
  ];

  it('finds the best of planning every candidate, in one route and over all routes, with fewer plans', () => {
    let compared = 0;
    let found = 0;
    let plansFirst = 0;
    let plansEach = 0;
    for (const problem of problems) {
      const { inst, model, search } = constructedSearch(problem, 3);
      expect(model.usesDuration).toBe(true);
      const [first, each] = twinInserters(inst, model, 7).inserters;
      each.planCheapestBoundFirst = false;
      // Jobs taken out by ruins, as the search evaluates them: in routes with room.
      for (let round = 0; round < 6; round++) {
        const removed: number[] = [];
        search.ruin.strings(removed);
        for (const job of removed) {
          const a = emptyCandidate();
          const b = emptyCandidate();
          search.routes.forEach((route, r) => {
            // One route alone, and the same route against the best over the routes before it.
            const alone = [emptyCandidate(), emptyCandidate()] as const;
            expect(first.evaluate(route, r, job, alone[0])).toBe(each.evaluate(route, r, job, alone[1]));
            expect(candidateFields(alone[0])).toEqual(candidateFields(alone[1]));
            expect(first.evaluate(route, r, job, a)).toBe(each.evaluate(route, r, job, b));
            expect(candidateFields(a)).toEqual(candidateFields(b));
            compared += 2;
          });
          if (a.route >= 0) found++;
        }
        search.recreate.insert(removed, SortMode.Random);
      }
      plansFirst += first.exactPlans;
      plansEach += each.exactPlans;
    }
    expect(compared).toBeGreaterThan(300);
    expect(found).toBeGreaterThan(50);
    expect(plansFirst).toBeGreaterThan(0);
    expect(plansFirst).toBeLessThan(plansEach);
  });
});
