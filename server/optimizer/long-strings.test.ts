import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSolomon } from './benchmarks';
import { SOLOMON_INSTANCES_DIR as SOLOMON } from './benchmarks/data';
import { LONG_STRING_SHARE } from './search';
import { solveOnThisThread } from './solve';
import { checkSolution } from './verify';

/**
 * Solomon C201 (three routes of about 33 clustered customers; BKS 3 vehicles, 591.56): with a
 * fixed budget and seed 1 the default strings end with one cluster split between two routes
 * (about 20% above the BKS); the diversifying thread's longer strings reach the BKS.
 */
describe('longer strings on the diversifying thread', () => {
  const instance = parseSolomon('C201', readFileSync(path.join(SOLOMON, 'C201.txt'), 'utf8'));

  it('reach the C201 best-known distance within a fixed budget, with a plan the checker accepts', () => {
    const solution = solveOnThisThread(instance.problem, {
      seed: 1,
      maxIterations: 12_000,
      params: { longStringShare: LONG_STRING_SHARE },
    });
    expect(checkSolution(instance.problem, solution).feasible).toBe(true);
    expect(solution.unassigned).toHaveLength(0);
    expect(solution.routes).toHaveLength(3);
    expect(solution.distance).toBeLessThan(591.56 * 1.001);
  });

  it('are off by default: an explicit share of 0 searches exactly as a solve without it', () => {
    const options = { seed: 3, maxIterations: 1_500 };
    const without = solveOnThisThread(instance.problem, options);
    const zero = solveOnThisThread(instance.problem, { ...options, params: { longStringShare: 0 } });
    expect(zero.distance).toBe(without.distance);
    expect(zero.routes.map((r) => r.stops.map((s) => s.shipment))).toEqual(
      without.routes.map((r) => r.stops.map((s) => s.shipment)),
    );
  });
});
