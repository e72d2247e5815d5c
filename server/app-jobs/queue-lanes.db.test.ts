import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/server/accounts';
import { jobs as jobRows } from '@/server/db/schema/jobs';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import type { Jobs, SubmitRequest } from '@/server/jobs';
import { FAST_RECOVERY, queueModeJobs, startWorker, stopWorker, type WorkerProcess } from '@/server/jobs/testing';
// The application's job kinds and tenancy (accounts), registered before the job service starts.
import './index';

/**
 * Queue mode with real `npm run worker` processes and the application's tenancy (accounts in the
 * database): the fair share per tenant across workers, booking's latency lane, and a worker's
 * graceful stop. PostgreSQL only: workers are separate processes.
 */
const onPostgres = testDbKind() === 'postgres';

const workerEnv = { ...FAST_RECOVERY, JOBS_PER_TENANT_CONCURRENCY: '1', JOBS_LATENCY_THREADS: '1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('queue mode lanes and shares with worker processes', () => {
  const testDb = useTestDb();
  let jobs: Jobs;
  const workers: WorkerProcess[] = [];
  let counter = 0;
  const probe = (accountId: number, spinMs: number, extra: Partial<SubmitRequest> = {}): SubmitRequest => ({
    kind: 'jobs.probe',
    accountId,
    environment: 'live',
    key: `lanes-${++counter}`,
    input: { spinMs },
    ...extra,
  });
  const cancelAll = (ids: string[]) => Promise.all(ids.map((id) => jobs.cancel(id)));

  beforeAll(async () => {
    jobs = await queueModeJobs(testDb, workerEnv);
    // One worker, two solver threads and one latency thread: a tenant's share is one of the two.
    workers.push(await startWorker(testDb.databaseUrl!, 2, workerEnv));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => stopWorker(worker)));
    await jobs?.stop();
  });

  it('leaves a thread to another tenant while one floods from its root and a branch', async () => {
    const root = await createAccount(testDb.db, { name: 'flooding tenant' });
    const branch = await createAccount(testDb.db, { name: 'its branch', parentId: root.id });
    const other = await createAccount(testDb.db, { name: 'quiet tenant' });
    const flood = [probe(root.id, 20_000), probe(branch.id, 20_000)];
    for (let i = 0; i < 20; i++) flood.push(probe(i % 2 === 0 ? root.id : branch.id, 500));
    const floodIds: string[] = [];
    for (const request of flood) floodIds.push((await jobs.submit(request)).job.id);
    await sleep(1_500);
    // The tenant holds one thread, not one per account.
    const processing = await testDb.db
      .select({ startedAt: jobRows.startedAt, claimed: sql<boolean>`${jobRows.leaseToken} is not null` })
      .from(jobRows)
      .where(sql`${jobRows.status} = 'processing' and ${jobRows.accountId} in (${root.id}, ${branch.id})`);
    const running = processing.filter((row) => row.claimed);
    expect(running).toHaveLength(1);
    expect(running[0]!.startedAt).not.toBeNull();
    // The rest wait for the tenant's share: queued, not started.
    expect(processing.filter((row) => !row.claimed && row.startedAt !== null)).toEqual([]);
    const started = Date.now();
    const { job } = await jobs.submit(probe(other.id, 200));
    const done = await jobs.waitFor(job.id, 15_000);
    const seconds = (Date.now() - started) / 1000;
    expect(done?.status).toBe('complete');
    expect(seconds, `the quiet tenant waited ${seconds.toFixed(1)} s`).toBeLessThan(10);
    await cancelAll(floodIds);
  }, 60_000);

  it("answers a latency job at once while the same account's solves hold every solver thread, and the solves keep their limits", async () => {
    const a = await createAccount(testDb.db, { name: 'busy dispatcher' });
    const b = await createAccount(testDb.db, { name: 'another dispatcher' });
    const latencyProbe = () => probe(a.id, 0, { kind: 'jobs.probe.latency', input: { spinMs: 30 } });
    // The lane's thread loads its handler with its first job.
    await jobs.waitFor((await jobs.submit(latencyProbe())).job.id, 15_000);
    const long = [
      (await jobs.submit(probe(a.id, 4_000, { timeLimitMs: 5_000 }))).job.id,
      (await jobs.submit(probe(b.id, 4_000, { timeLimitMs: 5_000 }))).job.id,
    ];
    const backlog: string[] = [];
    for (let i = 0; i < 6; i++) backlog.push((await jobs.submit(probe(a.id, 300))).job.id);
    await sleep(1_000);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const { job } = await jobs.submit(latencyProbe());
      const done = await jobs.waitFor(job.id, 10_000);
      latencies.push(performance.now() - started);
      expect(done?.status).toBe('complete');
    }
    console.log(
      `queue mode latency lane: ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms while solves held every solver thread`,
    );
    expect(Math.max(...latencies)).toBeLessThan(1_500);
    for (const id of long) {
      const done = await jobs.waitFor(id, 20_000);
      expect(done?.status).toBe('complete');
      expect(done!.finishedAt! - done!.startedAt!).toBeLessThan(5_000 + 1_000);
    }
    await cancelAll(backlog);
  }, 60_000);

  it('gives its jobs back on a graceful stop: another worker runs them at once, the stop not counted as an attempt', async () => {
    const account = await createAccount(testDb.db, { name: 'restarted' });
    const { job } = await jobs.submit(probe(account.id, 6_000));
    let held = await jobs.get(job.id);
    for (let i = 0; i < 50 && !held?.leaseOwner; i++) {
      await sleep(100);
      held = await jobs.get(job.id);
    }
    expect(held).toMatchObject({ status: 'processing', attempts: 1 });
    const first = workers.find((worker) => held!.leaseOwner!.includes(`:${worker.pid}:`))!;
    const successor = await startWorker(testDb.databaseUrl!, 2, workerEnv);
    workers.push(successor);
    await stopWorker(first, 'SIGTERM');
    workers.splice(workers.indexOf(first), 1);
    const [released] = await testDb.db.select().from(jobRows).where(eq(jobRows.id, job.id));
    // Either still released or already taken by the successor, whose claim is the first to count.
    expect(released?.attempts).toBeLessThanOrEqual(1);
    const done = await jobs.waitFor(job.id, 20_000);
    expect(done).toMatchObject({ status: 'complete', attempts: 1 });
    expect(done!.leaseOwner ?? '').not.toContain(`:${first.pid}:`);
  }, 60_000);
});
