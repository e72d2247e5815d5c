import type { Db } from '@/server/db';
import type { JobRunner } from './runner';
import { adoptOrphanedJobs, claimJob } from './store';

/**
 * Pool mode: jobs run on this process's worker threads, in submission order, at most `size` at a
 * time. The job rows are the durable queue: this instance owns its jobs through a lease, and jobs
 * of a process that died are adopted at start (and, on a shared PostgreSQL, when their lease lapses).
 */
export class PoolDispatcher {
  private readonly queue: { jobId: string; runId: string }[] = [];
  private active = 0;
  private stopped = false;
  private adoptTimer: NodeJS.Timeout | undefined;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly options: {
      db: Db;
      runner: JobRunner;
      owner: string;
      size: number;
      leaseSeconds: number;
      /** Embedded database: no other process can be running these jobs. */
      exclusive: boolean;
      now: () => number;
    },
  ) {}

  /** Adopts unfinished jobs of dead processes, then keeps watching for lapsed leases. */
  async start(): Promise<number> {
    const adopted = await this.adoptOrphans();
    if (!this.options.exclusive) {
      this.adoptTimer = setInterval(() => void this.adoptOrphans().catch(() => undefined), this.options.leaseSeconds * 1000);
      this.adoptTimer.unref();
    }
    return adopted;
  }

  /** Queues the processing jobs no live instance holds; returns how many. */
  async adoptOrphans(): Promise<number> {
    const orphans = await adoptOrphanedJobs(
      this.options.db,
      this.options.owner,
      { everyOwner: this.options.exclusive, leaseSeconds: this.options.leaseSeconds },
      this.options.now(),
    );
    for (const orphan of orphans) this.enqueue(orphan.id, orphan.runId);
    return orphans.length;
  }

  enqueue(jobId: string, runId: string): void {
    if (this.stopped) return;
    this.queue.push({ jobId, runId });
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.active < this.options.size && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.active += 1;
      void this.runOne(next.jobId, next.runId)
        .catch((error: unknown) => console.error(`job ${next.jobId} could not be run`, error))
        .finally(() => {
          this.active -= 1;
          if (this.active === 0 && this.queue.length === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
          this.pump();
        });
    }
  }

  private async runOne(jobId: string, runId: string): Promise<void> {
    const { db, owner, leaseSeconds, runner, now } = this.options;
    const claim = await claimJob(db, { jobId, runId, owner, requireOwner: true, leaseSeconds }, now());
    if (!claim) return; // canceled, finished, or adopted by another instance meanwhile
    const result = await runner.execute(claim);
    // The thread died under the job: run it again; its attempt count ends a job that keeps doing so.
    if (result === 'crashed') this.enqueue(jobId, runId);
  }

  get pending(): number {
    return this.queue.length + this.active;
  }

  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    clearInterval(this.adoptTimer);
  }
}
