import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import { jobProbeWrites, jobs as jobRows } from '@/server/db/schema/jobs';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { createJobs, JobConflictError, JobPayloadError, type JobRecord, type Jobs, type SubmitRequest } from './index';
import { recordProgress } from './store';

// Pool mode on the real database of TEST_DB: worker threads in this process, rows in the database.
const config = parseConfig({ JOBS_LEASE_SECONDS: '30', JOBS_MAX_ATTEMPTS: '3', ROUTING_JOB_RETENTION_SECONDS: '1800' });

/** A clock tests move by hand; it starts at real time so leases and deadlines stay meaningful. */
function manualClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

const testDb = useTestDb();
let counter = 0;
const probe = (spinMs: number, extra: Partial<SubmitRequest> = {}): SubmitRequest => ({
  kind: 'jobs.probe',
  accountId: 1,
  environment: 'live',
  key: `probe-${++counter}`,
  input: { spinMs },
  ...extra,
});

async function writesOf(jobId: string): Promise<number> {
  const rows = await testDb.db.select().from(jobProbeWrites).where(eq(jobProbeWrites.jobId, jobId));
  return rows.length;
}

/** Jobs in pool mode on the test database, without the background sweep. */
const poolJobs = (poolSize: number, extra: Partial<Parameters<typeof createJobs>[0]> = {}) =>
  createJobs({ handle: testDb.handle, mode: 'pool', poolSize, sweepIntervalMs: 0, config, ...extra });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

describe('jobs in pool mode', () => {
  let jobs: Jobs;
  const clock = manualClock();

  beforeAll(async () => {
    jobs = await poolJobs(2, { now: clock.now });
  });
  afterAll(async () => {
    await jobs?.stop();
  });

  it("keeps the running execution's latest progress on the job row, where any reader sees it", async () => {
    const { job } = await jobs.submit({ ...probe(0), input: { solve: { shipments: 120, seed: 3, solveMs: 2500 } } });
    let seen = null as Awaited<ReturnType<Jobs['get']>>;
    for (let i = 0; i < 100 && !(seen?.status === 'processing' && seen.progress); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await jobs.get(job.id);
    }
    expect(seen?.status).toBe('processing');
    expect(seen?.progress).toMatchObject({
      iterations: expect.any(Number),
      vehicles: expect.any(Number),
      unassigned: expect.any(Number),
    });
    // Progress writes are fenced: an execution that no longer holds the job writes nothing.
    await recordProgress(testDb.db, { jobId: job.id, leaseToken: randomUUID() }, { stale: true });
    expect((await jobs.get(job.id))?.progress).not.toEqual({ stale: true });
    const done = await jobs.waitFor(job.id, 30_000);
    expect(done?.status).toBe('complete');
  });

  it('knows without a database read which key is processing here (embedded database only), per account and environment, until it ends', async () => {
    const local = testDb.kind === 'pglite'; // on PostgreSQL other instances change jobs: always ask the database
    const running = probe(60_000, { accountId: 911 });
    const { job } = await jobs.submit(running);
    expect(jobs.processingHere('jobs.probe', running)).toBe(local);
    expect((await jobs.getByKey('jobs.probe', running))?.status).toBe('processing');
    expect(jobs.processingHere('jobs.probe', { ...running, accountId: 912 })).toBe(false);
    expect(jobs.processingHere('jobs.probe', { ...running, environment: 'sandbox' })).toBe(false);
    expect(jobs.processingHere('jobs.probe', { ...running, key: `${running.key}-other` })).toBe(false);
    expect(await jobs.cancel(job.id)).toBe(true);
    expect(jobs.processingHere('jobs.probe', running)).toBe(false);
    expect((await jobs.getByKey('jobs.probe', running))?.status).toBe('canceled');

    const quick = probe(50, { accountId: 911 });
    const submitted = await jobs.submit(quick);
    expect(jobs.processingHere('jobs.probe', quick)).toBe(local);
    // Whoever hears that the job finished (waitFor) already finds it forgotten here.
    expect((await jobs.waitFor(submitted.job.id, 10_000))?.status).toBe('complete');
    expect(jobs.processingHere('jobs.probe', quick)).toBe(false);
    expect((await jobs.getByKey('jobs.probe', quick))?.status).toBe('complete');
  });

  it('lists retained jobs of some accounts, newest first, filtered and paged', async () => {
    const first = await jobs.submit({ ...probe(0), accountId: 901, environment: 'sandbox' });
    const second = await jobs.submit({ ...probe(0), accountId: 901 });
    const third = await jobs.submit({ ...probe(0), accountId: 902 });
    await jobs.submit({ ...probe(0), accountId: 903 });
    for (const { job } of [first, second, third]) await jobs.waitFor(job.id, 10_000);
    const all = await jobs.list({ kinds: ['jobs.probe'], accountIds: [901, 902], limit: 10, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.jobs.map((j) => j.id)).toEqual([third.job.id, second.job.id, first.job.id]);
    const paged = await jobs.list({ kinds: ['jobs.probe'], accountIds: [901, 902], limit: 1, offset: 1 });
    expect(paged).toMatchObject({ total: 3, jobs: [{ id: second.job.id }] });
    const sandbox = await jobs.list({
      kinds: ['jobs.probe'],
      accountIds: [901, 902],
      environment: 'sandbox',
      limit: 10,
      offset: 0,
    });
    expect(sandbox.jobs.map((j) => j.id)).toEqual([first.job.id]);
    const complete = await jobs.list({
      kinds: ['jobs.probe'],
      accountIds: [901],
      status: 'failed',
      limit: 10,
      offset: 0,
    });
    expect(complete.total).toBe(0);
    expect((await jobs.list({ kinds: ['jobs.probe'], accountIds: [], limit: 10, offset: 0 })).total).toBe(0);
  });

  it('starts one execution for 50 concurrent identical submits', async () => {
    // A real optimizer solve of a small generated instance.
    const request = { ...probe(0), input: { solve: { shipments: 10, seed: 7, solveMs: 100 } } };
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => jobs.submit(request)));
    expect(outcomes.filter((o) => o.outcome === 'created')).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.job.id)).size).toBe(1);
    const done = await jobs.waitFor(outcomes[0]!.job.id, 20_000);
    expect(done?.status).toBe('complete');
    expect(done?.attempts).toBe(1);
    expect(done?.result).toMatchObject({ unassigned: 0 });
    expect(await writesOf(done!.id)).toBe(1);
    // Submitting again returns the finished job and its result; nothing runs again.
    const again = await jobs.submit(request);
    expect(again).toMatchObject({
      outcome: 'existing',
      job: { id: done!.id, status: 'complete', result: done!.result },
    });
  });

  it('claims a job as it is written when it starts at once, and claims queued jobs when they start: one attempt each', async () => {
    const rowOf = async (id: string) => (await testDb.db.select().from(jobRows).where(eq(jobRows.id, id)))[0]!;
    // The pool has 2 threads, 3 jobs in flight per thread, half of them per account: 3 of these start at once.
    const submitted = [];
    for (let i = 0; i < 5; i++) submitted.push(await jobs.submit(probe(300, { accountId: 931 })));
    const written = await Promise.all(submitted.map(({ job }) => rowOf(job.id)));
    const claimedAtWrite = (row: (typeof written)[number]) => [row.attempts, row.leaseToken !== null];
    expect(written.slice(0, 3).map(claimedAtWrite)).toEqual(Array(3).fill([1, true]));
    expect(written.slice(3).map(claimedAtWrite)).toEqual(Array(2).fill([0, false]));
    const done = await Promise.all(submitted.map(({ job }) => jobs.waitFor(job.id, 20_000)));
    expect(done.map((job) => [job?.status, job?.attempts])).toEqual(Array(5).fill(['complete', 1]));
    for (const job of done) expect(await writesOf(job!.id)).toBe(1);
    // Canceled before it ran: its end is fenced off, so it stays canceled and its effects are not written.
    const canceled = await jobs.submit(probe(200, { accountId: 932 }));
    expect(await jobs.cancel(canceled.job.id)).toBe(true);
    await jobs.idle();
    expect(await jobs.get(canceled.job.id)).toMatchObject({ status: 'canceled' });
    expect(await writesOf(canceled.job.id)).toBe(0);
  });

  it("keeps a job waiting for its account's share of threads queued: started when it gets its thread, its time measured from there", async () => {
    // Two threads, one per tenant: the account's second job is claimed at once but waits for the first's thread.
    const first = await jobs.submit(probe(1_500, { accountId: 933 }));
    const second = await jobs.submit(probe(1_500, { accountId: 933 }));
    const rowOf = async (id: string) => (await testDb.db.select().from(jobRows).where(eq(jobRows.id, id)))[0]!;
    await new Promise((resolve) => setTimeout(resolve, 700));
    const [running, waiting] = [await rowOf(first.job.id), await rowOf(second.job.id)];
    expect(running).toMatchObject({ status: 'processing', attempts: 1 });
    expect(running.startedAt).not.toBeNull();
    // Claimed (its lease held here), but not running: no start yet.
    expect(waiting).toMatchObject({ status: 'processing', attempts: 1, startedAt: null });
    expect(waiting.leaseToken).not.toBeNull();
    const [a, b] = await Promise.all([first, second].map(({ job }) => jobs.waitFor(job.id, 20_000)));
    expect([a?.status, b?.status]).toEqual(['complete', 'complete']);
    // The waiter started when the first gave its thread back, and ran its own 1.5 s, not its 3 s since submit.
    expect(b!.startedAt!).toBeGreaterThanOrEqual(a!.startedAt! + 1_500);
    expect(b!.finishedAt! - b!.startedAt!).toBeLessThan(1_500 + 1_000);
    expect(b!.finishedAt! - b!.createdAt).toBeGreaterThanOrEqual(3_000);
    // The row as stored says the same as the record the waiter got.
    expect((await rowOf(b!.id)).startedAt?.getTime()).toBe(b!.startedAt);
  });

  it('rejects the same key with a different input while the job is retained', async () => {
    const request = probe(10);
    const first = await jobs.submit(request);
    await expect(jobs.submit({ ...request, input: { spinMs: 11 } })).rejects.toBeInstanceOf(JobConflictError);
    // Key order does not matter: inputs are hashed canonically.
    expect((await jobs.submit({ ...request, input: { spinMs: 10 } })).job.id).toBe(first.job.id);
    await jobs.waitFor(first.job.id, 20_000);
  });

  it('returns at the wait deadline while running, and promptly once the job finishes', async () => {
    const { job } = await jobs.submit(probe(1500));
    const started = Date.now();
    const pending = await jobs.waitFor(job.id, 200);
    const waited = Date.now() - started;
    expect(pending?.status).toBe('processing');
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1000);
    const done = await jobs.waitFor(job.id, 20_000);
    expect(done?.status).toBe('complete');
    // Woken by the in-process notification, not by a poll interval.
    expect(Date.now() - done!.finishedAt!).toBeLessThan(250);
    expect(await jobs.waitFor('00000000-0000-4000-8000-000000000000', 100)).toBeNull();
  });

  it('hands a waiter the row of a job that ended here, equal to what a read of it gives', async () => {
    const { job } = await jobs.submit(probe(20));
    const done = await jobs.waitFor(job.id, 20_000);
    expect(done?.status).toBe('complete');
    expect(done).toEqual(await jobs.get(job.id));
  });

  it('answers a wait on a job the caller may not see at once with null, and waits on one it may', async () => {
    const { job } = await jobs.submit(probe(1500));
    const started = Date.now();
    expect(await jobs.waitFor(job.id, 5_000, (read) => read.accountId !== job.accountId)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    const done = await jobs.waitFor(job.id, 20_000, (read) => read.accountId === job.accountId);
    expect(done?.status).toBe('complete');
  });

  it.runIf(testDbKind() === 'postgres')(
    'hears a job processing here end elsewhere: a wait on it answers when another instance cancels it',
    async () => {
      const other = await poolJobs(1, { now: clock.now });
      try {
        const { job } = await jobs.submit(probe(60_000));
        const waiting = jobs.waitFor(job.id, 20_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const canceledAt = Date.now();
        expect(await other.cancel(job.id)).toBe(true);
        expect(await waiting).toMatchObject({ status: 'canceled' });
        // Announced, not found by the once-a-second backstop read; and a later wait reads it at once.
        expect(Date.now() - canceledAt).toBeLessThan(900);
        const again = Date.now();
        expect(await jobs.waitFor(job.id, 20_000)).toMatchObject({ status: 'canceled' });
        expect(Date.now() - again).toBeLessThan(900);
      } finally {
        await other.stop();
      }
    },
  );

  it('keeps the event loop responsive while solves run on every thread', async () => {
    const running = await Promise.all([jobs.submit(probe(2500)), jobs.submit(probe(2500))]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const latencies: number[] = [];
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      const t0 = performance.now();
      const polled = await jobs.get(running[0].job.id);
      latencies.push(performance.now() - t0);
      expect(polled?.status).toBe('processing');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    loopDelay.disable();
    const maxLoopDelayMs = loopDelay.max / 1e6;
    console.log(
      `pool mode (${testDb.kind}): poll p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms ` +
        `over ${latencies.length} polls, event loop delay max ${maxLoopDelayMs.toFixed(1)} ms, during 2 solves of 2.5 s`,
    );
    // On the main thread the loop would stall for the whole solve; bounds leave room for a busy machine.
    expect(latencies.length).toBeGreaterThan(10);
    expect(percentile(latencies, 99)).toBeLessThan(500);
    expect(maxLoopDelayMs).toBeLessThan(500);
    await Promise.all(running.map((r) => jobs.waitFor(r.job.id, 20_000)));
  });

  it('frees the worker when a job is canceled', async () => {
    const single = await poolJobs(1, { now: clock.now });
    try {
      const long = await single.submit(probe(60_000));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await single.cancel(long.job.id)).toBe(true);
      const started = Date.now();
      const next = await single.submit(probe(20));
      const done = await single.waitFor(next.job.id, 20_000);
      expect(done?.status).toBe('complete');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await single.get(long.job.id)).toMatchObject({ status: 'canceled', error: { code: 'canceled' } });
      expect(await writesOf(long.job.id)).toBe(0);
    } finally {
      await single.stop();
    }
  });

  it('stops a handler at its time limit: cooperative, and by terminating a runaway thread', async () => {
    const polite = await jobs.submit(probe(60_000, { timeLimitMs: 400 }));
    expect((await jobs.waitFor(polite.job.id, 10_000))?.status).toBe('complete');
    const runaway = await jobs.submit({
      ...probe(60_000, { timeLimitMs: 300 }),
      input: { spinMs: 60_000, honorDeadline: false },
    });
    const started = Date.now();
    const stopped = await jobs.waitFor(runaway.job.id, 10_000);
    expect(stopped).toMatchObject({ status: 'failed', error: { code: 'optimization_failed' } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await writesOf(runaway.job.id)).toBe(0);
  });

  it('re-runs a failed job on an identical retry, under the same id', async () => {
    const request = { ...probe(0), input: { spinMs: -1 } };
    const first = await jobs.submit(request);
    const failed = await jobs.waitFor(first.job.id, 10_000);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'invalid_input' } });
    const retry = await jobs.submit(request);
    expect(retry.outcome).toBe('rerun');
    expect(retry.job).toMatchObject({ id: first.job.id, status: 'processing', error: null });
  });

  it('starts a new job with a new id for booking-style reruns and replacements', async () => {
    const failing = { ...probe(0), input: { spinMs: -1 }, rerun: 'new-job' as const };
    const first = await jobs.submit(failing);
    expect((await jobs.waitFor(first.job.id, 10_000))?.status).toBe('failed');
    const rerun = await jobs.submit(failing);
    expect(rerun.outcome).toBe('created');
    expect(rerun.job.id).not.toBe(first.job.id);
    expect(await jobs.get(first.job.id)).toBeNull(); // the key's old generation is gone

    const request = probe(0);
    const done = await jobs.submit(request);
    const completed = await jobs.waitFor(done.job.id, 10_000);
    expect(completed?.status).toBe('complete');
    expect((await jobs.submit(request)).outcome).toBe('existing');
    const asked: JobRecord[] = [];
    const kept = await jobs.submit({ ...request, rerun: 'new-job', reuse: (finished) => asked.push(finished) > 0 });
    expect(kept).toMatchObject({ outcome: 'existing', job: { id: done.job.id } });
    // The predicate sees the stored job, result included.
    expect(asked).toEqual([
      expect.objectContaining({ id: done.job.id, status: 'complete', result: completed?.result }),
    ]);
    const replaced = await jobs.submit({ ...request, rerun: 'new-job', reuse: () => false });
    expect(replaced.outcome).toBe('created');
    expect(replaced.job.id).not.toBe(done.job.id);
    expect(await jobs.get(done.job.id)).toBeNull();
    expect((await jobs.waitFor(replaced.job.id, 10_000))?.status).toBe('complete');

    // A job in flight is never replaced: the predicate is not asked.
    const slow = probe(400, { rerun: 'new-job' });
    const running = await jobs.submit(slow);
    const again = await jobs.submit({ ...slow, reuse: () => expect.fail('asked about a processing job') });
    expect(again).toMatchObject({ outcome: 'existing', job: { id: running.job.id, status: 'processing' } });
    expect((await jobs.waitFor(running.job.id, 10_000))?.status).toBe('complete');
  });

  it('sweeps finished jobs after retention, and the key is free again', async () => {
    const request = probe(0);
    const { job } = await jobs.submit(request);
    const done = await jobs.waitFor(job.id, 10_000);
    expect(done?.expiresAt).toBe(done!.finishedAt! + 1800 * 1000);
    clock.advance(1799 * 1000);
    await jobs.sweep(); // may remove earlier tests' jobs, not this one
    expect(await jobs.get(job.id)).not.toBeNull();
    clock.advance(2000);
    expect(await jobs.get(job.id)).toBeNull();
    expect(await jobs.getByKey('jobs.probe', request)).toBeNull();
    expect(await jobs.sweep()).toBeGreaterThanOrEqual(1);
    const fresh = await jobs.submit({ ...request, input: { spinMs: 1 } });
    expect(fresh.outcome).toBe('created');
    expect(fresh.job.id).not.toBe(job.id);
    await jobs.waitFor(fresh.job.id, 10_000);
  });
});

describe('pool mode recovery at start', () => {
  it('runs the processing jobs a dead process left behind, and fails one that used up its attempts', async () => {
    const clock = manualClock();
    const crashed = await poolJobs(1, { now: clock.now });
    const interrupted = await crashed.submit(probe(60_000, { key: 'recover-interrupted' }));
    const queued = await crashed.submit(probe(60_000, { key: 'recover-queued' }));
    const doomed = await crashed.submit(probe(60_000, { key: 'recover-doomed' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await crashed.stop();
    // What a killed process leaves (it gave nothing back): rows in `processing`, held by it, each
    // claimed execution counted.
    await testDb.db
      .update(jobRows)
      .set({
        leaseOwner: 'app:killed:1:dead',
        leaseToken: sql`gen_random_uuid()`,
        leaseExpiresAt: new Date(clock.now() + 30_000),
      })
      .where(sql`${jobRows.id} in (${interrupted.job.id}, ${queued.job.id}, ${doomed.job.id})`);
    await testDb.db.update(jobRows).set({ attempts: 1 }).where(eq(jobRows.id, interrupted.job.id));
    await testDb.db
      .update(jobRows)
      .set({ input: { spinMs: 50 } })
      .where(sql`${jobRows.id} in (${interrupted.job.id}, ${queued.job.id})`);
    await testDb.db.update(jobRows).set({ attempts: 3 }).where(eq(jobRows.id, doomed.job.id));
    expect((await crashed.get(interrupted.job.id))?.status).toBe('processing');

    // On PostgreSQL other instances may be alive, so only lapsed leases are adopted.
    if (testDb.kind === 'postgres') clock.advance(31_000);
    const restarted = await poolJobs(1, { now: clock.now });
    try {
      const [a, b, c] = await Promise.all(
        [interrupted, queued, doomed].map((s) => restarted.waitFor(s.job.id, 20_000)),
      );
      // The killed execution counts: the interrupted job ran twice.
      expect(a).toMatchObject({ status: 'complete', attempts: 2 });
      expect(b).toMatchObject({ status: 'complete', attempts: 1 });
      expect(c).toMatchObject({ status: 'failed', error: { code: 'optimization_failed' }, attempts: 4 });
      expect(await writesOf(interrupted.job.id)).toBe(1);
      expect(await writesOf(queued.job.id)).toBe(1);
      expect(await writesOf(doomed.job.id)).toBe(0);
    } finally {
      await restarted.stop();
    }
  });

  it('does not count graceful restarts as attempts: a job interrupted by five restarts still completes on its first counted attempt', async () => {
    // No clock moved: released jobs are adopted at once on both engines (nobody holds them).
    const running = probe(60_000, { key: 'restart-running' });
    const waiting = probe(60_000, { key: 'restart-waiting' });
    let instance = await poolJobs(1);
    const first = await instance.submit(running);
    const second = await instance.submit(waiting);
    for (let restart = 0; restart < 5; restart++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = await instance.get(first.job.id);
      expect(before).toMatchObject({ status: 'processing', attempts: 1 });
      await instance.stop();
      const [released] = await testDb.db.select().from(jobRows).where(eq(jobRows.id, first.job.id));
      expect(released).toMatchObject({ status: 'processing', attempts: 0, leaseToken: null, leaseOwner: null });
      instance = await poolJobs(1);
    }
    try {
      // Finish them quickly now: the same rows, a short input.
      await instance.stop();
      await testDb.db
        .update(jobRows)
        .set({ input: { spinMs: 30 } })
        .where(sql`${jobRows.id} in (${first.job.id}, ${second.job.id})`);
      instance = await poolJobs(1);
      const done = await Promise.all([first, second].map((s) => instance.waitFor(s.job.id, 20_000)));
      expect(done.map((job) => [job?.status, job?.attempts])).toEqual([
        ['complete', 1],
        ['complete', 1],
      ]);
      expect(await writesOf(first.job.id)).toBe(1);
      expect(await writesOf(second.job.id)).toBe(1);
    } finally {
      await instance.stop();
    }
  });
});

describe("booking's latency lane in pool mode", () => {
  it("runs a latency job at once while the same account's solves hold every throughput thread and more wait, and the solves keep their limits", async () => {
    const lanes = await poolJobs(2, { latencyThreads: 1 });
    try {
      const account = { accountId: 951 };
      const latencyProbe = () => ({ ...probe(0, account), kind: 'jobs.probe.latency', input: { spinMs: 30 } });
      // The lane's thread loads its handler with its first job (the application's threads preload theirs).
      await lanes.waitFor((await lanes.submit(latencyProbe())).job.id, 10_000);
      // Two throughput threads: the account's share is one, so use a second tenant to fill the other.
      const long = [
        await lanes.submit(probe(3_000, { ...account, timeLimitMs: 4_000 })),
        await lanes.submit(probe(3_000, { accountId: 952, timeLimitMs: 4_000 })),
      ];
      const backlog = [];
      for (let i = 0; i < 10; i++) backlog.push(await lanes.submit(probe(200, account)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await lanes.get(long[0]!.job.id))?.status).toBe('processing');
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const { job } = await lanes.submit(latencyProbe());
        const done = await lanes.waitFor(job.id, 10_000);
        latencies.push(performance.now() - started);
        expect(done?.status).toBe('complete');
        // Its start is written by the statement that ends it.
        expect(done!.startedAt).toBeGreaterThanOrEqual(done!.createdAt);
        expect(done!.finishedAt).toBeGreaterThanOrEqual(done!.startedAt!);
      }
      console.log(
        `latency lane (${testDb.kind}): ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms while solves held every thread`,
      );
      // Behind the solves it would wait about 3 s (and the backlog's turn).
      expect(Math.max(...latencies)).toBeLessThan(1_000);
      const ended = await Promise.all(long.map(({ job }) => lanes.waitFor(job.id, 20_000)));
      for (const job of ended) {
        expect(job?.status).toBe('complete');
        expect(job!.finishedAt! - job!.startedAt!).toBeLessThan(4_000 + 1_000);
      }
      await Promise.all(backlog.map(({ job }) => lanes.waitFor(job.id, 20_000)));
    } finally {
      await lanes.stop();
    }
  });
});

describe('job payloads', () => {
  let jobs: Jobs;
  beforeAll(async () => {
    jobs = await poolJobs(1);
  });
  afterAll(async () => {
    await jobs?.stop();
  });

  it('refuses an input JSON cannot carry, naming where, before anything is stored', async () => {
    for (const [input, param] of [
      [{ cart: { weightKg: 1e308 * 10 } }, 'input.cart.weightKg'],
      [{ items: [1, Number.NaN] }, 'input.items[1]'],
      [{ spinMs: -Infinity }, 'input.spinMs'],
    ] as const) {
      const request = { ...probe(0), input: input as never };
      const error = await jobs.submit(request).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(JobPayloadError);
      expect(error).toMatchObject({ code: 'invalid_job_payload', param });
      expect(await jobs.getByKey('jobs.probe', request)).toBeNull();
    }
  });

  it('runs on the input as stored, whether the job starts at once or waits for a thread', async () => {
    // Key order, undefined members and -0 as JSON leaves them: the same for a job claimed as it is
    // written (handed over without a read) and for one read back when a thread frees.
    const input = { spinMs: -0, honorDeadline: undefined } as unknown as SubmitRequest['input'];
    const idle = await jobs.submit({ ...probe(0), input });
    const busy = await jobs.submit({ ...probe(0), input });
    const stored = await jobs.input(idle.job.id);
    expect(stored).toEqual({ spinMs: 0 });
    const done = await Promise.all([idle, busy].map(({ job }) => jobs.waitFor(job.id, 10_000)));
    expect(done.map((job) => job?.status)).toEqual(['complete', 'complete']);
  });
});
