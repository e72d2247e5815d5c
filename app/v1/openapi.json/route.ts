import { apiRoute } from '@/server/http';
import { openApiDocument } from './document';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ auth: 'none', route: '/v1/openapi.json' }, async () => openApiDocument());
