import { apiRoute, unservedMethods } from '@/server/http';
import { getItineraryForCaller, itineraryIdParamsSchema } from '@/server/routing';

export const dynamic = 'force-dynamic';

/** GET /v1/itineraries/{id}: one booked itinerary, 404 when it is not the caller's (subtree and environment). */
export const GET = apiRoute(
  { auth: 'routing', params: itineraryIdParamsSchema, route: '/v1/itineraries/{id}' },
  async ({ db, principal, params }) => getItineraryForCaller(db, principal, params.id),
);

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');
