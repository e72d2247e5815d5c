import { describe, expect, it } from 'vitest';
import { SortMode } from './search';
import { mixedInstance } from './verify';
import { constructedSearch } from './testing';

/**
 * Annealing draws a move's acceptance threshold before the move, and recreate gives up (the move
 * is rejected) as soon as the plan costs the threshold or more, or an order finds no room: later
 * insertions only add cost, so the finished move would have been rejected too. Replayed here with
 * the same random draws: the move run to its end, and the same move against thresholds around its
 * final cost.
 */
describe('recreate against an acceptance threshold', () => {
  it('gives up on the moves that would end at the threshold or above (up to rounding), or leave an order out, and on no other', () => {
    let moves = 0;
    let givenUp = 0;
    let finished = 0;
    let leftOut = 0;
    for (let seed = 1; seed <= 36; seed++) {
      const problem = mixedInstance(seed, seed * 6_151 + 11, { shipments: 30, vehicles: 6 });
      const { search } = constructedSearch(problem, seed);
      const maxDistance = problem.objective === 'MIN_MAX_TRAVEL_COST_DISTANCE';
      for (let round = 0; round < 12; round++) {
        const routes = search.snapshot();
        const unassigned = search.unassigned.slice();
        const randomState = search.rng.state;
        const replay = (threshold: number): { rejected: boolean; removed: number[]; ruinedCost: number } => {
          search.restore(routes, unassigned);
          search.rng.state = randomState;
          const removed: number[] = [];
          search.ruin.strings(removed);
          const ruinedCost = search.totalCost();
          search.inserter.blinkRate = 0.01;
          const rejected = search.recreate.insert(removed.slice(), SortMode.Random, threshold);
          search.inserter.blinkRate = 0;
          return { rejected, removed, ruinedCost };
        };
        const full = replay(Infinity);
        expect(full.rejected).toBe(false);
        const cost = search.totalCost();
        const plan = search.snapshot();
        const after = search.unassigned.slice();
        const outOfPool = full.removed.some((job) => after.includes(job));
        const ruinedCost = full.ruinedCost;
        const scale = Math.max(1, Math.abs(cost));
        for (const threshold of [
          cost,
          cost + 1e-6 * scale,
          cost - 1e-6 * scale,
          (ruinedCost + cost) / 2,
          cost + 0.1 * scale,
        ]) {
          const { rejected, removed } = replay(threshold);
          expect(removed).toEqual(full.removed);
          moves++;
          if (maxDistance) {
            // The longest-route term is not a sum over insertions: no early rejection.
            expect(rejected).toBe(false);
          } else {
            // Recreate sums the insertions' costs, the plan's cost sums its routes: the two may
            // differ in the last bits, so a threshold within rounding of the cost goes either way.
            const slack = 1e-9 * scale;
            if (rejected) expect(outOfPool || cost >= threshold - slack).toBe(true);
            if (outOfPool || cost >= threshold + slack) expect(rejected).toBe(true);
          }
          if (rejected) givenUp++;
          else {
            finished++;
            expect(search.snapshot()).toEqual(plan);
            expect(search.totalCost()).toBe(cost);
          }
          if (outOfPool) leftOut++;
        }
        search.restore(plan, after);
      }
    }
    expect(moves).toBe(36 * 12 * 5);
    expect(givenUp).toBeGreaterThan(moves / 4);
    expect(finished).toBeGreaterThan(moves / 4);
    expect(leftOut).toBeGreaterThan(0);
  });
});
