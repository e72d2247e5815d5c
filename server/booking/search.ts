import {
  compileInsertionQuery,
  type CompiledInsertionQuery,
  type FixedRoute,
  type InsertionRelaxation,
  type Problem,
  type RetargetedShipment,
  type Shipment,
  type Stop,
  type TimeWindow,
  type TrafficProfile,
  type Vehicle,
} from '@/server/optimizer';
import { emptyMatrix, type LatLng, type TravelMatrix } from '@/server/geo';
import { VEHICLE_CATALOG, samePlace, type BookedRoute } from '@/server/routing';
import type { FallbackReason } from './request-schema';

/**
 * The booking search, pure: booked routes + the new order + the hours to search -> one window per
 * (route, hour) that fits, and for every hour either its windows or why it has none. No I/O: the
 * caller supplies one travel matrix per route, over `bookingSearchPoints(route, order)`.
 */

/** The order to place: a pickup at the origin, a dropoff at the destination. */
export interface NewOrder {
  origin: LatLng;
  destination: LatLng;
  /** Cart weight (pounds) and volume (cubic inches), quantities included. */
  pounds: number;
  cubicInches: number;
  /** Handling seconds at the pickup and at the dropoff. */
  serviceSeconds: number;
  /**
   * Setup seconds, paid at a stop unless the stop before it is at the same place (within 25 m), as
   * routing plans them; also what the booked stops' service includes where they paid it. Absent: 0.
   */
  setupSeconds?: number;
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
  /**
   * Explain, per route, why an hour without windows does not fit (relaxed queries per such hour;
   * default true). Unexplained, such an hour has no reason (null), unless it is before the lead time.
   */
  explain?: boolean;
}

/**
 * Why an hour offers no window: no booked route (of that vehicle type) that day; the hour ends
 * before the lead time allows; the cart does not fit the room left; the shift would run over; a
 * stop's window (the new dropoff's hour or an existing stop's window) cannot be kept.
 */
export const HOUR_REASONS = ['no_route', 'lead_time', 'capacity', 'shift', 'stop_window'] as const;
export type HourReason = (typeof HOUR_REASONS)[number];

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
  /** Null when the hour has windows (or was not explained, see BookingSearchInput.explain). */
  reason: HourReason | null;
  /** Per route that does not fit (only when explaining). */
  routeReasons: { routeId: number; reason: HourReason }[];
}

export interface BookingSearchResult {
  /** Sorted by start, then end (then route id, for a stable order). */
  windows: FoundWindow[];
  hours: HourExplanation[];
}

/** A route's own places (depot, end, stops; distinct), by key. */
interface OwnLayout {
  points: LatLng[];
  indexOf: Map<string, number>;
  /** Per point: its place (the first point within 25 m of it). */
  places: number[];
}

/** One search's places: the route's own, then the order's origin and destination where they are new. */
interface Layout {
  own: OwnLayout;
  /** The order's places not among the route's own, in the order origin, destination. */
  added: LatLng[];
  origin: number;
  destination: number;
  /** own.points.length + added.length. */
  count: number;
}

const pointKey = (p: LatLng) => `${p.latitude},${p.longitude}`;

function addPoint(layout: OwnLayout, p: LatLng): number {
  const key = pointKey(p);
  let index = layout.indexOf.get(key);
  if (index === undefined) {
    index = layout.points.length;
    layout.points.push({ latitude: p.latitude, longitude: p.longitude });
    layout.indexOf.set(key, index);
    layout.places.push(placeAmong(layout, p) ?? index);
  }
  return index;
}

/** The place of the first of the layout's points at the same place as p (undefined: none). */
function placeAmong(layout: OwnLayout, p: LatLng): number | undefined {
  const k = layout.places.findIndex((_, i) => samePlace(layout.points[i]!, p));
  return k < 0 ? undefined : layout.places[k];
}

function ownLayoutOf(route: BookedRoute): OwnLayout {
  const layout: OwnLayout = { points: [], indexOf: new Map(), places: [] };
  if (route.start) addPoint(layout, route.start);
  if (route.end) addPoint(layout, route.end);
  for (const stop of route.stops) addPoint(layout, stop);
  return layout;
}

function layoutOf(route: BookedRoute, order: NewOrder): Layout {
  const own = routeBase(route, order.setupSeconds ?? 0).layout;
  const added: LatLng[] = [];
  const addedKeys: string[] = [];
  const place = (p: LatLng): number => {
    const key = pointKey(p);
    const mine = own.indexOf.get(key);
    if (mine !== undefined) return mine;
    const k = addedKeys.indexOf(key);
    if (k >= 0) return own.points.length + k;
    added.push({ latitude: p.latitude, longitude: p.longitude });
    addedKeys.push(key);
    return own.points.length + added.length - 1;
  };
  const origin = place(order.origin);
  const destination = place(order.destination);
  return { own, added, origin, destination, count: own.points.length + added.length };
}

/**
 * The distinct places of one route's search (the route's depot, end and stops, then the order's
 * origin and destination where they are not among them), in the order its travel matrix must be
 * computed over. Each route is searched on its own small matrix: a branch's routes together would
 * need one over every stop of the day, almost all of whose entries the search never reads.
 */
export function bookingSearchPoints(route: BookedRoute, order: NewOrder): LatLng[] {
  const layout = layoutOf(route, order);
  return [...layout.own.points, ...layout.added];
}

/**
 * The same places split: the route's own (the same array for every search of this route object, so
 * a caller can keep their travel matrix) and the order's new ones, which follow them.
 */
export function bookingSearchPlaces(route: BookedRoute, order: NewOrder): { own: readonly LatLng[]; added: LatLng[] } {
  const layout = layoutOf(route, order);
  return { own: layout.own.points, added: layout.added };
}

const LARGE = 1e12;

function speedFactorOf(vehicleType: string): number {
  const spec = (VEHICLE_CATALOG as Record<string, { speedFactor: number } | undefined>)[vehicleType];
  return Object.hasOwn(VEHICLE_CATALOG, vehicleType) && spec ? spec.speedFactor : 1;
}

/** What a search of a route needs apart from the new order: built once per route object. */
interface RouteBase {
  layout: OwnLayout;
  /** The vehicle; a route without a depot starts at the virtual location, set per search. */
  vehicle: Vehicle;
  shipments: Shipment[];
  fixed: FixedRoute;
  /** The setup its stops were given (NewOrder.setupSeconds). */
  setupSeconds: number;
  /** The route's compiled query, kept between searches (see KeptQuery); built on first use. */
  kept?: KeptQuery;
}

/**
 * A route's compiled insertion query kept between searches of the route object: its problem's
 * places are the route's own (m), then two slots for the order's new places (m, m + 1), then the
 * virtual start of a route without a depot (m + 2). A search writes the rows and columns of the
 * slots it uses and re-targets the new shipment; the fixed route's schedule is not derived again.
 * Valid for one block of travel among the route's own places and one traffic profile (by identity).
 */
interface KeptQuery {
  own: TravelMatrix;
  traffic: TrafficProfile | undefined;
  query: CompiledInsertionQuery;
  durations: Float64Array;
  distances: Float64Array;
  /** Locations of the kept problem: own + 3. */
  n: number;
}

/**
 * A route's travel for one search, split (what the job's matrix provider gives, see `searchMatrix`
 * in ./job): the block among the route's own places (the same object for every search while it
 * lasts), the rows of the order's new places over all places (own, then new) and the columns of
 * the new places from the own ones.
 */
export interface SplitTravel {
  own: TravelMatrix;
  rows: TravelMatrix;
  columns: TravelMatrix;
}

const isSplit = (travel: TravelMatrix | SplitTravel): travel is SplitTravel => 'own' in travel;

/** Copies `rows` x `columns` travel cells from `from` (at row, column) into `into` (at row, column); widths are row lengths. */
function copyBlock(
  from: { durations: Float64Array; distances: Float64Array; width: number; row: number; column: number },
  into: { durations: Float64Array; distances: Float64Array; width: number; row: number; column: number },
  rows: number,
  columns: number,
): void {
  for (let k = 0; k < rows; k++) {
    const source = (from.row + k) * from.width + from.column;
    const target = (into.row + k) * into.width + into.column;
    // Element by element: most blocks copied per search are one or two cells wide.
    for (let c = 0; c < columns; c++) {
      into.durations[target + c] = from.durations[source + c]!;
      into.distances[target + c] = from.distances[source + c]!;
    }
  }
}

/**
 * Route objects are immutable once read (the job thread keeps a snapshot's routes parsed), so each
 * route's optimizer view is built once and kept as long as the route object lives.
 */
const bases = new WeakMap<BookedRoute, RouteBase>();

/**
 * The optimizer's view of one route without the new order: its vehicle (shift, capacity, stop
 * limit) and one shipment per booked order with its stops' windows, at the route's own places.
 */
function routeBase(route: BookedRoute, setupSeconds: number): RouteBase {
  const cached = bases.get(route);
  if (cached?.setupSeconds === setupSeconds) return cached;
  const layout = ownLayoutOf(route);
  const vehicle: Vehicle = {
    id: route.externalId,
    startLocation: route.start ? layout.indexOf.get(pointKey(route.start))! : -1,
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
  };
  const shipments: Shipment[] = [];
  // One shipment per booked order; a stop serving several orders (clustering) gives its service
  // time to its first order and splits its load change evenly. A stop's service holds its setup
  // where it paid one (the stop before it was at another place): its handling is the rest.
  const byOrder = new Map<string, { pickup: Stop | null; delivery: Stop | null; size: number[] }>();
  const sequence: { order: string; kind: 'pickup' | 'delivery' }[] = [];
  let previous = { pounds: 0, cubicInches: 0 };
  let previousPlace = -1;
  for (const stop of route.stops) {
    if (stop.type !== 'pickup' && stop.type !== 'dropoff') continue;
    const location = layout.indexOf.get(pointKey(stop))!;
    const place = layout.places[location]!;
    const handling = Math.max(0, stop.serviceSeconds - (place === previousPlace ? 0 : setupSeconds));
    previousPlace = place;
    const kind = stop.type === 'pickup' ? 'pickup' : 'delivery';
    const count = Math.max(1, stop.orderExternalIds.length);
    const delta = {
      pounds: Math.abs(stop.loadPounds - previous.pounds) / count,
      cubicInches: Math.abs(stop.loadCubicInches - previous.cubicInches) / count,
    };
    previous = { pounds: stop.loadPounds, cubicInches: stop.loadCubicInches };
    stop.orderExternalIds.forEach((id, k) => {
      const entry = byOrder.get(id) ?? { pickup: null, delivery: null, size: [0, 0] };
      const served: Stop = {
        location,
        serviceSeconds: k === 0 ? handling : 0,
        ...(setupSeconds > 0 ? { setupSeconds } : {}),
        timeWindows:
          stop.windowOpen === null && stop.windowClose === null
            ? []
            : [{ start: stop.windowOpen ?? 0, end: stop.windowClose ?? LARGE }],
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
    shipments.push({
      id: `${route.id}:${id}`,
      pickup: entry.pickup,
      delivery: entry.delivery,
      size: entry.size,
      requiredSkills: [],
      priority: 0,
    });
  }
  const fixed: FixedRoute = {
    vehicle: 0,
    stops: sequence.map((s) => ({ shipment: shipmentOf.get(s.order)!, kind: s.kind })),
  };
  const base: RouteBase = { layout, vehicle, shipments, fixed, setupSeconds };
  bases.set(route, base);
  return base;
}

/**
 * A whole matrix over `bookingSearchPoints(route, order)` split as the job's provider gives it (the
 * block among the route's own places is a new object, so the route's kept query is built afresh).
 */
function splitTravel(route: BookedRoute, order: NewOrder, travel: TravelMatrix): SplitTravel {
  const layout = layoutOf(route, order);
  const m = layout.own.points.length;
  const width = layout.count;
  if (travel.sources !== width || travel.destinations !== width) {
    throw new RangeError(
      `the travel matrix of route ${route.id} covers ${travel.sources}x${travel.destinations} places; its search has ${width}`,
    );
  }
  const added = width - m;
  const own = emptyMatrix(m, m);
  const columns = emptyMatrix(m, added);
  const rows = emptyMatrix(added, width);
  const at = (row: number, column: number) => ({ ...travel, width, row, column });
  copyBlock(at(0, 0), { ...own, width: m, row: 0, column: 0 }, m, m);
  copyBlock(at(0, m), { ...columns, width: added, row: 0, column: 0 }, m, added);
  copyBlock(at(m, 0), { ...rows, width, row: 0, column: 0 }, added, width);
  return { own, rows, columns };
}

/** The compiled query of a route for one search through its kept query (see KeptQuery). */
function keptQuery(
  route: BookedRoute,
  order: NewOrder,
  travel: SplitTravel,
  traffic: TrafficProfile | undefined,
): CompiledInsertionQuery {
  const setupSeconds = order.setupSeconds ?? 0;
  const base = routeBase(route, setupSeconds);
  const m = base.layout.points.length;
  if (travel.own.sources !== m || travel.own.destinations !== m) {
    throw new RangeError(
      `the travel block of route ${route.id} covers ${travel.own.sources}x${travel.own.destinations} places; the route has ${m}`,
    );
  }
  let kept = base.kept;
  if (kept?.own !== travel.own || kept.traffic !== traffic) {
    const n = m + 3;
    const durations = new Float64Array(n * n);
    const distances = new Float64Array(n * n);
    copyBlock(
      { ...travel.own, width: m, row: 0, column: 0 },
      { durations, distances, width: n, row: 0, column: 0 },
      m,
      m,
    );
    const vehicle: Vehicle = route.start ? base.vehicle : { ...base.vehicle, startLocation: m + 2 };
    const shipments = base.shipments.concat({
      id: 'new',
      pickup: { location: m, serviceSeconds: 0, timeWindows: [] },
      delivery: { location: m + 1, serviceSeconds: 0, timeWindows: [] },
      size: [0, 0],
      requiredSkills: [],
      priority: 0,
    });
    const problem: Problem = {
      locationCount: n,
      durations,
      distances,
      dimensions: 2,
      vehicles: [vehicle],
      shipments,
      objective: 'MIN_DURATION',
      ...(traffic ? { traffic } : {}),
      // The order's slots (m, m + 1) and the virtual start are places of their own until retargeted.
      places: [...base.layout.places, m, m + 1, m + 2],
    };
    const query = compileInsertionQuery({ problem, routes: [base.fixed], shipment: base.shipments.length });
    kept = { own: travel.own, traffic, query, durations, distances, n };
    base.kept = kept;
  }
  // The order's new places take the slots m, m + 1 in the order layoutOf adds them.
  const layout = layoutOf(route, order);
  const added = layout.added.length;
  const width = m + added;
  if (
    travel.rows.sources !== added ||
    travel.rows.destinations !== width ||
    travel.columns.sources !== m ||
    travel.columns.destinations !== added
  ) {
    throw new RangeError(
      `the travel of route ${route.id}'s new places does not match its search (${added} new places)`,
    );
  }
  const { durations, distances, n } = kept;
  copyBlock(
    { ...travel.rows, width, row: 0, column: 0 },
    { durations, distances, width: n, row: m, column: 0 },
    added,
    width,
  );
  copyBlock(
    { ...travel.columns, width: added, row: 0, column: 0 },
    { durations, distances, width: n, row: 0, column: m },
    m,
    added,
  );
  // A new place within 25 m of one of the route's is that place (it shares its setup).
  const placeOf = (location: number, point: LatLng): number =>
    location < m ? base.layout.places[location]! : (placeAmong(base.layout, point) ?? location);
  const target: RetargetedShipment = {
    pickup: {
      location: layout.origin,
      serviceSeconds: order.serviceSeconds,
      setupSeconds,
      place: placeOf(layout.origin, order.origin),
    },
    delivery: {
      location: layout.destination,
      serviceSeconds: order.serviceSeconds,
      setupSeconds,
      place: placeOf(layout.destination, order.destination),
    },
    size: [order.pounds, order.cubicInches],
  };
  if (!kept.query.retarget(target)) throw new Error('a kept booking query could not be re-targeted');
  return kept.query;
}

/** The relaxations that tell why a route does not fit: no cart load, or a shift a day longer (and two more stops). */
const RELAX_CAPACITY: InsertionRelaxation = { shipmentSize: [0, 0] };
const RELAX_SHIFT: InsertionRelaxation = { latestEndDelta: 86_400, maxStopsDelta: 2 };

const REASON_PRIORITY: HourReason[] = ['capacity', 'shift', 'stop_window'];

/** Whether each window fits the route under a relaxation (the route's compiled query, asked again). */
function fitsRelaxed(query: CompiledInsertionQuery, relax: InsertionRelaxation, windows: TimeWindow[]): boolean[] {
  return query.forWindows(windows, relax).map((perRoute) => perRoute[0]!.feasible);
}

/**
 * Why a search found no window, most basic first: no booked route; a cart too large for every
 * route's vehicle even when empty; no hour of the bucket left after the lead time; else none of the
 * routes can take the order in any hour.
 */
export function emptyResultReason(
  input: Pick<BookingSearchInput, 'routes' | 'order' | 'hours' | 'earliestStart'>,
): FallbackReason {
  if (input.routes.length === 0) return 'no_routes';
  const { pounds, cubicInches } = input.order;
  if (input.routes.every((route) => pounds > route.capacity.pounds || cubicInches > route.capacity.cubicInches))
    return 'cart_exceeds_vehicle_capacity';
  // The same test as the search's: an hour is searched when a start at or after the earliest one fits in it.
  if (input.hours.every((hour) => Math.max(hour.start, input.earliestStart) > hour.end - 1)) return 'no_hours_left';
  return 'no_feasible_insertion';
}

/**
 * The search itself; see the module comment. `travel[r]` is the matrix over
 * `bookingSearchPoints(input.routes[r], input.order)`.
 */
export function searchBookingWindows(
  input: BookingSearchInput,
  travel: readonly (TravelMatrix | SplitTravel)[],
): BookingSearchResult {
  const hours: HourExplanation[] = input.hours.map((hour) => ({
    start: hour.start,
    end: hour.end,
    windows: [],
    reason: null,
    routeReasons: [],
  }));
  const windows: FoundWindow[] = [];
  if (input.routes.length === 0) {
    for (const hour of hours) hour.reason = 'no_route';
    return { windows, hours };
  }
  if (travel.length !== input.routes.length)
    throw new RangeError(`${travel.length} travel matrices for ${input.routes.length} routes`);
  // A start exactly at the end of the hour belongs to the next hour.
  const deliveryWindows: TimeWindow[] = input.hours.map((hour) => ({
    start: Math.max(hour.start, input.earliestStart),
    end: hour.end - 1,
  }));
  const searchable = deliveryWindows.map((w) => w.start <= w.end);
  // One compiled query per route, kept between searches of the route (see KeptQuery), answers the
  // windows and the explanation's relaxed questions.
  const compiled = input.routes.map((route, r) => {
    const routeTravel = travel[r]!;
    return keptQuery(
      route,
      input.order,
      isSplit(routeTravel) ? routeTravel : splitTravel(route, input.order, routeTravel),
      input.traffic,
    );
  });
  input.routes.forEach((route, r) => {
    const options = compiled[r]!.forWindows(deliveryWindows);
    options.forEach((perRoute, h) => {
      const option = perRoute[0]!;
      if (!searchable[h] || !option.feasible) return;
      hours[h]!.windows.push({
        routeId: route.id,
        routeExternalId: route.externalId,
        vehicleType: route.vehicleType,
        start: Math.max(input.hours[h]!.start, Math.floor(option.earliestDeliveryStart)),
        end: input.hours[h]!.end,
        addedDistanceMeters: option.addedDistance,
        addedDurationSeconds: option.addedDuration,
      });
    });
  });
  for (const hour of hours) windows.push(...hour.windows);
  // Hours without a window say why: before the lead time, or what keeps most routes out of them.
  const unexplained = hours.flatMap((hour, h) => (hour.windows.length === 0 && searchable[h] ? [h] : []));
  hours.forEach((hour, h) => {
    if (hour.windows.length === 0 && !searchable[h]) hour.reason = 'lead_time';
  });
  if (unexplained.length > 0 && input.explain !== false) {
    const relaxedWindows = unexplained.map((h) => deliveryWindows[h]!);
    input.routes.forEach((route, r) => {
      const query = compiled[r]!;
      // Capacity first: without the cart's load does it fit? Asked only where the load can matter.
      const capacityOk = query.sizeMatters()
        ? fitsRelaxed(query, RELAX_CAPACITY, relaxedWindows)
        : relaxedWindows.map(() => false);
      // Then, where capacity is not the reason, would a longer shift do?
      const shiftAsked = unexplained.flatMap((_, k) => (capacityOk[k] ? [] : [k]));
      const shiftAnswers =
        shiftAsked.length > 0
          ? fitsRelaxed(
              query,
              RELAX_SHIFT,
              shiftAsked.map((k) => relaxedWindows[k]!),
            )
          : [];
      const shiftOk = new Map(shiftAsked.map((k, i) => [k, shiftAnswers[i]!]));
      unexplained.forEach((h, k) => {
        hours[h]!.routeReasons.push({
          routeId: route.id,
          reason: capacityOk[k] ? 'capacity' : shiftOk.get(k) ? 'shift' : 'stop_window',
        });
      });
    });
    for (const h of unexplained) {
      const counts = new Map<HourReason, number>();
      for (const { reason } of hours[h]!.routeReasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
      hours[h]!.reason = [...REASON_PRIORITY].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0]!;
    }
  }
  windows.sort((a, b) => a.start - b.start || a.end - b.end || a.routeId - b.routeId);
  return { windows, hours };
}
