import { bookingRequestSchema, recommendBooking } from '@/server/booking';
import { getConfig } from '@/server/config';
import { apiRoute, jobAnswerResponse, unservedMethods } from '@/server/http';
import { getJobs } from '@/server/app-jobs';

export const dynamic = 'force-dynamic';

const body = bookingRequestSchema({ maxCartItems: getConfig().MAX_CART_ITEMS });

/** POST /v1/booking/recommend: 202 with the handle of a (new or deduped) search. */
export const POST = apiRoute(
  { auth: 'api_key', body, route: '/v1/booking/recommend' },
  async ({ db, principal, body }) => {
    return jobAnswerResponse(await recommendBooking({ db, principal, jobs: await getJobs() }, body));
  },
);

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { GET, PUT, PATCH, DELETE } = unservedMethods('POST');
