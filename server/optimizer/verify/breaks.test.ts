import { describe, expect, it } from 'vitest';
import type { Objective, Problem, Route, Solution } from '../model';
import { OBJECTIVES } from '../model';
import { solveOnThisThread } from '../index';
import { checkSolution } from './checker';
import { solveExhaustively, toSolution } from './exhaustive';
import { lineInstance } from './fixtures';
import { randomInstance, type RandomInstanceOptions } from './generators';
import { compareObjective, describeObjective, solutionObjective } from './objective';

/** Driver breaks: the solver against the exhaustive optimum, the checker's verdicts, crafted cases. */

function solveChecked(problem: Problem): Solution {
  const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 2000, timeLimitMs: 60_000 });
  expect(checkSolution(problem, solution).violations).toEqual([]);
  return solution;
}

const GROUPS: Record<string, Omit<RandomInstanceOptions, 'shipments' | 'vehicles' | 'objective'>> = {
  'one break per vehicle': { breaks: 1 },
  'up to two breaks, single-stop jobs, open routes, maxDuration': {
    breaks: 2,
    singleStopShare: 0.4,
    openRoutes: true,
    maxDuration: true,
    openStopShare: 0.15,
  },
  'up to two breaks, two windows, tight windows': { breaks: 2, multiWindowShare: 0.4, windowSeconds: [1800, 5400] },
};

const SEEDS_PER_GROUP = 16;

function instance(group: string, seed: number): Problem {
  const objective: Objective = OBJECTIVES[seed % OBJECTIVES.length]!;
  return randomInstance(seed * 7919 + group.length, { ...GROUPS[group], shipments: 3, vehicles: 2, objective });
}

describe('with driver breaks, the solver finds the exhaustive optimum on tiny instances', () => {
  for (const group of Object.keys(GROUPS)) {
    it(group, () => {
      const mismatches: string[] = [];
      let breaksTaken = 0;
      for (let seed = 1; seed <= SEEDS_PER_GROUP; seed++) {
        const problem = instance(group, seed);
        const exact = solveExhaustively(problem);
        // The exhaustive optimum is itself a solution the checker accepts.
        const exactViolations = checkSolution(problem, toSolution(problem, exact)).violations;
        const label = `seed ${seed} ${problem.objective}`;
        if (exactViolations.length > 0) mismatches.push(`${label}: exhaustive optimum rejected: ${exactViolations[0]}`);
        const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 2000, timeLimitMs: 60_000 });
        const violations = checkSolution(problem, solution).violations;
        if (violations.length > 0) {
          mismatches.push(`${label}: infeasible: ${violations[0]}`);
          continue;
        }
        breaksTaken += solution.routes.reduce((n, r) => n + (r.breaks?.length ?? 0), 0);
        const found = solutionObjective(problem, solution);
        if (compareObjective(problem.objective, found, exact.value, 1e-6) !== 0) {
          mismatches.push(`${label}\n  solver ${describeObjective(found)}\n  exact  ${describeObjective(exact.value)}`);
        }
      }
      expect(mismatches).toEqual([]);
      // The group exercised breaks at all.
      expect(breaksTaken).toBeGreaterThan(SEEDS_PER_GROUP);
    });
  }
});

/**
 * One vehicle from location 0; a pickup at 600 m whose window makes the vehicle leave by t = 100,
 * a dropoff at 1200 m (1 m/s: seconds are meters).
 */
function twoStops(
  breaks: { earliestStart: number; latestEnd: number; durationSeconds: number }[],
  latestEnd = 36_000,
): Problem {
  return lineInstance({
    points: [0, 600, 1200],
    vehicles: [{ breaks, latestEnd }],
    shipments: [{ pickup: { location: 1, timeWindows: [{ start: 600, end: 700 }] }, delivery: { location: 2 } }],
  });
}

describe('driver breaks, crafted', () => {
  it('a break whose window opens after the last stop makes the vehicle wait there, then return', () => {
    const problem = twoStops([{ earliestStart: 3000, latestEnd: 4000, durationSeconds: 600 }]);
    const route = solveChecked(problem).routes[0]!;
    expect(route.stops).toHaveLength(2);
    const taken = route.breaks!;
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ break: 0, afterStops: 2, location: 2, start: 3000, end: 3600 });
    // Ready at the dropoff at 1200 + (departure 0..100), so it waits at least 1700 s for the window.
    expect(taken[0]!.waitSeconds).toBeGreaterThanOrEqual(1700);
    expect(route.end).toBeCloseTo(3600 + 1200, 6);
    expect(route.duration).toBeCloseTo(route.travel + route.service + route.waiting + 600, 6);
  });

  it('a break that must end before the first stop is taken at the start location', () => {
    const problem = lineInstance({
      points: [0, 600],
      vehicles: [{ breaks: [{ earliestStart: 0, latestEnd: 900, durationSeconds: 900 }] }],
      shipments: [{ pickup: null, delivery: { location: 1, timeWindows: [{ start: 1500, end: 1600 }] } }],
    });
    const route = solveChecked(problem).routes[0]!;
    expect(route.breaks).toEqual([
      { break: 0, afterStops: 0, location: 0, arrival: 0, start: 0, end: 900, waitSeconds: 0 },
    ]);
    expect(route.start).toBe(0);
    expect(route.stops[0]!.arrival).toBe(1500);
    expect(route.stops[0]!.legDuration).toBe(600);
  });

  it('a break goes where it delays nothing: into the wait before a window', () => {
    // Ready at the pickup by ~700, the dropoff opens at 5000: the 30-min break fits in the wait.
    const problem = lineInstance({
      points: [0, 600, 1200],
      vehicles: [{ breaks: [{ earliestStart: 1000, latestEnd: 6000, durationSeconds: 1800 }] }],
      shipments: [
        {
          pickup: { location: 1, timeWindows: [{ start: 600, end: 700 }] },
          delivery: { location: 2, timeWindows: [{ start: 5000, end: 5100 }] },
        },
      ],
    });
    const route = solveChecked(problem).routes[0]!;
    expect(route.stops[1]!.serviceStart).toBe(5000);
    expect(route.end).toBe(5000 + 1200);
    expect(route.breaks![0]!.end).toBeLessThanOrEqual(5000 - 600);
  });

  it('an order that would push the break out of its window is unassigned, with the break named', () => {
    // Alone, the order takes 2400 s of driving; with the 45-min break, which must end by 2800,
    // the route cannot end by the shift end at 4000 ... unless the break is taken first, at the
    // depot: then the pickup window (closes at 700) is missed.
    const problem = twoStops([{ earliestStart: 0, latestEnd: 2800, durationSeconds: 2700 }], 4000);
    const solution = solveChecked(problem);
    expect(solution.routes.filter((r) => r.stops.length > 0)).toEqual([]);
    const missed = solution.unassigned[0]!;
    expect(missed.reason).toBe('TIME_WINDOW_UNREACHABLE');
    expect(missed.detail).toMatchObject({ kind: 'unreachable', side: 'break', vehicle: 0 });
    // Without the break it is served.
    const without = solveChecked(twoStops([], 4000));
    expect(without.unassigned).toEqual([]);
  });

  it('of two orders, the one that would push the break out is left out', () => {
    const problem = lineInstance({
      points: [0, 600, 1200, 5000],
      vehicles: [{ latestEnd: 9000, breaks: [{ earliestStart: 0, latestEnd: 9000, durationSeconds: 1800 }] }],
      shipments: [
        { pickup: null, delivery: { location: 1 }, priority: 3 },
        // Far away: 10,000 s there and back; fits the shift alone but not with the break.
        { pickup: null, delivery: { location: 3 } },
      ],
    });
    const solution = solveChecked(problem);
    expect(solution.routes[0]!.stops.map((s) => s.shipment)).toEqual([0]);
    expect(solution.unassigned.map((u) => u.shipment)).toEqual([1]);
    expect(solution.unassigned[0]!.reason).toBe('TIME_WINDOW_UNREACHABLE');
  });

  it('vehicles without breaks take none and report no breaks', () => {
    const route = solveChecked(twoStops([])).routes[0]!;
    expect(route.breaks).toBeUndefined();
  });
});

describe('the checker on driver breaks', () => {
  const problem = twoStops([{ earliestStart: 3000, latestEnd: 4000, durationSeconds: 600 }]);
  const solution = solveChecked(problem);
  const edit = (change: (route: Route) => void): string[] => {
    const copy = structuredClone(solution);
    change(copy.routes[0]!);
    return checkSolution(problem, copy).violations;
  };

  it('accepts the solver plan', () => {
    expect(checkSolution(problem, solution).violations).toEqual([]);
  });

  it('rejects a route that skips a break', () => {
    expect(edit((r) => delete r.breaks).join('\n')).toMatch(/takes break 0 0 times/);
  });

  it('rejects a break taken twice', () => {
    expect(edit((r) => r.breaks!.push({ ...r.breaks![0]! })).join('\n')).toMatch(/takes break 0 2 times/);
  });

  it('rejects a break that starts before its window opens', () => {
    const violations = edit((r) => {
      const b = r.breaks![0]!;
      b.start -= 100;
      b.end -= 100;
      b.waitSeconds -= 100;
    });
    expect(violations.join('\n')).toMatch(/before its window opens/);
  });

  it('rejects a break that runs past its window', () => {
    const shifted = twoStops([{ earliestStart: 3000, latestEnd: 3500, durationSeconds: 600 }]);
    expect(checkSolution(shifted, solution).violations.join('\n')).toMatch(/after its window closes/);
  });

  it('rejects a break shorter than its duration and a break in the wrong place', () => {
    expect(edit((r) => (r.breaks![0]!.end -= 60)).join('\n')).toMatch(/end 3540, recomputed 3600/);
    expect(edit((r) => (r.breaks![0]!.location = 1)).join('\n')).toMatch(/location 1, but the vehicle is at 2/);
  });

  it('rejects a break squeezed between stops without moving the next arrival', () => {
    const violations = edit((r) => {
      const b = r.breaks![0]!;
      b.afterStops = 1;
      b.location = 1;
    });
    expect(violations.join('\n')).toMatch(/arrival/);
  });
});
