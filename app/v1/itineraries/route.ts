import { apiRoute, unservedMethods } from '@/server/http';
import { itineraryListQuerySchema, listItinerariesForCaller } from '@/server/routing';

export const dynamic = 'force-dynamic';

/** GET /v1/itineraries?date=YYYY-MM-DD[&accountId=]: booked itineraries of the caller's subtree and environment. */
export const GET = apiRoute(
  { auth: 'routing', query: itineraryListQuerySchema, route: '/v1/itineraries' },
  async ({ db, principal, query }) => listItinerariesForCaller(db, principal, query),
);

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');
