import type { LatLng } from '@/server/geo';
import type { ReasonCode, Solution } from '@/server/optimizer';
import { describeFix, describeUnassigned } from './reason-text';
import type { UnassignedFix } from './responses';
import {
  itineraryExternalId,
  type FleetEntry,
  type RoutingAddress,
  type RoutingOrder,
  type RoutingProblem,
} from './build-problem';

/**
 * The solver's answer in the request's terms, before it is rendered for the wire or persisted:
 * stops become visits of orders (several when bundled or clustered), times stay epoch seconds.
 */

export interface PlannedStop {
  /** 1-based visit number; null for a driver break (breaks are not numbered visits). */
  stopNumber: number | null;
  /** `break`: a driver break, taken where the vehicle is (serviceSeconds is its length; no orders, no leg). */
  type: 'pickup' | 'dropoff' | 'break';
  orderExternalIds: string[];
  address: RoutingAddress;
  latitude: number;
  longitude: number;
  timeZone: string;
  arrival: number;
  serviceStart: number;
  departure: number;
  waitSeconds: number;
  serviceSeconds: number;
  /** Start-of-service window (null bound: open). */
  windowOpen: number | null;
  windowClose: number | null;
  /** Vehicle load after the stop. */
  load: { pounds: number; cubicInches: number };
  legDistanceMeters: number;
  legDurationSeconds: number;
}

export interface PlannedItinerary {
  fleetIndex: number;
  externalId: string;
  driverExternalId: string;
  vehicleExternalId: string;
  vehicleType: string;
  routeSkills: string[];
  /** The fleet entry's scheduled start (start of the shift). */
  scheduledStart: number;
  shiftEnd: number;
  /** Departure from the start location and end of the route. */
  routeStart: number;
  routeEnd: number;
  timeZone: string;
  capacity: { pounds: number; cubicInches: number };
  maxStops: number;
  start: LatLng | null;
  end: LatLng | null;
  /** The fleet entry's startAddress and endAddress, as sent (null when not named). */
  startAddress: RoutingAddress | null;
  endAddress: RoutingAddress | null;
  stops: PlannedStop[];
  totals: ItineraryTotals;
}

interface ItineraryTotals {
  distanceMeters: number;
  durationSeconds: number;
  travelSeconds: number;
  serviceSeconds: number;
  waitingSeconds: number;
  /** Driver breaks taken (present only when there are some). */
  breakSeconds?: number;
}

export interface UnassignedOrder {
  externalId: string;
  reasons: { code: ReasonCode; description: string; fix?: UnassignedFix }[];
}

export interface PlanOutcome {
  itineraries: PlannedItinerary[];
  unassigned: UnassignedOrder[];
}

/** A request address as an itinerary shows it (empty strings for missing parts). */
export const pickAddress = (address: RoutingOrder['pickupAddress']): RoutingAddress => ({
  addressLine1: address?.addressLine1 ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  postalCode: address?.postalCode ?? '',
});

const round = (value: number): number => Math.round(value);

/**
 * Routes -> itineraries. With stop clustering, consecutive stops of one kind at one place become
 * one visit with one stop number (the solver charged their setup once already); the schedule is
 * then re-timed forward.
 */
export function toPlanOutcome(
  routing: RoutingProblem,
  solution: Solution,
  orders: readonly RoutingOrder[],
  fleet: readonly FleetEntry[],
  clustering: boolean,
  /** Also an itinerary (without stops) for every vehicle that got no route: updateItinerary rewrites all its targets. */
  includeUnused = false,
): PlanOutcome {
  const { problem, shipmentOrders } = routing;
  const itineraries: PlannedItinerary[] = [];
  const routes = solution.routes.filter((r) => r.stops.length > 0);
  if (includeUnused) {
    const used = new Set(routes.map((r) => r.vehicle));
    problem.vehicles.forEach((vehicle, index) => {
      if (used.has(index)) return;
      const start = vehicle.earliestStart;
      routes.push({
        vehicle: index,
        start,
        end: start,
        stops: [],
        distance: 0,
        duration: 0,
        travel: 0,
        service: 0,
        waiting: 0,
      });
    });
  }

  for (const route of routes) {
    const vehicle = routing.vehicles[route.vehicle]!;
    const entry = fleet[vehicle.fleetIndex]!;
    const stops: PlannedStop[] = [];
    let clock = route.start;
    const lastOriginal = route.stops[route.stops.length - 1];
    const routeBreaks = route.breaks ?? [];
    const vehicleBreaks = problem.vehicles[route.vehicle]!.breaks ?? [];
    // The end leg leaves after the last stop, or after the breaks taken after it.
    const trailing = routeBreaks.filter((b) => b.afterStops === route.stops.length);
    const lastReady = trailing.length > 0 ? trailing[trailing.length - 1]!.end : lastOriginal?.departure;
    const endLeg = lastReady !== undefined ? Math.max(0, route.end - lastReady) : 0;
    let service = 0;
    let waiting = 0;
    let travel = 0;
    let distance = 0;
    let breakSeconds = 0;
    let visits = 0;
    /** On board when leaving the start: the dropoff-only orders. */
    const startLoad = { pounds: 0, cubicInches: 0 };
    for (const routeStop of route.stops) {
      if (routeStop.kind === 'delivery' && problem.shipments[routeStop.shipment]!.pickup === null) {
        startLoad.pounds += problem.shipments[routeStop.shipment]!.size[0] ?? 0;
        startLoad.cubicInches += problem.shipments[routeStop.shipment]!.size[1] ?? 0;
      }
    }
    /** Driver breaks taken after `served` stops: where the vehicle is (the depot, else the last visit; without a depot the route starts at its first stop). */
    const takeBreaks = (served: number): void => {
      for (const taken of routeBreaks) {
        if (taken.afterStops !== served) continue;
        const spec = vehicleBreaks[taken.break]!;
        const lastVisit = [...stops].reverse().find((stop) => stop.type !== 'break');
        const first = route.stops[0]!;
        const firstPoint = routing.points[first.location]!;
        const place = lastVisit
          ? {
              address: lastVisit.address,
              latitude: lastVisit.latitude,
              longitude: lastVisit.longitude,
              timeZone: lastVisit.timeZone,
              load: lastVisit.load,
            }
          : vehicle.start
            ? {
                address: entry.startAddress ? pickAddress(entry.startAddress) : pickAddress(undefined),
                latitude: vehicle.start.latitude,
                longitude: vehicle.start.longitude,
                timeZone: routing.timeZones[first.location] ?? 'UTC',
                load: { ...startLoad },
              }
            : {
                address: pickAddress(
                  first.kind === 'pickup'
                    ? orders[shipmentOrders[first.shipment]![0]!]!.pickupAddress
                    : orders[shipmentOrders[first.shipment]![0]!]!.dropoffAddress,
                ),
                latitude: firstPoint.latitude,
                longitude: firstPoint.longitude,
                timeZone: routing.timeZones[first.location] ?? 'UTC',
                load: { ...startLoad },
              };
        // Re-timed like the stops (clustering only makes the vehicle ready earlier).
        const start = Math.max(clock, spec.earliestStart);
        const end = start + spec.durationSeconds;
        stops.push({
          stopNumber: null,
          type: 'break',
          orderExternalIds: [],
          ...place,
          arrival: clock,
          serviceStart: start,
          departure: end,
          waitSeconds: start - clock,
          serviceSeconds: spec.durationSeconds,
          windowOpen: spec.earliestStart,
          windowClose: spec.latestEnd - spec.durationSeconds,
          legDistanceMeters: 0,
          legDurationSeconds: 0,
        });
        waiting += start - clock;
        breakSeconds += spec.durationSeconds;
        clock = end;
      }
    };

    let previousLocation = -1;
    for (const [k, routeStop] of route.stops.entries()) {
      takeBreaks(k);
      const shipment = problem.shipments[routeStop.shipment]!;
      const stopSpec = routeStop.kind === 'pickup' ? shipment.pickup! : shipment.delivery!;
      const type = routeStop.kind === 'pickup' ? 'pickup' : 'dropoff';
      const orderIds = shipmentOrders[routeStop.shipment]!.map((o) => orders[o]!.externalId);
      const previous = stops[stops.length - 1];
      const window = stopSpec.timeWindows[0];
      // Only back-to-back stops of one kind at one place whose window is open on arrival merge into one visit.
      const sameVisit =
        clustering &&
        previous?.type === type &&
        previousLocation === routeStop.location &&
        (window === undefined || (window.start <= clock && window.end >= clock));
      previousLocation = routeStop.location;
      const arrival = clock + routeStop.legDuration;
      const serviceStart = Math.max(arrival, window?.start ?? arrival);
      // As the solver charged it: the setup only where the stop before was at another place.
      const serviceSeconds = routeStop.serviceSeconds;
      travel += routeStop.legDuration;
      distance += routeStop.legDistance;

      if (sameVisit && previous) {
        // Same visit: no travel, the service continues where the previous order's ended.
        previous.orderExternalIds.push(...orderIds);
        previous.serviceSeconds += serviceSeconds;
        previous.departure += serviceSeconds;
        previous.load = { pounds: routeStop.load[0] ?? 0, cubicInches: routeStop.load[1] ?? 0 };
        previous.windowOpen = maxNullable(previous.windowOpen, window?.start ?? null);
        previous.windowClose = minNullable(previous.windowClose, window?.end ?? null);
        clock = previous.departure;
        service += serviceSeconds;
        continue;
      }
      const order = orders[shipmentOrders[routeStop.shipment]![0]!]!;
      const point = routing.points[routeStop.location]!;
      const departure = serviceStart + serviceSeconds;
      visits++;
      stops.push({
        stopNumber: visits,
        type,
        orderExternalIds: orderIds,
        address: pickAddress(type === 'pickup' ? order.pickupAddress : order.dropoffAddress),
        latitude: point.latitude,
        longitude: point.longitude,
        timeZone: routing.timeZones[routeStop.location] ?? 'UTC',
        arrival,
        serviceStart,
        departure,
        waitSeconds: serviceStart - arrival,
        serviceSeconds,
        windowOpen: window ? window.start : null,
        windowClose: window && window.end < Number.MAX_SAFE_INTEGER ? window.end : null,
        load: { pounds: routeStop.load[0] ?? 0, cubicInches: routeStop.load[1] ?? 0 },
        legDistanceMeters: round(routeStop.legDistance),
        legDurationSeconds: round(routeStop.legDuration),
      });
      clock = departure;
      service += serviceSeconds;
      waiting += serviceStart - arrival;
    }
    takeBreaks(route.stops.length);
    for (const stop of stops) {
      if (stop.windowOpen === 0) stop.windowOpen = null;
    }
    const endLegDistance = Math.max(0, route.distance - route.stops.reduce((sum: number, s) => sum + s.legDistance, 0));
    const routeEnd = clock + endLeg;
    const vehicleSpec = vehicle.spec;
    itineraries.push({
      fleetIndex: vehicle.fleetIndex,
      externalId: itineraryExternalId(entry),
      driverExternalId: entry.driverExternalId,
      vehicleExternalId: entry.vehicleExternalId,
      vehicleType: vehicle.type,
      routeSkills: [...(entry.routeSkills ?? [])],
      scheduledStart: Math.floor(Date.parse(entry.scheduledStart) / 1000),
      shiftEnd: problem.vehicles[route.vehicle]!.latestEnd,
      routeStart: route.start,
      routeEnd,
      timeZone: stops[0]?.timeZone ?? routing.timeZones[0] ?? 'UTC',
      capacity: { pounds: vehicleSpec.capacityPounds, cubicInches: vehicleSpec.capacityCubicInches },
      maxStops: vehicleSpec.maxStops,
      start: vehicle.start,
      end: vehicle.end,
      startAddress: vehicle.start && entry.startAddress ? pickAddress(entry.startAddress) : null,
      endAddress: vehicle.end && entry.endAddress ? pickAddress(entry.endAddress) : null,
      stops,
      totals: {
        distanceMeters: round(distance + endLegDistance),
        durationSeconds: round(routeEnd - route.start),
        travelSeconds: round(travel + endLeg),
        serviceSeconds: round(service),
        waitingSeconds: round(waiting),
        ...(breakSeconds > 0 ? { breakSeconds: round(breakSeconds) } : {}),
      },
    });
  }
  itineraries.sort((a, b) => a.fleetIndex - b.fleetIndex);

  const reasonsByOrder = new Map<number, UnassignedOrder['reasons']>();
  const addReason = (order: number, code: ReasonCode, description: string, fix?: UnassignedFix) => {
    const list = reasonsByOrder.get(order) ?? [];
    list.push(fix ? { code, description, fix } : { code, description });
    reasonsByOrder.set(order, list);
  };
  for (const pre of routing.unassigned) addReason(pre.order, pre.reason, pre.description);
  for (const missed of solution.unassigned) {
    const description = describeUnassigned(routing, fleet, missed);
    const fix = describeFix(routing, fleet, missed);
    for (const order of shipmentOrders[missed.shipment] ?? []) addReason(order, missed.reason, description, fix);
  }
  const unassigned = [...reasonsByOrder.entries()]
    .sort(([a], [b]) => a - b)
    .map(([order, reasons]) => ({ externalId: orders[order]!.externalId, reasons }));

  return { itineraries, unassigned };
}

function maxNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

function minNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}
