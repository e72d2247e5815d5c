import type { IncomingMessage } from 'node:http';
import { isLoopback } from '@/server/accounts';

/**
 * Who is on the other end. Clients can write any `X-Forwarded-*` header, so those headers are
 * believed only from a configured reverse proxy (TRUSTED_PROXIES, none by default). Every request
 * is normalized once where it enters the process (`installRequestGuard` in ./edge): afterwards
 * `X-Forwarded-For` holds exactly one address, the client's, and `X-Forwarded-Proto` the scheme the
 * client used, so everything downstream (Next, next-auth, the sign-in limiter, the admin and
 * metrics rules) can read them without being fooled.
 */

/** `::ffff:10.0.0.1` -> `10.0.0.1`, `[::1]` -> `::1`; lower case. */
function normalizeAddress(address: string): string {
  return address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')
    .toLowerCase();
}

/**
 * The client's address: the socket peer, unless the peer is a trusted proxy; then the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy (entries left of it are client-written).
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  const trusted = new Set(trustedProxies.map(normalizeAddress));
  let client = normalizeAddress(peer);
  if (!trusted.has(client) || !forwardedFor) return client;
  const hops = forwardedFor
    .split(',')
    .map(normalizeAddress)
    .filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i--) {
    client = hops[i] ?? client;
    if (!trusted.has(client)) break;
  }
  return client;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim().toLowerCase() || undefined;
}

/** Rewrites the forwarded headers of one incoming request as described above. */
export function normalizeForwardedHeaders(request: IncomingMessage, trustedProxies: readonly string[]): void {
  const peer = request.socket.remoteAddress ?? '';
  const fromTrustedProxy = peer !== '' && trustedProxies.map(normalizeAddress).includes(normalizeAddress(peer));
  const headers = request.headers;
  const forwardedFor = Array.isArray(headers['x-forwarded-for'])
    ? headers['x-forwarded-for'].join(',')
    : headers['x-forwarded-for'];
  headers['x-forwarded-for'] = resolveClientAddress(peer, forwardedFor, trustedProxies);
  const encrypted = 'encrypted' in request.socket && request.socket.encrypted === true;
  const forwardedProto = fromTrustedProxy ? firstValue(headers['x-forwarded-proto']) : undefined;
  headers['x-forwarded-proto'] = forwardedProto === 'https' || encrypted ? 'https' : 'http';
  if (!fromTrustedProxy) {
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-port'];
    delete headers['x-real-ip'];
    delete headers.forwarded;
  }
}

/** The client's address as normalized at the edge; `undefined` when the request did not pass it. */
export function clientAddressOf(request: Request): string | undefined {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || undefined;
}

/** Whether the client sits on this machine. An unknown address is not. */
export function isLoopbackClient(request: Request): boolean {
  const address = clientAddressOf(request);
  return address !== undefined && isLoopback(address);
}
