import { and, eq, inArray, ne } from 'drizzle-orm';
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

/** Every account of the tree the account belongs to: its root and all the root's descendants. */
async function accountTreeIds(db: DbOrTx, accountId: number): Promise<number[]> {
  const ancestry = await listAncestry(db, accountId);
  const root = ancestry.at(-1);
  return root ? (await listSubtree(db, root.id)).map((a) => a.id) : [];
}

/**
 * Throws RoutingInputError at the first request order already booked on the day one of the fleet's
 * vehicles would start. A booked itinerary's date is the local date of its start in its own time
 * zone, so each candidate is compared on that zone's calendar.
 */
export async function refuseDoubleBooking(
  db: DbOrTx,
  scope: ItineraryScope,
  request: { problemId: string; orders: readonly RoutingOrder[]; fleet: readonly FleetEntry[] },
): Promise<void> {
  const starts = request.fleet.map((entry) => Math.floor(Date.parse(entry.scheduledStart) / 1000)).filter(Number.isFinite);
  if (starts.length === 0 || request.orders.length === 0) return;
  // Every local date a start can fall on lies within a day of its UTC date.
  const candidateDates = new Set(
    starts.flatMap((start) => {
      const utcDate = localDateOf(start, 'UTC');
      return [addDays(utcDate, -1), utcDate, addDays(utcDate, 1)];
    }),
  );
  const accountIds = await accountTreeIds(db, scope.accountId);
  if (accountIds.length === 0) return;
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
