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
interface CachedScope {
  fingerprint: string;
  routes: BookedRoute[];
  /** The routes as JSON in shared memory, made on first use: handed to job threads without a copy. */
  shared?: SharedArrayBuffer;
}
const cache = new Map<string, CachedScope>();

function conditionsOf(scope: RouteScope) {
  const conditions = [inArray(itineraries.accountId, scope.accountIds), eq(itineraries.environment, scope.environment), eq(itineraries.date, scope.date)];
  if (scope.vehicleType !== undefined) conditions.push(eq(itineraries.vehicleType, scope.vehicleType));
  return and(...conditions);
}

async function fingerprintOf(db: DbOrTx, scope: RouteScope): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      versions: sql<string>`coalesce(sum(${itineraries.id}::bigint * 1000003 + ${itineraries.version}), 0)::text`,
      updated: sql<string>`coalesce(max(${itineraries.updatedAt})::text, '')`,
    })
    .from(itineraries)
    .where(conditionsOf(scope));
  return row ? `${row.count}:${row.versions}:${row.updated}` : '0';
}

async function cachedScope(db: DbOrTx, scope: RouteScope): Promise<{ key: string; entry: CachedScope }> {
  const key = JSON.stringify([[...scope.accountIds].sort((a, b) => a - b), scope.environment, scope.date, scope.vehicleType ?? null]);
  const fingerprint = await fingerprintOf(db, scope);
  const cached = cache.get(key);
  if (cached && cached.fingerprint === fingerprint) {
    // Most recently used last: the first key is the one to evict.
    cache.delete(key);
    cache.set(key, cached);
    return { key, entry: cached };
  }
  const entry: CachedScope = { fingerprint, routes: await bookedRoutesOn(db, scope) };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_CACHED_SCOPES) cache.delete(cache.keys().next().value!);
  return { key, entry };
}

export async function bookedRoutesFor(db: DbOrTx, scope: RouteScope): Promise<BookedRoute[]> {
  if (scope.accountIds.length === 0) return [];
  return (await cachedScope(db, scope)).entry.routes;
}

/**
 * A scope's booked routes as a job thread receives them: JSON in shared memory, named by the scope
 * and its fingerprint. Searches of a busy branch share one copy; passing it to a thread copies
 * nothing (a plain object of a thousand stops would be cloned for every search on the event-loop
 * thread), and each thread parses a given version once (`routesOfSnapshot`).
 */
export interface RoutesSnapshot {
  id: string;
  json: SharedArrayBuffer;
}

export async function bookedRoutesSnapshot(db: DbOrTx, scope: RouteScope): Promise<RoutesSnapshot> {
  if (scope.accountIds.length === 0) return { id: 'empty', json: sharedJson([]) };
  const { key, entry } = await cachedScope(db, scope);
  entry.shared ??= sharedJson(entry.routes);
  return { id: `${key}@${entry.fingerprint}`, json: entry.shared };
}

function sharedJson(value: unknown): SharedArrayBuffer {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  const shared = new SharedArrayBuffer(bytes.length);
  bytes.copy(Buffer.from(shared));
  return shared;
}

/** Parsed snapshots, per thread (each thread has its own copy of this module). */
const MAX_PARSED_SNAPSHOTS = 8;
const parsed = new Map<string, BookedRoute[]>();

export function routesOfSnapshot(snapshot: RoutesSnapshot): BookedRoute[] {
  const known = parsed.get(snapshot.id);
  if (known) return known;
  const routes = JSON.parse(Buffer.from(snapshot.json).toString('utf8')) as BookedRoute[];
  parsed.set(snapshot.id, routes);
  if (parsed.size > MAX_PARSED_SNAPSHOTS) parsed.delete(parsed.keys().next().value!);
  return routes;
}
