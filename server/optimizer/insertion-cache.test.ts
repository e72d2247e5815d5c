import { describe, expect, it } from 'vitest';
import { DELIVERY, deliveryNode, hasStop, jobOf, PICKUP, pickupNode } from './instance';
import { emptyCandidate, type InsertionCandidate } from './insertion-candidate';
import { Random } from './random';
import { RouteState } from './route';
import { mixedInstance } from './verify';
import { constructedSearch, twinInserters } from './testing';

/**
 * Inserter.cacheInsertions passes over a route that held no candidate under the best, as it
 * stands: a speed-up only. Side by side with an inserter without it, every evaluation must give
 * the same answer and draw the same blinks, through insertions, removals and rollbacks of routes.
 */
describe('insertion results cached per route version', () => {
  it('answers as evaluating again does, blinks included, while routes change and roll back', () => {
    let evaluations = 0;
    let passedOver = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const problem = mixedInstance(seed, seed * 4_099 + 11, { shipments: 30, vehicles: 6 });
      const { inst, model, search } = constructedSearch(problem, seed);
      const routes = search.routes;
      const backups = routes.map((route) => new RouteState(inst, route.vehicle));
      const {
        inserters: [plain, cached],
        randoms: [plainRandom, cachedRandom],
      } = twinInserters(inst, model, seed, { blinkRate: seed % 2 === 0 ? 0.2 : 0, skipTightPositions: true });
      cached.cacheInsertions();
      const steps = new Random(seed + 1_000);
      for (let step = 0; step < 300; step++) {
        // Mostly a few jobs again and again, as annealing takes the same orders out and in.
        const job = steps.next() < 0.7 ? steps.int(4) : steps.int(inst.jobs);
        // The best of other routes an evaluation starts from: mostly none (as recreate starts each
        // job), else some share of a route's cost.
        const threshold =
          steps.next() < 0.8 ? Infinity : steps.next() * 2 * Math.max(1, routes[steps.int(routes.length)]!.cost);
        const a: InsertionCandidate = { ...emptyCandidate(), cost: threshold };
        const b: InsertionCandidate = { ...emptyCandidate(), cost: threshold };
        for (let r = 0; r < routes.length; r++) {
          const route = routes[r]!;
          if (search.jobRoute[job] === r) continue;
          const before = b.cost;
          const hits = cached.cacheHits;
          const improvedPlain = plain.evaluate(route, r, job, a);
          const improvedCached = cached.evaluate(route, r, job, b);
          expect(improvedCached).toBe(improvedPlain);
          expect(b).toEqual(a);
          expect(cachedRandom.state).toBe(plainRandom.state);
          evaluations++;
          if (cached.cacheHits > hits) {
            // Passed over: nothing under the best it started from.
            passedOver++;
            expect(b.cost).toBe(before);
          }
        }
        // Now and then change a route: put the job where it goes best, or take an order out; half
        // of the changes are rolled back (the route gets its stops, schedule and version back).
        if (steps.next() < 0.7) continue;
        const r = a.route >= 0 && search.jobRoute[job]! < 0 ? a.route : steps.int(routes.length);
        const route = routes[r]!;
        backups[r]!.copyFrom(route);
        if (r === a.route && search.jobRoute[job]! < 0) {
          const hasP = hasStop(inst, job, PICKUP);
          const hasD = hasStop(inst, job, DELIVERY);
          if (hasP && hasD) route.insert(pickupNode(job), a.i, deliveryNode(job), a.j);
          else route.insert(hasP ? pickupNode(job) : deliveryNode(job), a.i, -1, -1);
          route.update(model);
          search.jobRoute[job] = r;
        } else if (route.size > 0) {
          const out = jobOf(route.node[1 + steps.int(route.size)]!);
          route.removeJob(out);
          route.update(model);
          search.jobRoute[out] = -1;
        }
        if (steps.next() < 0.5) {
          route.swapWith(backups[r]!);
          for (let j = 0; j < inst.jobs; j++) if (search.jobRoute[j] === r) search.jobRoute[j] = -1;
          for (let k = 1; k <= route.size; k++) search.jobRoute[jobOf(route.node[k]!)] = r;
        }
      }
    }
    expect(evaluations).toBeGreaterThan(10_000);
    // The cache answered many of them (where it applies: not with traffic, duration limits or breaks).
    expect(passedOver).toBeGreaterThan(1_000);
  });
});
