import { describe, expect, it } from 'vitest';
import { findFixes } from './fixes';
import type { FixDetail, Problem, Solution, Vehicle } from './model';
import { PRIORITY_LEVELS, compareLeftOut, priorityLevel } from './priority';
import { solveOnThisThread } from './solve';
import { checkSolution, randomInstance, solveExhaustively, type RandomInstanceOptions } from './verify';
import { lineInstance, type LineInstanceSpec } from './verify/fixtures';

/**
 * Crafted instances, one per kind of fix: the fix found for the unassigned shipment is applied to
 * the problem here (by this file's own code, not the finder's), the changed problem is solved again
 * by the exhaustive solver and by the real one, and the shipment must then be served.
 */

/** The fix search's per-order and total wall-clock limits, generous: these tests check what it finds, not how fast. */
const UNHURRIED = { perShipmentMs: 2_000, totalMs: 20_000 };

function solved(problem: Problem): Solution {
  const solution = solveOnThisThread(problem, { maxIterations: 300, seed: 1 });
  expect(checkSolution(problem, solution).violations).toEqual([]);
  return solution;
}

/** The problem with the fix applied, as a caller would apply it. */
function applyFix(problem: Problem, shipment: number, fix: FixDetail, extraVehicles: readonly Vehicle[] = []): Problem {
  const copy: Problem = structuredClone(problem);
  switch (fix.kind) {
    case 'widen_window': {
      const stop = fix.side === 'pickup' ? copy.shipments[shipment]!.pickup! : copy.shipments[shipment]!.delivery!;
      stop.timeWindows = [{ start: fix.start, end: fix.end }];
      return copy;
    }
    case 'extend_shift':
      copy.vehicles[fix.vehicle]!.latestEnd = fix.latestEnd;
      return copy;
    case 'add_capacity':
      copy.vehicles[fix.vehicle]!.capacity = copy.vehicles[fix.vehicle]!.capacity.map((c, d) => c + fix.extra[d]!);
      return copy;
    case 'add_skill':
      copy.vehicles[fix.vehicle]!.skills.push(...fix.skills);
      return copy;
    case 'add_vehicle':
      copy.vehicles.push(structuredClone(extraVehicles[fix.candidate]!));
      return copy;
  }
}

/** Solves, finds the fix of `shipment`, applies it, and checks the shipment is then served (exhaustively and by the solver). */
function fixAndResolve(problem: Problem, shipment: number, extraVehicles: Vehicle[] = []): FixDetail {
  const before = solved(problem);
  expect(before.unassigned.map((u) => u.shipment)).toContain(shipment);
  const withFixes = findFixes(problem, before, { extraVehicles, ...UNHURRIED });
  const fix = withFixes.unassigned.find((u) => u.shipment === shipment)?.fix;
  expect(fix).toBeDefined();
  const changed = applyFix(problem, shipment, fix!, extraVehicles);
  const exact = solveExhaustively(changed);
  expect(exact.unassigned).not.toContain(shipment);
  const after = solved(changed);
  expect(after.unassigned.map((u) => u.shipment)).not.toContain(shipment);
  return fix!;
}

const base = (over: Partial<LineInstanceSpec>): Problem =>
  lineInstance({
    points: [0, 100, 1000, -1000, 10_000, -10_000],
    dimensions: 1,
    vehicles: [{}],
    shipments: [],
    ...over,
  });

describe('findFixes', () => {
  it('widen_window: a dropoff window that closes before the vehicle can get there closes later, in whole minutes', () => {
    // Pickup at 100 m, dropoff at 1,000 m: the earliest dropoff is at 1,000 s; the window closes at 500 s.
    const problem = base({
      shipments: [
        { pickup: { location: 1 }, delivery: { location: 2, timeWindows: [{ start: 0, end: 500 }] } },
        { pickup: { location: 1 }, delivery: { location: 3 } },
      ],
    });
    const fix = fixAndResolve(problem, 0);
    expect(fix).toEqual({ kind: 'widen_window', side: 'delivery', bound: 'close', seconds: 540, start: 0, end: 1040 });
  });

  it('widen_window: a pickup window opening earlier when waiting for it makes the vehicle late', () => {
    // The vehicle reaches the pickup (100 m) at 100 s but may start only at 2,000 s; dropoff at 1,000 m,
    // back at the depot by 3,000 s: only starting the pickup 900 s earlier gets it home in time.
    const problem = base({
      vehicles: [{ latestEnd: 3000 }],
      shipments: [
        {
          pickup: { location: 1, timeWindows: [{ start: 2000, end: 2100 }] },
          delivery: { location: 2, timeWindows: [{ start: 0, end: 2500 }] },
        },
      ],
    });
    const fix = fixAndResolve(problem, 0);
    expect(fix).toEqual({ kind: 'widen_window', side: 'pickup', bound: 'open', seconds: 900, start: 1100, end: 2100 });
  });

  it('extend_shift: a shift that ends before the vehicle is back ends later', () => {
    // Out to 1,000 m and back: the route ends at 2,000 s; the shift at 1,500 s.
    const problem = base({
      vehicles: [{ latestEnd: 1500 }],
      shipments: [{ pickup: { location: 1 }, delivery: { location: 2 } }],
    });
    const fix = fixAndResolve(problem, 0);
    expect(fix).toEqual({ kind: 'extend_shift', vehicle: 0, seconds: 540, latestEnd: 2040 });
  });

  it('add_capacity: two loads that must ride together need 20 more units on the vehicle', () => {
    // Both loaded at the depot (no pickup stop): 60 + 60 on a vehicle of 100.
    const problem = base({
      vehicles: [{ capacity: [100] }],
      shipments: [
        { pickup: null, delivery: { location: 2 }, size: [60] },
        { pickup: null, delivery: { location: 3 }, size: [60] },
      ],
    });
    const before = solved(problem);
    const left = before.unassigned[0]!.shipment;
    const fix = fixAndResolve(problem, left);
    expect(fix).toEqual({ kind: 'add_capacity', vehicle: 0, extra: [20], capacity: [120] });
  });

  it('add_capacity: an order larger than every vehicle gets the missing amount on the best vehicle', () => {
    const problem = base({
      vehicles: [{ capacity: [100] }, { capacity: [130] }],
      shipments: [{ pickup: { location: 1 }, delivery: { location: 2 }, size: [150] }],
    });
    const fix = fixAndResolve(problem, 0);
    expect(fix).toEqual({ kind: 'add_capacity', vehicle: 1, extra: [20], capacity: [150] });
  });

  it('add_capacity: only the dimension that binds grows', () => {
    const problem = lineInstance({
      points: [0, 100, 1000],
      dimensions: 2,
      vehicles: [{ capacity: [100, 50] }],
      shipments: [{ pickup: { location: 1 }, delivery: { location: 2 }, size: [10, 80] }],
    });
    const fix = fixAndResolve(problem, 0);
    expect(fix).toEqual({ kind: 'add_capacity', vehicle: 0, extra: [0, 30], capacity: [100, 80] });
  });

  it('add_skill: an order needing a skill no vehicle has gets it on a vehicle that has room', () => {
    const problem = base({
      vehicles: [{ skills: ['freezer'] }, {}],
      shipments: [{ pickup: { location: 1 }, delivery: { location: 2 }, requiredSkills: ['freezer', 'liftgate'] }],
    });
    const fix = fixAndResolve(problem, 0);
    expect(fix).toEqual({ kind: 'add_skill', vehicle: 0, skills: ['liftgate'] });
  });

  it('add_vehicle: two orders at the same time far apart need one more vehicle', () => {
    // Both at 10,000 m from the depot on opposite sides, both due at 10,000 to 10,100 s: 20,000 s apart.
    const problem = base({
      shipments: [
        { pickup: null, delivery: { location: 4, timeWindows: [{ start: 10_000, end: 10_100 }] } },
        { pickup: null, delivery: { location: 5, timeWindows: [{ start: 10_000, end: 10_100 }] } },
      ],
    });
    const before = solved(problem);
    const left = before.unassigned[0]!.shipment;
    const extra = { ...problem.vehicles[0]!, id: 'v-extra' };
    const fix = fixAndResolve(problem, left, [{ ...extra, capacity: [0] }, extra]);
    // The first candidate cannot carry it; the second can.
    expect(fix).toEqual({ kind: 'add_vehicle', candidate: 1 });
  });

  it('gives no fix when no change of the kinds tried helps within the limits', () => {
    const problem = base({
      shipments: [
        { pickup: null, delivery: { location: 4, timeWindows: [{ start: 10_000, end: 10_100 }] } },
        { pickup: null, delivery: { location: 5, timeWindows: [{ start: 10_000, end: 10_100 }] } },
      ],
    });
    const solution = findFixes(problem, solved(problem), UNHURRIED);
    expect(solution.unassigned).toHaveLength(1);
    expect(solution.unassigned[0]!.fix).toBeUndefined();
    // A window change that is too large is not offered either.
    const late = base({
      shipments: [{ pickup: { location: 1 }, delivery: { location: 2, timeWindows: [{ start: 0, end: 500 }] } }],
    });
    expect(findFixes(late, solved(late), { maxMinutes: 5, ...UNHURRIED }).unassigned[0]!.fix).toBeUndefined();
  });

  it('leaves reasons it cannot cure alone and does not change its input', () => {
    const problem = base({
      shipments: [{ pickup: { location: 1 }, delivery: { location: 2, timeWindows: [{ start: 500, end: 100 }] } }],
    });
    const before = solved(problem);
    expect(before.unassigned[0]!.reason).toBe('INVALID_TIME_WINDOW');
    const after = findFixes(problem, before, UNHURRIED);
    expect(after.unassigned[0]!.fix).toBeUndefined();
    expect(before.unassigned[0]).not.toHaveProperty('fix');
  });

  it('stays within its time cap on many unassigned orders', () => {
    // 300 orders due at once far from each other, 2 vehicles: nearly all unassigned, none cheaply fixable.
    const points = [0, ...Array.from({ length: 300 }, (_, i) => (i % 2 ? 1 : -1) * (5000 + 37 * i))];
    const problem = lineInstance({
      points,
      dimensions: 1,
      vehicles: [{}, {}],
      shipments: points
        .slice(1)
        .map((_, i) => ({ pickup: null, delivery: { location: i + 1, timeWindows: [{ start: 6000, end: 6060 }] } })),
    });
    const before = solveOnThisThread(problem, { maxIterations: 50, seed: 1 });
    expect(before.unassigned.length).toBeGreaterThan(250);
    const began = performance.now();
    const after = findFixes(problem, before, { totalMs: 200, perShipmentMs: 5, extraVehicles: [problem.vehicles[0]!] });
    // Without the total cap its 5 ms per order would come to 1.5 s; the slack covers a busy machine.
    expect(performance.now() - began).toBeLessThan(200 + 600);
    expect(after.unassigned.some((u) => u.fix)).toBe(true);
    for (const u of after.unassigned) {
      if (!u.fix) continue;
      const changed = applyFix(problem, u.shipment, u.fix, [problem.vehicles[0]!]);
      // Each fix alone lets its order in next to the planned routes: check by the solver on the changed problem.
      const again = solveOnThisThread(changed, { maxIterations: 50, seed: 1 });
      expect(again.unassigned.length).toBeLessThan(before.unassigned.length);
      break;
    }
  });

  describe('on seeded tiny instances, every fix found lets its order in next to what was served (exhaustive solver on the changed problem)', () => {
    const groups: Record<string, Omit<RandomInstanceOptions, 'shipments' | 'vehicles'>> = {
      'windows and capacity': { capacityShare: 0.35, windowSeconds: [900, 2700] },
      'skills, priorities, maxStops': { skills: true, priorities: true, maxStops: true, capacityShare: 0.4 },
      'single stops, open routes, two windows': {
        singleStopShare: 0.4,
        openRoutes: true,
        multiWindowShare: 0.4,
        windowSeconds: [900, 2700],
      },
      'traffic, maxDuration, speed factors': {
        traffic: true,
        maxDuration: true,
        speedFactors: true,
        windowSeconds: [1200, 3600],
      },
    };
    const leftOut = (problem: Problem, shipments: readonly number[]): number[] => {
      const counts = new Array<number>(PRIORITY_LEVELS).fill(0);
      for (const j of shipments) counts[priorityLevel(problem.shipments[j]!.priority)]!++;
      return counts;
    };
    for (const [group, options] of Object.entries(groups)) {
      it(group, () => {
        let fixes = 0;
        for (let seed = 1; seed <= (options.traffic ? 4 : 8); seed++) {
          const problem = randomInstance(seed * 104_729 + group.length, {
            ...options,
            shipments: 4,
            vehicles: 1 + (seed % 2),
          });
          const before = solveOnThisThread(problem, { seed: 1, maxIterations: 500 });
          const extra = { ...problem.vehicles[0]!, id: 'extra' };
          const withFixes = findFixes(problem, before, { extraVehicles: [extra], ...UNHURRIED });
          for (const u of withFixes.unassigned) {
            if (!u.fix) continue;
            fixes++;
            const changed = applyFix(problem, u.shipment, u.fix, [extra]);
            // With the change, serving what was served plus this order is possible: the optimum leaves out no more, level by level.
            const exact = solveExhaustively(changed);
            const bound = leftOut(
              problem,
              before.unassigned.map((x) => x.shipment).filter((j) => j !== u.shipment),
            );
            expect(
              compareLeftOut(leftOut(changed, exact.unassigned), bound),
              `seed ${seed}, ${JSON.stringify(u.fix)}`,
            ).toBeLessThanOrEqual(0);
          }
        }
        expect(fixes).toBeGreaterThan(0);
      });
    }
  });
});
