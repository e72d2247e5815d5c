import type { BookingSettings } from '@/server/accounts';
import { schema } from '@/server/db';
import { emptyMatrix, epochToLocalIso, getMatrixProvider, trafficProfileFor, type LatLng, type MatrixProvider, type TravelMatrix } from '@/server/geo';
import type { JobHandler, Json } from '@/server/jobs';
import type { BookedRoute } from '@/server/routing';
import { bookedRoutesSnapshot, type RouteScope } from './booked-routes';
import { quotePrice } from './pricing';
import type { BookingPrice } from './request-schema';
import { bookingSearchPlaces, searchBookingWindows, type BookingSearchResult, type HourReason, type NewOrder, type SearchHour } from './search';

/**
 * The `booking.search` job kind: the search runs on a worker thread (pool mode) or a worker
 * process (queue mode). The settings, the hours and the clock's earliest start are fixed when the
 * search is submitted; the booked routes are named by their scope and read by `prepare` in the
 * process that runs the job (worker threads have no database), so a job row stays small.
 */

export interface BookingJobInput {
  /** Whose booked routes the order may join. */
  routeScope: RouteScope;
  order: NewOrder;
  hours: SearchHour[];
  earliestStart: number;
  /** The destination's zone: windows are rendered with its UTC offset. */
  timeZone: string;
  /** The requested local date (traffic profile of that day). */
  date: string;
  /** For the search log: the fulfilling branch and the bucket searched. */
  branchId: number;
  bucket: string;
  booking: BookingSettings | null;
  orderValueCents: number;
  /**
   * Booking's clock minus the real clock when the search was submitted (0 unless a test moved it):
   * job timestamps are real, so the dedupe window and retention compare on booking's clock through it.
   */
  clockOffsetMs: number;
}

export interface WireWindow {
  deliveryWindowStart: string;
  deliveryWindowEnd: string;
  price?: BookingPrice;
}

export interface HourOutcome {
  start: string;
  end: string;
  windows: (WireWindow & { routeId: number; routeExternalId: string; vehicleType: string })[];
  reason: HourReason | null;
  routeReasons: { routeId: number; reason: HourReason }[];
}

/** A search's outcome as the console shows it: the contract's result fields plus the per-hour explanation. */
export interface BookingSearchOutcome {
  windows: WireWindow[];
  fallback?: 'asap';
  price: BookingPrice | null;
  hours: HourOutcome[];
  /** Booking's clock minus the real clock at submission, kept for the retention check on that clock. */
  clockOffsetMs?: number;
}

/**
 * What the job stores: the same outcome in epoch seconds, each window once, routes by index. A
 * result is written to the database and read back by every poll; rendered, with the explanation
 * repeating each window beside its route, a search of 50 routes stored about 60 KB, and writing and
 * reading that jsonb was the largest single cost of a search on the embedded database.
 */
export interface StoredBookingOutcome {
  format: 2;
  /** The destination's zone: windows are rendered with its UTC offset. */
  timeZone: string;
  price: BookingPrice | null;
  /** [id, externalId, vehicleType] of each searched route, in search order. */
  routes: [number, string, string][];
  hours: StoredHour[];
  clockOffsetMs?: number;
}

interface StoredHour {
  start: number;
  end: number;
  /** Per window of the hour, in route order: route index, then the window's start (it ends with the hour). */
  windows: number[];
  reason: HourReason | null;
  /** When the hour was explained per route: one letter per route, in route order (ROUTE_REASON_LETTERS). */
  routeReasons: string;
}

const ROUTE_REASON_LETTERS: Partial<Record<HourReason, string>> = { capacity: 'c', shift: 's', stop_window: 'w' };
const REASON_OF_LETTER = new Map(Object.entries(ROUTE_REASON_LETTERS).map(([reason, letter]) => [letter, reason as HourReason]));

/** The stored form of a search's result. */
function storeOutcome(routes: readonly BookedRoute[], result: BookingSearchResult, price: BookingPrice | null, timeZone: string): StoredBookingOutcome {
  const indexOf = new Map(routes.map((route, k) => [route.id, k]));
  return {
    format: 2,
    timeZone,
    price,
    routes: routes.map((route) => [route.id, route.externalId, route.vehicleType]),
    hours: result.hours.map((hour) => ({
      start: hour.start,
      end: hour.end,
      windows: hour.windows.flatMap((w) => [indexOf.get(w.routeId)!, w.start]),
      reason: hour.reason,
      routeReasons: hour.routeReasons.length === routes.length ? hour.routeReasons.map((r) => ROUTE_REASON_LETTERS[r.reason] ?? '?').join('') : '',
    })),
  };
}

/** A stored window: its route index, start and end (epoch seconds). */
interface StoredWindow {
  route: number;
  start: number;
  end: number;
}

function storedWindowsOf(hour: StoredHour): StoredWindow[] {
  const out: StoredWindow[] = [];
  for (let k = 0; k + 1 < hour.windows.length; k += 2) out.push({ route: hour.windows[k]!, start: hour.windows[k + 1]!, end: hour.end });
  return out;
}

/** Renders epoch seconds in one zone, each distinct instant once. */
function isoRenderer(timeZone: string): (epochSeconds: number) => string {
  const rendered = new Map<number, string>();
  return (t) => {
    let text = rendered.get(t);
    if (text === undefined) {
      text = epochToLocalIso(t, timeZone);
      rendered.set(t, text);
    }
    return text;
  };
}

const isStored = (result: unknown): result is StoredBookingOutcome => (result as { format?: unknown } | null)?.format === 2;

/**
 * The contract's windows of a job's result, sorted by start, then end (then route, as the search
 * sorts them), each with the one price. Results stored before the compact form are read as they were.
 */
export function resultWindows(result: unknown): { windows: WireWindow[]; fallback?: 'asap' } {
  if (!isStored(result)) {
    const legacy = result as BookingSearchOutcome;
    return { windows: legacy.windows, ...(legacy.fallback ? { fallback: legacy.fallback } : {}) };
  }
  const routeId = (k: number) => result.routes[k]?.[0] ?? 0;
  const all = result.hours.flatMap(storedWindowsOf).sort((a, b) => a.start - b.start || a.end - b.end || routeId(a.route) - routeId(b.route));
  const iso = isoRenderer(result.timeZone);
  const price = result.price;
  const windows = all.map((w) => ({ deliveryWindowStart: iso(w.start), deliveryWindowEnd: iso(w.end), ...(price ? { price } : {}) }));
  return { windows, ...(windows.length === 0 ? { fallback: 'asap' as const } : {}) };
}

/** How many windows a job's result holds. */
export function resultWindowCount(result: unknown): number {
  if (!isStored(result)) return Array.isArray((result as { windows?: unknown } | null)?.windows) ? (result as BookingSearchOutcome).windows.length : 0;
  return result.hours.reduce((sum, hour) => sum + hour.windows.length / 2, 0);
}

/** A job's result as the console shows it. */
export function readOutcome(result: unknown): BookingSearchOutcome {
  if (!isStored(result)) return result as BookingSearchOutcome;
  const iso = isoRenderer(result.timeZone);
  const price = result.price;
  const withPrice = price ? { price } : {};
  const { windows, fallback } = resultWindows(result);
  return {
    windows,
    ...(fallback ? { fallback } : {}),
    price,
    hours: result.hours.map((hour) => ({
      start: iso(hour.start),
      end: iso(hour.end),
      windows: storedWindowsOf(hour).map((w) => {
        const [routeId, routeExternalId, vehicleType] = result.routes[w.route]!;
        return { deliveryWindowStart: iso(w.start), deliveryWindowEnd: iso(w.end), ...withPrice, routeId, routeExternalId, vehicleType };
      }),
      reason: hour.reason,
      routeReasons: [...hour.routeReasons].map((letter, k) => ({ routeId: result.routes[k]![0], reason: REASON_OF_LETTER.get(letter) ?? 'stop_window' })),
    })),
    ...(result.clockOffsetMs !== undefined ? { clockOffsetMs: result.clockOffsetMs } : {}),
  };
}

/** A search ready to run: its input with the scope's booked routes. */
export type PreparedBookingSearch = Omit<BookingJobInput, 'routeScope'> & { routes: BookedRoute[] };

/**
 * What a job hands its worker thread: the routes as one JSON string named by their snapshot key
 * (the scope and its itineraries' fingerprint, see bookedRoutesSnapshot). Copying a string to a
 * thread is one memory copy, where the routes as objects (1,500 stops) were cloned field by field
 * on the event-loop thread for every search.
 */
type ThreadBookingSearch = Omit<BookingJobInput, 'routeScope'> & { routesKey: string; routesJson: string };

/** Parsed routes per snapshot key, in this thread (a few branches' days; most recently used last). */
const MAX_PARSED_SNAPSHOTS = 8;
const parsedRoutes = new Map<string, { json: string; routes: BookedRoute[] }>();

/** The routes of a snapshot, parsed once per thread; the key names exactly one content, and the string must match too. */
function routesOf(key: string, json: string): BookedRoute[] {
  const cached = parsedRoutes.get(key);
  parsedRoutes.delete(key);
  if (cached && cached.json === json) {
    parsedRoutes.set(key, cached);
    return cached.routes;
  }
  const routes = JSON.parse(json) as BookedRoute[];
  parsedRoutes.set(key, { json, routes });
  if (parsedRoutes.size > MAX_PARSED_SNAPSHOTS) parsedRoutes.delete(parsedRoutes.keys().next().value!);
  return routes;
}

/** Travel among a route's own places, per provider, kept as long as the route object lives (see routesOf). */
const ownMatrices = new WeakMap<readonly LatLng[], { provider: MatrixProvider; matrix: Promise<TravelMatrix> }>();

/**
 * The travel matrix over `bookingSearchPoints(route, order)`: the block among the route's own places
 * is computed once per route object; per search only the rows and columns of the order's new
 * places are asked for.
 */
async function searchMatrix(provider: MatrixProvider, route: BookedRoute, order: NewOrder): Promise<TravelMatrix> {
  const { own, added } = bookingSearchPlaces(route, order);
  let kept = ownMatrices.get(own);
  if (!kept || kept.provider !== provider) {
    kept = { provider, matrix: provider.matrix(own, 'car') };
    ownMatrices.set(own, kept);
    kept.matrix.catch(() => ownMatrices.delete(own));
  }
  const block = await kept.matrix;
  if (added.length === 0) return block;
  const all = [...own, ...added];
  const [rows, columns] = await Promise.all([provider.table(added, all, 'car'), provider.table(own, added, 'car')]);
  const m = own.length;
  const n = all.length;
  const out = emptyMatrix(n, n);
  for (let i = 0; i < m; i++) {
    out.durations.set(block.durations.subarray(i * m, (i + 1) * m), i * n);
    out.distances.set(block.distances.subarray(i * m, (i + 1) * m), i * n);
    out.durations.set(columns.durations.subarray(i * added.length, (i + 1) * added.length), i * n + m);
    out.distances.set(columns.distances.subarray(i * added.length, (i + 1) * added.length), i * n + m);
  }
  out.durations.set(rows.durations, m * n);
  out.distances.set(rows.distances, m * n);
  return out;
}

/** The search with the configured travel-time provider and the day's traffic, in its stored form. */
export async function runStoredBookingSearch(input: PreparedBookingSearch): Promise<StoredBookingOutcome> {
  const provider = getMatrixProvider();
  const travel = await Promise.all(input.routes.map((route) => searchMatrix(provider, route, input.order)));
  // Routes were planned with the traffic of their own zone; the branch's routes share one.
  const routeZone = input.routes[0]?.timeZone ?? input.timeZone;
  const traffic = trafficProfileFor('automatic', input.date, routeZone);
  const result = searchBookingWindows({ routes: input.routes, order: input.order, hours: input.hours, earliestStart: input.earliestStart, traffic }, travel);
  const price = quotePrice(input.booking, result.windows, input.orderValueCents);
  return storeOutcome(input.routes, result, price ?? null, input.timeZone);
}

/** The same, rendered as the console shows it (windows on the wire: ISO 8601 with the destination's offset). */
export async function runBookingSearch(input: PreparedBookingSearch): Promise<BookingSearchOutcome> {
  return readOutcome(await runStoredBookingSearch(input));
}

export const bookingSearchJobHandler: JobHandler<BookingJobInput, Json, ThreadBookingSearch> = {
  async prepare(input, { db }) {
    const { routeScope, ...rest } = input;
    const snapshot = await bookedRoutesSnapshot(db, routeScope);
    return { ...rest, routesKey: snapshot.key, routesJson: snapshot.json };
  },
  async run(input) {
    const { routesKey, routesJson, ...rest } = input;
    const prepared: PreparedBookingSearch = { ...rest, routes: routesOf(routesKey, routesJson) };
    const outcome: StoredBookingOutcome = { ...(await runStoredBookingSearch(prepared)), clockOffsetMs: input.clockOffsetMs };
    return outcome as unknown as Json;
  },
  /** The search log row, in the transaction that completes the job. */
  async commit({ tx, job, input, result }) {
    const outcome = result as unknown as StoredBookingOutcome;
    const windows = resultWindowCount(outcome);
    await tx
      .insert(schema.bookingSearches)
      .values({
        jobId: job.id,
        accountId: job.accountId,
        environment: job.environment,
        branchId: input.branchId,
        date: input.date,
        bucket: input.bucket,
        windows,
        priceCents: outcome.price?.amountCents ?? null,
        priceModel: outcome.price?.model ?? null,
        fallback: windows === 0 ? 'asap' : null,
        finishedAt: new Date(),
      })
      .onConflictDoNothing();
  },
};
