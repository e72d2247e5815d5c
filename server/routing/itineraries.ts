import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { listSubtree } from '@/server/accounts';
import { schema, type DbOrTx } from '@/server/db';
import { epochToLocalIso, localDateOf } from '@/server/geo';
import type { FleetEntry, RoutingOrder } from './build-problem';
import type { VisitedStop } from './changes';
import { RoutingInputError } from './errors';
import { pickAddress, type PlannedItinerary, type PlannedStop } from './plan-result';
import { renderRouteEnds, renderStop, type PersistedItinerary } from './responses';

/**
 * Booked itineraries: written by `book` inside the job's completion transaction, read by the
 * itinerary endpoints and by booking recommendations. Every read is scoped to an account subtree
 * and one environment; an itinerary outside it reads as absent.
 */

const { itineraries, itineraryStops } = schema;
type ItineraryRow = typeof itineraries.$inferSelect;
type StopRow = typeof itineraryStops.$inferSelect;

export type Environment = 'live' | 'sandbox';

export interface ItineraryScope {
  /** The caller's account; its subtree is visible. */
  accountId: number;
  environment: Environment;
}

const toDate = (epochSeconds: number) => new Date(epochSeconds * 1000);
const toEpoch = (date: Date) => Math.round(date.getTime() / 1000);
const toEpochOrNull = (date: Date | null) => (date === null ? null : toEpoch(date));
const point = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null ? null : { latitude, longitude };

/** A stop row's times in epoch seconds. */
function stopTimes(stop: StopRow) {
  return {
    arrival: toEpoch(stop.arrival),
    serviceStart: toEpoch(stop.serviceStart),
    departure: toEpoch(stop.departure),
    windowOpen: toEpochOrNull(stop.windowOpen),
    windowClose: toEpochOrNull(stop.windowClose),
  };
}

function itineraryColumns(planned: PlannedItinerary, orders: readonly RoutingOrder[], fleetEntry: FleetEntry) {
  const served = new Set(planned.stops.flatMap((s) => s.orderExternalIds));
  return {
    externalId: planned.externalId,
    driverExternalId: planned.driverExternalId,
    vehicleExternalId: planned.vehicleExternalId,
    vehicleType: planned.vehicleType,
    routeSkills: planned.routeSkills,
    date: localDateOf(planned.scheduledStart, planned.timeZone),
    timeZone: planned.timeZone,
    scheduledStart: toDate(planned.scheduledStart),
    shiftEnd: toDate(planned.shiftEnd),
    routeStart: toDate(planned.routeStart),
    routeEnd: toDate(planned.routeEnd),
    capacityPounds: planned.capacity.pounds,
    capacityCubicInches: planned.capacity.cubicInches,
    maxStops: planned.maxStops,
    startLatitude: planned.start?.latitude ?? null,
    startLongitude: planned.start?.longitude ?? null,
    endLatitude: planned.end?.latitude ?? null,
    endLongitude: planned.end?.longitude ?? null,
    distanceMeters: planned.totals.distanceMeters,
    durationSeconds: planned.totals.durationSeconds,
    travelSeconds: planned.totals.travelSeconds,
    serviceSeconds: planned.totals.serviceSeconds,
    waitingSeconds: planned.totals.waitingSeconds,
    orders: orders.filter((o) => served.has(o.externalId)) as unknown[],
    fleetEntry: fleetEntry as unknown as Record<string, unknown>,
  };
}

/** A visit (not a driver break): booking refuses breaks (validate-request.ts), so a booked plan has visits only. */
function visitOf(stop: PlannedStop): PlannedStop & { stopNumber: number; type: 'pickup' | 'dropoff' } {
  if (stop.type === 'break' || stop.stopNumber === null)
    throw new Error('booked itineraries do not keep driver breaks');
  return { ...stop, stopNumber: stop.stopNumber, type: stop.type };
}

function stopColumns(itineraryId: number, planned: PlannedItinerary) {
  return planned.stops.map(visitOf).map((stop) => ({
    itineraryId,
    stopNumber: stop.stopNumber,
    type: stop.type,
    orderExternalIds: stop.orderExternalIds,
    addressLine1: stop.address.addressLine1,
    city: stop.address.city,
    state: stop.address.state,
    postalCode: stop.address.postalCode,
    latitude: stop.latitude,
    longitude: stop.longitude,
    timeZone: stop.timeZone,
    arrival: toDate(stop.arrival),
    serviceStart: toDate(stop.serviceStart),
    departure: toDate(stop.departure),
    waitSeconds: Math.round(stop.waitSeconds),
    serviceSeconds: Math.round(stop.serviceSeconds),
    windowOpen: stop.windowOpen === null ? null : toDate(stop.windowOpen),
    windowClose: stop.windowClose === null ? null : toDate(stop.windowClose),
    loadPounds: stop.load.pounds,
    loadCubicInches: stop.load.cubicInches,
    legDistanceMeters: stop.legDistanceMeters,
    legDurationSeconds: stop.legDurationSeconds,
  }));
}

async function insertStops(tx: DbOrTx, itineraryId: number, planned: PlannedItinerary): Promise<void> {
  const stops = stopColumns(itineraryId, planned);
  if (stops.length > 0) await tx.insert(itineraryStops).values(stops);
}

interface BookWrite {
  accountId: number;
  environment: Environment;
  problemId: string;
  planned: readonly PlannedItinerary[];
  orders: readonly RoutingOrder[];
  fleet: readonly FleetEntry[];
  /** updateItinerary: the target itinerary id of each of the first fleet indexes (targets keep their ids; later entries are added vehicles). */
  targetIdByFleetIndex?: readonly number[] | undefined;
  /** updateItinerary: the version of each target the plan was made from. */
  targetVersions?: readonly number[] | undefined;
}

/** An update target was rewritten by another request after this one read it: the plan is stale. */
export class StaleItineraryError extends Error {
  constructor(readonly itineraryId: number) {
    super(`itinerary ${itineraryId} changed while this request was being optimized`);
    this.name = 'StaleItineraryError';
  }
}

/** One itinerary a book result wrote, and the fleet entry it was planned for. */
interface WrittenItinerary {
  id: number;
  fleetIndex: number;
}

/**
 * Writes a book result: new itineraries (createItinerary), or the targets rewritten in place plus a
 * new itinerary for each added vehicle that got stops (updateItinerary). Returns what it wrote.
 */
export async function writeBookedItineraries(tx: DbOrTx, write: BookWrite): Promise<WrittenItinerary[]> {
  const written: WrittenItinerary[] = [];
  const targetIds = write.targetIdByFleetIndex ?? [];
  const byFleetIndex = new Map(write.planned.map((p) => [p.fleetIndex, p]));
  // Every target is rewritten, also one that ends up without stops: its id survives.
  for (const [fleetIndex, id] of targetIds.entries()) {
    const entry = write.fleet[fleetIndex]!;
    const planned = byFleetIndex.get(fleetIndex);
    if (!planned) throw new Error(`the plan has no itinerary for target ${id} (fleet index ${fleetIndex})`);
    const version = write.targetVersions?.[fleetIndex];
    const updated = await tx
      .update(itineraries)
      .set({
        ...itineraryColumns(planned, write.orders, entry),
        problemId: write.problemId,
        updatedAt: new Date(),
        version: sql`${itineraries.version} + 1`,
      })
      .where(
        version === undefined ? eq(itineraries.id, id) : and(eq(itineraries.id, id), eq(itineraries.version, version)),
      )
      .returning({ id: itineraries.id });
    if (updated.length === 0) throw new StaleItineraryError(id);
    await tx.delete(itineraryStops).where(eq(itineraryStops.itineraryId, id));
    await insertStops(tx, id, planned);
    written.push({ id, fleetIndex });
  }
  // New vehicles (all of createItinerary's; an update's additions) become itineraries when they got stops.
  for (const planned of write.planned) {
    if (planned.fleetIndex < targetIds.length || (write.targetIdByFleetIndex && planned.stops.length === 0)) continue;
    const entry = write.fleet[planned.fleetIndex]!;
    const [row] = await tx
      .insert(itineraries)
      .values({
        accountId: write.accountId,
        environment: write.environment,
        problemId: write.problemId,
        ...itineraryColumns(planned, write.orders, entry),
      })
      .returning({ id: itineraries.id });
    const id = row!.id;
    await insertStops(tx, id, planned);
    written.push({ id, fleetIndex: planned.fleetIndex });
  }
  return written;
}

async function visibleAccountIds(db: DbOrTx, accountId: number): Promise<number[]> {
  return (await listSubtree(db, accountId)).map((a) => a.id);
}

/** The itineraries matching `condition` in the caller's subtree and environment, in id order. */
async function rowsInScope(db: DbOrTx, scope: ItineraryScope, condition: SQL): Promise<ItineraryRow[]> {
  const visible = await visibleAccountIds(db, scope.accountId);
  return db
    .select()
    .from(itineraries)
    .where(and(condition, inArray(itineraries.accountId, visible), eq(itineraries.environment, scope.environment)))
    .orderBy(asc(itineraries.id));
}

/** The stop rows of some itineraries in stop order, by itinerary id. */
async function stopsByItinerary(db: DbOrTx, rows: readonly { id: number }[]): Promise<Map<number, StopRow[]>> {
  const byItinerary = new Map<number, StopRow[]>();
  if (rows.length === 0) return byItinerary;
  const stops = await db
    .select()
    .from(itineraryStops)
    .where(
      inArray(
        itineraryStops.itineraryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(itineraryStops.itineraryId), asc(itineraryStops.stopNumber));
  for (const stop of stops) byItinerary.set(stop.itineraryId, [...(byItinerary.get(stop.itineraryId) ?? []), stop]);
  return byItinerary;
}

function renderItinerary(row: ItineraryRow, stopRows: StopRow[]): PersistedItinerary {
  const at = (date: Date) => epochToLocalIso(toEpoch(date), row.timeZone);
  const stops: PlannedStop[] = stopRows
    .sort((a, b) => a.stopNumber - b.stopNumber)
    .map((stop) => ({
      stopNumber: stop.stopNumber,
      type: stop.type,
      orderExternalIds: stop.orderExternalIds,
      address: { addressLine1: stop.addressLine1, city: stop.city, state: stop.state, postalCode: stop.postalCode },
      latitude: stop.latitude,
      longitude: stop.longitude,
      timeZone: stop.timeZone,
      ...stopTimes(stop),
      waitSeconds: stop.waitSeconds,
      serviceSeconds: stop.serviceSeconds,
      load: { pounds: stop.loadPounds, cubicInches: stop.loadCubicInches },
      legDistanceMeters: stop.legDistanceMeters,
      legDurationSeconds: stop.legDurationSeconds,
    }));
  const totals = {
    distanceMeters: row.distanceMeters,
    durationSeconds: row.durationSeconds,
    travelSeconds: row.travelSeconds,
    serviceSeconds: row.serviceSeconds,
    waitingSeconds: row.waitingSeconds,
  };
  const fleetEntry = row.fleetEntry as unknown as Partial<FleetEntry>;
  const { start, end } = renderRouteEnds(
    {
      start: point(row.startLatitude, row.startLongitude),
      end: point(row.endLatitude, row.endLongitude),
      startAddress: fleetEntry.startAddress ? pickAddress(fleetEntry.startAddress) : null,
      endAddress: fleetEntry.endAddress ? pickAddress(fleetEntry.endAddress) : null,
    },
    { routeStart: toEpoch(row.routeStart), routeEnd: toEpoch(row.routeEnd), timeZone: row.timeZone, totals },
    stops,
  );
  return {
    id: row.id,
    accountId: row.accountId,
    environment: row.environment,
    problemId: row.problemId,
    date: row.date,
    externalId: row.externalId,
    driverExternalId: row.driverExternalId,
    vehicleExternalId: row.vehicleExternalId,
    vehicleType: row.vehicleType,
    scheduledStart: at(row.scheduledStart),
    routeStart: at(row.routeStart),
    routeEnd: at(row.routeEnd),
    start,
    itineraryStops: stops.map(renderStop),
    end,
    totals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function renderRows(db: DbOrTx, rows: ItineraryRow[]): Promise<PersistedItinerary[]> {
  const byItinerary = await stopsByItinerary(db, rows);
  return rows.map((row) => renderItinerary(row, byItinerary.get(row.id) ?? []));
}

/** Itineraries of the caller's subtree (or one account in it) on a local date. */
export async function listItineraries(
  db: DbOrTx,
  scope: ItineraryScope,
  filter: { date: string; accountId?: number | undefined },
): Promise<PersistedItinerary[]> {
  const visible = await visibleAccountIds(db, scope.accountId);
  const accountIds = filter.accountId === undefined ? visible : visible.filter((id) => id === filter.accountId);
  if (accountIds.length === 0) return [];
  const rows = await db
    .select()
    .from(itineraries)
    .where(
      and(
        inArray(itineraries.accountId, accountIds),
        eq(itineraries.environment, scope.environment),
        eq(itineraries.date, filter.date),
      ),
    )
    .orderBy(asc(itineraries.scheduledStart), asc(itineraries.id));
  return renderRows(db, rows);
}

/** One itinerary, or null when it does not exist or lies outside the caller's subtree or environment. */
export async function getItinerary(db: DbOrTx, scope: ItineraryScope, id: number): Promise<PersistedItinerary | null> {
  const [rendered] = await renderRows(db, await rowsInScope(db, scope, eq(itineraries.id, id)));
  return rendered ?? null;
}

/** The itineraries a book request wrote (last written by `problemId`), in id order. */
export async function itinerariesOfProblem(
  db: DbOrTx,
  scope: ItineraryScope,
  problemId: string,
): Promise<PersistedItinerary[]> {
  return renderRows(db, await rowsInScope(db, scope, eq(itineraries.problemId, problemId)));
}

/** Itineraries by id in one environment (a book job's own writes), in id order; ids since deleted are left out. */
export async function itinerariesByIds(
  db: DbOrTx,
  environment: Environment,
  ids: readonly number[],
): Promise<PersistedItinerary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(itineraries)
    .where(and(inArray(itineraries.id, [...ids]), eq(itineraries.environment, environment)))
    .orderBy(asc(itineraries.id));
  return renderRows(db, rows);
}

export interface UpdateTarget {
  id: number;
  version: number;
  fleetEntry: FleetEntry;
  orders: RoutingOrder[];
  /** The booked stops in order (arrival in epoch seconds): the update's starting sequence and what its changes compare with. */
  stops: VisitedStop[];
}

/**
 * The itineraries an updateItinerary request names, with their vehicles and orders. An id that is
 * unknown, outside the caller's subtree or of the other environment is a 400 naming it (all read the same).
 */
export async function loadUpdateTargets(
  db: DbOrTx,
  scope: ItineraryScope,
  ids: readonly number[],
): Promise<UpdateTarget[]> {
  const seen = new Set<number>();
  ids.forEach((id, i) => {
    if (seen.has(id))
      throw new RoutingInputError('targetItineraryIds', `targetItineraryIds[${i}] repeats itinerary ${id}.`);
    seen.add(id);
  });
  const rows = ids.length === 0 ? [] : await rowsInScope(db, scope, inArray(itineraries.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stopRows = await stopsByItinerary(db, rows);
  return ids.map((id, i) => {
    const row = byId.get(id);
    if (!row)
      throw new RoutingInputError(
        'targetItineraryIds',
        `targetItineraryIds[${i}]: no itinerary ${id} exists for this account and environment.`,
      );
    const stops = (stopRows.get(id) ?? []).map((stop) => ({
      type: stop.type,
      orderExternalIds: stop.orderExternalIds,
      arrival: toEpoch(stop.arrival),
    }));
    return {
      id,
      version: row.version,
      fleetEntry: row.fleetEntry as unknown as FleetEntry,
      orders: row.orders as RoutingOrder[],
      stops,
    };
  });
}

/** A booked itinerary as an insertion search reads it: epoch seconds, meters, pounds and cubic inches. */
export interface BookedRoute {
  id: number;
  accountId: number;
  externalId: string;
  vehicleType: string;
  routeSkills: string[];
  timeZone: string;
  /** The shift: [scheduledStart, shiftEnd]. */
  scheduledStart: number;
  shiftEnd: number;
  routeStart: number;
  routeEnd: number;
  capacity: { pounds: number; cubicInches: number };
  maxStops: number;
  /** Depot and required end, when the fleet entry named them. */
  start: { latitude: number; longitude: number } | null;
  end: { latitude: number; longitude: number } | null;
  stops: {
    stopNumber: number;
    type: 'pickup' | 'dropoff';
    orderExternalIds: string[];
    latitude: number;
    longitude: number;
    arrival: number;
    serviceStart: number;
    departure: number;
    serviceSeconds: number;
    windowOpen: number | null;
    windowClose: number | null;
    loadPounds: number;
    loadCubicInches: number;
  }[];
}

/**
 * The booked routes of some accounts in one environment on a local date (optionally of one
 * vehicle type), for booking's insertion search. The caller decides which accounts are in scope.
 */
export async function bookedRoutesOn(
  db: DbOrTx,
  filter: { accountIds: readonly number[]; environment: Environment; date: string; vehicleType?: string | undefined },
): Promise<BookedRoute[]> {
  if (filter.accountIds.length === 0) return [];
  const conditions = [
    inArray(itineraries.accountId, [...filter.accountIds]),
    eq(itineraries.environment, filter.environment),
    eq(itineraries.date, filter.date),
  ];
  if (filter.vehicleType !== undefined) conditions.push(eq(itineraries.vehicleType, filter.vehicleType));
  const rows = await db
    .select()
    .from(itineraries)
    .where(and(...conditions))
    .orderBy(asc(itineraries.id));
  const byItinerary = await stopsByItinerary(db, rows);
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    externalId: row.externalId,
    vehicleType: row.vehicleType,
    routeSkills: row.routeSkills,
    timeZone: row.timeZone,
    scheduledStart: toEpoch(row.scheduledStart),
    shiftEnd: toEpoch(row.shiftEnd),
    routeStart: toEpoch(row.routeStart),
    routeEnd: toEpoch(row.routeEnd),
    capacity: { pounds: row.capacityPounds, cubicInches: row.capacityCubicInches },
    maxStops: row.maxStops,
    start: point(row.startLatitude, row.startLongitude),
    end: point(row.endLatitude, row.endLongitude),
    stops: (byItinerary.get(row.id) ?? []).map((stop) => ({
      stopNumber: stop.stopNumber,
      type: stop.type,
      orderExternalIds: stop.orderExternalIds,
      latitude: stop.latitude,
      longitude: stop.longitude,
      ...stopTimes(stop),
      serviceSeconds: stop.serviceSeconds,
      loadPounds: stop.loadPounds,
      loadCubicInches: stop.loadCubicInches,
    })),
  }));
}
