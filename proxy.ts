import { NextResponse, type NextRequest } from 'next/server';
import { newNonce, pageContentSecurityPolicy } from '@/server/http/content-security-policy';

/**
 * Every page (not the /v1 API, the console's /api routes or static files) passes here, for two
 * things. Its Content-Security-Policy with a fresh script nonce (server/http/content-security-policy.ts):
 * set on the request, where Next reads the nonce for the scripts it renders, and on the response.
 * And for console pages, which page was asked for: the console layout sends signed-out visitors to
 * the login page and back there after signing in; set here, so a client cannot supply its own.
 * On /v1 a proxy would make Next buffer every request body before the route sees it (and log a
 * client's abandoned upload as a server error). Unserved methods are refused before Next for every
 * path (server/http/edge.ts).
 */
export function proxy(request: NextRequest): NextResponse {
  const policy = pageContentSecurityPolicy(newNonce(), {
    development: process.env.NODE_ENV === 'development',
    tileUrl: process.env.MAP_TILE_URL,
  });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const { pathname, search } = request.nextUrl;
  if (pathname === '/console' || pathname.startsWith('/console/')) headers.set('x-console-path', pathname + search);
  else headers.delete('x-console-path');
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  matcher: ['/((?!api(?:/|$)|v1(?:/|$)|_next/|healthz(?:/|$)|readyz(?:/|$)|metrics(?:/|$)|icon\\.svg$).*)', '/v1/docs'],
};
