import type { Db } from '@/server/db';
import type { ShareHolder } from './fair-share';
import { jobLane, loadJobHandler, type JobLane } from './handlers';
import { storedJobPayload } from './payload';
import { finishJob, markJobStarted, recordProgress, renewLeases, toJobRecord, type Claim } from './store';
import { errorBody } from './thread';
import type { ThreadGate } from './thread-gate';
import { ThreadStopped, type JobThreadPool } from './threads';
import type { JobRecord, Json } from './types';

/** Progress reports reach the job row at most this often per execution (the rest are coalesced). */
const PROGRESS_WRITE_INTERVAL_MS = 1000;

/** How long a handler may overrun its deadline before its thread is terminated. */
export function deadlineGraceMs(timeLimitMs: number): number {
  return Math.min(10_000, 1_000 + Math.round(timeLimitMs * 0.1));
}

interface RunnerOptions {
  db: Db;
  /** The worker threads of each lane. */
  threads: Record<JobLane, JobThreadPool>;
  /** This process's identity in `lease_owner`. */
  owner: string;
  leaseSeconds: number;
  now: () => number;
  /** Called after a job this runner finished was committed (local waiters); `finished` is its row as stored, when this execution ended it. */
  onFinished: (jobId: string, finished?: JobRecord) => void;
  /** Announce each end on the database's channel for other processes (default true; the embedded database has no other process). */
  announceFinished?: boolean;
}

/**
 * `finished`: the job row reached a final state (or was already taken from us);
 * `crashed`: the worker thread died, the job is still processing and should be run again.
 */
type ExecutionResult = 'finished' | 'lost' | 'crashed';

/**
 * Runs claimed jobs on worker threads and commits their results, fenced on the claim's token. One
 * per process; it also keeps the leases of the jobs this process holds alive and notices jobs taken
 * from it (canceled, adopted elsewhere), stopping their threads.
 */
export class JobRunner {
  private readonly running = new Map<string, { controller: AbortController }>();
  private leaseTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: RunnerOptions) {}

  startLeaseKeeper(): void {
    const every = Math.max(500, (this.options.leaseSeconds * 1000) / 3);
    this.leaseTimer = setInterval(() => void this.renewLeases().catch(() => undefined), every);
    this.leaseTimer.unref();
  }

  /** Extends this process's leases; executions whose job is no longer ours are stopped. */
  async renewLeases(): Promise<void> {
    // Only executions that started before the renewal can be judged by its answer: one claimed while
    // the statement ran is ours but may be missing from it.
    const before = [...this.running];
    const held = await renewLeases(this.options.db, this.options.owner, this.options.leaseSeconds, this.options.now());
    for (const [jobId, execution] of before) {
      if (!held.has(jobId)) execution.controller.abort();
    }
  }

  /** Stops the local execution of a job, if any (its thread is terminated). */
  abort(jobId: string): void {
    this.running.get(jobId)?.controller.abort();
  }

  get activeCount(): number {
    return this.running.size;
  }

  /** Executions running here now (claimed, not yet ended), for a graceful stop. */
  get runningJobIds(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Runs a claimed job on its lane's threads. With a `gate`, the job holds a worker thread only
   * while it computes (its time limit starts then); claiming, preparing and committing happen
   * outside it. `signal` aborts the execution from outside (queue mode: the message's signal).
   */
  async execute(
    claim: Claim,
    options: { signal?: AbortSignal; gate?: ThreadGate; holder?: ShareHolder } = {},
  ): Promise<ExecutionResult> {
    const { signal: external, gate } = options;
    const { db, now } = this.options;
    const job = claim.row;
    const target = { jobId: job.id, leaseToken: claim.leaseToken };
    if (job.attempts > job.maxAttempts) {
      // Every earlier execution died with its worker: a job that kills workers must not loop.
      await this.finish(target, {
        status: 'failed',
        error: {
          code: 'optimization_failed',
          message: `stopped after ${job.maxAttempts} attempts: the worker running it died each time`,
        },
      });
      return 'finished';
    }

    const controller = new AbortController();
    const onExternalAbort = () => controller.abort();
    external?.addEventListener('abort', onExternalAbort, { once: true });
    this.running.set(job.id, { controller });
    const progress = this.progressWriter(target);
    try {
      const handler = await loadJobHandler(job.kind);
      let runInput = job.input as Json;
      if (handler.prepare) {
        try {
          runInput = (await handler.prepare(job.input, { db })) as Json;
        } catch (error) {
          await this.finish(target, { status: 'failed', error: errorBody(error) });
          return 'finished';
        }
      }
      let outcome;
      let release: (() => void) | undefined;
      try {
        if (gate)
          release = await gate.acquire(
            options.holder ?? { tenantId: job.accountId, accountId: job.accountId },
            controller.signal,
          );
      } catch {
        return 'lost'; // canceled (or taken from us) while waiting for a thread
      }
      // Queued until now. The stamp is not awaited (the computation starts at once) and the end writes
      // it again; a latency job (a search, milliseconds) has it written by its end only, a statement less each.
      const startedAt = now();
      if (jobLane(job.kind) === 'throughput') void markJobStarted(db, target, startedAt).catch(() => undefined);
      // Deadlines run on the real clock from the moment the job has a thread: threads time themselves with it.
      const deadline = Date.now() + job.timeLimitMs;
      try {
        outcome = await this.options.threads[jobLane(job.kind)].run(
          {
            kind: job.kind,
            jobId: job.id,
            attempt: job.attempts,
            input: runInput,
            deadline,
            timeLimitMs: job.timeLimitMs,
          },
          {
            signal: controller.signal,
            graceMs: deadlineGraceMs(job.timeLimitMs),
            onProgress: progress.report,
          },
        );
      } catch (error) {
        if (error instanceof ThreadStopped && error.reason === 'canceled') return 'lost';
        if (error instanceof ThreadStopped) {
          await this.finish(target, {
            status: 'failed',
            error: { code: 'optimization_failed', message: `stopped at its time limit of ${job.timeLimitMs} ms` },
            startedAt,
          });
          return 'finished';
        }
        return 'crashed';
      } finally {
        release?.();
        progress.stop();
      }
      if (!outcome.ok) {
        await this.finish(target, { status: 'failed', error: outcome.error, startedAt });
        return 'finished';
      }
      let result;
      try {
        // What the row will hold, also for the commit: a result JSON cannot carry fails the job here.
        result = storedJobPayload(outcome.result, 'result');
      } catch (error) {
        await this.finish(target, { status: 'failed', error: errorBody(error), startedAt });
        return 'finished';
      }
      let finished;
      try {
        finished = await finishJob(
          db,
          target,
          { status: 'complete', result, startedAt },
          now(),
          async (tx, row) =>
            handler.commit?.({ tx, job: toJobRecord(row), input: job.input, result, attempt: job.attempts }),
          this.options.announceFinished ?? true,
        );
      } catch (error) {
        // The commit's writes rolled back with the completion; the job ends failed instead.
        await this.finish(target, { status: 'failed', error: errorBody(error), startedAt });
        return 'finished';
      }
      this.options.onFinished(job.id, finished ? toJobRecord(finished) : undefined);
      return 'finished';
    } finally {
      this.running.delete(job.id);
      external?.removeEventListener('abort', onExternalAbort);
    }
  }

  /**
   * Keeps the job row's progress current for every instance's readers: the latest report is written,
   * fenced on the execution's token, at most once per PROGRESS_WRITE_INTERVAL_MS.
   */
  private progressWriter(target: { jobId: string; leaseToken: string }): {
    report: (progress: Json) => void;
    stop: () => void;
  } {
    let latest: Json | null = null;
    let lastWriteAt = 0;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const write = () => {
      timer = undefined;
      if (stopped || latest === null) return;
      lastWriteAt = Date.now();
      const progress = latest;
      latest = null;
      // A lost progress write is harmless: the next report or the job's end supersedes it.
      void recordProgress(this.options.db, target, progress).catch(() => undefined);
    };
    return {
      report: (progress) => {
        latest = progress;
        if (timer || stopped) return;
        timer = setTimeout(write, Math.max(0, lastWriteAt + PROGRESS_WRITE_INTERVAL_MS - Date.now()));
        timer.unref();
      },
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  private async finish(target: { jobId: string; leaseToken: string }, outcome: Parameters<typeof finishJob>[2]) {
    const finished = await finishJob(
      this.options.db,
      target,
      outcome,
      this.options.now(),
      undefined,
      this.options.announceFinished ?? true,
    );
    if (finished) this.options.onFinished(target.jobId, toJobRecord(finished));
  }

  stop(): void {
    clearInterval(this.leaseTimer);
    for (const execution of this.running.values()) execution.controller.abort();
  }
}
