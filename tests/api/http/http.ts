/** Shared by the HTTP-layer API tests: the server under test and small request helpers. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
const fromEnv = process.env.BASE_URL;
if (!fromEnv) throw new Error('BASE_URL must point at the running server (scripts/test-all.sh sets it)');
export const baseUrl = fromEnv.replace(/\/$/, '');

export interface ErrorBody {
  error: { type: string; code: string; message: string; param?: string; [key: string]: unknown };
}

export function basic(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}

/** The error envelope of a response, after checking it is JSON (never Next's HTML error page). */
export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

export interface DemoCredentials {
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
