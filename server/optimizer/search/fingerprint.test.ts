import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LI_LIM_DIR, SOLOMON_INSTANCES_DIR } from '../benchmarks/data';
import { parseLiLim, parseSolomon } from '../benchmarks';
import type { Problem, Solution } from '../model';
import { createPlanBoard } from '../plan-board';
import { solve, solveOnThisThread, threadSolveOptions, type SolveOnThisThreadOptions } from '../solve';
import { cityInstance, featureMix, randomInstance } from '../verify';

/**
 * The search's behaviour pinned down: seeded solves that no time limit can cut short (a move limit,
 * or stopping on convergence) give exactly the plans recorded in search-fingerprint.json. A change
 * meant to leave the search as it is (a refactoring, a faster check) keeps every plan; a change
 * meant to alter it records the new plans (WRITE_SEARCH_FINGERPRINT=1) and says why in its commit.
 */
const FIXTURE = path.join(import.meta.dirname, 'search-fingerprint.json');

interface Fingerprint {
  /** sha256 of the routes (vehicle and stops in order) and the left-out orders. */
  hash: string;
  cost: number;
  vehicles: number;
  unassigned: number;
  iterations: number;
}

function fingerprint(solution: Solution): Fingerprint {
  const plan = {
    routes: solution.routes.map((r) => [r.vehicle, r.stops.map((s) => `${s.shipment}${s.kind[0]}`).join(' ')]),
    unassigned: solution.unassigned.map((u) => u.shipment),
  };
  return {
    hash: createHash('sha256').update(JSON.stringify(plan)).digest('hex').slice(0, 16),
    cost: Number(solution.cost.toFixed(6)),
    vehicles: solution.routes.length,
    unassigned: solution.unassigned.length,
    iterations: solution.stats.iterations,
  };
}

const liLim = (name: string): Problem =>
  parseLiLim(name, readFileSync(path.join(LI_LIM_DIR, 'pdp_100', `${name}.txt`), 'utf8')).problem;
const solomon = (name: string): Problem =>
  parseSolomon(name, readFileSync(path.join(SOLOMON_INSTANCES_DIR, `${name}.txt`), 'utf8')).problem;

/**
 * The knobs solve() gives its second thread against a time limit (longer strings, an earlier end of
 * route elimination, warmer annealing with pairs), without the plan sharing, which depends on timing.
 */
function secondThreadKnobs(): SolveOnThisThreadOptions {
  const {
    seed: _seed,
    planBoard: _planBoard,
    timeLimitMs: _timeLimitMs,
    ...knobs
  } = threadSolveOptions({ timeLimitMs: 1 }, 1, 1, createPlanBoard(2, 2, 1));
  return knobs;
}

interface Case {
  name: string;
  problem: () => Problem;
  options: () => SolveOnThisThreadOptions;
}

const MOVES = 4000;
const moves =
  (seed: number, count = MOVES) =>
  (): SolveOnThisThreadOptions => ({ seed, maxIterations: count });

const CASES: Case[] = [
  // Li & Lim 100: clustered, random and mixed; short (type 1) and long (type 2) routes.
  ...[
    'lc101',
    'lc105',
    'lc201',
    'lc205',
    'lr101',
    'lr105',
    'lr109',
    'lr201',
    'lr205',
    'lrc101',
    'lrc105',
    'lrc201',
  ].map((name, k) => ({
    name,
    problem: () => liLim(name),
    options: moves(1 + (k % 3)),
  })),
  // Solomon 100: single stops, local search, soft windows on long routes.
  ...['C101', 'C201', 'R101', 'R105', 'R109', 'R201', 'R205', 'RC101', 'RC105', 'RC201'].map((name, k) => ({
    name,
    problem: () => solomon(name),
    options: moves(1 + (k % 3)),
  })),
  // A diversifying thread's settings: longer strings, earlier end of route elimination, warmer annealing with pairs.
  {
    name: 'lr202 (second thread)',
    problem: () => liLim('lr202'),
    options: () => ({ ...secondThreadKnobs(), seed: 2, maxIterations: MOVES }),
  },
  {
    name: 'lrc102 (second thread)',
    problem: () => liLim('lrc102'),
    options: () => ({ ...secondThreadKnobs(), seed: 3, maxIterations: MOVES }),
  },
  {
    name: 'RC202 (second thread)',
    problem: () => solomon('RC202'),
    options: () => ({ ...secondThreadKnobs(), seed: 1, maxIterations: MOVES }),
  },
  // The model's other features (skills, priorities, locks, breaks, traffic, open routes, mixed fleets), by move limit.
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => ({
    name: `random ${seed}`,
    problem: () => randomInstance(seed * 7919, { shipments: 25, vehicles: 6, ...featureMix(seed) }),
    options: moves(seed, 800),
  })),
  // Stopping on convergence (the routing default for small plans), on a city day with traffic and a mixed fleet.
  ...[10, 20, 35].map((orders) => ({
    name: `city ${orders} converged`,
    problem: () => cityInstance(orders, { orders, vehicles: Math.max(2, Math.ceil(orders / 8)), traffic: true }),
    options: () => ({ seed: 1, untilConverged: true, timeLimitMs: 600_000 }),
  })),
];

function recorded(): Record<string, Fingerprint> {
  try {
    return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Fingerprint>;
  } catch {
    return {};
  }
}

describe('search fingerprint', () => {
  const writing = process.env.WRITE_SEARCH_FINGERPRINT === '1';
  const expected = recorded();
  const seen: Record<string, Fingerprint> = {};

  it.each(CASES)('$name gives the recorded plan', ({ name, problem, options }) => {
    const actual = fingerprint(solveOnThisThread(problem(), options()));
    seen[name] = actual;
    if (writing) {
      writeFileSync(FIXTURE, JSON.stringify({ ...recorded(), ...seen }, null, 2) + '\n');
      return;
    }
    expect(actual).toEqual(expected[name]);
  });

  it('two threads stopping on convergence give the recorded plan (independent runs side by side)', async () => {
    const problem = cityInstance(20, { orders: 20, vehicles: 3, traffic: true });
    const actual = fingerprint(
      await solve(problem, { seed: 4, threads: 2, untilConverged: true, timeLimitMs: 600_000 }),
    );
    const name = 'city 20 converged, two threads';
    if (writing) {
      writeFileSync(FIXTURE, JSON.stringify({ ...recorded(), [name]: actual }, null, 2) + '\n');
      return;
    }
    expect(actual).toEqual(expected[name]);
  });
});
