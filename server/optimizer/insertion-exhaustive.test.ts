import { describe, expect, it } from 'vitest';
import { pickupNode } from './instance';
import { Inserter } from './insertion';
import { emptyCandidate } from './insertion-candidate';
import { Random } from './random';
import { RouteState } from './route';
import { constructedSearch, insertions } from './testing';
import { mixedInstance } from './verify';

/**
 * Inserter.evaluate passes over positions without computing them (positions whose next stop must
 * start before the new stop could be done, costs no lower than the best, tight positions); none of
 * that may change its answer. Against every insertion planned afresh (RouteState.update decides
 * feasibility and cost), the best insertion must cost what the cheapest feasible one costs, and
 * exist exactly when one does.
 */
describe('the best insertion of an order into a route', () => {
  it('is the cheapest of every insertion planned afresh, on every feature of the model', () => {
    let compared = 0;
    let found = 0;
    let tightWindows = 0;
    for (let seed = 1; seed <= 160; seed++) {
      const problem = mixedInstance(seed, seed * 104_729 + 7, {
        shipments: 16,
        vehicles: 3,
        windowSeconds: seed % 2 === 0 ? [900, 2400] : [3600, 3 * 3600],
      });
      const { inst, model, search } = constructedSearch(problem, seed);
      // The longest-route objective prices an insertion against the other routes too.
      if (model.usesMaxDistance) continue;
      if (seed % 2 === 0) tightWindows++;
      const inserter = new Inserter(inst, model, new Random(seed));
      if (seed % 3 === 0) inserter.skipTightPositions();
      search.routes.forEach((route, r) => {
        if (route.size === 0 || !route.feasible) return;
        const trial = new RouteState(inst, route.vehicle);
        for (let job = 0; job < inst.jobs; job++) {
          if (search.jobRoute[job] === r || !inst.compatible[job * inst.vehicles + route.vehicle]) continue;
          const p = pickupNode(job);
          const costs = new Map<string, number>();
          for (const { i, j, nodes } of insertions(
            route,
            job,
            inst.nodeLocation[p]! >= 0,
            inst.nodeLocation[p + 1]! >= 0,
          )) {
            trial.setStops(nodes, nodes.length);
            trial.update(model);
            if (trial.feasible) costs.set(`${i} ${j}`, trial.cost - route.cost);
          }
          const best = emptyCandidate();
          inserter.evaluate(route, r, job, best);
          compared++;
          if (costs.size === 0) {
            expect(best.route).toBe(-1);
            continue;
          }
          found++;
          expect(best.route).toBe(r);
          expect(best.cost).toBeCloseTo(Math.min(...costs.values()), 6);
          // The candidate itself is feasible and costs that.
          expect(costs.get(`${best.i} ${best.j}`)).toBeCloseTo(best.cost, 6);
        }
      });
    }
    expect(tightWindows).toBeGreaterThan(60);
    expect(compared).toBeGreaterThan(2_500);
    // Not only orders that fit nowhere.
    expect(found).toBeGreaterThan(compared / 5);
  });
});
