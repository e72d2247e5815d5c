import { unservedMethods } from '@/server/http';
import { routingSubmitRoute } from '../submit';

export const dynamic = 'force-dynamic';

/** POST /v1/routing/plan: like run, with the mode forced to `plan`. */
export const POST = routingSubmitRoute('plan');

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { GET, PUT, PATCH, DELETE } = unservedMethods('POST');
