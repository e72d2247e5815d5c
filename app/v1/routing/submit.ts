import { getConfig } from '@/server/config';
import { apiRoute, jobAnswerResponse, type ApiRouteHandler } from '@/server/http';
import { getJobs } from '@/server/app-jobs';
import { routingRequestSchema, submitRoutingRequest } from '@/server/routing';

/** The POST handler of /v1/routing/{run,plan,book}: the three differ only in the mode the request is read and run in. */
export function routingSubmitRoute(endpoint: 'run' | 'plan' | 'book'): ApiRouteHandler {
  const config = getConfig();
  const body = routingRequestSchema({ maxOrders: config.MAX_ORDERS, maxFleet: config.MAX_FLEET }, endpoint);
  return apiRoute(
    { auth: 'routing', body, route: `/v1/routing/${endpoint}` },
    async ({ db, principal, body, request }) => {
      const context = { db, principal, jobs: await getJobs() };
      return jobAnswerResponse(await submitRoutingRequest(context, body, endpoint, request.headers.get('prefer')));
    },
  );
}
