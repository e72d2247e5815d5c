import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/server/db';
import { bookedRoutesOn, type BookedRoute } from '@/server/routing';

/** Which booked routes a search inserts into: a branch's subtree, live or sandbox, a local date, a vehicle type. */
export interface RouteScope {
  accountIds: number[];
  environment: 'live' | 'sandbox';
  date: string;
  vehicleType?: string | undefined;
}

/**
 * The booked routes of a scope, read once per change. Searches of one branch and day come in
 * bursts and read the same routes (a branch's day can hold thousands of stops); a cheap fingerprint
 * of the scope's itineraries (count, ids and versions, last update) tells whether the copy in this
 * process is current, so an itinerary written by any instance is seen by the next search.
 */
const MAX_CACHED_SCOPES = 32;
const { itineraries } = schema;

/**
 * A scope's booked routes as of one fingerprint: `key` names exactly this content (the scope and
 * its fingerprint), `shared` is the routes serialized once as UTF-8 JSON in shared memory, so that a
 * search hands its worker thread a reference (nothing copied per search) and a thread that has
 * already parsed this key reuses its copy (see `routesOf` in ./job).
 */
interface BookedRoutesSnapshot {
  key: string;
  /** The version of the scope's itineraries this content is (see bookedRoutesVersion). */
  version: string;
  routes: BookedRoute[];
  shared: SharedArrayBuffer;
}

function sharedJson(value: unknown): SharedArrayBuffer {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}

const NO_ROUTES = sharedJson([]);
const cache = new Map<string, BookedRoutesSnapshot>();

function conditionsOf(scope: RouteScope) {
  const conditions = [
    inArray(itineraries.accountId, scope.accountIds),
    eq(itineraries.environment, scope.environment),
    eq(itineraries.date, scope.date),
  ];
  if (scope.vehicleType !== undefined) conditions.push(eq(itineraries.vehicleType, scope.vehicleType));
  return and(...conditions);
}

/**
 * The version of a scope's itineraries: their count, ids and versions (each write of an itinerary
 * bumps its version) and last update, aggregated in the database over the scope's index entries
 * (no route is read). Any booking, update or removal in the scope changes it. `loggedSearchId`
 * asks in the same statement whether the search log holds that job (see service.ts, handles).
 */
export async function bookedRoutesVersion(
  db: DbOrTx,
  scope: RouteScope,
  loggedSearchId?: string,
): Promise<{ version: string; searchLogged: boolean }> {
  const { bookingSearches } = schema;
  const logged = loggedSearchId
    ? sql<boolean>`exists (select 1 from ${bookingSearches} where ${bookingSearches.jobId} = ${loggedSearchId})`
    : sql<boolean>`false`;
  if (scope.accountIds.length === 0) {
    if (!loggedSearchId) return { version: 'none', searchLogged: false };
    const [row] = await db.select({ logged }).from(sql`(select 1) as one`);
    return { version: 'none', searchLogged: row?.logged === true };
  }
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      versions: sql<string>`coalesce(sum(${itineraries.id}::bigint * 1000003 + ${itineraries.version}), 0)::text`,
      updated: sql<string>`coalesce(max(${itineraries.updatedAt})::text, '')`,
      logged,
    })
    .from(itineraries)
    .where(conditionsOf(scope));
  return { version: row ? `${row.count}:${row.versions}:${row.updated}` : '0', searchLogged: row?.logged === true };
}

/**
 * The scope's routes as of its current version, or as of `knownVersion` (read by the caller a
 * moment ago) when this process holds that version's routes: then no statement is made. A search
 * records the version its routes are, so one answered from a version replaced meanwhile is not
 * reused by the next identical search (see service.ts, freshness).
 */
export async function bookedRoutesSnapshot(
  db: DbOrTx,
  scope: RouteScope,
  knownVersion?: string,
): Promise<BookedRoutesSnapshot> {
  const scopeKey = JSON.stringify([
    [...scope.accountIds].sort((a, b) => a - b),
    scope.environment,
    scope.date,
    scope.vehicleType ?? null,
  ]);
  if (scope.accountIds.length === 0) return { key: `${scopeKey}|none`, version: 'none', routes: [], shared: NO_ROUTES };
  const held = cache.get(scopeKey);
  const fingerprint =
    knownVersion !== undefined && held?.version === knownVersion
      ? knownVersion
      : (await bookedRoutesVersion(db, scope)).version;
  const cached = cache.get(scopeKey);
  if (cached?.key === `${scopeKey}|${fingerprint}`) {
    // Most recently used last: the first key is the one to evict.
    cache.delete(scopeKey);
    cache.set(scopeKey, cached);
    return cached;
  }
  const routes = await bookedRoutesOn(db, scope);
  const snapshot = { key: `${scopeKey}|${fingerprint}`, version: fingerprint, routes, shared: sharedJson(routes) };
  cache.delete(scopeKey);
  cache.set(scopeKey, snapshot);
  if (cache.size > MAX_CACHED_SCOPES) cache.delete(cache.keys().next().value!);
  return snapshot;
}
