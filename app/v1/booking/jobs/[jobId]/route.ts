import { bookingJobIdParamsSchema, pollBookingJob } from '@/server/booking';
import { apiRoute, jobAnswerResponse, unservedMethods } from '@/server/http';
import { getJobs } from '@/server/app-jobs';

export const dynamic = 'force-dynamic';

/** GET /v1/booking/jobs/{jobId}: 202 with Retry-After while searching (or after `Prefer: wait=N`), 200 with the windows, 404 or 500 otherwise. */
export const GET = apiRoute(
  { auth: 'api_key', params: bookingJobIdParamsSchema, route: '/v1/booking/jobs/{jobId}' },
  async ({ request, db, principal, params }) => {
    return jobAnswerResponse(
      await pollBookingJob({ db, principal, jobs: await getJobs() }, params.jobId, request.headers.get('prefer')),
    );
  },
);

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');
