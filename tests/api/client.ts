/**
 * The HTTP client of the API tests: calls against the running server at BASE_URL, checks of the
 * error envelope and JSON answers, and job polling. Accounts, users and keys come from ./helpers, the
 * request bodies several areas share from ./bodies (both free of vitest, so e2e and bench scripts use them too).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Json } from './bodies';
import { baseUrl } from './helpers';

export { baseUrl, basicAuth } from './helpers';
export { cargoVans, example, smallPlan, STORE, uniqueId, type Json } from './bodies';

interface ErrorBody {
  type: string;
  code: string;
  message: string;
  param?: string;
  [key: string]: unknown;
}

interface CallOptions {
  auth?: string | undefined;
  prefer?: string;
  headers?: Record<string, string>;
}

export async function post(pathname: string, body: unknown, options: CallOptions = {}): Promise<Response> {
  return fetch(`${baseUrl()}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.auth ? { authorization: options.auth } : {}),
      ...(options.prefer ? { prefer: options.prefer } : {}),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function get(pathname: string, options: CallOptions = {}): Promise<Response> {
  return fetch(`${baseUrl()}${pathname}`, {
    headers: { ...(options.auth ? { authorization: options.auth } : {}), ...options.headers },
  });
}

/** The error envelope of a response with the expected status and code. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  param?: string,
): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error: ErrorBody };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code, text).toBe(code);
  if (param !== undefined) expect(body.error.param, text).toBe(param);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

/** Posts body as auth and expects the 400 error envelope with this code (and param). */
export async function expectRefused(
  pathname: string,
  body: unknown,
  auth: string,
  code: string,
  param?: string,
): Promise<ErrorBody> {
  return expectError(await post(pathname, body, { auth }), 400, code, param);
}

/** The error envelope of a response, after checking it is JSON (never Next's HTML error page). */
export async function errorOf(response: Response): Promise<ErrorBody> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: ErrorBody };
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

interface DemoCredentials {
  apiUser: string;
  liveKey: string;
  sandboxKey: string;
  console: { email: string; password: string };
}

/** The demo tenant the server seeds on its first start into DATA_DIR/demo-credentials.json. */
export function demoCredentials(): DemoCredentials {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR must name the running server's data directory (scripts/test-all.sh sets it)");
  return JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
}

export async function expectJson<T = Json>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Polls a job until it leaves processing (or `timeoutMs` passes); returns the last response. */
export async function pollUntilDone(problemId: string, auth: string, timeoutMs = 110_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  while (true) {
    const response = await get(`/v1/routing/jobs/${encodeURIComponent(problemId)}`, { auth });
    if (response.status !== 202 || Date.now() > until) return response;
    expect(response.headers.get('retry-after')).toBe('2');
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export interface PlanBody {
  problemId: string;
  itineraries: {
    fleetIndex: number;
    itinerary: {
      externalId: string;
      vehicleType: string;
      scheduledStart: string;
      itineraryStops: Stop[];
      totals: Json;
    };
  }[];
  unassigned: { externalId: string; reasons: { code: string; description: string }[] }[];
}

export interface Stop {
  stopNumber: number;
  type: 'pickup' | 'dropoff';
  orderExternalIds: string[];
  address: { addressLine1: string; city: string; state: string; postalCode: string };
  arrival: string;
  departure: string;
  waitSeconds: number;
  serviceSeconds: number;
  load: { pounds: number; cubicInches: number };
}

export interface BookBody {
  problemId: string;
  itineraries: ({ id: number; externalId: string; problemId: string; date: string; itineraryStops: Stop[] } & Json)[];
  unassigned: PlanBody['unassigned'];
}

export const servedOrders = (itineraries: { itineraryStops: Stop[] }[]) =>
  new Set(
    itineraries.flatMap((i) => i.itineraryStops.filter((s) => s.type === 'dropoff').flatMap((s) => s.orderExternalIds)),
  );
