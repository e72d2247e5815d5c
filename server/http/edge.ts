import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { getConfig } from '@/server/config';
import { normalizeForwardedHeaders } from './client-address';
import { foreignOriginOf } from './origin';

/**
 * What every request meets before Next sees it. Next's own server offers no hook ahead of its
 * routing, hence a wrapper of `http.Server.prototype.emit`, installed once at startup
 * (instrumentation); it covers servers created before and after.
 */

/** Methods some route answers. Anything else (TRACE, OPTIONS: there is no CORS, PROPFIND...) is 405 here. */
const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The console's routes under /api (tRPC, next-auth, the admin channel) answer GET and POST only; Next would answer the rest with a bare 405. */
const CONSOLE_API_METHODS = ['GET', 'HEAD', 'POST'];

function servedMethodsFor(url: string | undefined): string[] {
  return (url ?? '/').startsWith('/api/') ? CONSOLE_API_METHODS : SERVED_METHODS;
}

/** Answers in the API's error envelope without involving Next. */
function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  error: { code: string; message: string; param?: string },
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ error: { type: 'invalid_request_error', ...error } });
  request.resume(); // drain whatever body came with it
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(body);
}

/** Whether the path's percent-escapes decode to UTF-8 text (`%zz`, `%ED%A0%80` do not; Next answers those with a text/plain 500). */
function isDecodablePath(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? '/').split('?')[0] ?? '/');
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses what Next would turn into a text/plain 500 or a bodiless answer: unserved methods (Next
 * builds a fetch `Request`, which rejects TRACE and CONNECT outright, and answers OPTIONS with a
 * bare 204) and paths whose percent-escapes are not UTF-8. True when the request was answered.
 */
function refuseUnservable(request: IncomingMessage, response: ServerResponse): boolean {
  const served = servedMethodsFor(request.url);
  if (!served.includes(request.method ?? '')) {
    refuse(
      request,
      response,
      405,
      {
        code: 'method_not_allowed',
        message: `Method ${request.method ?? '?'} is not served. The API is described at /v1/openapi.json.`,
      },
      { Allow: served.join(', ') },
    );
    return true;
  }
  if (!isDecodablePath(request.url)) {
    refuse(request, response, 400, {
      code: 'invalid_input',
      message: 'The URL path has percent-escapes that are not UTF-8 text.',
      param: 'path',
    });
    return true;
  }
  return false;
}

/**
 * Node looks for expired requests on an interval (30 s by default), so a 30 s timeout answered up to
 * 60 s late. The interval is read when the server starts listening; when the guard arrives after
 * that (Next listens before instrumentation runs), the running timer is replaced with a faster one
 * through Node's own field for it. Without that field (another Node version) nothing changes.
 */
function checkExpiredRequestsEvery(server: http.Server, intervalMs: number, beforeListening: boolean): void {
  const tunable = server as http.Server & { connectionsCheckingInterval?: number };
  if (beforeListening) {
    tunable.connectionsCheckingInterval = Math.min(tunable.connectionsCheckingInterval ?? intervalMs, intervalMs);
    return;
  }
  const field = Object.getOwnPropertySymbols(server).find(
    (symbol) => symbol.description === 'http.server.connectionsCheckingInterval',
  );
  const record = server as unknown as Record<symbol, unknown>;
  const timer = field
    ? (record[field] as (NodeJS.Timeout & { _repeat?: number; _onTimeout?: () => void }) | undefined)
    : undefined;
  if (!field || !timer || typeof timer._onTimeout !== 'function' || (timer._repeat ?? 0) <= intervalMs) return;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- Node binds this callback to the server already
  const checkConnections = timer._onTimeout;
  clearInterval(timer);
  // Stored back where Node keeps it, so that closing the server clears this one.
  record[field] = setInterval(checkConnections, intervalMs).unref();
}

const GUARD = Symbol.for('routing-booking-service.request-guard');
type GuardedServer = typeof http.Server.prototype & { [GUARD]?: true };

/** Forwarded headers normalized (./client-address), unservable and cross-origin console requests refused, half-sent requests timed out. */
export function installRequestGuard(): void {
  const prototype = http.Server.prototype as GuardedServer;
  if (prototype[GUARD]) return;
  prototype[GUARD] = true;
  const config = getConfig();
  const trustedProxies = config.TRUSTED_PROXIES;
  // A client that sends headers or a body and then stalls is answered 408 after these.
  const headersTimeoutMs = config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000;
  const requestTimeoutMs = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with Reflect.apply on the server
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if ((event === 'listening' || event === 'request') && this.requestTimeout !== requestTimeoutMs) {
      this.headersTimeout = headersTimeoutMs;
      this.requestTimeout = requestTimeoutMs;
      // Node checks for expired requests on this interval (30 s by default), read when the server starts listening.
      checkExpiredRequestsEvery(
        this,
        Math.ceil(Math.min(headersTimeoutMs, requestTimeoutMs) / 3),
        event === 'listening',
      );
    }
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (refuseUnservable(request, response)) return true;
      normalizeForwardedHeaders(request, trustedProxies);
      const foreignOrigin = foreignOriginOf(request.method, request.url, request.headers);
      if (foreignOrigin !== undefined) {
        refuse(request, response, 403, {
          code: 'forbidden_origin',
          message: `A ${request.method ?? 'POST'} to the console from another origin (${JSON.stringify(foreignOrigin.slice(0, 200))}) is refused.`,
          param: 'Origin',
        });
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof prototype.emit;
}
