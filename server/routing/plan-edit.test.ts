import { describe, expect, it } from 'vitest';
import { EmbeddedMatrixProvider, ZipCentroidGeocoder } from '@/server/geo';
import { solve } from '@/server/optimizer';
import { RoutingInputError } from './errors';
import type { RoutingJobInput } from './job-handlers';
import {
  evaluateFixedRoutes,
  lockedBookingRequest,
  refuseBrokenPlan,
  routesOfPlan,
  type FixedRoute,
} from './plan-edit';
import { fleetSpecSchema, orderSchema } from './request-schema';
import { renderPlanResult, type PlanResult } from './responses';
import { automaticTrafficProfile, solveRouting } from './solve-routing';
import { BROOKLYN_STORE } from './test-store';

const providers = { geocoder: new ZipCentroidGeocoder(), matrix: new EmbeddedMatrixProvider() };
const depot = BROOKLYN_STORE;

/** Planned as a plan job plans (the same traffic the evaluation uses). Six orders from the Brooklyn depot on two vans of at most eight stops: O1 due by 10:00, the others in the afternoon. */
async function planned(): Promise<{ input: RoutingJobInput; plan: PlanResult }> {
  const orders = ['11101', '10025', '11215', '10003', '11377', '10451'].map((postalCode, i) =>
    orderSchema.parse({
      externalId: `O${i + 1}`,
      pickupAddress: depot,
      dropoffAddress: { addressLine1: '1 Main St', city: 'New York', state: 'NY', postalCode },
      dropoffWindowOpen: i === 0 ? '2026-11-23T09:00:00-05:00' : '2026-11-23T12:00:00-05:00',
      dropoffWindowClose: i === 0 ? '2026-11-23T10:00:00-05:00' : '2026-11-23T17:00:00-05:00',
    }),
  );
  const fleet = [1, 2].map((n) =>
    fleetSpecSchema.parse({
      driverExternalId: `d${n}`,
      vehicleExternalId: `v${n}`,
      vehicleType: 'cargo-van',
      scheduledStart: '2026-11-23T08:00:00-05:00',
      startAddress: depot,
      vehicleSpec: { maxStops: 8 },
    }),
  );
  const options = { solverTimeLimitSeconds: 0.3 };
  const outcome = await solveRouting(
    { orders, fleet, settings: null, options },
    { ...providers, trafficProfile: automaticTrafficProfile, solve, threads: 1 },
  );
  const input: RoutingJobInput = {
    problemId: 'edit-test',
    mode: 'plan',
    accountId: 1,
    environment: 'live',
    orders,
    fleet,
    settings: null,
    options,
    targetIds: null,
    targetVersions: null,
  };
  return { input, plan: renderPlanResult('edit-test', outcome.itineraries, outcome.unassigned) };
}

const pairs = (plan: PlanResult) => routesOfPlan(plan).map((r) => r.stops.map((s) => `${s.orderExternalId}/${s.type}`));

describe('a reviewed plan as fixed routes', () => {
  it('books every stop locked on itinerary-shaped entries, with only the orders on them', async () => {
    const { input, plan } = await planned();
    expect(plan.itineraries).toHaveLength(2);
    const request = lockedBookingRequest(input, plan, routesOfPlan(plan), 'book-edit-test');
    expect(request.mode).toBe('createItinerary');
    expect(request.orders.map((o) => o.externalId).sort()).toEqual(['O1', 'O2', 'O3', 'O4', 'O5', 'O6']);
    expect(request.fleet?.every((entry) => 'itineraryStops' in entry)).toBe(true);
    expect(
      request.options?.lockedStops?.map(([id, stops]) => [id, stops.map((s) => `${s.orderExternalId}/${s.type}`)]),
    ).toEqual(plan.itineraries.map((p, i) => [p.itinerary.externalId, pairs(plan)[i]]));
  });

  it('the unchanged routes time exactly as the plan did, and break nothing', async () => {
    const { input, plan } = await planned();
    const evaluation = await evaluateFixedRoutes(providers, input, plan, routesOfPlan(plan));
    expect(evaluation.problems).toEqual([]);
    expect(pairs(evaluation.plan)).toEqual(pairs(plan));
    const arrivals = (p: PlanResult) => p.itineraries.map((i) => i.itinerary.itineraryStops.map((s) => s.arrival));
    expect(arrivals(evaluation.plan)).toEqual(arrivals(plan));
  });

  it('O1 moved to the end of the other van is timed there and flagged late; booking that edit is refused', async () => {
    const { input, plan } = await planned();
    const routes = routesOfPlan(plan);
    const from = routes.findIndex((r) => r.stops.some((s) => s.orderExternalId === 'O1'));
    const edited: FixedRoute[] = routes.map((route, i) =>
      i === from
        ? { ...route, stops: route.stops.filter((s) => s.orderExternalId !== 'O1') }
        : {
            ...route,
            stops: [
              { orderExternalId: 'O1', type: 'pickup' },
              ...route.stops,
              { orderExternalId: 'O1', type: 'dropoff' },
            ],
          },
    );
    const evaluation = await evaluateFixedRoutes(providers, input, plan, edited);
    expect(pairs(evaluation.plan)).toEqual(edited.map((r) => r.stops.map((s) => `${s.orderExternalId}/${s.type}`)));
    // The late dropoff is flagged; the van that takes O1 may also go over its stop limit, depending on
    // how the plan split the orders.
    expect(evaluation.problems.filter((p) => p.kind === 'late')).toMatchObject([
      {
        orderExternalIds: ['O1'],
        message: expect.stringMatching(
          /^Dropoff of O1 on d\d:v\d at \d\d:\d\d, .* after its window closes \(10:00\)\.$/,
        ),
      },
    ]);
    expect(() => refuseBrokenPlan(evaluation)).toThrow(/Dropoff of O1/);
  });

  it('refuses routes that are not the plan’s orders, once each, pickup before dropoff', async () => {
    const { input, plan } = await planned();
    const routes = routesOfPlan(plan);
    const refusal = (edited: FixedRoute[]) => {
      try {
        lockedBookingRequest(input, plan, edited, 'x');
      } catch (error) {
        return error instanceof RoutingInputError ? error.param : String(error);
      }
      return null;
    };
    const swapped = routes.map((r, i) => (i === 0 ? { ...r, stops: [...r.stops].reverse() } : r));
    expect(refusal(swapped)).toMatch(/^routes\[0\]\.stops\[\d+\]$/);
    expect(refusal([routes[0]!])).toBe('routes');
    expect(refusal([...routes, { fleetIndex: 9, stops: [] }])).toBe('routes[2].fleetIndex');
    expect(refusal(routes.map((r, i) => (i === 0 ? { ...r, stops: [...r.stops, r.stops[0]!] } : r)))).toMatch(
      /^routes\[0\]\.stops\[\d+\]$/,
    );
  });
});
