import { apiRoute, jobAnswerResponse, unservedMethods } from '@/server/http';
import { getJobs } from '@/server/app-jobs';
import { pollRoutingJob, problemIdParamsSchema } from '@/server/routing';

export const dynamic = 'force-dynamic';

/** GET /v1/routing/jobs/{problemId}: 202 while processing, 200 with the result, 404 or 500 otherwise. */
export const GET = apiRoute(
  {
    auth: 'routing',
    params: problemIdParamsSchema,
    route: '/v1/routing/jobs/{problemId}',
    paramsErrorCode: 'invalid_job_id',
  },
  async ({ db, principal, params }) => {
    return jobAnswerResponse(await pollRoutingJob({ db, principal, jobs: await getJobs() }, params.problemId));
  },
);

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');
