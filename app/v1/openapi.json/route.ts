import { apiRoute, unservedMethods } from '@/server/http';
import { openApiDocument } from '@/server/api-reference/document';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ auth: 'none', route: '/v1/openapi.json' }, async () => openApiDocument());

// Methods this path does not serve answer 404 `not_found` in the error envelope (see app/v1/[[...path]]).
export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');
