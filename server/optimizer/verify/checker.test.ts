import { describe, expect, it } from 'vitest';
import type { Problem, Solution } from '../model';
import { checkSolution } from './checker';
import { solveExhaustively, toSolution } from './exhaustive';
import { lineInstance } from './fixtures';
import { randomInstance } from './generators';
import { routeFromSchedule, simulate, type StopRef } from './schedule';

// Points on a line, 1 m/s: travel time equals distance, so expected numbers are easy to read.
// 0 depot, 1 pickup of s0, 2 delivery of s0, 3 delivery of s1 (delivery only: loaded at the depot),
// 4 pickup of s2 (pickup only: carried to the end).
function baseProblem(): Problem {
  const van = { latestEnd: 5000, capacity: [10, 10], costPerMeter: 1 };
  return lineInstance({
    points: [0, 100, 200, 300, 400],
    vehicles: [
      { ...van, id: 'van', skills: ['liftgate'] },
      { ...van, id: 'spare' },
    ],
    shipments: [
      {
        pickup: { location: 1, serviceSeconds: 10 },
        delivery: { location: 2, serviceSeconds: 10, timeWindows: [{ start: 300, end: 400 }] },
        size: [4, 4],
      },
      {
        pickup: null,
        delivery: {
          location: 3,
          serviceSeconds: 10,
          timeWindows: [
            { start: 0, end: 100 },
            { start: 400, end: 1000 },
          ],
        },
        size: [3, 3],
      },
      { pickup: { location: 4, serviceSeconds: 10 }, delivery: null, size: [2, 2] },
    ],
  });
}

const SEQUENCE: StopRef[] = [
  { shipment: 0, kind: 'pickup' },
  { shipment: 0, kind: 'delivery' },
  { shipment: 1, kind: 'delivery' },
  { shipment: 2, kind: 'pickup' },
];

function solutionFor(problem: Problem, sequence = SEQUENCE, vehicle = 0, start?: number): Solution {
  const schedule = simulate(problem, vehicle, sequence, start ?? problem.vehicles[vehicle]!.earliestStart);
  const route = routeFromSchedule(problem, vehicle, sequence, schedule);
  return {
    routes: [route],
    unassigned: [],
    cost: route.duration,
    distance: route.distance,
    duration: route.duration,
    stats: { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed: 0, threads: 1, progress: [] },
  };
}

function expectViolation(problem: Problem, solution: Solution, pattern: RegExp) {
  const result = checkSolution(problem, solution);
  expect(result.feasible).toBe(false);
  expect(
    result.violations.some((v) => pattern.test(v)),
    `expected ${pattern} among:\n${result.violations.join('\n')}`,
  ).toBe(true);
}

describe('checkSolution accepts', () => {
  it('a hand-computed route: waits for windows, loads single-stop deliveries at the start', () => {
    const problem = baseProblem();
    const solution = solutionFor(problem);
    // Depot 0 -> 100 (pickup, 10 s) -> 200 arrives 210, waits to 300, leaves 310 -> 300 arrives 410
    // (second window of s1) leaves 420 -> 400 arrives 520 leaves 530 -> depot arrives 930.
    const stops = solution.routes[0]!.stops;
    expect(stops.map((s) => s.serviceStart)).toEqual([100, 300, 410, 520]);
    expect(stops.map((s) => s.load[0])).toEqual([7, 3, 0, 2]);
    expect(solution.routes[0]!.end).toBe(930);
    expect(solution.routes[0]!.waiting).toBe(90);
    expect(checkSolution(problem, solution)).toEqual({ feasible: true, violations: [] });
  });

  it('exhaustive optima of random instances (the two independent halves agree)', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const problem = randomInstance(seed, {
        shipments: 3,
        vehicles: 2,
        singleStopShare: 0.3,
        multiWindowShare: 0.3,
        openRoutes: true,
        skills: true,
        maxStops: true,
        maxDuration: true,
        speedFactors: true,
        traffic: seed % 2 === 0,
        locks: seed % 3 === 0,
      });
      const solution = toSolution(problem, solveExhaustively(problem));
      expect(checkSolution(problem, solution).violations, `seed ${seed}`).toEqual([]);
    }
  });
});

describe('checkSolution rejects', () => {
  it('a vehicle that does not exist, and a vehicle used twice', () => {
    const problem = baseProblem();
    const missing = solutionFor(problem);
    missing.routes[0]!.vehicle = 7;
    expectViolation(problem, missing, /vehicle 7 does not exist/);

    const twice = solutionFor(problem, SEQUENCE.slice(0, 2));
    const other = solutionFor(problem, SEQUENCE.slice(2));
    twice.routes.push(other.routes[0]!);
    expectViolation(problem, twice, /used by more than one route/);
  });

  it('a wrong arrival, a service before arrival, and a service outside every window', () => {
    const problem = baseProblem();
    const arrival = solutionFor(problem);
    arrival.routes[0]!.stops[1]!.arrival += 5;
    expectViolation(problem, arrival, /stop 1 .*arrival 215, recomputed 210/);

    const early = solutionFor(problem);
    early.routes[0]!.stops[0]!.serviceStart = 50;
    expectViolation(problem, early, /service starts at 50, before arrival 100/);

    const closed = baseProblem();
    closed.shipments[1]!.delivery!.timeWindows = [
      { start: 0, end: 100 },
      { start: 200, end: 400 },
    ];
    expectViolation(closed, solutionFor(problem), /stop 2 .*outside its windows \[0, 100\] \[200, 400\]/);
  });

  it('capacity exceeded in any dimension, including the start load of single-stop deliveries', () => {
    const problem = baseProblem();
    const solution = solutionFor(problem);
    const smaller = baseProblem();
    smaller.vehicles[0]!.capacity = [10, 6];
    expectViolation(smaller, solution, /load 7 exceeds capacity 6 in dimension 1/);
    const tiny = baseProblem();
    tiny.vehicles[0]!.capacity = [2, 10];
    expectViolation(tiny, solution, /start load 3 exceeds capacity 2 in dimension 0/);
  });

  it('a reported load that disagrees with the recomputation', () => {
    const problem = baseProblem();
    const solution = solutionFor(problem);
    solution.routes[0]!.stops[3]!.load = [0, 0];
    expectViolation(problem, solution, /reported load 0 in dimension 0, recomputed 2/);
  });

  it('delivery before pickup, and a shipment split across vehicles', () => {
    const problem = baseProblem();
    const swappedSolution = solutionFor(problem, SEQUENCE);
    swappedSolution.routes[0]!.stops = [1, 0, 2, 3].map((i) => swappedSolution.routes[0]!.stops[i]!);
    expectViolation(problem, swappedSolution, /delivered before it is picked up/);

    const split = solutionFor(problem, [SEQUENCE[0]!, SEQUENCE[2]!, SEQUENCE[3]!]);
    split.routes.push(solutionFor(problem, [SEQUENCE[1]!], 1).routes[0]!);
    expectViolation(problem, split, /s0 is picked up but not delivered/);
  });

  it('a shipment both routed and unassigned, neither, or unassigned without a valid reason', () => {
    const problem = baseProblem();
    const both = solutionFor(problem);
    both.unassigned.push({ shipment: 2, reason: 'INSUFFICIENT_FLEET', description: 'no room' });
    expectViolation(problem, both, /s2 is both routed and unassigned/);

    const neither = solutionFor(problem, SEQUENCE.slice(0, 3));
    expectViolation(problem, neither, /s2 is neither routed nor unassigned/);

    const badReason = solutionFor(problem, SEQUENCE.slice(0, 3));
    badReason.unassigned.push({ shipment: 2, reason: 'TOO_FAR' as never, description: '' });
    expectViolation(problem, badReason, /unknown reason TOO_FAR/);
    expectViolation(problem, badReason, /without a description/);
  });

  it('missing skills, a vehicle not in allowedVehicles, and more stops than maxStops', () => {
    const solution = solutionFor(baseProblem());
    const skills = baseProblem();
    skills.shipments[0]!.requiredSkills = ['freezer'];
    expectViolation(skills, solution, /s0 needs skills \[freezer\]; vehicle van has \[liftgate\]/);
    const allowed = baseProblem();
    allowed.shipments[1]!.allowedVehicles = [1];
    expectViolation(allowed, solution, /s1 is not allowed on vehicle 0/);
    const maxStops = baseProblem();
    maxStops.vehicles[0]!.maxStops = 3;
    expectViolation(maxStops, solution, /4 stops exceed maxStops 3/);
  });

  it('locked stops out of order or on another vehicle', () => {
    const solution = solutionFor(baseProblem());
    const order = baseProblem();
    order.lockedSequences = [
      {
        vehicle: 0,
        stops: [
          { shipment: 2, kind: 'pickup' },
          { shipment: 1, kind: 'delivery' },
        ],
      },
    ];
    expectViolation(order, solution, /out of their locked order/);
    const elsewhere = baseProblem();
    elsewhere.lockedSequences = [{ vehicle: 1, stops: [{ shipment: 1, kind: 'delivery' }] }];
    expectViolation(elsewhere, solution, /locked to vehicle 1, not 0/);
  });

  it('a shift broken: departure before earliestStart, end after latestEnd, route longer than maxDuration', () => {
    const problem = baseProblem();
    const late = baseProblem();
    late.vehicles[0]!.latestEnd = 900;
    expectViolation(late, solutionFor(problem), /ends at 930, after latestEnd 900/);
    const long = baseProblem();
    long.vehicles[0]!.maxDuration = 900;
    expectViolation(long, solutionFor(problem), /lasts 930 s, more than maxDuration 900/);
    const early = baseProblem();
    early.vehicles[0]!.earliestStart = 10;
    expectViolation(early, solutionFor(problem), /departs at 0, before earliestStart 10/);
  });

  it('totals that disagree: route distance, solution distance and duration, waiting', () => {
    const problem = baseProblem();
    const distance = solutionFor(problem);
    distance.routes[0]!.distance += 1;
    expectViolation(problem, distance, /distance 801, recomputed 800/);
    const total = solutionFor(problem);
    total.distance = 700;
    total.duration += 10;
    expectViolation(problem, total, /solution distance 700 differs/);
    expectViolation(problem, total, /solution duration 940 differs/);
    const waiting = solutionFor(problem);
    waiting.routes[0]!.waiting = 0;
    expectViolation(problem, waiting, /waiting 0, recomputed 90/);
  });

  it('times computed without traffic or speedFactor when the problem has them', () => {
    const solution = solutionFor(baseProblem());
    const traffic = baseProblem();
    // 50% slower from t = 0 to 200: the first leg (departs 0) takes 150 s, not 100.
    const factors = new Float64Array(432).fill(1);
    factors[0] = 1.5;
    traffic.traffic = { bucketSeconds: 200, offsetSeconds: 0, factors };
    expectViolation(traffic, solution, /stop 0 .*arrival 100, recomputed 150/);
    const slow = baseProblem();
    slow.vehicles[0]!.speedFactor = 2;
    expectViolation(slow, solution, /stop 0 .*legDuration 100, recomputed 200/);
  });

  it('a stop naming a shipment or stop that does not exist, without crashing', () => {
    const problem = baseProblem();
    const ghost = solutionFor(problem);
    ghost.routes[0]!.stops[0]!.shipment = 9;
    expectViolation(problem, ghost, /stop 0 names shipment 9, which does not exist/);
    const noPickup = solutionFor(problem);
    noPickup.routes[0]!.stops[2]!.kind = 'pickup';
    expectViolation(problem, noPickup, /shipment s1 has no pickup stop/);
  });

  it('an open route reported as if it returned to the depot', () => {
    const open = baseProblem();
    open.vehicles[0]!.endLocation = null;
    expectViolation(open, solutionFor(baseProblem()), /end 930, recomputed 530/);
  });
});
