import { unservedMethods } from '@/server/http';
import { routingSubmitRoute } from '../submit';

export const dynamic = 'force-dynamic';

/** POST /v1/routing/book: createItinerary or updateItinerary, synchronous, 200 with the persisted itineraries. */
export const POST = routingSubmitRoute('book');

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { GET, PUT, PATCH, DELETE } = unservedMethods('POST');
