import { beforeAll, describe, expect, it } from 'vitest';
import { liveTenant } from '../helpers';
import { expectError, expectJson, get, pollUntilDone, post, smallPlan, type PlanBody } from '../client';

describe('GET /v1/routing/jobs/{problemId}', () => {
  let auth: string;
  beforeAll(async () => ({ auth } = await liveTenant()));

  it('200 with the same result the request answered', async () => {
    const body = smallPlan();
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(await expectJson<PlanBody>(await get(`/v1/routing/jobs/${String(body.problemId)}`, { auth }), 200)).toEqual(
      result,
    );
  });

  it('202 { status: processing } with Retry-After while the job runs, then 200', async () => {
    const body = smallPlan({ orders: 6 });
    body.options = { solverTimeLimitSeconds: 4 };
    await expectJson(await post('/v1/routing/run', { ...body, mode: 'plan' }, { auth, prefer: 'wait=0' }), 202);
    const processing = await get(`/v1/routing/jobs/${String(body.problemId)}`, { auth });
    expect(await expectJson(processing, 202)).toEqual({ status: 'processing' });
    expect(processing.headers.get('retry-after')).toBe('2');
    const done = await expectJson<PlanBody>(await pollUntilDone(body.problemId as string, auth), 200);
    expect(done.problemId).toBe(body.problemId);
  });

  it('404 job_not_found for an id never used', async () => {
    await expectError(await get('/v1/routing/jobs/no-such-problem', { auth }), 404, 'job_not_found');
  });

  it('400 invalid_job_id when the id is missing or empty', async () => {
    await expectError(await get('/v1/routing/jobs', { auth }), 400, 'invalid_job_id');
    await expectError(await get('/v1/routing/jobs/%20', { auth }), 400, 'invalid_job_id');
  });

  it('401 unauthenticated without credentials, before anything about the job is said', async () => {
    await expectError(await get('/v1/routing/jobs/no-such-problem'), 401, 'unauthenticated');
  });
});
