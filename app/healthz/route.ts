import { healthResponse } from '@/server/http';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return healthResponse();
}
