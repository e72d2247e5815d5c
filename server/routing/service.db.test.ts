import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, type ApiPrincipal } from '@/server/accounts';
import { getConfig, parseConfig } from '@/server/config';
import { createDb } from '@/server/db';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { createJobs, type Jobs } from '@/server/app-jobs';
import { routingRequestSchema, type RoutingRequest } from './request-schema';
import { getRoutingJob } from './console-jobs';
import { acceptRoutingRequest, pollRoutingJob, submitRoutingRequest } from './service';
import { PLAN_KIND } from './job-kinds';
import { RoutingError } from './errors';
import { BROOKLYN_STORE as store } from './test-store';

const config = parseConfig({ LOG_LEVEL: 'silent' });

function request(problemId: string, seconds = 0.3): RoutingRequest {
  return routingRequestSchema({ maxOrders: 2000, maxFleet: 300 }, 'plan').parse({
    problemId,
    orders: [{ externalId: 'o1', pickupAddress: store, dropoffAddress: { postalCode: '10118' } }],
    fleet: [
      {
        driverExternalId: 'd1',
        vehicleExternalId: 'v1',
        vehicleType: 'car',
        scheduledStart: '2026-11-23T08:00:00-05:00',
      },
    ],
    options: { solverTimeLimitSeconds: seconds },
  });
}

/** The routing domain error a use case threw (server/http maps its code to the status; see its errors test). */
async function routingErrorOf(promise: Promise<unknown>): Promise<RoutingError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RoutingError);
    return error as RoutingError;
  }
  throw new Error('expected a RoutingError');
}

describe(`routing service on ${testDbKind()}`, () => {
  const testDb = useTestDb();
  let jobs: Jobs;
  let principal: ApiPrincipal;

  beforeAll(async () => {
    // The clock read at each call, so that a test can move the date (retention).
    jobs = await createJobs({
      handle: testDb.handle,
      mode: 'pool',
      poolSize: 1,
      sweepIntervalMs: 0,
      config,
      now: () => Date.now(),
    });
    const account = await createAccount(testDb.db, { name: 'Service test' });
    principal = {
      userId: 1,
      externalUserId: 'service-test',
      accountId: account.id,
      environment: 'live',
      via: 'api_key',
    };
  });
  afterAll(async () => {
    await jobs?.stop();
  });

  async function syncWindowOf(problemId: string): Promise<unknown> {
    const job = await jobs.getByKey(PLAN_KIND, {
      accountId: principal.accountId,
      environment: principal.environment,
      key: problemId,
    });
    return ((await jobs.input(job!.id)) as { syncWindowSeconds?: unknown } | null)?.syncWindowSeconds;
  }

  it('answers a finished plan with 200 and a conflicting body with invalid_routing_input on problemId', async () => {
    const caller = { db: testDb.db, jobs, principal };
    const reply = await submitRoutingRequest(caller, request('svc-1'), 'plan', 'wait=60');
    expect(reply.state).toBe('complete');
    expect((reply.body as { problemId: string }).problemId).toBe('svc-1');
    const conflict = await routingErrorOf(submitRoutingRequest(caller, request('svc-1', 0.4), 'plan', null));
    expect([conflict.code, conflict.param]).toEqual(['invalid_routing_input', 'problemId']);
    // The default budget's wall cap derives from the longer wait the request asked for.
    expect(await syncWindowOf('svc-1')).toBe(60);
  });

  it('500 unknown_job_state for a job that ended canceled', async () => {
    const caller = { db: testDb.db, jobs, principal };
    const pending = await submitRoutingRequest(caller, request('svc-2', 5), 'plan', 'wait=0');
    expect(pending).toMatchObject({
      state: 'processing',
      pollAfterSeconds: 2,
      pollUrl: '/v1/routing/jobs/svc-2',
      preferenceApplied: 'wait=0',
    });
    expect((pending.body as { jobId: string }).jobId).toBe('svc-2');
    // A shorter wait answers sooner but leaves the default budget its whole window.
    expect(await syncWindowOf('svc-2')).toBe(getConfig().ROUTING_SYNC_TIMEOUT_SECONDS);
    const job = await jobs.getByKey(PLAN_KIND, {
      accountId: principal.accountId,
      environment: principal.environment,
      key: 'svc-2',
    });
    await jobs.cancel(job!.id);
    const error = await routingErrorOf(pollRoutingJob(caller, 'svc-2'));
    expect(error.code).toBe('unknown_job_state');
  });

  it('a console plan is kept for its history (by problemId too) while /v1 polling ends at the contract retention', async () => {
    const caller = { db: testDb.db, jobs, principal };
    const week = 7 * 24 * 3600;
    const consolePlan = await acceptRoutingRequest(caller, request('svc-console'), 'plan', week);
    const apiPlan = await acceptRoutingRequest(caller, request('svc-api'), 'plan');
    for (const job of [consolePlan, apiPlan]) expect((await jobs.waitFor(job.id, 60_000))?.status).toBe('complete');
    const actor = {
      db: testDb.db,
      jobs,
      user: { userId: 1, externalUserId: 'service-test', accountId: principal.accountId },
    };
    expect((await getRoutingJob(actor, 'svc-console')).job.id).toBe(consolePlan.id);
    expect((await pollRoutingJob(caller, 'svc-console')).state).toBe('complete');

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (config.ROUTING_JOB_RETENTION_SECONDS + 60) * 1000);
      expect((await routingErrorOf(pollRoutingJob(caller, 'svc-console'))).code).toBe('job_not_found');
      expect((await routingErrorOf(pollRoutingJob(caller, 'svc-api'))).code).toBe('job_not_found');
      // The console's history still has it, by its job id and by its problemId; the /v1 job is gone.
      const kept = await getRoutingJob(actor, 'svc-console');
      expect([kept.job.id, kept.job.status, kept.plan?.problemId]).toEqual([consolePlan.id, 'complete', 'svc-console']);
      expect((await getRoutingJob(actor, consolePlan.id)).job.problemId).toBe('svc-console');
      expect((await routingErrorOf(getRoutingJob(actor, 'svc-api'))).code).toBe('job_not_found');
    } finally {
      vi.useRealTimers();
    }
  });

  it('500 enqueue_failed when the job store refuses the job, 500 job_lookup_failed when it cannot be read', async () => {
    // A job service on a database that has gone away: the request's own reads still work.
    const doomed = await createDb({ inMemory: true });
    const brokenJobs = await createJobs({ handle: doomed, mode: 'pool', poolSize: 1, sweepIntervalMs: 0, config });
    await doomed.close();
    try {
      const caller = { db: testDb.db, jobs: brokenJobs, principal };
      const enqueue = await routingErrorOf(submitRoutingRequest(caller, request('svc-3'), 'plan', null));
      expect(enqueue.code).toBe('enqueue_failed');
      const lookup = await routingErrorOf(pollRoutingJob(caller, 'svc-3'));
      expect(lookup.code).toBe('job_lookup_failed');
    } finally {
      await brokenJobs.stop().catch(() => undefined);
    }
  });
});
