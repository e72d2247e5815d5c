import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { listAncestry, listSubtree } from '@/server/accounts';
import { schema, type DbOrTx } from '@/server/db';
import { addDays, localDateOf } from '@/server/geo';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { RoutingInputError } from './errors';
import type { ItineraryScope } from './itineraries';

/**
 * No double booking (docs/decisions.md, Routing): createItinerary refuses an order whose externalId
 * is already on a booked itinerary of the same account tree, environment and local date. Changing a
 * booked order is updateItinerary's job. Itineraries written under the request's own problemId are
 * left out, so an identical retry is not a double booking.
 */

const { itineraries } = schema;

/** The tree the account belongs to: its root and every account under the root. */
async function accountTree(db: DbOrTx, accountId: number): Promise<{ rootId: number; ids: number[] } | null> {
  const root = (await listAncestry(db, accountId)).at(-1);
  return root ? { rootId: root.id, ids: (await listSubtree(db, root.id)).map((a) => a.id) } : null;
}

/**
 * Throws RoutingInputError at the first request order already booked on the day one of the fleet's
 * vehicles would start. A booked itinerary's date is the local date of its start in its own time
 * zone, so each candidate is compared on that zone's calendar. `lockTree` (inside the transaction
 * that writes the booking) holds the tree's bookings in that environment until it commits, so two
 * bookings written at once cannot both pass.
 */
export async function refuseDoubleBooking(
  db: DbOrTx,
  scope: ItineraryScope,
  request: { problemId: string; orders: readonly RoutingOrder[]; fleet: readonly FleetEntry[] },
  options: { lockTree?: boolean } = {},
): Promise<void> {
  const starts = request.fleet
    .map((entry) => Math.floor(Date.parse(entry.scheduledStart) / 1000))
    .filter(Number.isFinite);
  if (starts.length === 0 || request.orders.length === 0) return;
  // Every local date a start can fall on lies within a day of its UTC date.
  const candidateDates = new Set(
    starts.flatMap((start) => {
      const utcDate = localDateOf(start, 'UTC');
      return [addDays(utcDate, -1), utcDate, addDays(utcDate, 1)];
    }),
  );
  const tree = await accountTree(db, scope.accountId);
  if (!tree) return;
  if (options.lockTree)
    await db.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`itineraries-tree-${tree.rootId}-${scope.environment}`}))`,
    );
  const accountIds = tree.ids;
  const rows = await db
    .select({
      id: itineraries.id,
      externalId: itineraries.externalId,
      date: itineraries.date,
      timeZone: itineraries.timeZone,
      orders: itineraries.orders,
    })
    .from(itineraries)
    .where(
      and(
        inArray(itineraries.accountId, accountIds),
        eq(itineraries.environment, scope.environment),
        inArray(itineraries.date, [...candidateDates]),
        ne(itineraries.problemId, request.problemId),
      ),
    );
  const bookedOn = new Map<string, { id: number; externalId: string; date: string }>();
  for (const row of rows) {
    if (!starts.some((start) => localDateOf(start, row.timeZone) === row.date)) continue;
    for (const order of row.orders as { externalId?: unknown }[]) {
      if (typeof order.externalId === 'string' && !bookedOn.has(order.externalId)) bookedOn.set(order.externalId, row);
    }
  }
  request.orders.forEach((order, i) => {
    const booked = bookedOn.get(order.externalId);
    if (!booked) return;
    throw new RoutingInputError(
      `orders[${i}].externalId`,
      `orders[${i}].externalId "${order.externalId}" is already booked on itinerary ${booked.id} (${booked.externalId}, ${booked.date}); ` +
        'change a booked order with updateItinerary (mode "updateItinerary" with targetItineraryIds) instead of booking it again.',
    );
  });
}
