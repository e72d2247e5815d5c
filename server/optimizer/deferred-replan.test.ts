import { describe, expect, it } from 'vitest';
import { pickupNode } from './instance';
import { type InsertionCandidate, emptyCandidate } from './insertion-candidate';
import type { Problem } from './model';
import { cityInstance, randomInstance } from './verify';
import { candidateFields, constructedSearch, twinInserters } from './testing';

/**
 * With traffic or a duration limit a candidate is known feasible only once its route is replanned;
 * the inserter replans only the best one (per route, or over every route between beginDeferred and
 * endDeferred) and evaluates again replanning each candidate when that one fails. The best found
 * must be the one replanning every candidate finds.
 */
describe('deferred replanning of insertion candidates', () => {
  // Duration objectives cost routes of these sizes exactly (EXACT_DURATION_MAX_STOPS), which
  // replans each candidate; a distance objective defers the replans (and exercises the fallback).
  const cities = [1, 2, 3, 4].map((seed) => cityInstance(seed, { orders: 16, vehicles: 2, traffic: true }));
  const generated = [4, 5, 6, 7, 8, 9].map((seed) =>
    randomInstance(seed, {
      shipments: 12,
      vehicles: 3,
      traffic: seed % 2 === 0,
      maxDuration: true,
      multiWindowShare: 0.3,
      singleStopShare: 0.3,
    }),
  );
  const byDistance = (problem: Problem): Problem => ({ ...problem, objective: 'MIN_VEHICLES_THEN_DISTANCE' });
  const problems = [...cities, ...cities.map(byDistance), ...generated, ...generated.map(byDistance)];

  const same = (x: InsertionCandidate, y: InsertionCandidate) => expect(candidateFields(x)).toEqual(candidateFields(y));

  it('finds the best that replanning every candidate finds, in one route and over all routes', () => {
    let compared = 0;
    let served = 0;
    let failed = 0;
    for (const problem of problems) {
      const { inst, model, search } = constructedSearch(problem, 1);
      const [deferred, reference] = twinInserters(inst, model, 7).inserters;
      reference.deferReplans = false;
      for (let job = 0; job < inst.jobs; job++) {
        const p = pickupNode(job);
        if (inst.nodeLocation[p]! < 0 && inst.nodeLocation[p + 1]! < 0) continue;
        const owner = search.jobRoute[job]!;
        const others = search.routes.map((_, r) => r).filter((r) => r !== owner);
        // One route at a time (evaluate defers on its own).
        for (const r of others) {
          const a = emptyCandidate();
          const b = emptyCandidate();
          expect(deferred.evaluate(search.routes[r]!, r, job, a)).toBe(
            reference.evaluate(search.routes[r]!, r, job, b),
          );
          same(a, b);
          compared++;
        }
        // Every route, replanning only the best of all.
        const a = emptyCandidate();
        const b = emptyCandidate();
        expect(deferred.beginDeferred(a)).toBe(true);
        let improved = false;
        for (const r of others) if (deferred.evaluate(search.routes[r]!, r, job, a)) improved = true;
        if (!deferred.endDeferred(a, search.routes[a.route], job, improved))
          for (const r of others) deferred.evaluate(search.routes[r]!, r, job, a);
        for (const r of others) reference.evaluate(search.routes[r]!, r, job, b);
        same(a, b);
        if (b.route >= 0) served++;
      }
      failed += deferred.replansFailed;
    }
    expect(compared).toBeGreaterThan(200);
    expect(served).toBeGreaterThan(50);
    // The fallback is exercised: for some jobs the best candidate by the constant-time checks fails its replan.
    expect(failed).toBeGreaterThan(0);
  });
});
