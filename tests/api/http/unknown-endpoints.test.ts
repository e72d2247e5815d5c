import { describe, expect, it } from 'vitest';
import { baseUrl, basicAuth, demoCredentials, errorOf } from '../client';

const demo = demoCredentials();

// Every way of not being authenticated; the contract's 401 must not tell them apart.
const badAuthorizations: [string, Record<string, string>][] = [
  ['no credentials', {}],
  ['unknown user', { Authorization: basicAuth('nobody-at-all', demo.liveKey) }],
  ['wrong key for a real user', { Authorization: basicAuth(demo.apiUser, `${demo.liveKey}x`) }],
  ['malformed Basic', { Authorization: 'Basic !!!not-base64' }],
  ['Basic without a colon', { Authorization: `Basic ${Buffer.from('justauser').toString('base64')}` }],
  ['garbage Bearer token', { Authorization: 'Bearer not.a.jwt' }],
  ['unknown scheme', { Authorization: `Digest ${demo.liveKey}` }],
];

describe('unknown /v1 endpoints', () => {
  it('answer 401 unauthenticated with one identical body for every bad credential, before revealing anything', async () => {
    const bodies: unknown[] = [];
    for (const [label, headers] of badAuthorizations) {
      for (const [method, path] of [
        ['GET', '/v1/no-such-endpoint'],
        ['POST', '/v1/routing/no-such-endpoint'],
      ] as const) {
        const response = await fetch(`${baseUrl()}${path}`, { method, headers });
        expect(response.status, `${label} ${method} ${path}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
        const error = await errorOf(response);
        expect(error.type).toBe('authentication_error');
        expect(error.code).toBe('unauthenticated');
        bodies.push(error);
      }
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('answer 404 not_found in the envelope to authenticated callers, for any method and depth', async () => {
    for (const key of [demo.liveKey, demo.sandboxKey]) {
      for (const [method, path] of [
        ['GET', '/v1/no-such-endpoint'],
        ['GET', '/v1'],
        ['POST', '/v1/routing/no-such-endpoint'],
        ['PUT', '/v1/a/b/c/d'],
        ['DELETE', '/v1/booking/nothing-here'],
        ['PATCH', '/v1/x'],
        // Known paths, methods they do not serve: the same 404, never Next's bodiless 405.
        ['GET', '/v1/routing/plan'],
        ['PUT', '/v1/routing/book'],
        ['DELETE', '/v1/routing/jobs/some-problem'],
      ] as const) {
        const response = await fetch(`${baseUrl()}${path}`, {
          method,
          headers: { Authorization: basicAuth(demo.apiUser, key), Accept: 'text/html' },
        });
        expect(response.status, `${method} ${path}`).toBe(404);
        const error = await errorOf(response);
        expect(error).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
        expect(error.message).toContain(path);
      }
    }
  });
});
