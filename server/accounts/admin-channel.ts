import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getDb, type Db } from '@/server/db';
import { runAdminCommand } from './admin-commands';
import { AccountsError } from './errors';

/**
 * The running server's admin channel. The embedded database has one owner process, so while the app
 * runs on it the admin CLI forwards its commands here: a loopback-only endpoint authenticated with a
 * random token that the server writes, with its port, to a file only its user can read.
 */
export const ADMIN_ENDPOINT_PATH = '/api/internal/admin';
const ENDPOINT_FILE = 'admin-endpoint.json';

export interface AdminEndpoint {
  pid: number;
  port: number;
  token: string;
}

const TOKEN = Symbol.for('routing-booking-service.admin-token');
type GlobalWithToken = typeof globalThis & { [TOKEN]?: string };

export function adminEndpointFileOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), ENDPOINT_FILE);
}

/** Creates this process's admin token and records it with the port under the data directory. */
export function openAdminChannel(dataDir: string, port: number): AdminEndpoint {
  const endpoint: AdminEndpoint = { pid: process.pid, port, token: randomBytes(32).toString('base64url') };
  const file = adminEndpointFileOf(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(endpoint), { mode: 0o600 });
  chmodSync(temporary, 0o600); // mode is ignored when the file already existed
  renameSync(temporary, file);
  (globalThis as GlobalWithToken)[TOKEN] = endpoint.token;
  return endpoint;
}

/** The recorded endpoint of the server using this data directory, if any. */
export function readAdminEndpoint(dataDir: string): AdminEndpoint | undefined {
  try {
    const parsed = JSON.parse(readFileSync(adminEndpointFileOf(dataDir), 'utf8')) as Partial<AdminEndpoint>;
    if (typeof parsed.pid !== 'number' || typeof parsed.port !== 'number' || typeof parsed.token !== 'string')
      return undefined;
    return { pid: parsed.pid, port: parsed.port, token: parsed.token };
  } catch {
    return undefined;
  }
}

function tokenMatches(presented: string | undefined): boolean {
  const expected = (globalThis as GlobalWithToken)[TOKEN];
  if (!expected || !presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** 127.0.0.0/8 or ::1, also IPv4 written IPv6-mapped (`::ffff:127.0.0.1`). */
export function isLoopback(address: string): boolean {
  const a = address.trim().replace(/^::ffff:/i, '');
  return a === '127.0.0.1' || a === '::1' || a.startsWith('127.');
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

const STATUS_BY_CODE = { invalid_input: 400, not_found: 404, conflict: 409 } as const;

/**
 * Serves one forwarded admin command. `remoteAddress` is the client's address (the socket peer, or
 * what a trusted proxy forwarded); anything not on loopback, or unknown, is refused.
 */
export async function handleAdminRequest(
  request: Request,
  options: { db?: Db; remoteAddress: string | undefined },
): Promise<Response> {
  if (!options.remoteAddress || !isLoopback(options.remoteAddress))
    return json(404, { error: { code: 'not_found', message: 'not found' } });
  const authorization = request.headers.get('authorization') ?? '';
  const token = authorization.toLowerCase().startsWith('bearer ') ? authorization.slice(7).trim() : undefined;
  if (!tokenMatches(token)) {
    return json(401, {
      error: { type: 'authentication_error', code: 'unauthenticated', message: 'admin token required' },
    });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json(400, { error: { type: 'invalid_request_error', code: 'invalid_input', message: 'body must be JSON' } });
  }
  try {
    const result = await runAdminCommand(options.db ?? (await getDb()), body);
    return json(200, result);
  } catch (error) {
    if (error instanceof AccountsError) {
      return json(STATUS_BY_CODE[error.code], {
        error: {
          type: 'invalid_request_error',
          code: error.code,
          message: error.message,
          ...(error.param ? { param: error.param } : {}),
        },
      });
    }
    // Only the token holder sees this, so the message helps more than it leaks.
    return json(500, { error: { type: 'api_error', code: 'internal_error', message: (error as Error).message } });
  }
}

/** Sends a command to the server recorded under the data directory; resolves to its JSON answer. */
export async function forwardAdminCommand(
  endpoint: AdminEndpoint,
  command: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${endpoint.port}${ADMIN_ENDPOINT_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(command),
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body };
}
