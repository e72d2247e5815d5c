import { handleAdminRequest } from '@/server/accounts';
import { clientAddressOf } from '@/server/http';

// The admin CLI's channel into a running server (see server/accounts/admin-channel.ts).
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleAdminRequest(request, { remoteAddress: clientAddressOf(request) });
}
