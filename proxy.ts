import { NextResponse, type NextRequest } from 'next/server';

/**
 * The console layout sends signed-out visitors to the login page; this tells it which page they
 * asked for, so that they land there after signing in. Set here, so a client cannot supply its own.
 * Console pages only: on /v1 a proxy would make Next buffer every request body before the route
 * sees it (and log a client's abandoned upload as a server error). Unserved methods are refused
 * before Next for every path (server/http/edge.ts).
 */
export function proxy(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set('x-console-path', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ['/console', '/console/:path*'] };
