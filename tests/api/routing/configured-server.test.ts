/**
 * Behaviour that depends on configuration, checked on a second server started by this file from the
 * same build with its own settings: a short job retention (so expiry is observable in seconds), a
 * JWT secret (routing's Bearer authentication) and a short job time limit and a raised order limit (so a solve can fail).
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, type Tenant } from '../helpers';
import { secondServerDb, startSecondServer, type SecondServer, type SecondServerDb } from '../second-server';
import {
  expectError,
  expectJson,
  get,
  pollUntilDone,
  post,
  smallPlan,
  uniqueId,
  type Json,
  type PlanBody,
} from '../client';

const RETENTION_SECONDS = 3;
const JOB_TIME_LIMIT_SECONDS = 6;
const JWT_SECRET = 'configured-server-test-secret-0123456789abcdef';

let server: SecondServer | undefined;
let database: SecondServerDb | undefined;

async function startServer(): Promise<void> {
  database = await secondServerDb();
  server = await startSecondServer({
    label: 'routing-configured',
    databaseUrl: database.databaseUrl,
    env: {
      ROUTING_JOB_RETENTION_SECONDS: String(RETENTION_SECONDS),
      // Room for a small plan on a worker thread's first (cold) job; far too little for the oversized one
      // below, whose travel-time matrix alone has 36 times the pairs of bench:matrix's 2,000 points (about 0.3 s).
      JOBS_TIME_LIMIT_SECONDS: String(JOB_TIME_LIMIT_SECONDS),
      WORKER_POOL_SIZE: '1',
      MAX_ORDERS: '6000',
      JWT_SECRET,
    },
  });
}

describe('routing on a server with a 3 s retention, a JWT secret and a 6 s job time limit', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    await startServer();
    tenant = await createTenant();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('404 job_not_found once a finished job is past its retention; the problemId is then free again', async () => {
    const auth = tenant.basicAuthHeader('live');
    const body = smallPlan();
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(await expectJson(await get(`/v1/routing/jobs/${String(body.problemId)}`, { auth }), 200)).toEqual(result);
    await new Promise((resolve) => setTimeout(resolve, (RETENTION_SECONDS + 1) * 1000));
    await expectError(await get(`/v1/routing/jobs/${String(body.problemId)}`, { auth }), 404, 'job_not_found');
    // After expiry the problemId may carry a different body.
    const reused = { ...body, orders: (body.orders as Json[]).slice(0, 1) };
    await expectJson(await post('/v1/routing/plan', reused, { auth }), 200);
  });

  it('authenticates a Bearer JWT; 401 no_account_for_user for a user without a default account', async () => {
    const sign = (subject: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(JWT_SECRET));
    const plan = await post('/v1/routing/plan', smallPlan(), { auth: `Bearer ${await sign(tenant.externalUserId)}` });
    expect((await expectJson<PlanBody>(plan, 200)).itineraries).toHaveLength(1);

    const homeless = uniqueId('no-account-user');
    await createUser({ externalUserId: homeless });
    await expectError(
      await post('/v1/routing/plan', smallPlan(), { auth: `Bearer ${await sign(homeless)}` }),
      401,
      'no_account_for_user',
    );
    await expectError(
      await get('/v1/routing/jobs/anything', { auth: `Bearer ${await sign(homeless)}` }),
      401,
      'no_account_for_user',
    );
  });

  it('500 optimization_failed when the solve cannot finish within the job time limit; an identical retry re-runs it', async () => {
    const auth = tenant.basicAuthHeader('live');
    // 6,000 orders on 300 vehicles at 12,000 distinct points: the matrix and the first solution took more
    // than 15 s on a cold job thread, and a warm one once finished within 15 s; 6 s leaves a wide margin.
    const body = smallPlan({ orders: 6000, vehicles: 300 });
    const orders = body.orders as Json[];
    orders.forEach((order, i) => {
      order.pickupAddress = {
        postalCode: '11201',
        latitude: (40.65 + (i % 83) * 0.002).toFixed(4),
        longitude: (-73.99 + Math.floor(i / 83) * 0.001).toFixed(4),
      };
      order.dropoffAddress = {
        postalCode: '10001',
        latitude: (40.6 + (i % 97) * 0.003).toFixed(4),
        longitude: (-74.0 + Math.floor(i / 97) * 0.004).toFixed(4),
      };
    });
    body.options = {};
    const first = await post('/v1/routing/plan', body, { auth, prefer: 'wait=60' });
    const failure = await expectError(first, 500, 'optimization_failed');
    expect(failure.type).toBe('api_error');
    await expectError(await get(`/v1/routing/jobs/${String(body.problemId)}`, { auth }), 500, 'optimization_failed');
    // The identical retry is accepted and runs the job again under the same id.
    const retry = await post('/v1/routing/plan', body, { auth, prefer: 'wait=0' });
    expect(retry.status).toBe(202);
    const pending = (await retry.json()) as Json;
    expect(pending.status).toBe('processing');
    await expectError(await pollUntilDone(body.problemId as string, auth, 60_000), 500, 'optimization_failed');
  });
});
