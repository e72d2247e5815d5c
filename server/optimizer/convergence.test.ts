import { describe, expect, it } from 'vitest';
import { OBJECTIVES, type Problem } from './model';
import { annealingMultiples, CONVERGED_WARM_MAX_ORDERS, cycleIterations, TIMED_PAIRS_END_TEMPERATURE } from './search';
import { compareSolutions, prepareSearch, solve, solveOnThisThread } from './solve';
import {
  checkSolution,
  cityInstance,
  compareObjective,
  describeObjective,
  randomInstance,
  solutionObjective,
  solveExhaustively,
} from './verify';

/**
 * Stopping on convergence (the default routing budget): the search ends by itself once an
 * independent run no longer improves the best plan. The time limits below are far beyond what
 * these instances need, so every assertion is about iterations and results, never about time.
 */
const GENEROUS_MS = 120_000;

function tiny(seed: number): Problem {
  return randomInstance(seed * 104_729 + 17, {
    shipments: 3 + (seed % 3),
    vehicles: 2 + (seed % 2),
    objective: OBJECTIVES[seed % OBJECTIVES.length]!,
    skills: seed % 3 === 0,
    priorities: seed % 4 === 0,
    maxDuration: seed % 5 === 0,
    singleStopShare: seed % 2 === 0 ? 0.3 : 0,
  });
}

describe('stopping on convergence', () => {
  it('runs grow faster than the plan and have a floor', () => {
    expect(cycleIterations(0)).toBeGreaterThan(0);
    expect(cycleIterations(5)).toBe(cycleIterations(1));
    expect(cycleIterations(50)).toBeGreaterThan(cycleIterations(20));
    expect(cycleIterations(50) / 50).toBeGreaterThan(cycleIterations(20) / 20);
  });

  it('anneals small plans warmer, and larger plans and searches against a time limit as usual', () => {
    const usual = annealingMultiples({}, 20, true, 10);
    const warm = annealingMultiples({ untilConverged: true }, 20, true, 10);
    expect(warm.shortStart).toBeGreaterThan(usual.shortStart);
    expect(warm.end).toBeGreaterThan(usual.end);
    expect(warm.shortStart).toBeGreaterThan(warm.end);
    expect(annealingMultiples({ untilConverged: true }, CONVERGED_WARM_MAX_ORDERS, false, 10)).toEqual(warm);
    expect(annealingMultiples({ untilConverged: true }, CONVERGED_WARM_MAX_ORDERS + 1, false, 10)).toEqual(
      annealingMultiples({}, CONVERGED_WARM_MAX_ORDERS + 1, false, 10),
    );
    // A time limit's start for plans with pairs is still given (solve() sets it for its threads).
    expect(annealingMultiples({ pairsStartTemperature: 2 }, 20, true, 10).shortStart).toBe(2);
    expect(annealingMultiples({ pairsStartTemperature: 2 }, 20, false, 10).shortStart).toBe(usual.shortStart);

    // A time limit's end for plans with pairs applies on routes of fewer than 48 stops only, and not to plans of single stops.
    const pairsEnd = { pairsEndTemperature: TIMED_PAIRS_END_TEMPERATURE };
    expect(annealingMultiples(pairsEnd, 200, true, 30).end).toBe(TIMED_PAIRS_END_TEMPERATURE);
    expect(TIMED_PAIRS_END_TEMPERATURE).toBeGreaterThan(usual.end);
    expect(annealingMultiples(pairsEnd, 200, true, 48).end).toBe(usual.end);
    expect(annealingMultiples(pairsEnd, 200, false, 30).end).toBe(usual.end);
    expect(annealingMultiples({}, 200, true, 30).end).toBe(usual.end);

    // The search anneals with them: a converged run of a small plan, of a larger one, and a run against a move limit.
    const annealed = (orders: number, untilConverged: boolean): { start: number; end: number } => {
      const problem = cityInstance(7, { orders, vehicles: Math.max(2, Math.ceil(orders / 8)), traffic: true });
      const { search } = prepareSearch(problem, 1);
      search.run({
        timeLimitMs: GENEROUS_MS,
        maxIterations: untilConverged ? Infinity : 1_000,
        untilConverged,
        params: { oneRun: true },
      });
      return search.annealing.lastTemperatures;
    };
    const small = annealed(20, true);
    expect(small.end).toBeCloseTo(warm.end, 9);
    expect(small.start).toBeCloseTo(warm.shortStart, 9);
    const timed = annealed(20, false);
    expect(timed.end).toBeCloseTo(usual.end, 9);
    expect(timed.start).toBeCloseTo(annealingMultiples({}, 20, false, 10).shortStart, 9);
    // The larger plan's run is cut short by a move limit: only its schedule is looked at.
    const problem = cityInstance(7, { orders: CONVERGED_WARM_MAX_ORDERS + 10, vehicles: 8, traffic: true });
    const { search } = prepareSearch(problem, 1);
    search.run({ timeLimitMs: GENEROUS_MS, maxIterations: 500, untilConverged: true, params: { oneRun: true } });
    expect(search.annealing.lastTemperatures.end).toBeCloseTo(usual.end, 9);

    // Against a move limit with the end for pairs given (as solve() gives its threads): pairs on short routes end warmer, single stops do not.
    const endGiven = (singleStopShare: number): number => {
      const instance = randomInstance(11 * 7_919 + 11, { shipments: 14, vehicles: 6, singleStopShare });
      const prepared = prepareSearch(instance, 1).search;
      prepared.run({
        timeLimitMs: GENEROUS_MS,
        maxIterations: 300,
        params: { pairsEndTemperature: TIMED_PAIRS_END_TEMPERATURE },
      });
      return prepared.annealing.lastTemperatures.end;
    };
    expect(endGiven(0)).toBeCloseTo(TIMED_PAIRS_END_TEMPERATURE, 9);
    expect(endGiven(1)).toBeCloseTo(usual.end, 9);
  });

  it('ends on its own long before the time limit on small plans, deterministically for a seed', () => {
    for (const [seed, orders] of [
      [3, 5],
      [4, 12],
      [5, 20],
    ] as const) {
      const problem = cityInstance(seed, { orders, vehicles: 3, traffic: true });
      const a = solveOnThisThread(problem, { seed: 1, timeLimitMs: GENEROUS_MS, untilConverged: true });
      const b = solveOnThisThread(problem, { seed: 1, timeLimitMs: GENEROUS_MS, untilConverged: true });
      const cycle = cycleIterations(orders);
      // At least two runs: the first, and one that confirms nothing better is found.
      expect(a.stats.iterations).toBeGreaterThanOrEqual(2 * cycleIterations(1));
      // A handful of cycles at most: it converged, it did not run into the limit.
      expect(a.stats.iterations).toBeLessThan(cycle * 10);
      expect(b.stats.iterations).toBe(a.stats.iterations);
      expect(b.routes).toEqual(a.routes);
      expect(b.cost).toBe(a.cost);
      expect(checkSolution(problem, a).violations).toEqual([]);
    }
  });

  it('on two threads makes its first two runs side by side, one per thread, and keeps the better', async () => {
    for (const [seed, orders] of [
      [4, 12],
      [5, 20],
    ] as const) {
      const problem = cityInstance(seed, { orders, vehicles: 3, traffic: true });
      const options = { seed: 1, timeLimitMs: GENEROUS_MS, untilConverged: true, threads: 2 };
      const a = await solve(problem, options);
      const b = await solve(problem, options);
      // The first thread's run is the first run of the search on one thread: the pair is never worse.
      const firstRun = solveOnThisThread(problem, {
        seed: 1,
        timeLimitMs: GENEROUS_MS,
        untilConverged: true,
        params: { oneRun: true },
      });
      // One run (its length set by the orders planned), where one thread makes at least two.
      const oneThread = solveOnThisThread(problem, { seed: 1, timeLimitMs: GENEROUS_MS, untilConverged: true });
      expect(firstRun.stats.iterations).toBeGreaterThanOrEqual(cycleIterations(1));
      expect(oneThread.stats.iterations).toBeGreaterThanOrEqual(2 * firstRun.stats.iterations);
      expect(a.stats.threads).toBe(2);
      expect(a.stats.iterations).toBe(2 * firstRun.stats.iterations);
      expect(b.routes).toEqual(a.routes);
      expect(checkSolution(problem, a).violations).toEqual([]);
      expect(compareSolutions(problem, a, firstRun)).toBeLessThanOrEqual(0);
    }
  });

  it('with a fixed number of runs gives the same plan on one, two and three threads, and the best of the runs', async () => {
    const problem = cityInstance(12, { orders: 16, vehicles: 3, traffic: true });
    const options = { seed: 2, timeLimitMs: GENEROUS_MS, untilConverged: true, independentRuns: 5 };
    const plan = (s: { routes: { vehicle: number; stops: { shipment: number; kind: string }[] }[] }): string =>
      JSON.stringify(s.routes.map((r) => [r.vehicle, r.stops.map((stop) => `${stop.shipment}${stop.kind}`)]));
    const one = await solve(problem, { ...options, threads: 1 });
    const two = await solve(problem, { ...options, threads: 2 });
    const three = await solve(problem, { ...options, threads: 3 });
    expect(plan(two)).toBe(plan(one));
    expect(plan(three)).toBe(plan(one));
    // Five runs of at least a cycle each, the same moves on any number of threads.
    expect(one.stats.iterations).toBeGreaterThanOrEqual(5 * cycleIterations(16));
    expect(two.stats.iterations).toBe(one.stats.iterations);
    // The first two runs are among the five: their best is never better.
    const firstTwo = await solve(problem, { ...options, independentRuns: 2, threads: 2 });
    expect(compareSolutions(problem, one, firstTwo)).toBeLessThanOrEqual(0);
  });

  it('without it, an iteration limit is spent whole (the explicit budget of benchmarks and callers)', () => {
    const problem = cityInstance(3, { orders: 5, vehicles: 3, traffic: true });
    const solution = solveOnThisThread(problem, {
      seed: 1,
      maxIterations: 4 * cycleIterations(5),
      timeLimitMs: GENEROUS_MS,
    });
    expect(solution.stats.iterations).toBe(4 * cycleIterations(5));
  });

  it('the iteration and time limits still cap it', () => {
    const problem = cityInstance(6, { orders: 40, vehicles: 4, traffic: true });
    const solution = solveOnThisThread(problem, {
      seed: 1,
      maxIterations: 300,
      timeLimitMs: GENEROUS_MS,
      untilConverged: true,
    });
    expect(solution.stats.iterations).toBe(300);
    expect(checkSolution(problem, solution).violations).toEqual([]);
  });

  it('finds the exhaustive optimum on seeded tiny instances, on one thread and with two runs side by side', async () => {
    const mismatches: string[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const problem = tiny(seed);
      const exact = solveExhaustively(problem);
      const options = { seed: 1, timeLimitMs: GENEROUS_MS, untilConverged: true };
      for (const [how, solution] of [
        ['one thread', solveOnThisThread(problem, options)],
        ['two threads', await solve(problem, { ...options, threads: 2 })],
      ] as const) {
        const violations = checkSolution(problem, solution).violations;
        const found = solutionObjective(problem, solution);
        if (violations.length > 0) mismatches.push(`seed ${seed} (${how}): infeasible: ${violations[0]}`);
        else if (compareObjective(problem.objective, found, exact.value, 1e-6) !== 0) {
          mismatches.push(
            `seed ${seed} (${how}) ${problem.objective}\n  solver ${describeObjective(found)}\n  exact  ${describeObjective(exact.value)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
