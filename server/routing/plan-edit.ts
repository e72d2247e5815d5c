import { z } from 'zod';
import type { Geocoder, MatrixProvider } from '@/server/geo';
import { solveOnThisThread, type Problem, type Solution } from '@/server/optimizer';
import { itineraryExternalId } from './build-problem';
import { RoutingError, RoutingInputError } from './errors';
import { splitFleet } from './itinerary-fleet-entry';
import type { RoutingJobInput } from './job-handlers';
import type { RoutingOptionsLayer } from './options';
import type { PlannedItinerary } from './plan-result';
import type { FleetElementInput, RoutingRequest } from './request-schema';
import { renderPlanResult, type PlanResult } from './responses';
import { automaticTrafficProfile, solveRouting } from './solve-routing';

/**
 * A reviewed plan as fixed routes: what the console books (every stop locked, so the booking is the
 * plan stop for stop) and what it evaluates after a dispatcher moved orders (the solver's own
 * schedule and load code over those routes, with the broken windows, shifts and capacities named).
 */

/** One vehicle's route: its plan fleet index and its stops in order, an order's pickup before its dropoff. */
const fixedRouteSchema = z.object({
  fleetIndex: z.number().int().min(0),
  stops: z
    .array(z.object({ orderExternalId: z.string().min(1).max(200), type: z.enum(['pickup', 'dropoff']) }))
    .max(20_000),
});
export type FixedRoute = z.infer<typeof fixedRouteSchema>;
export const fixedRoutesSchema = z.array(fixedRouteSchema).max(5_000);

/** A planned itinerary's stops as (order, type) pairs in visiting order: a visit of several orders is one pair each. */
export function routesOfPlan(plan: PlanResult): FixedRoute[] {
  return plan.itineraries.map(({ fleetIndex, itinerary }) => ({
    fleetIndex,
    stops: itinerary.itineraryStops.flatMap((stop) =>
      stop.type === 'break'
        ? []
        : stop.orderExternalIds.map((orderExternalId) => ({
            orderExternalId,
            type: stop.type as 'pickup' | 'dropoff',
          })),
    ),
  }));
}

/**
 * Checks edited routes against the plan: only the plan's vehicles, each served order once, its
 * pickup before its dropoff on one vehicle, no order the plan did not serve. 400 at the route at fault.
 */
function checkRoutes(plan: PlanResult, routes: readonly FixedRoute[]): void {
  const planned = new Map<string, Set<string>>();
  for (const route of routesOfPlan(plan))
    for (const stop of route.stops) {
      const types = planned.get(stop.orderExternalId) ?? new Set<string>();
      types.add(stop.type);
      planned.set(stop.orderExternalId, types);
    }
  const seen = new Map<string, number>();
  const fleetIndexes = new Set(plan.itineraries.map((i) => i.fleetIndex));
  routes.forEach((route, r) => {
    if (!fleetIndexes.has(route.fleetIndex))
      throw new RoutingInputError(
        `routes[${r}].fleetIndex`,
        `Fleet entry ${route.fleetIndex} has no route in the plan.`,
      );
    const onRoute = new Set<string>();
    route.stops.forEach((stop, s) => {
      const at = `routes[${r}].stops[${s}]`;
      const types = planned.get(stop.orderExternalId);
      if (!types?.has(stop.type))
        throw new RoutingInputError(at, `Order "${stop.orderExternalId}" has no ${stop.type} in the plan.`);
      const key = `${stop.orderExternalId}\u0000${stop.type}`;
      if (seen.has(key)) throw new RoutingInputError(at, `Order "${stop.orderExternalId}"'s ${stop.type} is twice.`);
      seen.set(key, r);
      if (stop.type === 'dropoff' && types.has('pickup') && !onRoute.has(stop.orderExternalId))
        throw new RoutingInputError(at, `Order "${stop.orderExternalId}" is dropped off before it is picked up.`);
      onRoute.add(stop.orderExternalId);
    });
  });
  for (const [order, types] of planned)
    for (const type of types)
      if (!seen.has(`${order}\u0000${type}`))
        throw new RoutingInputError('routes', `Order "${order}"'s ${type} is on no route.`);
}

/**
 * The createItinerary request that books `routes` exactly: the orders on them, each vehicle with
 * stops as an itinerary-shaped fleet entry (its plan itinerary's depot and end, its own vehicle
 * spec and skills) and every stop locked in order (see DECISIONS.md "Routing").
 */
export function lockedBookingRequest(
  input: RoutingJobInput,
  plan: PlanResult,
  routes: readonly FixedRoute[],
  problemId: string,
): RoutingRequest {
  checkRoutes(plan, routes);
  const used = routes.filter((route) => route.stops.length > 0);
  const served = new Set(used.flatMap((route) => route.stops.map((stop) => stop.orderExternalId)));
  const itineraryOf = new Map(plan.itineraries.map((p) => [p.fleetIndex, p.itinerary]));
  const fleet: FleetElementInput[] = used.map((route) => {
    const entry = input.fleet[route.fleetIndex]!;
    const itinerary = itineraryOf.get(route.fleetIndex)!;
    const place = (p: { address: Record<string, string>; latitude: number; longitude: number } | null) =>
      p ? { address: p.address, latitude: p.latitude, longitude: p.longitude } : null;
    return {
      driverExternalId: entry.driverExternalId,
      vehicleExternalId: entry.vehicleExternalId,
      vehicleType: entry.vehicleType,
      scheduledStart: entry.scheduledStart,
      ...(entry.vehicleSpec ? { vehicleSpec: entry.vehicleSpec } : {}),
      ...(entry.routeSkills ? { routeSkills: entry.routeSkills } : {}),
      ...(entry.meta ? { meta: entry.meta } : {}),
      start: place(itinerary.start),
      end: place(itinerary.end),
      itineraryStops: route.stops.map((stop) => ({ type: stop.type, orderExternalIds: [stop.orderExternalId] })),
    };
  });
  const options: RoutingOptionsLayer = {
    ...(input.options ?? {}),
    lockedStops: used.map((route) => [itineraryExternalId(input.fleet[route.fleetIndex]!), route.stops]),
    // Nothing is left to search: every stop is locked.
    solverTimeLimitSeconds: 1,
  };
  return {
    mode: 'createItinerary',
    problemId,
    orders: input.orders.filter((order) => served.has(order.externalId)),
    fleet,
    options: options as RoutingRequest['options'],
  };
}

/** A broken constraint of an evaluated route, named for the dispatcher. */
export interface PlanEditProblem {
  fleetIndex: number | null;
  orderExternalIds: string[];
  kind: 'late' | 'shift' | 'capacity' | 'stops' | 'unassigned';
  message: string;
}

/** Far past any plan's day: a window or shift bound relaxed so that a broken route is still timed. */
const RELAXED_END = Date.UTC(2100, 0, 1) / 1000;

/** The stops a problem's initial route asks for on each vehicle, as "shipment:kind" in order (a stop once). */
function askedSequences(problem: Problem): Map<number, string[]> {
  const asked = new Map<number, string[]>();
  for (const route of problem.initialRoutes ?? []) {
    const keys = [...new Set(route.stops.map((s) => `${s.shipment}:${s.kind}`))];
    asked.set(route.vehicle, keys);
  }
  return asked;
}

/** Vehicles whose evaluated route is not the one asked for (a window, the shift or a limit cut it). */
function brokenVehicles(problem: Problem, solution: Solution): Set<number> {
  const broken = new Set<number>();
  const got = new Map(solution.routes.map((r) => [r.vehicle, r.stops.map((s) => `${s.shipment}:${s.kind}`)]));
  for (const [vehicle, keys] of askedSequences(problem)) {
    const route = got.get(vehicle) ?? [];
    if (route.length !== keys.length || route.some((key, k) => key !== keys[k])) broken.add(vehicle);
  }
  return broken;
}

/** The problem with the windows of the broken vehicles' orders, and those vehicles' shift and limits, opened. */
function relaxedFor(problem: Problem, vehicles: ReadonlySet<number>): Problem {
  const shipments = new Set<number>();
  for (const route of problem.initialRoutes ?? [])
    if (vehicles.has(route.vehicle)) for (const stop of route.stops) shipments.add(stop.shipment);
  const open = <T extends { timeWindows: { start: number; end: number }[] }>(stop: T | null): T | null =>
    stop && stop.timeWindows.length > 0
      ? {
          ...stop,
          timeWindows: stop.timeWindows.map((w, i) =>
            i === stop.timeWindows.length - 1 ? { start: w.start, end: Math.max(w.end, RELAXED_END) } : w,
          ),
        }
      : stop;
  return {
    ...problem,
    lockedSequences: [],
    shipments: problem.shipments.map((s, j) =>
      shipments.has(j) ? { ...s, pickup: open(s.pickup), delivery: open(s.delivery) } : s,
    ),
    vehicles: problem.vehicles.map((v, i) => {
      if (!vehicles.has(i)) return v;
      const { maxDuration: _duration, maxStops: _stops, ...rest } = v;
      return {
        ...rest,
        latestEnd: Math.max(v.latestEnd, RELAXED_END),
        capacity: v.capacity.map(() => Number.MAX_SAFE_INTEGER),
        ...(v.breaks ? { breaks: v.breaks.map((b) => ({ ...b, latestEnd: Math.max(b.latestEnd, RELAXED_END) })) } : {}),
      };
    }),
  };
}

/**
 * The solver's construction from the initial routes with no search (every stop locked): the
 * solver's own timing and loads. A route the constraints cut is timed again with its windows,
 * shift and limits opened, so the page shows when it would arrive and what it would break.
 */
function timeFixedRoutes(problem: Problem): Solution {
  const exact = solveOnThisThread(problem, { maxIterations: 0, seed: 1 });
  const broken = brokenVehicles(problem, exact);
  if (broken.size === 0) return exact;
  return solveOnThisThread(relaxedFor(problem, broken), { maxIterations: 0, seed: 1 });
}

const clock = (epoch: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(epoch * 1000),
  );

/** Whole minutes as the clock times beside them read (floored), at least one. */
const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.floor(seconds / 60));
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
};

/** What an evaluated itinerary breaks: late stops, the shift end, capacity, the stop limit. */
function problemsOf(itinerary: PlannedItinerary): PlanEditProblem[] {
  const problems: PlanEditProblem[] = [];
  const name = itinerary.externalId;
  for (const stop of itinerary.stops) {
    if (stop.type === 'break' || stop.windowClose === null || stop.serviceStart <= stop.windowClose) continue;
    problems.push({
      fleetIndex: itinerary.fleetIndex,
      orderExternalIds: stop.orderExternalIds,
      kind: 'late',
      message: `${stop.type === 'pickup' ? 'Pickup' : 'Dropoff'} of ${stop.orderExternalIds.join(', ')} on ${name} at ${clock(stop.serviceStart, stop.timeZone)}, ${minutesText(stop.serviceStart - stop.windowClose)} after its window closes (${clock(stop.windowClose, stop.timeZone)}).`,
    });
  }
  if (itinerary.routeEnd > itinerary.shiftEnd)
    problems.push({
      fleetIndex: itinerary.fleetIndex,
      orderExternalIds: [],
      kind: 'shift',
      message: `${name} ends at ${clock(itinerary.routeEnd, itinerary.timeZone)}, ${minutesText(itinerary.routeEnd - itinerary.shiftEnd)} after its shift (${clock(itinerary.shiftEnd, itinerary.timeZone)}).`,
    });
  const overloaded = itinerary.stops.find(
    (s) =>
      s.load.pounds > itinerary.capacity.pounds + 1e-6 ||
      (itinerary.capacity.cubicInches > 0 && s.load.cubicInches > itinerary.capacity.cubicInches + 1e-6),
  );
  if (overloaded)
    problems.push({
      fleetIndex: itinerary.fleetIndex,
      orderExternalIds: overloaded.orderExternalIds,
      kind: 'capacity',
      message: `${name} carries ${Math.round(overloaded.load.pounds)} lb after stop ${overloaded.stopNumber ?? ''}, more than its ${Math.round(itinerary.capacity.pounds)} lb.`,
    });
  const visits = itinerary.stops.filter((s) => s.type !== 'break').length;
  if (itinerary.maxStops > 0 && visits > itinerary.maxStops)
    problems.push({
      fleetIndex: itinerary.fleetIndex,
      orderExternalIds: [],
      kind: 'stops',
      message: `${name} has ${visits} stops, more than its limit of ${itinerary.maxStops}.`,
    });
  return problems;
}

export interface PlanEvaluation {
  plan: PlanResult;
  problems: PlanEditProblem[];
}

/**
 * Times edited routes of a plan with the solver's own code (geocoding, matrix, traffic and schedule
 * as the plan had), without searching: the new arrivals, loads and totals, and what they break.
 */
export async function evaluateFixedRoutes(
  providers: { geocoder: Geocoder; matrix: MatrixProvider },
  input: RoutingJobInput,
  plan: PlanResult,
  routes: readonly FixedRoute[],
): Promise<PlanEvaluation> {
  const request = lockedBookingRequest(input, plan, routes, plan.problemId);
  const orders = request.orders;
  const split = splitFleet(request.fleet ?? [], new Set(orders.map((o) => o.externalId)));
  const outcome = await solveRouting(
    {
      orders,
      fleet: split.fleet,
      settings: input.settings,
      options: request.options,
      initialRoutes: split.initialRoutes,
    },
    {
      ...providers,
      trafficProfile: automaticTrafficProfile,
      solve: timeFixedRoutes,
      threads: 1,
    },
  );
  // Fleet indexes of the request (vehicles with stops only) back to the plan's.
  const planIndex = routes.filter((route) => route.stops.length > 0).map((route) => route.fleetIndex);
  const itineraries = outcome.itineraries.map((itinerary) => ({
    ...itinerary,
    fleetIndex: planIndex[itinerary.fleetIndex] ?? itinerary.fleetIndex,
  }));
  const problems = itineraries.flatMap(problemsOf);
  for (const order of outcome.unassigned)
    problems.push({
      fleetIndex: null,
      orderExternalIds: [order.externalId],
      kind: 'unassigned',
      message: `${order.externalId} cannot be served where it was put: ${order.reasons.map((r) => r.description).join('; ')}`,
    });
  return { plan: renderPlanResult(plan.problemId, itineraries, outcome.unassigned), problems };
}

/** Refuses to book edited routes that break something: the booking would not be the plan shown. */
export function refuseBrokenPlan(evaluation: PlanEvaluation): void {
  const first = evaluation.problems[0];
  if (!first) return;
  throw new RoutingError(
    'invalid_routing_input',
    `The edited plan breaks ${evaluation.problems.length === 1 ? 'a constraint' : `${evaluation.problems.length} constraints`}; move the orders back or elsewhere before booking. ${first.message}`,
    first.orderExternalIds[0] ? `routes.${first.orderExternalIds[0]}` : 'routes',
  );
}
