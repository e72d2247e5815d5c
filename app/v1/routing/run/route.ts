import { unservedMethods } from '@/server/http';
import { routingSubmitRoute } from '../submit';

export const dynamic = 'force-dynamic';

/** POST /v1/routing/run: a plan (mode `plan`), 200 within the sync window, else 202 with the statusUrl. */
export const POST = routingSubmitRoute('run');

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { GET, PUT, PATCH, DELETE } = unservedMethods('POST');
