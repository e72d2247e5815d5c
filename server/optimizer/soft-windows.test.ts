import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLiLim, parseSolomon } from './benchmarks';
import { LI_LIM_DIR, SOLOMON_INSTANCES_DIR as SOLOMON } from './benchmarks/data';
import { type Instance, compileInstance, deliveryNode } from './instance';
import { Inserter } from './insertion';
import { emptyCandidate } from './insertion-candidate';
import { costModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';
import { prepareSearch } from './solve';
import { buildSolution } from './solution';
import { checkSolution } from './verify';

const load = (name: string) => parseSolomon(name, readFileSync(path.join(SOLOMON, `${name}.txt`), 'utf8'));

/**
 * Time warp of a route by direct simulation: leave the depot at the shift start; arriving after a
 * window's close travels back to the close (the warp is the difference); arriving before its open
 * waits. The end of the route has the shift as its window.
 */
function simulatedWarp(inst: Instance, vehicle: number, nodes: readonly number[]): number {
  const L = inst.locations;
  const speed = inst.vehicleSpeed[vehicle]!;
  let time = inst.vehicleEarliest[vehicle]!;
  let at = inst.vehicleStart[vehicle]!;
  let warp = 0;
  const visit = (loc: number, open: number, close: number, service: number) => {
    const arrival = time + inst.durations[at * L + loc]! * speed;
    if (arrival > close) warp += arrival - close;
    time = Math.min(Math.max(arrival, open), close) + service;
    at = loc;
  };
  for (const x of nodes) {
    const w = inst.nodeWindowOffset[x]!;
    visit(inst.nodeLocation[x]!, inst.windowStart[w]!, inst.windowEnd[w]!, inst.nodeService[x]!);
  }
  visit(inst.vehicleEnd[vehicle]!, inst.vehicleEarliest[vehicle]!, inst.vehicleLatest[vehicle]!, 0);
  return warp;
}

function routeOf(
  inst: Instance,
  model: ReturnType<typeof costModel>,
  nodes: readonly number[],
  soft: boolean,
  penalty: number,
): RouteState {
  const route = new RouteState(inst, 0);
  route.softWindows = soft;
  route.warpPenalty = penalty;
  route.setStops(nodes, nodes.length);
  route.update(model);
  return route;
}

describe('soft time windows', () => {
  it('price a route and the cheapest insertion of a stop by its time warp, as a direct simulation does', () => {
    let warped = 0;
    let insertions = 0;
    for (const name of ['R201', 'RC204', 'C101', 'R109']) {
      const inst = compileInstance(load(name).problem);
      const model = costModel(inst);
      const rng = new Random(7);
      const penalty = 3;
      for (let trial = 0; trial < 60; trial++) {
        // A random route of 3 to 30 customers, in random order (most break windows).
        const jobs = Array.from({ length: inst.jobs }, (_, j) => j);
        rng.shuffle(jobs);
        const size = 3 + rng.int(28);
        const nodes = jobs.slice(0, size).map((j) => deliveryNode(j));
        const soft = routeOf(inst, model, nodes, true, penalty);
        const hard = routeOf(inst, model, nodes, false, 0);
        const expected = simulatedWarp(inst, 0, nodes);
        expect(soft.warp).toBeCloseTo(expected, 6);
        // Capacity is still a hard constraint; the windows are kept exactly when nothing warps.
        const withinCapacity = soft.feasible;
        if (withinCapacity) expect(hard.feasible).toBe(expected === 0);
        expect(soft.cost).toBeCloseTo(hard.cost + penalty * expected, 6);
        if (expected > 0) warped++;
        if (!withinCapacity) continue;

        // The cheapest position of another customer: the inserter's price is exact and no
        // position is cheaper.
        const job = jobs[size]!;
        const x = deliveryNode(job);
        const inserter = new Inserter(inst, model, new Random(1));
        inserter.softWindows = true;
        const best = emptyCandidate();
        inserter.evaluate(soft, 0, job, best);
        let cheapest = Infinity;
        for (let i = 0; i <= size; i++) {
          const withX = [...nodes.slice(0, i), x, ...nodes.slice(i)];
          const route = routeOf(inst, model, withX, true, penalty);
          if (!route.feasible) continue;
          const price = route.distance - soft.distance + penalty * (simulatedWarp(inst, 0, withX) - expected);
          cheapest = Math.min(cheapest, price);
          if (i === best.i) expect(best.cost).toBeCloseTo(price, 6);
        }
        if (cheapest === Infinity) expect(best.route).toBe(-1);
        else {
          expect(best.route).toBe(0);
          expect(best.cost).toBeCloseTo(cheapest, 6);
          insertions++;
        }
      }
    }
    expect(warped).toBeGreaterThan(100);
    expect(insertions).toBeGreaterThan(100);
  });

  it('search long routes through plans that break windows and end on one that keeps them all', () => {
    for (const name of ['R201', 'RC202', 'C204']) {
      const instance = load(name);
      const { inst, verdicts, search } = prepareSearch(instance.problem, 2);
      const result = search.run({ timeLimitMs: Infinity, maxIterations: 4_000 });
      expect(search.annealing.softMoves).toBeGreaterThan(500);
      expect(search.annealing.warpedKept).toBeGreaterThan(100);
      const solution = buildSolution(inst, result.routes, result.unassigned, verdicts, {
        iterations: result.iterations,
        elapsedMs: result.elapsedMs,
        timeToFirstFeasibleMs: result.timeToFirstFeasibleMs,
        seed: 2,
        threads: 1,
        progress: result.progress,
      });
      const check = checkSolution(instance.problem, solution);
      expect(check.violations).toEqual([]);
      expect(check.feasible).toBe(true);
      expect(solution.unassigned).toHaveLength(0);
    }
  });

  it('stay off where routes are short, on the diversifying thread and where the pricing does not apply', () => {
    const short = prepareSearch(load('R101').problem, 1).search;
    short.run({ timeLimitMs: Infinity, maxIterations: 2_000 });
    expect(short.annealing.softMoves).toBe(0);
    const diversifying = prepareSearch(load('R201').problem, 1).search;
    diversifying.run({ timeLimitMs: Infinity, maxIterations: 2_000, params: { longStringShare: 0.5 } });
    expect(diversifying.annealing.softMoves).toBe(0);
    // Pickup-and-delivery pairs: a pair's two stops are not priced by the warp arrays.
    const lilim = path.join(LI_LIM_DIR, 'pdp_100', 'lr205.txt');
    const pairs = prepareSearch(parseLiLim('lr205', readFileSync(lilim, 'utf8')).problem, 1).search;
    pairs.run({ timeLimitMs: Infinity, maxIterations: 2_000 });
    expect(pairs.annealing.softMoves).toBe(0);
  });
});
