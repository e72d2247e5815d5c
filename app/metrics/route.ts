import { metricsResponse } from '@/server/http';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  return metricsResponse(request);
}
