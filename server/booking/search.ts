import { queryInsertions, type FixedRoute, type Problem, type Shipment, type Stop, type TrafficProfile, type Vehicle } from '@/server/optimizer';
import type { LatLng, TravelMatrix } from '@/server/geo';
import { VEHICLE_CATALOG, type BookedRoute } from '@/server/routing';

/**
 * The booking search, pure: booked routes + the new order + the hours to search -> one window per
 * (route, hour) that fits, and for every hour either its windows or why it has none. No I/O: the
 * caller supplies the travel matrix over `bookingSearchPoints(...)`.
 */

/** The order to place: a pickup at the origin, a dropoff at the destination. */
export interface NewOrder {
  origin: LatLng;
  destination: LatLng;
  /** Cart weight (pounds) and volume (cubic inches), quantities included. */
  pounds: number;
  cubicInches: number;
  /** Service seconds at the pickup and at the dropoff. */
  serviceSeconds: number;
}

/** One local hour of the bucket, epoch seconds, [start, end). */
export interface SearchHour {
  start: number;
  end: number;
}

export interface BookingSearchInput {
  routes: readonly BookedRoute[];
  order: NewOrder;
  hours: readonly SearchHour[];
  /** Epoch seconds before which no delivery may start (now + lead time). */
  earliestStart: number;
  /** Time-of-day traffic the routes were planned with (none: free flow). */
  traffic?: TrafficProfile | undefined;
  /** Explain, per route, why an hour without windows does not fit (two relaxed queries per such hour; default true). */
  explain?: boolean;
}

/**
 * Why an hour offers no window: no booked route (of that vehicle type) that day; the hour ends
 * before the lead time allows; the cart does not fit the room left; the shift would run over; a
 * stop's window (the new dropoff's hour or an existing stop's window) cannot be kept.
 */
export type HourReason = 'no_route' | 'lead_time' | 'capacity' | 'shift' | 'stop_window';

export const HOUR_REASON_DESCRIPTIONS: Record<HourReason, string> = {
  no_route: 'no booked route of that vehicle type on that date',
  lead_time: 'the hour ends before the lead time (or the same-day cutoff) allows a delivery',
  capacity: 'the cart does not fit the room left on any route in this hour',
  shift: "the detour would run past the driver's shift",
  stop_window: "no route can reach the destination in this hour while keeping every booked stop's window",
};

export interface FoundWindow {
  routeId: number;
  routeExternalId: string;
  vehicleType: string;
  /** Epoch seconds: the earliest feasible dropoff start in the hour (whole seconds, floored). */
  start: number;
  /** Epoch seconds: the end of the hour. */
  end: number;
  addedDistanceMeters: number;
  addedDurationSeconds: number;
}

export interface HourExplanation {
  start: number;
  end: number;
  windows: FoundWindow[];
  /** Null when the hour has windows. */
  reason: HourReason | null;
  /** Per route that does not fit (only when explaining). */
  routeReasons: { routeId: number; reason: HourReason }[];
}

export interface BookingSearchResult {
  /** Sorted by start, then end (then route id, for a stable order). */
  windows: FoundWindow[];
  hours: HourExplanation[];
}

interface Layout {
  points: LatLng[];
  indexOf: Map<string, number>;
}

const pointKey = (p: LatLng) => `${p.latitude},${p.longitude}`;

function addPoint(layout: Layout, p: LatLng): number {
  const key = pointKey(p);
  let index = layout.indexOf.get(key);
  if (index === undefined) {
    index = layout.points.length;
    layout.points.push({ latitude: p.latitude, longitude: p.longitude });
    layout.indexOf.set(key, index);
  }
  return index;
}

function layoutOf(routes: readonly BookedRoute[], order: NewOrder): Layout {
  const layout: Layout = { points: [], indexOf: new Map() };
  addPoint(layout, order.origin);
  addPoint(layout, order.destination);
  for (const route of routes) {
    if (route.start) addPoint(layout, route.start);
    if (route.end) addPoint(layout, route.end);
    for (const stop of route.stops) addPoint(layout, stop);
  }
  return layout;
}

/** The distinct places of a search, in the order the travel matrix must be computed over. */
export function bookingSearchPoints(routes: readonly BookedRoute[], order: NewOrder): LatLng[] {
  return layoutOf(routes, order).points;
}

const LARGE = 1e12;

function speedFactorOf(vehicleType: string): number {
  const spec = (VEHICLE_CATALOG as Record<string, { speedFactor: number } | undefined>)[vehicleType];
  return Object.hasOwn(VEHICLE_CATALOG, vehicleType) && spec ? spec.speedFactor : 1;
}

interface BuiltProblem {
  problem: Problem;
  fixed: FixedRoute[];
  /** Index into `routes` of each fixed route. */
  newShipment: number;
}

/**
 * The optimizer's view: one vehicle per booked route (its shift, capacity and stop limit), one
 * shipment per booked order with its stops' windows, and the new order last. A location with
 * zero travel to everywhere stands for a route that has no depot (it begins at its first stop).
 */
function buildProblem(routes: readonly BookedRoute[], order: NewOrder, travel: TravelMatrix): BuiltProblem {
  const layout = layoutOf(routes, order);
  const real = layout.points.length;
  if (travel.sources !== real || travel.destinations !== real) {
    throw new RangeError(`the travel matrix covers ${travel.sources}x${travel.destinations} places; the search has ${real}`);
  }
  const virtual = real;
  const n = real + 1;
  const durations = new Float64Array(n * n);
  const distances = new Float64Array(n * n);
  for (let from = 0; from < real; from++) {
    durations.set(travel.durations.subarray(from * real, (from + 1) * real), from * n);
    distances.set(travel.distances.subarray(from * real, (from + 1) * real), from * n);
  }
  const vehicles: Vehicle[] = [];
  const shipments: Shipment[] = [];
  const fixed: FixedRoute[] = [];
  routes.forEach((route, v) => {
    vehicles.push({
      id: route.externalId,
      startLocation: route.start ? layout.indexOf.get(pointKey(route.start))! : virtual,
      endLocation: route.end ? layout.indexOf.get(pointKey(route.end))! : null,
      earliestStart: route.scheduledStart,
      latestEnd: route.shiftEnd,
      capacity: [route.capacity.pounds, route.capacity.cubicInches],
      skills: [...route.routeSkills],
      maxStops: route.maxStops,
      fixedCost: 0,
      costPerHour: 1,
      costPerMeter: 0,
      speedFactor: speedFactorOf(route.vehicleType),
    });
    // One shipment per booked order; a stop serving several orders (clustering) gives its service
    // time to its first order and splits its load change evenly.
    const byOrder = new Map<string, { pickup: Stop | null; delivery: Stop | null; size: number[] }>();
    const sequence: { order: string; kind: 'pickup' | 'delivery' }[] = [];
    let previous = { pounds: 0, cubicInches: 0 };
    for (const stop of route.stops) {
      if (stop.type !== 'pickup' && stop.type !== 'dropoff') continue;
      const kind = stop.type === 'pickup' ? 'pickup' : 'delivery';
      const count = Math.max(1, stop.orderExternalIds.length);
      const delta = { pounds: Math.abs(stop.loadPounds - previous.pounds) / count, cubicInches: Math.abs(stop.loadCubicInches - previous.cubicInches) / count };
      previous = { pounds: stop.loadPounds, cubicInches: stop.loadCubicInches };
      stop.orderExternalIds.forEach((id, k) => {
        const entry = byOrder.get(id) ?? { pickup: null, delivery: null, size: [0, 0] };
        const served: Stop = {
          location: layout.indexOf.get(pointKey(stop))!,
          serviceSeconds: k === 0 ? stop.serviceSeconds : 0,
          timeWindows: stop.windowOpen === null && stop.windowClose === null ? [] : [{ start: stop.windowOpen ?? 0, end: stop.windowClose ?? LARGE }],
        };
        if (kind === 'pickup') {
          entry.pickup = served;
          entry.size = [delta.pounds, delta.cubicInches];
        } else {
          entry.delivery = served;
          if (!entry.pickup) entry.size = [delta.pounds, delta.cubicInches];
        }
        byOrder.set(id, entry);
        sequence.push({ order: id, kind });
      });
    }
    const shipmentOf = new Map<string, number>();
    for (const [id, entry] of byOrder) {
      shipmentOf.set(id, shipments.length);
      shipments.push({ id: `${route.id}:${id}`, pickup: entry.pickup, delivery: entry.delivery, size: entry.size, requiredSkills: [], priority: 0, allowedVehicles: [v] });
    }
    fixed.push({ vehicle: v, stops: sequence.map((s) => ({ shipment: shipmentOf.get(s.order)!, kind: s.kind })) });
  });
  const newShipment = shipments.length;
  shipments.push({
    id: 'new',
    pickup: { location: 0, serviceSeconds: order.serviceSeconds, timeWindows: [] },
    delivery: { location: layout.indexOf.get(pointKey(order.destination))!, serviceSeconds: order.serviceSeconds, timeWindows: [] },
    size: [order.pounds, order.cubicInches],
    requiredSkills: [],
    priority: 0,
  });
  const problem: Problem = { locationCount: n, durations, distances, dimensions: 2, vehicles, shipments, objective: 'MIN_DURATION' };
  return { problem, fixed, newShipment };
}

/** The relaxed problems that tell why a route does not fit: no cart load, or a shift a day longer. */
function relaxed(built: BuiltProblem, relax: 'capacity' | 'shift'): Problem {
  const { problem, newShipment } = built;
  if (relax === 'capacity') {
    const shipments = problem.shipments.slice();
    shipments[newShipment] = { ...shipments[newShipment]!, size: [0, 0] };
    return { ...problem, shipments };
  }
  return { ...problem, vehicles: problem.vehicles.map((v) => ({ ...v, latestEnd: v.latestEnd + 86_400, maxStops: (v.maxStops ?? 0) + 2 })) };
}

const REASON_PRIORITY: HourReason[] = ['capacity', 'shift', 'stop_window'];

/** The search itself; see the module comment. */
export function searchBookingWindows(input: BookingSearchInput, travel: TravelMatrix): BookingSearchResult {
  const hours: HourExplanation[] = [];
  const windows: FoundWindow[] = [];
  if (input.routes.length === 0) {
    for (const hour of input.hours) hours.push({ start: hour.start, end: hour.end, windows: [], reason: 'no_route', routeReasons: [] });
    return { windows, hours };
  }
  const built = buildProblem(input.routes, input.order, travel);
  const relaxedProblems = input.explain !== false ? { capacity: relaxed(built, 'capacity'), shift: relaxed(built, 'shift') } : undefined;
  const problem = input.traffic ? { ...built.problem, traffic: input.traffic } : built.problem;
  for (const hour of input.hours) {
    // A start exactly at the end of the hour belongs to the next hour.
    const deliveryWindow = { start: Math.max(hour.start, input.earliestStart), end: hour.end - 1 };
    const explanation: HourExplanation = { start: hour.start, end: hour.end, windows: [], reason: null, routeReasons: [] };
    hours.push(explanation);
    if (deliveryWindow.start > deliveryWindow.end) {
      explanation.reason = 'lead_time';
      continue;
    }
    const options = queryInsertions({ problem, routes: built.fixed, shipment: built.newShipment, deliveryWindow });
    const misses: number[] = [];
    options.forEach((option, r) => {
      const route = input.routes[r]!;
      if (!option.feasible) {
        misses.push(r);
        return;
      }
      explanation.windows.push({
        routeId: route.id,
        routeExternalId: route.externalId,
        vehicleType: route.vehicleType,
        start: Math.max(hour.start, Math.floor(option.earliestDeliveryStart)),
        end: hour.end,
        addedDistanceMeters: option.addedDistance,
        addedDurationSeconds: option.addedDuration,
      });
    });
    windows.push(...explanation.windows);
    if (explanation.windows.length > 0) continue;
    if (relaxedProblems) {
      const capacityOk = queryInsertions({ ...queryBase(relaxedProblems.capacity, input.traffic), routes: built.fixed, shipment: built.newShipment, deliveryWindow });
      const shiftOk = queryInsertions({ ...queryBase(relaxedProblems.shift, input.traffic), routes: built.fixed, shipment: built.newShipment, deliveryWindow });
      for (const r of misses) {
        const reason: HourReason = capacityOk[r]!.feasible ? 'capacity' : shiftOk[r]!.feasible ? 'shift' : 'stop_window';
        explanation.routeReasons.push({ routeId: input.routes[r]!.id, reason });
      }
      const counts = new Map<HourReason, number>();
      for (const { reason } of explanation.routeReasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
      explanation.reason = [...REASON_PRIORITY].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0]!;
    } else {
      explanation.reason = 'stop_window';
    }
  }
  windows.sort((a, b) => a.start - b.start || a.end - b.end || a.routeId - b.routeId);
  return { windows, hours };
}

function queryBase(problem: Problem, traffic: TrafficProfile | undefined): { problem: Problem } {
  return { problem: traffic ? { ...problem, traffic } : problem };
}
