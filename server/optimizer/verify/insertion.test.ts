import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Problem, TimeWindow } from '../model';
import { queryInsertions, type FixedRoute, type InsertionOption } from '../index';
import { routesBefore } from '../testing';
import { insertions, sequenceFeasible } from './audit';
import { DAY_START, randomInstance } from './generators';
import { simulate, structuralFailure } from './schedule';

/**
 * The booking insertion query against brute force: every way to insert the new shipment into a
 * fixed route without reordering it, simulated from the model. Without traffic or maxDuration,
 * leaving at earliestStart and serving as early as possible gives every stop its earliest time,
 * so the earliest feasible delivery start is exact.
 */
function withDeliveryWindow(problem: Problem, s: number, window: TimeWindow): Problem {
  const shipment = problem.shipments[s]!;
  const own = shipment.delivery!.timeWindows;
  const windows =
    own.length === 0
      ? [window]
      : own.flatMap((w) => {
          const start = Math.max(w.start, window.start);
          const end = Math.min(w.end, window.end);
          return start <= end ? [{ start, end }] : [];
        });
  const shipments = problem.shipments.slice();
  shipments[s] = { ...shipment, delivery: { ...shipment.delivery!, timeWindows: windows } };
  return { ...problem, shipments, lockedSequences: [] };
}

function bruteForce(problem: Problem, route: FixedRoute, s: number): { earliest: number; feasible: boolean } {
  let earliest = Infinity;
  const shipment = problem.shipments[s]!;
  if (shipment.delivery!.timeWindows.length === 0) return { earliest, feasible: false };
  for (const sequence of insertions(problem, route.stops, s)) {
    if (structuralFailure(problem, route.vehicle, sequence)) continue;
    const schedule = simulate(problem, route.vehicle, sequence, problem.vehicles[route.vehicle]!.earliestStart);
    if (!schedule.feasible) continue;
    const at = sequence.findIndex((r) => r.shipment === s && r.kind === 'delivery');
    earliest = Math.min(earliest, schedule.stops[at]!.serviceStart);
  }
  return { earliest, feasible: earliest < Infinity };
}

/**
 * The query's answers for shipment s (the last) against a plan of the shipments before it, with a
 * two-hour delivery window from windowHour, and the problem with that window cut into the delivery's.
 */
function queried(generated: Problem, s: number, windowHour: number) {
  const routes = routesBefore(generated, s, { seed: 1, maxIterations: 200, timeLimitMs: 60_000 });
  const deliveryWindow = { start: DAY_START + windowHour * 3600, end: DAY_START + (windowHour + 2) * 3600 };
  const options = queryInsertions({ problem: generated, routes, shipment: s, deliveryWindow });
  return { routes, options, problem: withDeliveryWindow(generated, s, deliveryWindow) };
}

/** The route's stops with shipment s where the option puts it. */
function inserted(route: FixedRoute, s: number, option: InsertionOption): FixedRoute['stops'] {
  const sequence = route.stops.slice();
  sequence.splice(option.deliveryAfter, 0, { shipment: s, kind: 'delivery' });
  sequence.splice(option.pickupAfter, 0, { shipment: s, kind: 'pickup' });
  return sequence;
}

describe('queryInsertions agrees with brute force', () => {
  it('earliest feasible delivery start per route, and the positions it reports are feasible', () => {
    // Both answers must occur often enough for the comparison to mean something.
    const seen = { feasible: 0, infeasible: 0 };
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          shipments: fc.integer({ min: 3, max: 12 }),
          vehicles: fc.integer({ min: 1, max: 3 }),
          windowHour: fc.integer({ min: 0, max: 6 }),
          singleStopShare: fc.constantFrom(0, 0.3),
          skills: fc.boolean(),
          maxStops: fc.boolean(),
          openNewOrder: fc.boolean(),
        }),
        (drawn) => {
          const generated = randomInstance(drawn.seed, {
            ...drawn,
            capacityShare: 0.5,
            openRoutes: true,
            multiWindowShare: 0.2,
          });
          // The last shipment is the new order: pickup and delivery, as a booking has.
          const s = generated.shipments.length - 1;
          const last = generated.shipments[s]!;
          if (!last.pickup || !last.delivery) return;
          // Like a booking: the store is open all day, the customer's window comes from the query.
          if (drawn.openNewOrder) {
            last.pickup.timeWindows = [];
            last.delivery.timeWindows = [];
          }
          const { routes, options, problem } = queried(generated, s, drawn.windowHour);
          expect(options).toHaveLength(routes.length);
          for (const [k, route] of routes.entries()) {
            const option = options[k]!;
            const expected = bruteForce(problem, route, s);
            expect(option.feasible, `route ${k}`).toBe(expected.feasible);
            seen[expected.feasible ? 'feasible' : 'infeasible']++;
            if (!expected.feasible) continue;
            expect(option.earliestDeliveryStart).toBeCloseTo(expected.earliest, 6);
            const sequence = inserted(route, s, option);
            expect(structuralFailure(problem, route.vehicle, sequence)).toBeNull();
            const schedule = simulate(problem, route.vehicle, sequence, problem.vehicles[route.vehicle]!.earliestStart);
            expect(schedule.feasible, schedule.failure).toBe(true);
            expect(schedule.stops[option.deliveryAfter + 1]!.serviceStart).toBeCloseTo(expected.earliest, 6);
          }
        },
      ),
      { seed: 20261125, numRuns: 80 },
    );
    expect(seen.feasible).toBeGreaterThan(20);
    expect(seen.infeasible).toBeGreaterThan(10);
  });

  it('with maxDuration (a later departure may be needed): feasible exactly when some insertion is, at feasible positions', () => {
    const seen = { feasible: 0, infeasible: 0 };
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          shipments: fc.integer({ min: 3, max: 10 }),
          windowHour: fc.integer({ min: 0, max: 6 }),
        }),
        (drawn) => {
          const generated = randomInstance(drawn.seed, {
            ...drawn,
            vehicles: 2,
            maxDuration: true,
            capacityShare: 0.6,
            windowSeconds: [1800, 3600],
          });
          const s = generated.shipments.length - 1;
          const last = generated.shipments[s]!;
          last.pickup!.timeWindows = [];
          last.delivery!.timeWindows = [];
          const { routes, options, problem } = queried(generated, s, drawn.windowHour);
          for (const [k, route] of routes.entries()) {
            const option = options[k]!;
            const anyFeasible = [...insertions(problem, route.stops, s)].some((seq) =>
              sequenceFeasible(problem, route.vehicle, seq, true),
            );
            expect(option.feasible, `route ${k}`).toBe(anyFeasible);
            seen[anyFeasible ? 'feasible' : 'infeasible']++;
            if (!option.feasible) continue;
            const sequence = inserted(route, s, option);
            expect(sequenceFeasible(problem, route.vehicle, sequence, true)).toBe(true);
          }
        },
      ),
      { seed: 20261126, numRuns: 60 },
    );
    expect(seen.feasible).toBeGreaterThan(20);
    expect(seen.infeasible).toBeGreaterThan(5);
  });
});
