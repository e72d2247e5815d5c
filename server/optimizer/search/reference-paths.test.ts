import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLiLim, parseSolomon } from '../benchmarks';
import { LI_LIM_DIR, SOLOMON_INSTANCES_DIR } from '../benchmarks/data';
import { REFERENCE_PATHS, SEARCH_PATHS } from '../insertion-candidate';
import type { Problem } from '../model';
import { prepareSearch } from '../solve';
import { cityInstance, featureMix, randomInstance } from '../verify';
import { Search } from './search';

/**
 * The inserter's fast paths (passing over tight positions, legs read by destination, the one
 * binding capacity dimension, the insertion cache) find the same candidates as the plain checks
 * and draw the same random numbers, so a search that takes them (the default) makes exactly the
 * moves of one that takes none (REFERENCE_PATHS).
 */
function plan(problem: Problem, seed: number, moves: number, paths: typeof SEARCH_PATHS): string {
  const { inst, search: prepared } = prepareSearch(problem, seed);
  const search = new Search(inst, prepared.active, seed, paths);
  const result = search.run({ timeLimitMs: Infinity, maxIterations: moves });
  return JSON.stringify([result.routes, result.unassigned, result.iterations]);
}

const CASES: { name: string; problem: () => Problem; moves: number }[] = [
  {
    name: 'Li & Lim lrc104',
    problem: () => parseLiLim('lrc104', readFileSync(path.join(LI_LIM_DIR, 'pdp_100', 'lrc104.txt'), 'utf8')).problem,
    moves: 1500,
  },
  {
    name: 'Solomon R103',
    problem: () => parseSolomon('R103', readFileSync(path.join(SOLOMON_INSTANCES_DIR, 'R103.txt'), 'utf8')).problem,
    moves: 1500,
  },
  {
    name: 'Solomon RC204 (soft windows)',
    problem: () => parseSolomon('RC204', readFileSync(path.join(SOLOMON_INSTANCES_DIR, 'RC204.txt'), 'utf8')).problem,
    moves: 1500,
  },
  {
    name: 'city day with traffic',
    problem: () => cityInstance(3, { orders: 40, vehicles: 5, traffic: true }),
    moves: 600,
  },
  ...[1, 2, 3, 4, 5, 6].map((seed) => ({
    name: `feature mix ${seed}`,
    problem: () => randomInstance(seed * 104_729 + 5, { shipments: 20, vehicles: 5, ...featureMix(seed) }),
    moves: 600,
  })),
];

describe('the search with and without the inserter fast paths', () => {
  it.each(CASES)('$name: the same plan', ({ problem, moves }) => {
    const p = problem();
    expect(plan(p, 3, moves, SEARCH_PATHS)).toBe(plan(p, 3, moves, REFERENCE_PATHS));
  });
});
