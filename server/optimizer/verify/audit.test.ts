import { describe, expect, it } from 'vitest';
import type { Problem, ReasonCode, Solution } from '../model';
import { missedInsertions, priorityInversions, reasonMismatches, vehiclesServingAlone } from './audit';
import { checkSolution } from './checker';
import { lineInstance } from './fixtures';
import { routeFromSchedule, simulate, type StopRef } from './schedule';

// One vehicle (capacity 10) at 0; three deliveries loaded at the depot, at 100, 200 and 300 m.
function problem(): Problem {
  return lineInstance({
    points: [0, 100, 200, 300],
    dimensions: 1,
    vehicles: [{ id: 'van', latestEnd: 10_000, capacity: [10], skills: ['liftgate'] }],
    shipments: [1, 2, 3].map((location, i) => ({ pickup: null, delivery: { location }, size: [4], priority: i })),
  });
}

function solution(p: Problem, routed: number[], unassigned: [number, ReasonCode][]): Solution {
  const sequence: StopRef[] = routed.map((shipment) => ({ shipment, kind: 'delivery' }));
  const route = routeFromSchedule(p, 0, sequence, simulate(p, 0, sequence, 0));
  return {
    routes: [route],
    unassigned: unassigned.map(([shipment, reason]) => ({ shipment, reason, description: 'as claimed' })),
    cost: route.duration,
    distance: route.distance,
    duration: route.duration,
    stats: { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed: 0, threads: 1, progress: [] },
  };
}

describe('audits of left-out shipments', () => {
  it('missedInsertions finds an unassigned shipment that fits as the route stands', () => {
    const p = problem();
    const s = solution(
      p,
      [0],
      [
        [1, 'INSUFFICIENT_FLEET'],
        [2, 'INSUFFICIENT_FLEET'],
      ],
    );
    expect(checkSolution(p, s).feasible).toBe(true);
    const missed = missedInsertions(p, s);
    expect(missed.map((m) => m.unassigned)).toEqual([1, 2]);
    // The witness is a real, feasible route.
    expect(simulate(p, 0, missed[0]!.sequence, 0).feasible).toBe(true);
    // Full: capacity 10 holds two of the three.
    expect(missedInsertions(p, solution(p, [0, 1], [[2, 'INSUFFICIENT_FLEET']]))).toEqual([]);
  });

  it('priorityInversions finds a higher priority left out for lower ones, naming what to drop', () => {
    const p = problem();
    // Serving s0 (priority 0) and s1 (priority 1) leaves s2 (priority 2) out: an inversion.
    const inverted = priorityInversions(p, solution(p, [0, 1], [[2, 'INSUFFICIENT_FLEET']]));
    expect(inverted).toHaveLength(1);
    expect(inverted[0]!.unassigned).toBe(2);
    expect(inverted[0]!.displaced.sort()).toEqual([0, 1]);
    // Leaving out the lowest priority is right.
    expect(priorityInversions(p, solution(p, [1, 2], [[0, 'INSUFFICIENT_FLEET']]))).toEqual([]);
  });

  it('reasonMismatches rejects reasons the problem contradicts', () => {
    const p = problem();
    p.shipments[2]!.requiredSkills = ['liftgate'];
    const claims = (reason: ReasonCode) => reasonMismatches(p, solution(p, [0, 1], [[2, reason]]));
    expect(claims('NO_VEHICLE_WITH_SKILLS')).toEqual([
      'shipment s2 (NO_VEHICLE_WITH_SKILLS): vehicle van has the skills',
    ]);
    expect(claims('EXCEEDS_VEHICLE_CAPACITY')).toEqual([
      'shipment s2 (EXCEEDS_VEHICLE_CAPACITY): vehicle van can carry it',
    ]);
    expect(claims('TIME_WINDOW_UNREACHABLE')).toEqual([
      'shipment s2 (TIME_WINDOW_UNREACHABLE): vehicle van can serve it on an empty route',
    ]);
    expect(claims('LOCKED_STOP_CONFLICT')).toEqual(['shipment s2 (LOCKED_STOP_CONFLICT): the shipment is not locked']);
    expect(claims('ADDRESS_NOT_RESOLVED')).toEqual([
      'shipment s2 (ADDRESS_NOT_RESOLVED): the solver does not resolve addresses',
    ]);
    expect(claims('INSUFFICIENT_FLEET')).toEqual([]);

    // A window that closes before the van can arrive makes a static reason right, INSUFFICIENT_FLEET wrong.
    p.shipments[2]!.delivery!.timeWindows = [{ start: 0, end: 50 }];
    expect(vehiclesServingAlone(p, 2)).toEqual([]);
    expect(claims('TIME_WINDOW_UNREACHABLE')).toEqual([]);
    expect(claims('INSUFFICIENT_FLEET')).toEqual([
      'shipment s2 (INSUFFICIENT_FLEET): no vehicle can serve it even on an empty route',
    ]);
  });

  it('a later departure counts: maxDuration alone does not make a late window unreachable', () => {
    const p = problem();
    p.vehicles[0]!.maxDuration = 1000;
    p.shipments[2]!.delivery!.timeWindows = [{ start: 5000, end: 5100 }];
    // Leaving at 0 the route lasts 5300 s; leaving at 4700 it lasts 600 s.
    expect(vehiclesServingAlone(p, 2)).toEqual([0]);
  });
});
