import type { z } from 'zod';
import { surfaceDistance, type LatLng } from '@/server/geo';
import type {
  InitialRoute,
  LockedSequence,
  Problem,
  ReasonCode,
  Shipment,
  Stop,
  TimeWindow,
  TrafficProfile,
  Vehicle,
  VehicleBreak,
} from '@/server/optimizer';
import type { fleetSpecSchema, orderSchema } from './request-schema';
import { RoutingInputError } from './errors';
import type { InitialStop } from './itinerary-fleet-entry';
import { orderPriority, type ResolvedRoutingOptions } from './options';
import {
  isCatalogVehicleType,
  resolveVehicleSpec,
  VEHICLE_TYPES,
  type CatalogVehicleType,
  type VehicleSpec,
} from './vehicle-catalog';

/**
 * From a validated routing request (with its addresses resolved) to the optimizer's Problem.
 * Pure: geocoding and the travel-time matrix are done by the caller (`solve-routing.ts`), so this
 * translation is tested without either.
 */

export type RoutingOrder = z.output<typeof orderSchema>;
export type FleetEntry = z.output<typeof fleetSpecSchema>;

/** Stops within this distance are one place: they share a setup, and one location when stop clustering is on. */
const CLUSTER_RADIUS_METERS = 25;
const METERS_PER_MILE = 1609.344;
const LARGE_CAPACITY = Number.MAX_SAFE_INTEGER;

/** Whether two points are one place: within 25 m, a driver parks and walks in once (one setup). */
export function samePlace(a: LatLng, b: LatLng): boolean {
  return surfaceDistance(a, b) <= CLUSTER_RADIUS_METERS;
}

export type PlaceResolution = { ok: true; point: LatLng; timeZone: string } | { ok: false; message: string };

export interface ResolvedPlaces {
  orders: { pickup: PlaceResolution; dropoff: PlaceResolution }[];
  fleet: { start: PlaceResolution | null; end: PlaceResolution | null }[];
}

interface PreUnassigned {
  order: number;
  reason: ReasonCode;
  description: string;
}

/** Where each request entity ended up in the location list. */
interface LocationLayout {
  /** Real places; the matrix is built over these. */
  points: LatLng[];
  timeZones: string[];
  /** Per location: its place (the first location within 25 m of it; Problem.places). */
  places: number[];
  /** Per order: location indices, or null when an address did not resolve. */
  orderStops: ({ pickup: number; dropoff: number } | null)[];
  vehicleStart: (number | null)[];
  vehicleEnd: (number | null)[];
  unassigned: PreUnassigned[];
}

export function layoutLocations(
  orders: readonly RoutingOrder[],
  fleet: readonly FleetEntry[],
  places: ResolvedPlaces,
  clustering: boolean,
): LocationLayout {
  const points: LatLng[] = [];
  const timeZones: string[] = [];
  const placeOf: number[] = [];
  // Exact duplicates always share a location; with clustering, anything within the radius does.
  const exact = new Map<string, number>();
  const grid = new Map<string, number[]>();
  const cellDegrees = 0.001; // about 111 m of latitude: neighbours within 25 m are in adjacent cells

  const locate = (place: { point: LatLng; timeZone: string }): number => {
    const key = `${place.point.latitude},${place.point.longitude}`;
    const same = exact.get(key);
    if (same !== undefined) return same;
    const cellLat = Math.floor(place.point.latitude / cellDegrees);
    const cellLon = Math.floor(place.point.longitude / cellDegrees);
    let near = -1;
    for (let dLat = -1; dLat <= 1 && near < 0; dLat++) {
      for (let dLon = -1; dLon <= 1 && near < 0; dLon++) {
        for (const candidate of grid.get(`${cellLat + dLat}:${cellLon + dLon}`) ?? []) {
          if (samePlace(place.point, points[candidate]!)) {
            near = candidate;
            break;
          }
        }
      }
    }
    if (clustering && near >= 0) return near;
    const index = points.length;
    points.push(place.point);
    timeZones.push(place.timeZone);
    placeOf.push(near >= 0 ? placeOf[near]! : index);
    exact.set(key, index);
    const cell = `${cellLat}:${cellLon}`;
    const members = grid.get(cell);
    if (members) members.push(index);
    else grid.set(cell, [index]);
    return index;
  };

  const unassigned: PreUnassigned[] = [];
  const orderStops = orders.map((order, i) => {
    const resolved = places.orders[i]!;
    const failures: string[] = [];
    if (!resolved.pickup.ok) failures.push(`pickup: ${resolved.pickup.message}`);
    if (!resolved.dropoff.ok) failures.push(`dropoff: ${resolved.dropoff.message}`);
    if (!resolved.pickup.ok || !resolved.dropoff.ok) {
      unassigned.push({ order: i, reason: 'ADDRESS_NOT_RESOLVED', description: failures.join('; ') });
      return null;
    }
    return { pickup: locate(resolved.pickup), dropoff: locate(resolved.dropoff) };
  });

  const vehicleStart: (number | null)[] = [];
  const vehicleEnd: (number | null)[] = [];
  fleet.forEach((_, i) => {
    const resolved = places.fleet[i]!;
    for (const [side, place] of [
      ['startAddress', resolved.start],
      ['endAddress', resolved.end],
    ] as const) {
      if (place && !place.ok)
        throw new RoutingInputError(
          `fleet[${i}].${side}`,
          `fleet[${i}].${side} could not be resolved: ${place.message}`,
        );
    }
    vehicleStart.push(resolved.start?.ok ? locate(resolved.start) : null);
    vehicleEnd.push(resolved.end?.ok ? locate(resolved.end) : null);
  });

  return { points, timeZones, places: placeOf, orderStops, vehicleStart, vehicleEnd, unassigned };
}

/** The spec a fleet entry's vehicle gets: catalog type (maybe mapped), then type overrides, vehicle overrides, its own vehicleSpec. */
export function vehicleSpecFor(
  entry: FleetEntry,
  index: number,
  options: ResolvedRoutingOptions,
): { type: CatalogVehicleType; spec: VehicleSpec } {
  const mapped =
    options.vehicleMaps.get(entry.vehicleExternalId) ?? options.vehicleMaps.get(entry.vehicleType) ?? entry.vehicleType;
  if (!isCatalogVehicleType(mapped)) {
    throw new RoutingInputError(
      `fleet[${index}].vehicleType`,
      `Unknown vehicle type "${mapped}"; accepted values: ${VEHICLE_TYPES.join(', ')} (or map a name to one with options.vehicleMaps).`,
    );
  }
  const spec = resolveVehicleSpec(
    mapped,
    options.vehicleSpecOverrides.get(mapped),
    mapped === entry.vehicleType ? undefined : options.vehicleSpecOverrides.get(entry.vehicleType),
    options.vehicleSpecOverrides.get(entry.vehicleExternalId),
    catalogFields(entry.vehicleSpec),
  );
  return { type: mapped, spec };
}

/** A fleet entry's vehicleSpec without what is not a catalog figure (its breaks). */
function catalogFields(spec: FleetEntry['vehicleSpec']): Partial<VehicleSpec> | undefined {
  if (!spec) return undefined;
  const { breaks: _breaks, ...figures } = spec;
  return figures;
}

/** A fleet entry's driver breaks in the solver's terms (epoch seconds). */
function vehicleBreaksOf(entry: FleetEntry): VehicleBreak[] {
  return (entry.vehicleSpec?.breaks ?? []).map((b) => ({
    earliestStart: epochSeconds(b.earliestStart),
    latestEnd: epochSeconds(b.latestEnd),
    durationSeconds: b.durationMinutes * 60,
  }));
}

interface OrderLoad {
  pounds: number;
  cubicInches: number;
  items: number;
}

/** Weight (pounds) and volume (cubic inches) of an order's payload, quantities included. */
export function orderLoad(order: RoutingOrder): OrderLoad {
  let pounds = 0;
  let cubicInches = 0;
  let items = 0;
  for (const item of order.payloadItems ?? []) {
    const quantity = item.quantity;
    pounds += (item.weight ?? 0) * quantity;
    cubicInches += (item.height ?? 0) * (item.length ?? 0) * (item.width ?? 0) * quantity;
    items += quantity;
  }
  return { pounds, cubicInches, items };
}

const epochSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

function windowOf(open: string | undefined, close: string | undefined): TimeWindow[] | 'invalid' {
  if (open === undefined && close === undefined) return [];
  const start = open === undefined ? 0 : epochSeconds(open);
  const end = close === undefined ? Number.MAX_SAFE_INTEGER : epochSeconds(close);
  return start > end ? 'invalid' : [{ start, end }];
}

function intersect(a: TimeWindow[], b: TimeWindow[]): TimeWindow[] | null {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const start = Math.max(a[0]!.start, b[0]!.start);
  const end = Math.min(a[0]!.end, b[0]!.end);
  return start <= end ? [{ start, end }] : null;
}

/** The address fields a stop shows. */
export interface RoutingAddress {
  addressLine1: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface RoutingProblem {
  problem: Problem;
  /** Location index -> place (the virtual start location has none). */
  points: LatLng[];
  /** Per shipment: the request's order indices it carries (more than one when bundled). */
  shipmentOrders: number[][];
  /** Per vehicle: the fleet entry it came from, its catalog type and spec. */
  vehicles: { fleetIndex: number; type: string; spec: VehicleSpec; start: LatLng | null; end: LatLng | null }[];
  /** Orders kept out of the problem, with their reason. */
  unassigned: PreUnassigned[];
  /** Location index -> time zone (virtual start location included, in its vehicle's first stop's zone). */
  timeZones: string[];
  /** Index of the zero-cost "anywhere" start location, or null when every vehicle has a start address. */
  virtualStart: number | null;
  /** Vehicles that could be added to the fleet, in order of preference (the optimizer's add_vehicle fix candidates). */
  extraVehicles: ExtraVehicle[];
}

/**
 * One more vehicle the fix finder may suggest: like the fleet entry of vehicle `template` (same
 * scheduled start, depot, end and skills), of catalog type `type` with the figures `spec`.
 */
interface ExtraVehicle {
  vehicle: Vehicle;
  template: number;
  type: CatalogVehicleType;
  spec: VehicleSpec;
}

/**
 * The add_vehicle candidates: for every distinct fleet profile (type, depot, end, start time,
 * skills), first one more of the same vehicle, then one of each other catalog type (with the
 * request's overrides for that type), smallest capacity first.
 */
function extraVehicleCandidates(
  vehicles: readonly Vehicle[],
  info: readonly { type: CatalogVehicleType; spec: VehicleSpec }[],
  options: ResolvedRoutingOptions,
): ExtraVehicle[] {
  const seen = new Set<string>();
  const templates: number[] = [];
  vehicles.forEach((v, i) => {
    const key = JSON.stringify([
      info[i]!.type,
      v.startLocation,
      v.endLocation,
      v.earliestStart,
      [...v.skills].sort(),
      info[i]!.spec,
    ]);
    if (seen.has(key)) return;
    seen.add(key);
    templates.push(i);
  });
  const same = templates.map((i) => ({
    vehicle: { ...vehicles[i]!, id: `${vehicles[i]!.id}+1` },
    template: i,
    type: info[i]!.type,
    spec: info[i]!.spec,
  }));
  const others = templates.flatMap((i) =>
    VEHICLE_TYPES.filter((type) => type !== info[i]!.type).map((type) => {
      const spec = resolveVehicleSpec(type, options.vehicleSpecOverrides.get(type));
      return { vehicle: vehicleOf(vehicles[i]!, spec, options, `${vehicles[i]!.id}+${type}`), template: i, type, spec };
    }),
  );
  others.sort((a, b) => a.spec.capacityPounds - b.spec.capacityPounds || a.spec.fixedCost - b.spec.fixedCost);
  return [...same, ...others];
}

/** A vehicle like `like` (places, start, skills) with the figures of `spec`. */
function vehicleOf(like: Vehicle, spec: VehicleSpec, options: ResolvedRoutingOptions, id: string): Vehicle {
  return {
    ...like,
    id,
    latestEnd: like.earliestStart + Math.round(spec.shiftHours * 3600),
    capacity: [spec.capacityPounds, options.volumeOptimization ? spec.capacityCubicInches : LARGE_CAPACITY],
    skills: [...like.skills],
    maxStops: spec.maxStops,
    fixedCost: spec.fixedCost,
    costPerHour: spec.costPerHour,
    costPerMeter: spec.costPerMile / METERS_PER_MILE,
    speedFactor: spec.speedFactor,
  };
}

interface AssembleInput {
  orders: readonly RoutingOrder[];
  fleet: readonly FleetEntry[];
  options: ResolvedRoutingOptions;
  layout: LocationLayout;
  /** Over layout.points, row-major. */
  durations: Float64Array;
  distances: Float64Array;
  traffic?: TrafficProfile | undefined;
  /** Per fleet index, the search's starting sequence (warm start), or null. */
  initialRoutes?: readonly (readonly InitialStop[] | null)[] | null | undefined;
}

export function assembleProblem(input: AssembleInput): RoutingProblem {
  const { orders, fleet, options, layout } = input;
  const realCount = layout.points.length;
  const needsVirtual = layout.vehicleStart.some((s) => s === null);
  const locationCount = realCount + (needsVirtual ? 1 : 0);
  const virtualStart = needsVirtual ? realCount : null;

  // The virtual start is at zero distance from everywhere: a vehicle without a start address
  // begins its route at its first pickup.
  const durations = new Float64Array(locationCount * locationCount);
  const distances = new Float64Array(locationCount * locationCount);
  for (let from = 0; from < realCount; from++) {
    durations.set(input.durations.subarray(from * realCount, (from + 1) * realCount), from * locationCount);
    distances.set(input.distances.subarray(from * realCount, (from + 1) * realCount), from * locationCount);
  }

  const unassigned = [...layout.unassigned];
  const { setupSeconds, perItemSeconds } = options.serviceTime;

  interface Candidate {
    orders: number[];
    pickup: number;
    dropoff: number;
    pickupWindows: TimeWindow[];
    dropoffWindows: TimeWindow[];
    load: OrderLoad;
    skills: Set<string>;
    priority: number;
  }
  const candidates: Candidate[] = [];
  orders.forEach((order, i) => {
    const stops = layout.orderStops[i];
    if (!stops) return;
    const pickupWindows = windowOf(order.pickupWindowOpen, order.pickupWindowClose);
    const dropoffWindows = windowOf(order.dropoffWindowOpen, order.dropoffWindowClose);
    if (pickupWindows === 'invalid' || dropoffWindows === 'invalid') {
      const [side, open, close] =
        pickupWindows === 'invalid'
          ? (['pickup', order.pickupWindowOpen, order.pickupWindowClose] as const)
          : (['dropoff', order.dropoffWindowOpen, order.dropoffWindowClose] as const);
      unassigned.push({
        order: i,
        reason: 'INVALID_TIME_WINDOW',
        description: `The ${side} window closes (${close}) before it opens (${open}).`,
      });
      return;
    }
    candidates.push({
      orders: [i],
      pickup: stops.pickup,
      dropoff: stops.dropoff,
      pickupWindows,
      dropoffWindows,
      load: orderLoad(order),
      skills: new Set(order.requiredSkills ?? []),
      priority: orderPriority(order.customTags, options.tagPriorities),
    });
  });

  // bundlePayloadItems: orders between the same two places travel together when their windows overlap.
  const shipmentsIn: Candidate[] = [];
  if (options.bundlePayloadItems) {
    const groups = new Map<string, Candidate[]>();
    for (const candidate of candidates) {
      const key = `${candidate.pickup}>${candidate.dropoff}`;
      const group = groups.get(key);
      let merged = false;
      for (const bundle of group ?? []) {
        const pickupWindows = intersect(bundle.pickupWindows, candidate.pickupWindows);
        const dropoffWindows = intersect(bundle.dropoffWindows, candidate.dropoffWindows);
        if (!pickupWindows || !dropoffWindows) continue;
        bundle.orders.push(...candidate.orders);
        bundle.pickupWindows = pickupWindows;
        bundle.dropoffWindows = dropoffWindows;
        bundle.load = {
          pounds: bundle.load.pounds + candidate.load.pounds,
          cubicInches: bundle.load.cubicInches + candidate.load.cubicInches,
          items: bundle.load.items + candidate.load.items,
        };
        for (const skill of candidate.skills) bundle.skills.add(skill);
        bundle.priority = Math.max(bundle.priority, candidate.priority);
        merged = true;
        break;
      }
      if (merged) continue;
      const copy = { ...candidate, orders: [...candidate.orders], skills: new Set(candidate.skills) };
      if (group) group.push(copy);
      else groups.set(key, [copy]);
      shipmentsIn.push(copy);
    }
  } else {
    shipmentsIn.push(...candidates);
  }

  const stop = (location: number, windows: TimeWindow[], items: number): Stop => ({
    location,
    serviceSeconds: perItemSeconds * items,
    ...(setupSeconds > 0 ? { setupSeconds } : {}),
    timeWindows: windows,
  });
  const shipments: Shipment[] = shipmentsIn.map((candidate) => ({
    id: orders[candidate.orders[0]!]!.externalId,
    pickup: stop(candidate.pickup, candidate.pickupWindows, candidate.load.items),
    delivery: stop(candidate.dropoff, candidate.dropoffWindows, candidate.load.items),
    size: [candidate.load.pounds, candidate.load.cubicInches],
    requiredSkills: [...candidate.skills],
    priority: candidate.priority,
  }));

  const placeAt = (location: number | null | undefined): LatLng | null =>
    location === null || location === undefined ? null : layout.points[location]!;
  const vehicleInfo = fleet.map((entry, i) => ({
    fleetIndex: i,
    ...vehicleSpecFor(entry, i, options),
    start: placeAt(layout.vehicleStart[i]),
    end: placeAt(layout.vehicleEnd[i]),
  }));
  const vehicles: Vehicle[] = fleet.map((entry, i) => {
    const { spec } = vehicleInfo[i]!;
    const place = {
      startLocation: layout.vehicleStart[i] ?? virtualStart!,
      endLocation: layout.vehicleEnd[i] ?? null,
      earliestStart: epochSeconds(entry.scheduledStart),
      skills: [...(entry.routeSkills ?? [])],
    };
    const breaks = vehicleBreaksOf(entry);
    return vehicleOf(
      {
        ...place,
        latestEnd: 0,
        capacity: [],
        fixedCost: 0,
        costPerHour: 0,
        costPerMeter: 0,
        speedFactor: 1,
        id: '',
        ...(breaks.length > 0 ? { breaks } : {}),
      },
      spec,
      options,
      itineraryExternalId(entry),
    );
  });

  const lockedSequences = lockedSequencesFor(
    options,
    fleet,
    orders,
    shipmentsIn.map((c) => c.orders),
  );

  const initialRoutes = initialRoutesFor(
    input.initialRoutes ?? [],
    orders,
    shipmentsIn.map((c) => c.orders),
  );

  const timeZones = [...layout.timeZones];
  if (virtualStart !== null) timeZones.push(timeZones[0] ?? 'UTC');

  const problem: Problem = {
    locationCount,
    durations,
    distances,
    dimensions: 2,
    vehicles,
    shipments,
    objective: options.objective,
    ...(lockedSequences.length > 0 ? { lockedSequences } : {}),
    ...(initialRoutes.length > 0 ? { initialRoutes } : {}),
    ...(input.traffic ? { traffic: input.traffic } : {}),
    places: virtualStart === null ? layout.places : [...layout.places, virtualStart],
  };
  return {
    problem,
    points: layout.points,
    shipmentOrders: shipmentsIn.map((c) => c.orders),
    vehicles: vehicleInfo,
    unassigned,
    timeZones,
    virtualStart,
    extraVehicles: extraVehicleCandidates(vehicles, vehicleInfo, options),
  };
}

/** A planned itinerary's external id: `<driverExternalId>:<vehicleExternalId>`. */
export function itineraryExternalId(entry: Pick<FleetEntry, 'driverExternalId' | 'vehicleExternalId'>): string {
  return `${entry.driverExternalId}:${entry.vehicleExternalId}`;
}

/**
 * Starting sequences (fleet index = vehicle index) -> the optimizer's initial routes. An order kept
 * out of the problem is left out; bundled orders share one stop. The references were checked with
 * the request (itinerary-fleet-entry.ts).
 */
export function initialRoutesFor(
  sequences: readonly (readonly InitialStop[] | null)[],
  orders: readonly RoutingOrder[],
  shipmentOrders: readonly number[][],
): InitialRoute[] {
  const shipmentOfOrder = new Map<string, number>();
  shipmentOrders.forEach((list, shipment) =>
    list.forEach((order) => shipmentOfOrder.set(orders[order]!.externalId, shipment)),
  );
  const routes: InitialRoute[] = [];
  sequences.forEach((sequence, vehicle) => {
    if (!sequence || sequence.length === 0) return;
    const seen = new Set<string>();
    const stops: InitialRoute['stops'] = [];
    for (const stop of sequence) {
      const shipment = shipmentOfOrder.get(stop.orderExternalId);
      const kind = stop.type === 'pickup' ? 'pickup' : 'delivery';
      if (shipment === undefined || seen.has(`${shipment}:${kind}`)) continue;
      seen.add(`${shipment}:${kind}`);
      stops.push({ shipment, kind });
    }
    routes.push({ vehicle, stops });
  });
  return routes;
}

/** lockedStops -> the optimizer's locked sequences; unknown itineraries or orders are a 400 naming the tuple. */
export function lockedSequencesFor(
  options: ResolvedRoutingOptions,
  fleet: readonly FleetEntry[],
  orders: readonly RoutingOrder[],
  shipmentOrders: readonly number[][],
): LockedSequence[] {
  const shipmentOfOrder = new Map<number, number>();
  shipmentOrders.forEach((list, shipment) => list.forEach((order) => shipmentOfOrder.set(order, shipment)));
  const orderIndex = new Map<string, number>();
  orders.forEach((order, i) => {
    if (!orderIndex.has(order.externalId)) orderIndex.set(order.externalId, i);
  });

  return options.lockedStops.map(([itinerary, stops], t) => {
    const vehicle = fleet.findIndex(
      (entry) => itineraryExternalId(entry) === itinerary || entry.externalId === itinerary,
    );
    if (vehicle < 0) {
      throw new RoutingInputError(
        `options.lockedStops[${t}][0]`,
        `lockedStops names itinerary "${itinerary}", which is not in the fleet (expected "<driverExternalId>:<vehicleExternalId>" or a fleet externalId).`,
      );
    }
    const sequence: LockedSequence['stops'] = [];
    const seen = new Set<string>();
    stops.forEach((locked, s) => {
      const order = orderIndex.get(locked.orderExternalId);
      if (order === undefined) {
        throw new RoutingInputError(
          `options.lockedStops[${t}][1][${s}].orderExternalId`,
          `lockedStops names order "${locked.orderExternalId}", which is not in the request's orders.`,
        );
      }
      // An order kept out of the problem (e.g. its address did not resolve) is reported unassigned instead.
      const shipment = shipmentOfOrder.get(order);
      if (shipment === undefined) return;
      const kind = locked.type === 'pickup' ? 'pickup' : 'delivery';
      const key = `${shipment}:${kind}`;
      if (seen.has(key)) return; // bundled orders share one stop
      seen.add(key);
      sequence.push({ shipment, kind });
    });
    return { vehicle, stops: sequence };
  });
}
