import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import { jobProbeWrites, jobs as jobRows } from '@/server/db/schema/jobs';
import { createTestDb, testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { createJobs, hashInput, type Jobs, type SubmitRequest } from './index';
import { FAST_RECOVERY, queueModeJobs, startWorker, stopWorker, type WorkerProcess } from './testing';

// Queue mode: this process is an app instance; `npm run worker` processes run the jobs. Worker
// processes share one PostgreSQL server, so this file only runs on TEST_DB=postgres.
const onPostgres = testDbKind() === 'postgres';

const workerEnv = { ...FAST_RECOVERY, JOBS_LEASE_SECONDS: '6' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)(
  'jobs in queue mode with worker processes (PostgreSQL only: workers are separate processes)',
  () => {
    const testDb = useTestDb();
    let jobs: Jobs;
    const workers: WorkerProcess[] = [];
    let counter = 0;
    const probe = (spinMs: number): SubmitRequest => ({
      kind: 'jobs.probe',
      accountId: 1,
      environment: 'live',
      key: `queue-probe-${++counter}`,
      input: { spinMs },
    });
    /** A real optimizer solve of a small generated instance, about `solveMs` long. */
    const solveProbe = (solveMs: number): SubmitRequest => ({
      ...probe(0),
      input: { solve: { shipments: 12, seed: counter, solveMs } },
    });

    /** Processing jobs a worker process holds right now (lease_owner names its pid). */
    async function heldBy(worker: WorkerProcess): Promise<number> {
      const rows = await testDb.db
        .select({ id: jobRows.id })
        .from(jobRows)
        .where(
          sql`${jobRows.status} = 'processing' and ${jobRows.leaseToken} is not null and ${jobRows.leaseOwner} like ${`worker:%:${worker.pid}:%`}`,
        );
      return rows.length;
    }

    beforeAll(async () => {
      jobs = await queueModeJobs(testDb, { ...workerEnv, JOBS_MAX_ATTEMPTS: '5' });
      workers.push(
        await startWorker(testDb.databaseUrl!, 2, workerEnv),
        await startWorker(testDb.databaseUrl!, 2, workerEnv),
      );
    });

    afterAll(async () => {
      await Promise.all(workers.map((w) => stopWorker(w, 'SIGTERM')));
      await jobs?.stop();
    });

    it('answers a waiting request promptly when a worker finishes the job', async () => {
      const { job } = await jobs.submit(probe(100));
      const done = await jobs.waitFor(job.id, 30_000);
      expect(done?.status).toBe('complete');
      // LISTEN/NOTIFY from the worker's completion transaction, not the 1 s polling backstop.
      expect(Date.now() - done!.finishedAt!).toBeLessThan(500);
    });

    it("shows a worker process's solve progress to this instance while it runs", async () => {
      const { job } = await jobs.submit({ ...probe(0), input: { solve: { shipments: 120, seed: 5, solveMs: 2500 } } });
      let seen = await jobs.get(job.id);
      for (let i = 0; i < 100 && !(seen?.status === 'processing' && seen.progress); i++) {
        await sleep(100);
        seen = await jobs.get(job.id);
      }
      expect(seen?.leaseOwner).toMatch(/^worker:/);
      expect(seen?.status).toBe('processing');
      expect(seen?.progress).toMatchObject({ iterations: expect.any(Number), cost: expect.any(Number) });
      expect((await jobs.waitFor(job.id, 30_000))?.status).toBe('complete');
    });

    it('completes 200 optimizer jobs exactly once while a worker is killed with SIGKILL mid-solve, again and again', async () => {
      const submitted = await Promise.all(Array.from({ length: 200 }, () => jobs.submit(solveProbe(150))));
      const ids = submitted.map((s) => s.job.id);
      expect(new Set(ids).size).toBe(200);

      const started = Date.now();
      const progress = setInterval(() => {
        void testDb.db
          .select({ count: sql<number>`count(*)::int` })
          .from(jobRows)
          .where(sql`${jobRows.status} = 'complete' and ${jobRows.id} in ${ids}`)
          .then(([row]) =>
            console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${row?.count} of 200 complete`),
          );
      }, 5000);
      let kills = 0;
      for (let round = 0; round < 3; round++) {
        await sleep(2000);
        const victim = workers[0]!;
        // Kill only while it is inside a solve, so the kill interrupts work in flight.
        for (let waited = 0; (await heldBy(victim)) === 0 && waited < 10_000; waited += 50) await sleep(50);
        expect(await heldBy(victim)).toBeGreaterThan(0);
        await stopWorker(victim, 'SIGKILL');
        kills += 1;
        console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: killed worker ${victim.pid}`);
        workers[0] = await startWorker(testDb.databaseUrl!, 2, workerEnv);
        console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: restarted as ${workers[0].pid}`);
      }

      const finished = await Promise.all(ids.map((id) => jobs.waitFor(id, 60_000)));
      clearInterval(progress);
      const statuses = finished.map((job) => job?.status);
      const stuck = finished.filter((job) => job?.status !== 'complete');
      if (stuck.length > 0) {
        const boss = await testDb.handle.sql!.unsafe(
          `select id, state, retry_count, retry_limit, heartbeat_on, heartbeat_seconds, started_on, data, output from pgboss.job where data->>'jobId' = any($1)`,
          [stuck.map((j) => j!.id)],
        );
        console.log(
          'STUCK',
          JSON.stringify(stuck, null, 1),
          JSON.stringify(boss, null, 1),
          workers.map((w) => w.output.join('')).join('\n----\n'),
        );
      }
      expect(statuses.filter((s) => s === 'complete')).toHaveLength(200);
      expect(finished.every((job) => typeof (job!.result as { routes: number }).routes === 'number')).toBe(true);

      const writes = await testDb.db
        .select({ jobId: jobProbeWrites.jobId, count: sql<number>`count(*)::int` })
        .from(jobProbeWrites)
        .where(inArray(jobProbeWrites.jobId, ids))
        .groupBy(jobProbeWrites.jobId);
      expect(writes).toHaveLength(200);
      expect(writes.every((w) => w.count === 1)).toBe(true);
      // The kills hit running jobs: those ran again, on a surviving or restarted worker.
      const rerun = finished.filter((job) => job!.attempts > 1);
      expect(rerun.length).toBeGreaterThanOrEqual(kills);
      console.log(
        `queue mode: 200 jobs, ${kills} SIGKILLs, ${rerun.length} jobs re-run after a kill, every job written once`,
      );
    }, 110_000);

    it('frees a worker thread at once when its job is canceled from an app instance', async () => {
      // Four long solves fill both workers' two threads each.
      const long = await Promise.all(Array.from({ length: 4 }, () => jobs.submit(solveProbe(120_000))));
      const ids = long.map((s) => s.job.id);
      for (let waited = 0; waited < 30_000; waited += 100) {
        const running = await testDb.db
          .select({ id: jobRows.id })
          .from(jobRows)
          .where(sql`${jobRows.id} in ${ids} and ${jobRows.leaseToken} is not null`);
        if (running.length === 4) break;
        await sleep(100);
      }
      await Promise.all(ids.map((id) => jobs.cancel(id)));
      const started = Date.now();
      const { job } = await jobs.submit(solveProbe(50));
      expect((await jobs.waitFor(job.id, 50_000))?.status).toBe('complete');
      // Not the 120 s the canceled solves would have held the threads for (usually 1 to 3 s; the
      // bound leaves room for a machine busy with other work, where this took 12.7 s once).
      expect(Date.now() - started).toBeLessThan(45_000);
      for (const id of ids) expect(await jobs.get(id)).toMatchObject({ status: 'canceled' });
      expect(await testDb.db.select().from(jobProbeWrites).where(inArray(jobProbeWrites.jobId, ids))).toHaveLength(0);
    }, 120_000);

    it('re-sends a processing job that no queue message delivers any more', async () => {
      // What pg-boss giving up on a job leaves: a processing row and no live message.
      const input = { spinMs: 20 };
      const id = randomUUID();
      await testDb.db.insert(jobRows).values({
        id,
        namespace: 'jobs',
        accountId: 1,
        environment: 'live',
        key: 'orphaned-message',
        kind: 'jobs.probe',
        inputHash: hashInput(input),
        input,
        status: 'processing',
        runId: randomUUID(),
        maxAttempts: 3,
        timeLimitMs: 60_000,
        retentionSeconds: 1800,
        createdAt: new Date(Date.now() - 10 * 60_000),
      });
      expect(await jobs.recover()).toBe(1);
      expect(await jobs.waitFor(id, 30_000)).toMatchObject({ status: 'complete', attempts: 1 });
      expect(await testDb.db.select().from(jobProbeWrites).where(eq(jobProbeWrites.jobId, id))).toHaveLength(1);
      expect(await jobs.recover()).toBe(0);
    }, 60_000);

    it('fails a job with optimization_failed after it killed its worker on every allowed attempt', async () => {
      const strict = await queueModeJobs(testDb, { ...workerEnv, JOBS_MAX_ATTEMPTS: '1' });
      try {
        const { job } = await strict.submit(solveProbe(120_000));
        let holder: WorkerProcess | undefined;
        for (let waited = 0; !holder && waited < 20_000; waited += 100) {
          await sleep(100);
          const [row] = await testDb.db.select().from(jobRows).where(eq(jobRows.id, job.id));
          holder = workers.find((w) => row?.leaseToken && row.leaseOwner?.includes(`:${w.pid}:`));
        }
        expect(holder).toBeDefined();
        await stopWorker(holder!, 'SIGKILL');
        workers[workers.indexOf(holder!)] = await startWorker(testDb.databaseUrl!, 2, workerEnv);
        const ended = await strict.waitFor(job.id, 40_000);
        expect(ended).toMatchObject({ status: 'failed', error: { code: 'optimization_failed' }, attempts: 2 });
        expect(await testDb.db.select().from(jobProbeWrites).where(eq(jobProbeWrites.jobId, job.id))).toHaveLength(0);
      } finally {
        await strict.stop();
      }
    }, 60_000);
  },
);

describe.skipIf(onPostgres)('jobs in queue mode on the embedded database', () => {
  it('is refused: worker processes need a PostgreSQL server', async () => {
    const testDb = await createTestDb();
    try {
      await expect(createJobs({ handle: testDb.handle, mode: 'queue', config: parseConfig({}) })).rejects.toThrow(
        /PostgreSQL/,
      );
    } finally {
      await testDb.close();
    }
  });
});
