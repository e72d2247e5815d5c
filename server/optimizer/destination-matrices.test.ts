import { describe, expect, it } from 'vitest';
import { compileInstance, destinationMatrices, type Instance } from './instance';
import { emptyCandidate, type InsertionCandidate } from './insertion-candidate';
import type { Problem } from './model';
import { mixedInstance, randomInstance } from './verify';
import { constructedSearch, twinInserters } from './testing';

/** The problem with every leg a -> b made longer by a factor of its own (a != b), so that no matrix is symmetric. */
function asymmetric(problem: Problem): Problem {
  const L = problem.locationCount;
  const durations = Float64Array.from(problem.durations);
  const distances = Float64Array.from(problem.distances);
  for (let a = 0; a < L; a++)
    for (let b = 0; b < L; b++) {
      const stretch = 1 + ((a * 31 + b * 17) % 23) / 50;
      durations[a * L + b]! *= stretch;
      distances[a * L + b]! *= 2 - stretch / 2;
    }
  return { ...problem, durations, distances };
}

/** Every leg read by destination is the matrix's own value, bit for bit. */
function expectSameLegs(inst: Instance): void {
  const by = destinationMatrices(inst);
  const L = inst.locations;
  for (let a = 0; a < L; a++)
    for (let b = 0; b < L; b++) {
      if (by.durations[b * by.row + a * by.stride] !== inst.durations[a * L + b])
        throw new Error(`duration ${a} -> ${b}`);
      if (by.distances[b * by.row + a * by.stride] !== inst.distances[a * L + b])
        throw new Error(`distance ${a} -> ${b}`);
    }
}

describe('travel matrices read by destination', () => {
  it('are the matrices themselves when symmetric, read by rows', () => {
    const inst = compileInstance(randomInstance(7, { shipments: 20, vehicles: 3 }));
    const by = destinationMatrices(inst);
    expect(by.durations).toBe(inst.durations);
    expect(by.distances).toBe(inst.distances);
    expect(by).toMatchObject({ row: inst.locations, stride: 1 });
    expect(destinationMatrices(inst)).toBe(by);
    expectSameLegs(inst);
  });

  it('are transposed copies when asymmetric and small, with every leg the same', () => {
    const inst = compileInstance(asymmetric(randomInstance(8, { shipments: 20, vehicles: 3 })));
    const by = destinationMatrices(inst);
    expect(by.durations).not.toBe(inst.durations);
    expect(by.distances).not.toBe(inst.distances);
    expect(by).toMatchObject({ row: inst.locations, stride: 1 });
    expectSameLegs(inst);
  });

  it('are the matrices read by column when asymmetric and too large to copy', () => {
    const L = 1_100;
    const base = randomInstance(9, { shipments: 2, vehicles: 1 });
    const durations = new Float64Array(L * L);
    const distances = new Float64Array(L * L);
    for (let a = 0; a < L; a++)
      for (let b = 0; b < L; b++) {
        durations[a * L + b] = a === b ? 0 : 60 + ((a * 7 + b * 13) % 97);
        distances[a * L + b] = 10 * durations[a * L + b]!;
      }
    const inst = compileInstance({ ...base, locationCount: L, durations, distances }, { neighbors: false });
    const by = destinationMatrices(inst);
    expect(by.durations).toBe(inst.durations);
    expect(by.distances).toBe(inst.distances);
    expect(by).toMatchObject({ row: 1, stride: L });
    expectSameLegs(inst);
  });

  it('give every insertion an inserter reading by column gives, on asymmetric plans with every feature', () => {
    let evaluations = 0;
    let found = 0;
    for (let seed = 1; seed <= 18; seed++) {
      const { inst, model, search } = constructedSearch(
        asymmetric(mixedInstance(seed, seed * 7_919 + 5, { shipments: 24, vehicles: 5 })),
        seed,
      );
      const {
        inserters: [byColumn, byRow],
        randoms: [byColumnRandom, byRowRandom],
      } = twinInserters(inst, model, seed, { blinkRate: seed % 2 === 0 ? 0.2 : 0, skipTightPositions: true });
      byRow.readLegsByDestination();
      for (let job = 0; job < inst.jobs; job++) {
        const a: InsertionCandidate = emptyCandidate();
        const b: InsertionCandidate = emptyCandidate();
        search.routes.forEach((route, r) => {
          if (search.jobRoute[job] === r) return;
          expect(byRow.evaluate(route, r, job, b)).toBe(byColumn.evaluate(route, r, job, a));
          expect(b).toEqual(a);
          expect(byRowRandom.state).toBe(byColumnRandom.state);
          evaluations++;
        });
        if (a.route >= 0) found++;
      }
    }
    expect(evaluations).toBeGreaterThan(1_000);
    expect(found).toBeGreaterThan(100);
  });
});
