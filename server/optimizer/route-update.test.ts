import { describe, expect, it } from 'vitest';
import { DELIVERY, PICKUP, compileInstance, hasStop, jobOf, nodeOf, type Instance } from './instance';
import { OBJECTIVES, type Problem } from './model';
import { costModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';
import { plannedRoute } from './testing';
import { randomInstance } from './verify';

/** Everything update() computes for positions 0..size+1, as plain numbers. */
function stateOf(inst: Instance, route: RouteState) {
  const n = route.size;
  const D = inst.dims;
  const positions = (a: ArrayLike<number>, per = 1, last = n + 1) =>
    Array.from({ length: (last + 1) * per }, (_, k) => a[k]!);
  return {
    size: n,
    node: positions(route.node).slice(1, n + 1),
    loc: positions(route.loc),
    start: positions(route.start),
    latest: positions(route.latest),
    cumDistance: positions(route.cumDistance),
    cumWait: positions(route.cumWait),
    load: positions(route.load, D, n),
    loadPrefixMax: positions(route.loadPrefixMax, D, n),
    loadSuffixMax: positions(route.loadSuffixMax, D, n),
    distance: route.distance,
    duration: route.duration,
    serviceTime: route.serviceTime,
    baseTravel: route.baseTravel,
    spread: route.spread,
    cost: route.cost,
    feasible: route.feasible,
  };
}

/** A route recomputed from scratch with the same stops. */
function recomputed(inst: Instance, route: RouteState, model: ReturnType<typeof costModel>) {
  return stateOf(inst, plannedRoute(inst, model, route.vehicle, route.node.subarray(1, route.size + 1)));
}

/** Puts the job's stops into the route at random positions (its pickup before its delivery). */
function insertAnywhere(inst: Instance, route: RouteState, job: number, rng: Random): void {
  const hasP = hasStop(inst, job, PICKUP);
  const hasD = hasStop(inst, job, DELIVERY);
  const i = rng.int(route.size + 1);
  if (hasP && hasD) route.insert(nodeOf(job, PICKUP), i, nodeOf(job, DELIVERY), i + rng.int(route.size - i + 1));
  else route.insert(nodeOf(job, hasP ? PICKUP : DELIVERY), i, -1, -1);
}

describe('route update', () => {
  it('after insertions and removals equals a route recomputed from scratch, bit for bit, and a swap restores a copy exactly', () => {
    let compared = 0;
    let infeasible = 0;
    let batches = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const generated = randomInstance(seed * 104_729 + 11, {
        shipments: 14,
        vehicles: 2,
        objective: OBJECTIVES[seed % OBJECTIVES.length]!,
        singleStopShare: seed % 2 === 0 ? 0.5 : 0,
        multiWindowShare: seed % 3 === 0 ? 0.3 : 0,
        openRoutes: seed % 5 === 0,
        maxDuration: seed % 4 === 1,
        speedFactors: seed % 3 === 1,
        traffic: seed % 4 === 2,
        locks: seed % 6 === 3,
        breaks: seed % 7 === 4 ? 1 : 0,
        windowSeconds: [1800, 5 * 3600],
      });
      // One dimension too (the load at the start is then kept by insertions and removals), with
      // whole and with fractional sizes (then recomputed on each update).
      const dimensions = seed % 3;
      const problem =
        dimensions === 0
          ? generated
          : {
              ...generated,
              dimensions: 1,
              shipments: generated.shipments.map((x) => ({
                ...x,
                size: [dimensions === 1 ? x.size[0]! : x.size[0]! / 7],
              })),
              vehicles: generated.vehicles.map((v) => ({ ...v, capacity: v.capacity.slice(0, 1) })),
            };
      const inst = compileInstance(problem);
      const model = costModel(inst);
      const rng = new Random(seed);
      const route = new RouteState(inst, seed % 2);
      const backup = new RouteState(inst, route.vehicle);
      route.update(model);
      const inRoute = new Uint8Array(inst.jobs);
      for (let step = 0; step < 120; step++) {
        // Several changes before one update, as ruin and recreate make them.
        const changes = 1 + rng.int(3);
        if (step % 10 === 0) backup.copyFrom(route);
        for (let c = 0; c < changes; c++) {
          if (route.size >= 4 && rng.int(4) === 0) {
            // Several jobs at once, as a ruin removes a string.
            const marked = new Uint8Array(inst.jobs);
            for (let t = 0; t < 3; t++) {
              const x = route.node[1 + rng.int(route.size)]!;
              marked[jobOf(x)] = 1;
              inRoute[jobOf(x)] = 0;
            }
            let markedStops = 0;
            for (let k = 1; k <= route.size; k++) markedStops += marked[jobOf(route.node[k]!)]!;
            const sizeBefore = route.size;
            route.removeMarkedJobs(marked);
            expect(route.size).toBe(sizeBefore - markedStops);
            for (let k = 1; k <= route.size; k++) expect(marked[jobOf(route.node[k]!)]).toBe(0);
            batches++;
            continue;
          }
          const job = rng.int(inst.jobs);
          if (inRoute[job]) {
            route.removeJob(job);
            inRoute[job] = 0;
            continue;
          }
          insertAnywhere(inst, route, job, rng);
          inRoute[job] = 1;
        }
        route.update(model);
        expect(stateOf(inst, route)).toEqual(recomputed(inst, route, model));
        compared++;
        if (!route.feasible) infeasible++;
        if (step % 10 === 9) {
          // A rejected move: the copy taken before it comes back by a swap, schedule and all.
          const saved = stateOf(inst, backup);
          route.swapWith(backup);
          expect(stateOf(inst, route)).toEqual(saved);
          inRoute.fill(0);
          for (let k = 1; k <= route.size; k++) inRoute[jobOf(route.node[k]!)] = 1;
          // Nothing is stale after the swap: an update changes nothing.
          route.update(model);
          expect(stateOf(inst, route)).toEqual(saved);
        }
      }
    }
    expect(compared).toBe(24 * 120);
    expect(batches).toBeGreaterThan(200);
    // Random changes break windows often: feasibility bookkeeping is exercised both ways.
    expect(infeasible).toBeGreaterThan(100);
    expect(infeasible).toBeLessThan(compared - 100);
  });

  it('keeps the load after each stop, its prefix and suffix maxima and the capacity verdict, in one dimension and in two', () => {
    let overloaded = 0;
    let checked = 0;
    for (const dimensions of [1, 2]) {
      for (let seed = 1; seed <= 12; seed++) {
        const generated = randomInstance(seed * 7_933 + dimensions, {
          shipments: 16,
          vehicles: 2,
          singleStopShare: seed % 2 === 0 ? 0.5 : 0.2,
          windowSeconds: [8 * 3600, 10 * 3600],
        });
        // Generated plans weigh and measure (two dimensions); the weight alone makes the one-dimensional case.
        const problem: Problem =
          dimensions === 2
            ? generated
            : {
                ...generated,
                dimensions: 1,
                shipments: generated.shipments.map((x) => ({ ...x, size: x.size.slice(0, 1) })),
                vehicles: generated.vehicles.map((v) => ({ ...v, capacity: v.capacity.slice(0, 1) })),
              };
        const inst = compileInstance(problem);
        const model = costModel(inst);
        const rng = new Random(seed);
        const route = new RouteState(inst, 0);
        for (let job = 0; job < inst.jobs; job++) {
          insertAnywhere(inst, route, job, rng);
          route.update(model);
          // The loads from the stops alone: deliveries without a pickup are on board from the start.
          const n = route.size;
          const D = inst.dims;
          const stops = Array.from(route.node.subarray(1, n + 1));
          let over = false;
          for (let d = 0; d < D; d++) {
            const sizeOf = (x: number) => inst.size[jobOf(x) * D + d]!;
            const loads = [
              stops.filter((x) => x & 1 && !hasStop(inst, jobOf(x), PICKUP)).reduce((sum, x) => sum + sizeOf(x), 0),
            ];
            for (const x of stops) loads.push(loads[loads.length - 1]! + (x & 1 ? -sizeOf(x) : sizeOf(x)));
            const at = (a: Float64Array, k: number) => a[k * D + d]!;
            for (let k = 0; k <= n; k++) {
              expect(at(route.load, k)).toBeCloseTo(loads[k]!, 9);
              expect(at(route.loadPrefixMax, k)).toBeCloseTo(Math.max(...loads.slice(0, k + 1)), 9);
              expect(at(route.loadSuffixMax, k)).toBeCloseTo(Math.max(...loads.slice(k)), 9);
            }
            if (Math.max(...loads) > inst.vehicleCapacity[route.vehicle * D + d]! + 1e-9) over = true;
          }
          // Overloaded routes are infeasible; the others may still break a window, never a load.
          if (over) {
            expect(route.feasible).toBe(false);
            overloaded++;
          }
          checked++;
        }
      }
    }
    expect(checked).toBe(2 * 12 * 16);
    // Sixteen orders in one vehicle overload it at some point in most instances: both verdicts are seen.
    expect(overloaded).toBeGreaterThan(20);
    expect(overloaded).toBeLessThan(checked - 20);
  });
});
