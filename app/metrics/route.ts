import { metricsResponse } from '@/server/http';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return metricsResponse();
}
