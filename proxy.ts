import { NextResponse, type NextRequest } from 'next/server';

// The console layout sends signed-out visitors to the login page; this tells it which page they asked
// for, so that they land there after signing in. Set here, so a client cannot supply its own.
export function proxy(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set('x-console-path', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ['/console/:path*'] };
