import { ApiError, apiRoute, unservedMethods } from '@/server/http';

export const dynamic = 'force-dynamic';

/** GET /v1/routing/jobs without a job id: 400 `invalid_job_id`. */
export const GET = apiRoute({ auth: 'routing', route: '/v1/routing/jobs' }, async () => {
  throw ApiError.badRequest('invalid_job_id', 'The job id is missing: poll /v1/routing/jobs/<problemId>.', 'problemId');
});

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');
