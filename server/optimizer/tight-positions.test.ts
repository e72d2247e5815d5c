import { describe, expect, it } from 'vitest';
import { compileInstance, detourShortfall, type Instance } from './instance';
import { Inserter } from './insertion';
import { emptyCandidate } from './insertion-candidate';
import type { Problem } from './model';
import { costModel } from './objective';
import { Random } from './random';
import { mixedInstance } from './verify';
import { lineInstance } from './verify/fixtures';
import { constructedSearch, plannedRoute, twinInserters } from './testing';

/**
 * Insertion passes over positions whose slack cannot take a stop's service (skipTightPositions):
 * a speed-up only, so the best insertion of every job into every route must be the one found by
 * costing every position.
 */
describe('passing over positions without the slack for a stop', () => {
  it('measures how much shorter a detour can be than the direct leg', () => {
    // Only the matrix is read.
    const inst = (durations: number[]) =>
      ({ locations: 3, durations: Float64Array.from(durations) }) as unknown as Instance;
    // 0 -> 2 takes 10, through 1 only 3 + 4: the detour is 3 shorter.
    expect(detourShortfall(inst([0, 3, 10, 3, 0, 4, 10, 4, 0]))).toBe(3);
    // Metric times: no shortfall.
    expect(detourShortfall(inst([0, 3, 6, 3, 0, 4, 6, 4, 0]))).toBe(0);
    // A negative time: unknown, so nothing is passed over.
    expect(detourShortfall(inst([0, -1, 6, 3, 0, 4, 6, 4, 0]))).toBe(Infinity);
  });

  it('still takes a stop whose detour is shorter than the leg it replaces', () => {
    // A route 0 -> 1 -> 0 with no slack anywhere (100 s each way, the stop at 1 exactly at 100 s,
    // back by 200 s), and location 2 a hub 10 s from both: a stop there with 60 s of service fits
    // before or after the stop at 1, although neither position has 60 s of slack.
    const generated = lineInstance({
      points: [0, 100, 50],
      vehicles: [{ latestEnd: 200 }],
      shipments: [
        { pickup: null, delivery: { location: 1, timeWindows: [{ start: 100, end: 100 }] } },
        { pickup: null, delivery: { location: 2, serviceSeconds: 60 } },
        { pickup: { location: 2, serviceSeconds: 30 }, delivery: { location: 2, serviceSeconds: 30 } },
      ],
      objective: 'MIN_VEHICLES_THEN_DISTANCE',
      dimensions: 1,
    });
    const durations = Float64Array.from(generated.durations);
    for (const [a, b] of [
      [0, 2],
      [2, 0],
      [1, 2],
      [2, 1],
    ] as const)
      durations[a * 3 + b] = 10;
    const inst = compileInstance({ ...generated, durations });
    expect(detourShortfall(inst)).toBe(80);
    const model = costModel(inst);
    const route = plannedRoute(inst, model, 0, [1]);
    expect(route.feasible).toBe(true);
    const inserter = new Inserter(inst, model, new Random(1));
    inserter.skipTightPositions();
    for (const job of [1, 2]) {
      const best = emptyCandidate();
      inserter.evaluate(route, 0, job, best);
      expect(best.route).toBe(0);
    }
  });

  it('finds the same best insertion as costing every position, on every feature of the model', () => {
    let compared = 0;
    let found = 0;
    for (let seed = 1; seed <= 48; seed++) {
      const generated = mixedInstance(seed, seed * 7_919 + 3, {
        shipments: 20,
        vehicles: 2,
        traffic: false,
        windowSeconds: [900, 3600],
      });
      // Every third instance gets shortcuts, times that break the triangle inequality: every fourth
      // location is a hub reached from and left for anywhere in a tenth of the time, so a detour
      // through it is much shorter than the direct leg.
      const shortcuts = seed % 3 === 0;
      const L = generated.locationCount;
      const hub = (location: number) => location % 4 === 1;
      const durations = Float64Array.from(generated.durations, (t, k) =>
        shortcuts && (hub(Math.floor(k / L)) || hub(k % L)) ? t * 0.1 : t,
      );
      const problem: Problem = { ...generated, durations };
      const { inst, model, search } = constructedSearch(problem, seed);
      if (shortcuts) expect(detourShortfall(inst)).toBeGreaterThan(0);
      const [everyPosition, skipping] = twinInserters(inst, model, seed).inserters;
      skipping.skipTightPositions();
      search.routes.forEach((route, r) => {
        for (let job = 0; job < inst.jobs; job++) {
          if (search.jobRoute[job] === r) continue;
          const a = emptyCandidate();
          const b = emptyCandidate();
          everyPosition.evaluate(route, r, job, a);
          skipping.evaluate(route, r, job, b);
          expect(b).toEqual(a);
          compared++;
          if (a.route >= 0) found++;
        }
      });
    }
    expect(compared).toBeGreaterThan(1000);
    // Not only jobs that fit nowhere: many have a best insertion to agree on.
    expect(found).toBeGreaterThan(compared / 5);
  });
});
