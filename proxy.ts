import { NextResponse, type NextRequest } from 'next/server';

// Methods some route answers. Anything else (TRACE, CONNECT, OPTIONS: there is no CORS) gets the
// API's error envelope here, on every path, instead of Next's bodiless or text/plain answers.
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function proxy(request: NextRequest): NextResponse {
  if (!SERVED_METHODS.has(request.method)) {
    return NextResponse.json(
      {
        error: {
          type: 'invalid_request_error',
          code: 'method_not_allowed',
          message: `Method ${request.method} is not served here. The API is described at /v1/openapi.json.`,
        },
      },
      { status: 405, headers: { Allow: [...SERVED_METHODS].join(', '), 'Cache-Control': 'no-store' } },
    );
  }
  if (!request.nextUrl.pathname.startsWith('/console')) return NextResponse.next();
  // The console layout sends signed-out visitors to the login page; this tells it which page they asked
  // for, so that they land there after signing in. Set here, so a client cannot supply its own.
  const headers = new Headers(request.headers);
  headers.set('x-console-path', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

// Every path but Next's static assets.
export const config = { matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'] };
