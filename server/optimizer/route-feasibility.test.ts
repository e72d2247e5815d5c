import { describe, expect, it } from 'vitest';
import { compileInstance, deliveryNode } from './instance';
import type { Problem, Shipment, TimeWindow, Vehicle } from './model';
import { planRoute } from './schedule';
import { Search } from './search';
import { buildSolution } from './solution';
import { solveOnThisThread } from './solve';
import { checkSolution } from './verify';

const h = 3600;

/** A vehicle that ends where it starts, with room for 10 and costed by the hour. */
function vehicle(v: Pick<Vehicle, 'id' | 'startLocation' | 'earliestStart' | 'latestEnd'> & Partial<Vehicle>): Vehicle {
  const plain = { capacity: [10], skills: [], fixedCost: 0, costPerHour: 1, costPerMeter: 0, speedFactor: 1 };
  return { endLocation: v.startLocation, ...plain, ...v };
}

/** An order of size 1 delivered at location in window, with a minute of service. */
function delivery(id: string, location: number, window: TimeWindow): Shipment {
  return {
    id,
    pickup: null,
    delivery: { location, serviceSeconds: 60, timeWindows: [window] },
    size: [1],
    requiredSkills: [],
    priority: 0,
  };
}

/**
 * Rush hour 08:00-10:00 (50% slower). Vehicle a (depot 0, from 06:00, maxDuration 3.5 h) serves
 * x (location 1, window 08:00-08:06) then y (location 2, window 10:00-11:00): it leaves at 07:36
 * and lasts 3.4 h. Without x, y alone is reachable in 2.5 h (leave at 08:30), but the planned
 * schedule (leave as late as the waiting allows, else at 06:00) lasts 5 h: the route breaks
 * maxDuration once x is cut from it. Vehicle b waits at x's location and could take x alone.
 */
function rushHourProblem(): Problem {
  const factors = new Float64Array(24).fill(1);
  factors[8] = 1.5;
  factors[9] = 1.5;
  const matrix = Float64Array.from([0, 1800, 3600, 1800, 0, 3600, 3600, 3600, 0]);
  return {
    locationCount: 3,
    durations: matrix,
    distances: matrix.slice(),
    dimensions: 1,
    vehicles: [
      vehicle({ id: 'a', startLocation: 0, earliestStart: 6 * h, latestEnd: 20 * h, maxDuration: 3.5 * h }),
      vehicle({ id: 'b', startLocation: 1, earliestStart: 8 * h, latestEnd: 9 * h }),
    ],
    shipments: [delivery('x', 1, { start: 8 * h, end: 8.1 * h }), delivery('y', 2, { start: 10 * h, end: 11 * h })],
    objective: 'MIN_DURATION',
    traffic: { bucketSeconds: h, offsetSeconds: 0, factors },
  };
}

/** The delivery nodes of x and y (delivery-only jobs). */
const X = deliveryNode(0);
const Y = deliveryNode(1);

describe('routes shortened by the search stay feasible', () => {
  it('the instance: x then y fits maxDuration, y alone does not (as planned)', () => {
    const inst = compileInstance(rushHourProblem());
    expect(planRoute(inst, 0, [X, Y], 2).feasible).toBe(true);
    expect(planRoute(inst, 0, [Y], 1).feasible).toBe(false);
  });

  // White-box on purpose: one ruin step from a fixed state is the only way to hit the defect
  // (found in bench:scale) every time; the solve below checks the same through the public API.
  it('ruin never leaves a route whose exact timing breaks maxDuration', () => {
    const problem = rushHourProblem();
    const inst = compileInstance(problem);
    for (let seed = 1; seed <= 60; seed++) {
      const search = new Search(inst, new Uint8Array(inst.jobs).fill(1), seed);
      search.restore([[X, Y], []], []);
      const removed: number[] = [];
      search.ruin.strings(removed);
      for (const route of search.routes) {
        const nodes = Array.from(route.node.subarray(1, route.size + 1));
        expect(route.feasible, `seed ${seed}: vehicle ${route.vehicle} [${nodes.join(',')}]`).toBe(true);
        if (nodes.length > 0) expect(planRoute(inst, route.vehicle, nodes, nodes.length).feasible).toBe(true);
      }
      // Bookkeeping agrees with the routes: every job is either removed or on its route.
      for (let j = 0; j < inst.jobs; j++) {
        const r = search.jobRoute[j]!;
        if (removed.includes(j)) expect(r).toBe(-1);
        else expect(search.routes[r]!.positionOf(deliveryNode(j))).toBeGreaterThan(0);
      }
      const solution = buildSolution(inst, search.snapshot(), removed, [null, null], {
        iterations: 0,
        elapsedMs: 0,
        timeToFirstFeasibleMs: 0,
        seed,
        threads: 1,
        progress: [],
      });
      expect(checkSolution(problem, solution).violations).toEqual([]);
    }
  });

  it('the reported solution never carries an infeasible route (last line of defence)', () => {
    const problem = rushHourProblem();
    const inst = compileInstance(problem);
    const solution = buildSolution(inst, [[Y], [X]], [], [null, null], {
      iterations: 0,
      elapsedMs: 0,
      timeToFirstFeasibleMs: 0,
      seed: 1,
      threads: 1,
      progress: [],
    });
    expect(checkSolution(problem, solution).violations).toEqual([]);
    expect(solution.unassigned).toEqual([expect.objectContaining({ shipment: 1, reason: 'INSUFFICIENT_FLEET' })]);
  });

  it('solving the instance gives a plan the checker accepts', () => {
    const problem = rushHourProblem();
    for (let seed = 1; seed <= 5; seed++) {
      const solution = solveOnThisThread(problem, { seed, maxIterations: 300 });
      expect(checkSolution(problem, solution).violations).toEqual([]);
    }
  });
});
