import { getConfig } from '@/server/config';
import { apiRoute, jobAnswerResponse } from '@/server/http';
import { getJobs } from '@/server/app-jobs';
import { routingRequestSchema, submitRoutingRequest } from '@/server/routing';

export const dynamic = 'force-dynamic';

const config = getConfig();
const body = routingRequestSchema({ maxOrders: config.MAX_ORDERS, maxFleet: config.MAX_FLEET }, 'book');

/** POST /v1/routing/book: createItinerary or updateItinerary, synchronous, 200 with the persisted itineraries. */
export const POST = apiRoute(
  { auth: 'routing', body, route: '/v1/routing/book' },
  async ({ db, principal, body, request }) => {
    return jobAnswerResponse(
      await submitRoutingRequest({ db, principal, jobs: await getJobs() }, body, 'book', request.headers.get('prefer')),
    );
  },
);

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export {
  unknownEndpoint as GET,
  unknownEndpoint as PUT,
  unknownEndpoint as PATCH,
  unknownEndpoint as DELETE,
} from '@/server/http';
