import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import type { Jobs, SubmitRequest } from './index';
import { queueModeJobs, startWorker, stopWorker, type WorkerProcess } from './testing';

// Queue mode with a real worker process (two threads) and JOBS_PER_ACCOUNT_CONCURRENCY=1: one
// account's flood (two long solves and fifty short jobs) leaves a thread to another account.
const onPostgres = testDbKind() === 'postgres';

const workerEnv = { JOBS_PER_ACCOUNT_CONCURRENCY: '1' };

describe.skipIf(!onPostgres)('fair sharing between accounts in queue mode', () => {
  const testDb = useTestDb();
  let jobs: Jobs;
  let worker: WorkerProcess | undefined;
  let counter = 0;
  const probe = (accountId: number, spinMs: number): SubmitRequest => ({
    kind: 'jobs.probe',
    accountId,
    environment: 'live',
    key: `fair-probe-${++counter}`,
    input: { spinMs },
  });

  beforeAll(async () => {
    jobs = await queueModeJobs(testDb, workerEnv);
    worker = await startWorker(testDb.databaseUrl!, 2, workerEnv);
  }, 90_000);

  afterAll(async () => {
    if (worker) await stopWorker(worker);
    await jobs?.stop();
  });

  it("another account's job runs within seconds while one account floods", async () => {
    const flood = [probe(1, 20_000), probe(1, 20_000), ...Array.from({ length: 50 }, () => probe(1, 500))];
    const floodIds = [];
    for (const request of flood) floodIds.push((await jobs.submit(request)).job.id);
    const started = Date.now();
    const { job } = await jobs.submit(probe(2, 200));
    const done = await jobs.waitFor(job.id, 15_000);
    const seconds = (Date.now() - started) / 1000;
    expect(done?.status).toBe('complete');
    expect(seconds, `the quiet account waited ${seconds.toFixed(1)} s`).toBeLessThan(10);
    // Stop the flood rather than wait for it.
    await Promise.all(floodIds.map((id) => jobs.cancel(id)));
  }, 60_000);
});
