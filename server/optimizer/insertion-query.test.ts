import { describe, expect, it } from 'vitest';
import {
  compileInsertionQuery,
  queryInsertions,
  queryInsertionsForWindows,
  type FixedRoute,
  type InsertionRelaxation,
} from './insertion-query';
import type { Problem, StopKind, TimeWindow } from './model';
import { routesBefore } from './testing';
import { randomInstance, simulate } from './verify';
import { structuralFailure } from './verify/schedule';

interface BruteForce {
  feasible: boolean;
  earliest: number;
  addedDistance: number;
}

/**
 * Tries every (pickup, delivery) position pair, simulating each resulting sequence from scratch
 * with the new delivery's windows cut to the requested window.
 */
function bruteForce(original: Problem, route: FixedRoute, shipment: number, window: TimeWindow): BruteForce {
  const target = original.shipments[shipment]!;
  const cut =
    target.delivery!.timeWindows.length === 0
      ? [window]
      : target
          .delivery!.timeWindows.map((w) => ({
            start: Math.max(w.start, window.start),
            end: Math.min(w.end, window.end),
          }))
          .filter((w) => w.start <= w.end);
  const shipments = original.shipments.slice();
  shipments[shipment] = { ...target, delivery: { ...target.delivery!, timeWindows: cut } };
  const problem = { ...original, shipments };
  if (cut.length === 0) return { feasible: false, earliest: Infinity, addedDistance: Infinity };
  const base = route.stops;
  const vehicle = problem.vehicles[route.vehicle]!;
  const baseSchedule = simulate(problem, route.vehicle, base, vehicle.earliestStart);
  const hasPickup = problem.shipments[shipment]!.pickup !== null;
  let best: BruteForce = { feasible: false, earliest: Infinity, addedDistance: Infinity };
  for (let i = 0; i <= base.length; i++) {
    for (let j = hasPickup ? i : 0; j <= base.length; j++) {
      const seq: { shipment: number; kind: StopKind }[] = [...base];
      if (hasPickup) {
        seq.splice(j, 0, { shipment, kind: 'delivery' });
        seq.splice(i, 0, { shipment, kind: 'pickup' });
      } else {
        if (i > 0) break;
        seq.splice(j, 0, { shipment, kind: 'delivery' });
      }
      if (structuralFailure(problem, route.vehicle, seq)) continue;
      const schedule = simulate(problem, route.vehicle, seq, vehicle.earliestStart);
      if (!schedule.feasible) continue;
      const at = seq.findIndex((s) => s.shipment === shipment && s.kind === 'delivery');
      const start = schedule.stops[at]!.serviceStart;
      if (start < window.start || start > window.end) continue;
      const added = schedule.distance - (base.length ? baseSchedule.distance : 0);
      if (start < best.earliest - 1e-9 || (Math.abs(start - best.earliest) <= 1e-9 && added < best.addedDistance)) {
        best = { feasible: true, earliest: start, addedDistance: added };
      }
    }
  }
  return best;
}

/** count one-hour windows, the first at firstHour. */
function hourly(firstHour: number, count: number): TimeWindow[] {
  return Array.from({ length: count }, (_, h) => ({
    start: (firstHour + h) * 3600,
    end: (firstHour + h + 1) * 3600 - 1,
  }));
}

describe('queryInsertions', () => {
  it('matches brute force over all positions on random fixed routes', () => {
    let compared = 0;
    let feasibleSeen = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const problem = randomInstance(seed, {
        shipments: 24,
        vehicles: 4,
        multiWindowShare: 0.3,
        openRoutes: true,
        speedFactors: true,
        skills: true,
        singleStopShare: seed % 3 === 0 ? 0.3 : 0,
        windowSeconds: [1800, 4 * 3600],
      });
      // Plan all but the last shipment, then ask where the last one fits.
      const newcomer = problem.shipments.length - 1;
      const last = problem.shipments[newcomer]!;
      // The query is about a delivery: make a pickup-only newcomer a delivery-only one.
      if (!last.delivery) problem.shipments[newcomer] = { ...last, pickup: null, delivery: last.pickup };
      const routes = routesBefore(problem, newcomer, { seed, maxIterations: 100 }, true);
      const windowStart = 8 * 3600 + (seed % 4) * 3600;
      const window = { start: windowStart, end: windowStart + 3 * 3600 };
      // Its speed is a benchmark's figure (npm run bench:booking-search), not this test's: a timed
      // assertion fails whenever the machine is busy.
      const answers = queryInsertions({ problem, routes, shipment: newcomer, deliveryWindow: window });
      routes.forEach((route, idx) => {
        const expected = bruteForce(problem, route, newcomer, window);
        const got = answers[idx]!;
        expect(got.feasible, `seed ${seed} route ${idx}`).toBe(expected.feasible);
        if (expected.feasible) {
          feasibleSeen++;
          expect(got.earliestDeliveryStart).toBeCloseTo(expected.earliest, 6);
          expect(got.addedDistance).toBeCloseTo(expected.addedDistance, 6);
        }
        compared++;
      });
    }
    expect(compared).toBe(48);
    expect(feasibleSeen).toBeGreaterThan(5);
  });

  it('reports no option when the requested window misses the delivery windows', () => {
    const problem = randomInstance(2, { shipments: 5, vehicles: 2 });
    const answers = queryInsertions({
      problem,
      routes: [{ vehicle: 0, stops: [] }],
      shipment: 0,
      deliveryWindow: { start: -10, end: -5 },
    });
    expect(answers).toEqual([expect.objectContaining({ feasible: false, earliestDeliveryStart: Infinity })]);
  });
});

describe('compileInsertionQuery', () => {
  it('answers all windows in one pass exactly as asking window by window, with traffic, breaks and empty windows', () => {
    let feasibleAnswers = 0;
    let differentStarts = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const problem = randomInstance(seed, {
        shipments: 18,
        vehicles: 3,
        speedFactors: true,
        traffic: seed % 2 === 0,
        breaks: seed % 3 === 0 ? 2 : 0,
        multiWindowShare: 0.3,
        openStopShare: 0.2,
        windowSeconds: [1800, 5 * 3600],
      });
      const newcomer = problem.shipments.length - 1;
      const last = problem.shipments[newcomer]!;
      problem.shipments[newcomer] = {
        ...last,
        pickup: last.pickup ?? last.delivery!,
        delivery: { ...(last.delivery ?? last.pickup!), timeWindows: [] },
      };
      const routes = routesBefore(problem, newcomer, { seed, maxIterations: 60 }, true);
      // Hourly windows over the day, one of them empty (an hour before the lead time), and one
      // spanning two hours.
      const windows = hourly(7, 10);
      windows[2] = { start: windows[2]!.end + 1, end: windows[2]!.end };
      windows.push({ start: 9 * 3600, end: 11 * 3600 });
      const got = compileInsertionQuery({ problem, routes, shipment: newcomer }).forWindows(windows);
      const expected = queryInsertionsForWindows({ problem, routes, shipment: newcomer }, windows);
      expect(got, `seed ${seed}`).toEqual(expected);
      feasibleAnswers += expected.flat().filter((o) => o.feasible).length;
      differentStarts += new Set(
        expected
          .flat()
          .filter((o) => o.feasible)
          .map((o) => o.earliestDeliveryStart),
      ).size;
    }
    // The comparison covers many feasible (route, window) answers with varied starts.
    expect(feasibleAnswers).toBeGreaterThan(60);
    expect(differentStarts).toBeGreaterThan(30);
  });

  it('answers every relaxation as compiling the relaxed problem would, in any order of asking', () => {
    let answered = 0;
    let changedByRelaxing = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const problem = randomInstance(seed, {
        shipments: 20,
        vehicles: 3,
        speedFactors: true,
        windowSeconds: [1800, 4 * 3600],
      });
      const newcomer = problem.shipments.length - 1;
      const last = problem.shipments[newcomer]!;
      const pickup = last.pickup ?? last.delivery!;
      const delivery = last.delivery ?? last.pickup!;
      // A heavy newcomer (capacity matters) whose delivery has no own window (the compiled path) on odd
      // seeds and its generated windows (compiled per window) on even seeds.
      const heavy = problem.vehicles[0]!.capacity.map((c) => c * (seed % 2 === 0 ? 0.4 : 0.8));
      problem.shipments[newcomer] = {
        ...last,
        pickup,
        delivery: { ...delivery, timeWindows: seed % 2 === 1 ? [] : delivery.timeWindows },
        size: heavy,
      };
      const routes = routesBefore(problem, newcomer, { seed, maxIterations: 100 }, true);
      const windows = hourly(6, 12);
      const relaxations: (InsertionRelaxation | undefined)[] = [
        { shipmentSize: heavy.map(() => 0) },
        undefined,
        { latestEndDelta: 86_400, maxStopsDelta: 2 },
        { shipmentSize: heavy.map(() => 0) },
        undefined,
      ];
      const compiled = compileInsertionQuery({ problem, routes, shipment: newcomer });
      const plain = queryInsertionsForWindows({ problem, routes, shipment: newcomer }, windows);
      for (const relax of relaxations) {
        let relaxed: Problem = problem;
        if (relax?.shipmentSize) {
          const shipments = problem.shipments.slice();
          shipments[newcomer] = { ...shipments[newcomer]!, size: [...relax.shipmentSize] };
          relaxed = { ...problem, shipments };
        }
        if (relax?.latestEndDelta) {
          relaxed = {
            ...problem,
            vehicles: problem.vehicles.map((v) => ({
              ...v,
              latestEnd: v.latestEnd + 86_400,
              maxStops: (v.maxStops ?? 2 * problem.shipments.length + 2) + 2,
            })),
          };
        }
        const expected = queryInsertionsForWindows({ problem: relaxed, routes, shipment: newcomer }, windows);
        const got = compiled.forWindows(windows, relax);
        expect(got, `seed ${seed} ${JSON.stringify(relax)}`).toEqual(expected);
        if (relax && JSON.stringify(expected) !== JSON.stringify(plain)) changedByRelaxing++;
        answered++;
      }
    }
    expect(answered).toBe(40);
    // The relaxations matter on these instances: otherwise the comparison would say little.
    expect(changedByRelaxing).toBeGreaterThan(4);
  });
});
