/** Contract gaps of issue 11 that answered 200 or a vague 400 before. */
import { beforeAll, describe, it, expect } from 'vitest';
import { baseUrl, createTenant, type Tenant } from '../helpers';
import { example, expectError, post, smallPlan } from './client';

let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant();
});

describe('routing contract gaps', () => {
  it('fleet: [] on plan and createItinerary is 400 invalid_routing_input naming fleet', async () => {
    await expectError(await post('/v1/routing/plan', { ...smallPlan(), fleet: [] }, { auth: tenant.basicAuthHeader() }), 400, 'invalid_routing_input', 'fleet');
    await expectError(await post('/v1/routing/book', { ...example('book-create'), fleet: [] }, { auth: tenant.basicAuthHeader() }), 400, 'invalid_routing_input', 'fleet');
  });

  it('mode "createItinerary" on /v1/routing/plan says that plan only plans', async () => {
    const error = await expectError(await post('/v1/routing/plan', { ...smallPlan(), mode: 'createItinerary' }, { auth: tenant.basicAuthHeader() }), 400, 'invalid_input', 'mode');
    expect(error.message).toMatch(/only plans/);
    expect(error.message).toMatch(/\/v1\/routing\/book/);
  });

  it('the OpenAPI document declares Prefer as a header parameter, 404 not_found and the 400 of GET /v1/itineraries', async () => {
    type Operation = { parameters?: { in: string; name: string }[]; responses: Record<string, { description: string }> };
    const doc = (await (await fetch(`${baseUrl()}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    for (const path of ['/v1/routing/plan', '/v1/routing/run']) {
      expect(doc.paths[path]?.post?.parameters?.some((p) => p.in === 'header' && p.name === 'Prefer'), path).toBe(true);
    }
    for (const [path, item] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/v1/routing') || p.startsWith('/v1/itineraries'))) {
      for (const [method, operation] of Object.entries(item)) expect(operation.responses['404']?.description, `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/v1/itineraries']?.get?.responses['400']?.description).toContain('invalid_input');
  });
});
