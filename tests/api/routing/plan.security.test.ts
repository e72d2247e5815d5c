import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTenant, type Tenant } from '../helpers';
import { expectError, expectJson, get, post, smallPlan, type PlanBody } from '../client';

describe('POST /v1/routing/plan and /v1/routing/run: security', () => {
  let tenant: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  });

  it('401 unauthenticated without credentials, with a wrong key, a malformed header or another user name', async () => {
    for (const endpoint of ['/v1/routing/plan', '/v1/routing/run']) {
      await expectError(await post(endpoint, smallPlan()), 401, 'unauthenticated');
      await expectError(
        await post(endpoint, smallPlan(), { auth: basicAuth(tenant.externalUserId, 'rk_live_wrong') }),
        401,
        'unauthenticated',
      );
      await expectError(await post(endpoint, smallPlan(), { auth: 'Basic !!!' }), 401, 'unauthenticated');
      await expectError(
        await post(endpoint, smallPlan(), { auth: basicAuth(other.externalUserId, tenant.liveKey) }),
        401,
        'unauthenticated',
      );
      await expectError(await post(endpoint, smallPlan(), { auth: 'Bearer not.a.jwt' }), 401, 'unauthenticated');
    }
  });

  it('keeps idempotency per account and per environment: the same problemId elsewhere is a separate job', async () => {
    const body = smallPlan();
    await expectJson(await post('/v1/routing/plan', body, { auth: tenant.basicAuthHeader('live') }), 200);
    const different = { ...body, orders: (body.orders as unknown[]).slice(0, 1) };
    // Another account and the sandbox may use the same problemId with another body: no conflict.
    const sandbox = await expectJson<PlanBody>(
      await post('/v1/routing/plan', different, { auth: tenant.basicAuthHeader('sandbox') }),
      200,
    );
    expect(sandbox.problemId).toBe(body.problemId);
    await expectJson(await post('/v1/routing/plan', different, { auth: other.basicAuthHeader('live') }), 200);
  });

  it('never shows a live job to the sandbox key or to another account, and the reverse', async () => {
    const body = smallPlan();
    await expectJson(await post('/v1/routing/plan', body, { auth: tenant.basicAuthHeader('live') }), 200);
    const unknown = await expectError(
      await get('/v1/routing/jobs/never-submitted-anywhere', { auth: tenant.basicAuthHeader('sandbox') }),
      404,
      'job_not_found',
    );
    for (const auth of [
      tenant.basicAuthHeader('sandbox'),
      other.basicAuthHeader('live'),
      other.basicAuthHeader('sandbox'),
    ]) {
      const error = await expectError(
        await get(`/v1/routing/jobs/${String(body.problemId)}`, { auth }),
        404,
        'job_not_found',
      );
      expect(error.message.replace(String(body.problemId), 'ID')).toBe(
        unknown.message.replace('never-submitted-anywhere', 'ID'),
      );
    }
    const sandboxBody = smallPlan();
    await expectJson(await post('/v1/routing/plan', sandboxBody, { auth: tenant.basicAuthHeader('sandbox') }), 200);
    await expectError(
      await get(`/v1/routing/jobs/${String(sandboxBody.problemId)}`, { auth: tenant.basicAuthHeader('live') }),
      404,
      'job_not_found',
    );
  });
});
