/**
 * One security suite for every /v1 operation, taken from the OpenAPI document (and checked against
 * the route files, so an undocumented route cannot slip past it): every bad credential gets the same
 * 401 before the body is read, a booking route refuses JWTs, and another account's or another
 * environment's resource answers exactly like an unknown one.
 */
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTenant, revokeKey, type Tenant } from '../helpers';
import { recommend, recommendBody } from '../booking/fixtures';
import { setBookingClock } from '../booking/clock';
import { expectError, expectJson, get, post, smallPlan } from '../client';

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  /** Accepts a Bearer JWT (routing) besides HTTP Basic with an API key. */
  jwt: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** `/v1/...` paths of the route files under app/v1 (the catch-all that answers 404 aside), in OpenAPI's `{param}` form. */
function routeFilePaths(dir = 'app/v1'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name.startsWith('[[...') ? [] : routeFilePaths(`${dir}/${entry.name}`);
    if (entry.name !== 'route.ts') return [];
    return [`/${dir.slice('app/'.length)}`.replace(/\[([^\]]+)\]/g, '{$1}')];
  });
}

/** A JWT that parses but was signed with a key the server does not have. */
function foreignJwt(subject: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: subject, exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${unsigned}.${createHmac('sha256', 'not-the-servers-secret-0123456789abcdef').update(unsigned).digest('base64url')}`;
}

const operations: Operation[] = [];
let owner: Tenant;
let stranger: Tenant;
/** Per path template with a parameter: an id of `owner`'s live resource there, and the code an outsider gets. */
const ownedResources = new Map<string, { id: string; code: string }>();

beforeAll(async () => {
  const document = await expectJson<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
    await get('/v1/openapi.json'),
    200,
  );
  for (const [pathTemplate, item] of Object.entries(document.paths)) {
    if (!pathTemplate.startsWith('/v1/')) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.security || operation.security.length === 0) continue; // public (the document itself)
      const schemes = operation.security.flatMap((requirement) => Object.keys(requirement as object));
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path: pathTemplate,
        jwt: schemes.includes('bearerAuth'),
      });
    }
  }
  // Not an operation of its own (the poll without its id answers 400 invalid_job_id), but authenticated like one.
  operations.push({ method: 'GET', path: '/v1/routing/jobs', jwt: true });
  [owner, stranger] = await Promise.all([createTenant(), createTenant()]);

  // One live resource of each kind that has an id in its path, owned by `owner`.
  const plan = smallPlan({ orders: 1 });
  await expectJson(await post('/v1/routing/plan', plan, { auth: owner.basicAuthHeader('live') }), 200);
  ownedResources.set('/v1/routing/jobs/{problemId}', { id: String(plan.problemId), code: 'job_not_found' });
  const booked = await expectJson<{ itineraries: { id: number }[] }>(
    await post(
      '/v1/routing/book',
      { ...smallPlan({ orders: 1, date: '2026-12-01' }), mode: 'createItinerary' },
      { auth: owner.basicAuthHeader('live') },
    ),
    200,
  );
  ownedResources.set('/v1/itineraries/{id}', { id: String(booked.itineraries[0]!.id), code: 'itinerary_not_found' });
  setBookingClock(owner.parentId, '2026-11-22T10:00:00-05:00');
  const handle = await recommend(owner.basicAuthHeader('live'), recommendBody(owner.branchIds[0]!, '2026-11-23'));
  ownedResources.set('/v1/booking/jobs/{jobId}', { id: handle.jobId, code: 'job_not_found' });
}, 120_000);

/** The operation's path with `id` (or a placeholder) for its parameter. */
function concrete(operation: Operation, id = 'placeholder-id'): string {
  return operation.path.replace(/\{[^}]+\}/, encodeURIComponent(id));
}

function call(
  operation: Operation,
  auth: string | undefined,
  id?: string,
  body: unknown = 'not json, never read',
): Promise<Response> {
  return operation.method === 'POST'
    ? post(concrete(operation, id), body, { auth })
    : get(concrete(operation, id), { auth });
}

describe('every /v1 operation', () => {
  it('is in the OpenAPI document, and every route file under app/v1 is documented', () => {
    expect(operations.length).toBeGreaterThanOrEqual(8);
    const documented = new Set(operations.map((o) => o.path));
    for (const routePath of routeFilePaths()) {
      if (routePath === '/v1/openapi.json') continue;
      expect(documented, `${routePath} has a route file but no documented operation`).toContain(routePath);
    }
  });

  it('answers every bad credential with the same 401 unauthenticated, before reading the body', async () => {
    const revoked = await createTenant();
    await revokeKey(revoked.liveKey);
    const badCredentials: [string, string | undefined][] = [
      ['no Authorization header', undefined],
      ['an unknown scheme', 'Digest username="x"'],
      ['a scheme without credentials', 'Basic'],
      ['Basic that is not base64 of user:key', 'Basic !!!'],
      ['Basic without a colon', `Basic ${Buffer.from('just-a-user').toString('base64')}`],
      ['a wrong key', basicAuth(owner.externalUserId, 'rk_live_wrong')],
      ['a well-formed key that does not exist', basicAuth(owner.externalUserId, `rk_live_${'A'.repeat(43)}`)],
      ["another user's name with this user's key", basicAuth(stranger.externalUserId, owner.liveKey)],
      ['a revoked key', revoked.basicAuthHeader('live')],
      ['a Bearer token that is not a JWT', 'Bearer not.a.jwt'],
      ['a JWT signed with a foreign key', `Bearer ${foreignJwt(owner.externalUserId)}`],
    ];
    for (const operation of operations) {
      for (const [what, auth] of badCredentials) {
        const response = await call(operation, auth);
        const label = `${operation.method} ${operation.path} with ${what}`;
        expect(response.status, label).toBe(401);
        const error = await expectError(response, 401, 'unauthenticated');
        expect(error.message, label).toBe(
          operation.jwt
            ? 'No valid credentials. Send a Bearer JWT or HTTP Basic credentials (externalUserId:apiKey).'
            : 'No valid credentials. Send HTTP Basic credentials (externalUserId:apiKey); this operation takes API keys only.',
        );
      }
    }
  });

  it('answers 401 with a challenge naming the schemes the operation accepts', async () => {
    for (const operation of operations) {
      const response = await call(operation, undefined);
      await response.body?.cancel();
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge, `${operation.method} ${operation.path}`).toMatch(/\bBasic\b/);
      if (operation.jwt) expect(challenge, `${operation.method} ${operation.path}`).toMatch(/\bBearer\b/);
      else expect(challenge, `${operation.method} ${operation.path}`).not.toMatch(/\bBearer\b/);
    }
  });

  it("shows another account's and the other environment's resources exactly as unknown ones", async () => {
    const withIds = operations.filter((operation) => operation.path.includes('{'));
    expect(withIds.length).toBeGreaterThanOrEqual(3);
    for (const operation of withIds) {
      const owned = ownedResources.get(operation.path);
      expect(owned, `${operation.path}: add its resource to the shared security suite`).toBeDefined();
      const label = `${operation.method} ${operation.path}`;
      // The owner sees it (200, or 202 while a booking search still runs).
      const own = await call(operation, owner.basicAuthHeader('live'), owned!.id);
      await own.body?.cancel();
      expect([200, 202], label).toContain(own.status);
      const unknownId = operation.path.includes('itineraries') ? '999999999' : '00000000-0000-4000-8000-000000000000';
      const unknown = await expectError(
        await call(operation, owner.basicAuthHeader('live'), unknownId),
        404,
        owned!.code,
      );
      for (const outsider of [
        stranger.basicAuthHeader('live'),
        stranger.basicAuthHeader('sandbox'),
        owner.basicAuthHeader('sandbox'),
      ]) {
        const error = await expectError(await call(operation, outsider, owned!.id), 404, owned!.code);
        expect(error.message.replace(owned!.id, 'ID'), label).toBe(unknown.message.replace(unknownId, 'ID'));
      }
    }
  });
});
