import type { BookingSettings, TimeframeBucket } from '@/server/accounts';
import { schema } from '@/server/db';
import {
  emptyMatrix,
  getMatrixProvider,
  trafficProfileFor,
  type LatLng,
  type MatrixProvider,
  type TrafficProfile,
  type TravelMatrix,
} from '@/server/geo';
import type { JobHandler, Json } from '@/server/jobs';
import type { BookedRoute } from '@/server/routing';
import { bookedRoutesSnapshot, type RouteScope } from './booked-routes';
import { quotePrice } from './pricing';
import {
  readOutcome,
  resultWindowCount,
  storeOutcome,
  type BookingSearchOutcome,
  type StoredBookingOutcome,
} from './outcome';
import {
  bookingSearchPlaces,
  emptyResultReason,
  searchBookingWindows,
  type NewOrder,
  type SearchHour,
  type SplitTravel,
} from './search';

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
  bucket: TimeframeBucket;
  booking: BookingSettings | null;
  orderValueCents: number;
  /** Explain each hour without a window (the console's tried searches; the API does not show why). */
  explain: boolean;
  /** Digest of the effective settings the search applies (see service.ts, freshness); kept in the result. */
  settingsDigest: string;
  /**
   * Booking's clock minus the real clock when the search was submitted (0 unless a test moved it):
   * job timestamps are real, so the dedupe window and retention compare on booking's clock through it.
   */
  clockOffsetMs: number;
  /**
   * The version of the scope's itineraries the submit read (see bookedRoutesVersion): when this
   * process holds that version's routes, `prepare` takes them without asking again. Absent from
   * jobs submitted before it existed.
   */
  routesVersionAtSubmit?: string;
}

/** A search ready to run: its input with the scope's booked routes. */
export type PreparedBookingSearch = Omit<BookingJobInput, 'routeScope' | 'routesVersionAtSubmit'> & {
  routes: BookedRoute[];
};

/**
 * What a job hands its worker thread: the routes as UTF-8 JSON in shared memory, named by their
 * snapshot key (the scope and its itineraries' fingerprint, see bookedRoutesSnapshot). Sharing is a
 * reference: the routes as objects (1,500 stops) were cloned field by field on the event-loop thread
 * for every search, and as one string still copied (and encoded) about 300 KB per search.
 */
type ThreadBookingSearch = Omit<BookingJobInput, 'routeScope' | 'routesVersionAtSubmit'> & {
  routesKey: string;
  routesShared: SharedArrayBuffer;
  routesVersion: string;
};

/** Parsed routes per snapshot key, in this thread (a few branches' days; most recently used last). */
const MAX_PARSED_SNAPSHOTS = 8;
const parsedRoutes = new Map<string, { byteLength: number; routes: BookedRoute[] }>();

/** The routes of a snapshot, parsed once per thread; the key names exactly one content (its length must match too). */
function routesOf(key: string, shared: SharedArrayBuffer): BookedRoute[] {
  const cached = parsedRoutes.get(key);
  parsedRoutes.delete(key);
  if (cached?.byteLength === shared.byteLength) {
    parsedRoutes.set(key, cached);
    return cached.routes;
  }
  const routes = JSON.parse(new TextDecoder().decode(new Uint8Array(shared))) as BookedRoute[];
  parsedRoutes.set(key, { byteLength: shared.byteLength, routes });
  if (parsedRoutes.size > MAX_PARSED_SNAPSHOTS) parsedRoutes.delete(parsedRoutes.keys().next().value!);
  return routes;
}

/** Travel among a route's own places, per provider, kept as long as the route object lives (see routesOf). */
const ownMatrices = new WeakMap<readonly LatLng[], { provider: MatrixProvider; matrix: Promise<TravelMatrix> }>();

/**
 * A route's travel for one search, split (see SplitTravel): the block among the route's own places
 * is computed once per route object and provider; per search only the rows and columns of the
 * order's new places are asked for.
 */
async function searchMatrix(provider: MatrixProvider, route: BookedRoute, order: NewOrder): Promise<SplitTravel> {
  const { own, added } = bookingSearchPlaces(route, order);
  let kept = ownMatrices.get(own);
  if (kept?.provider !== provider) {
    kept = { provider, matrix: provider.matrix(own, 'car') };
    ownMatrices.set(own, kept);
    kept.matrix.catch(() => ownMatrices.delete(own));
  }
  const block = await kept.matrix;
  if (added.length === 0) return { own: block, rows: emptyMatrix(0, own.length), columns: emptyMatrix(own.length, 0) };
  const [rows, columns] = await Promise.all([
    provider.table(added, [...own, ...added], 'car'),
    provider.table(own, added, 'car'),
  ]);
  return { own: block, rows, columns };
}

/** The day's traffic per date and zone, one object each in this thread (routes' kept queries are valid for one profile). */
const MAX_TRAFFIC_PROFILES = 16;
const trafficProfiles = new Map<string, TrafficProfile | undefined>();

function dayTraffic(date: string, zone: string): TrafficProfile | undefined {
  const key = `${date}|${zone}`;
  if (!trafficProfiles.has(key)) {
    trafficProfiles.set(key, trafficProfileFor('automatic', date, zone));
    if (trafficProfiles.size > MAX_TRAFFIC_PROFILES) trafficProfiles.delete(trafficProfiles.keys().next().value!);
  }
  return trafficProfiles.get(key);
}

/** The search with the configured travel-time provider and the day's traffic, in its stored form. */
export async function runStoredBookingSearch(input: PreparedBookingSearch): Promise<StoredBookingOutcome> {
  const provider = getMatrixProvider();
  const travel = await Promise.all(input.routes.map((route) => searchMatrix(provider, route, input.order)));
  // Routes were planned with the traffic of their own zone; the branch's routes share one.
  const routeZone = input.routes[0]?.timeZone ?? input.timeZone;
  const traffic = dayTraffic(input.date, routeZone);
  // `explain` is absent from searches queued before it existed: they explain, as they did then.
  const result = searchBookingWindows(
    {
      routes: input.routes,
      order: input.order,
      hours: input.hours,
      earliestStart: input.earliestStart,
      traffic,
      explain: input.explain !== false,
    },
    travel,
  );
  const price = quotePrice(input.booking, result.windows, input.orderValueCents);
  return storeOutcome(input.routes, result, price ?? null, input.timeZone, {
    date: input.date,
    bucket: input.bucket,
    computedAt: Date.now() + (input.clockOffsetMs ?? 0),
    ...(result.windows.length === 0 ? { fallbackReason: emptyResultReason(input) } : {}),
  });
}

/** The same, rendered as the console shows it (windows on the wire: ISO 8601 with the destination's offset). */
export async function runBookingSearch(input: PreparedBookingSearch): Promise<BookingSearchOutcome> {
  return readOutcome(await runStoredBookingSearch(input));
}

export const bookingSearchJobHandler: JobHandler<BookingJobInput, Json, ThreadBookingSearch> = {
  async prepare(input, { db }) {
    const { routeScope, routesVersionAtSubmit, ...rest } = input;
    const snapshot = await bookedRoutesSnapshot(db, routeScope, routesVersionAtSubmit);
    return { ...rest, routesKey: snapshot.key, routesShared: snapshot.shared, routesVersion: snapshot.version };
  },
  async run(input) {
    const { routesKey, routesShared, routesVersion, ...rest } = input;
    const prepared: PreparedBookingSearch = { ...rest, routes: routesOf(routesKey, routesShared) };
    const outcome: StoredBookingOutcome = {
      ...(await runStoredBookingSearch(prepared)),
      clockOffsetMs: input.clockOffsetMs,
      routesVersion,
      settingsDigest: input.settingsDigest,
    };
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
        fallback: windows === 0 ? (outcome.fallbackReason ?? 'asap') : null,
        finishedAt: new Date(),
      })
      .onConflictDoNothing();
  },
};
