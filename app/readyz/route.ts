import { readinessResponse } from '@/server/http';

export const dynamic = 'force-dynamic';

export function GET(): Promise<Response> {
  return readinessResponse();
}
