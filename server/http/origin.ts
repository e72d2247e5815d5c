import type { IncomingHttpHeaders } from 'node:http';

/**
 * Cross-site request forgery: the console authenticates by cookie, so a page elsewhere could make
 * a signed-in browser post to it (a sign-in, a password change, a tRPC mutation). Browsers send
 * `Origin` with every such post; a post whose Origin is not this server is refused up front with
 * a 403, before Next (whose own check answers a server action from another origin with a 500) and
 * before next-auth. The /v1 API authenticates each request by its credentials, not by cookie, and
 * has no use for the check. Clients that send no Origin (curl, server-to-server) are not browsers
 * forging a request and pass.
 */

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function headerValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

/**
 * Why a cookie-authenticated request must be refused, or undefined when it may proceed: an unsafe
 * method outside /v1 whose Origin (`null` included: sandboxed or privacy-stripped) names another host
 * than the one it was sent to. The host is `X-Forwarded-Host` when a trusted proxy set it (untrusted
 * forwarded headers are removed at the edge before this runs), else `Host`.
 */
export function foreignOriginOf(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): string | undefined {
  if (!UNSAFE_METHODS.has(method ?? '')) return undefined;
  const path = url ?? '/';
  if (path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?')) return undefined;
  const origin = headerValue(headers.origin);
  if (origin === undefined) return undefined;
  const host = (headerValue(headers['x-forwarded-host'])?.split(',')[0] ?? headers.host ?? '').trim().toLowerCase();
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return origin;
  }
  // URL drops the scheme's default port; a Host header may still carry it.
  const defaultPort = originUrl.protocol === 'https:' ? ':443' : originUrl.protocol === 'http:' ? ':80' : undefined;
  const sentTo = defaultPort && host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host;
  return originUrl.host !== '' && originUrl.host.toLowerCase() === sentTo ? undefined : origin;
}
