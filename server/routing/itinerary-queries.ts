import { z } from 'zod';
import { isInSubtree, type ApiPrincipal } from '@/server/accounts';
import type { Db } from '@/server/db';
import { getItinerary, listItineraries } from './itineraries';
import { persistedItinerarySchema, type PersistedItinerary } from './responses';
import { RoutingError } from './errors';

/** The read side of booked itineraries for /v1/itineraries: the caller's subtree, the caller's environment. */

export const itineraryListQuerySchema = z.strictObject({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a local date YYYY-MM-DD')
    .refine((s) => {
      const date = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
    }, 'must be a real calendar date')
    .meta({ description: 'Local date of the itineraries’ scheduled start.', example: '2026-11-23' }),
  accountId: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a numeric account id')
    .optional()
    .meta({ description: 'Only this account (it must be the caller’s account or one of its branches).' }),
});

export const itineraryIdParamsSchema = z.strictObject({
  id: z.string().meta({ description: 'Itinerary id.', example: '42' }),
});

export const itineraryListSchema = z.object({
  date: z.string(),
  itineraries: z.array(persistedItinerarySchema),
});

export async function listItinerariesForCaller(
  db: Db,
  principal: ApiPrincipal,
  query: z.output<typeof itineraryListQuerySchema>,
): Promise<{ date: string; itineraries: PersistedItinerary[] }> {
  const accountId = query.accountId === undefined ? undefined : Number(query.accountId);
  if (accountId !== undefined && !(await isInSubtree(db, principal.accountId, accountId))) {
    throw new RoutingError(
      'account_mismatch',
      "accountId is neither the credential's account nor one of its branches.",
      'accountId',
    );
  }
  const itineraries = await listItineraries(
    db,
    { accountId: principal.accountId, environment: principal.environment },
    { date: query.date, accountId },
  );
  return { date: query.date, itineraries };
}

export async function getItineraryForCaller(
  db: Db,
  principal: ApiPrincipal,
  rawId: string,
): Promise<PersistedItinerary> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const itinerary =
    id === null
      ? null
      : await getItinerary(db, { accountId: principal.accountId, environment: principal.environment }, id);
  if (!itinerary)
    throw new RoutingError(
      'itinerary_not_found',
      `No itinerary ${JSON.stringify(rawId)} exists for this account and environment.`,
      'id',
    );
  return itinerary;
}
