import type { Db } from '@/server/db';
import type { JobRunner } from './runner';
import { adoptOrphanedJobs, claimJob, type Claim } from './store';
import { ThreadGate } from './thread-gate';

interface QueuedJob {
  jobId: string;
  runId: string;
  accountId: number;
  /** The job was claimed as it was written (see NewRun.claimToken): its first execution needs no claim. */
  claim?: Claim | undefined;
}

/** Half the threads (at least one): an account flooding the pool leaves the rest to everyone else. */
export function defaultPerAccountConcurrency(size: number): number {
  return Math.max(1, Math.floor(size / 2));
}

/** Jobs in flight (claimed, preparing, computing or committing) per worker thread. */
const IN_FLIGHT_PER_THREAD = 3;

/**
 * Pool mode: jobs run on this process's worker threads, at most `size` computing at a time and at
 * most `perAccount` of one account (ThreadGate). Accounts take turns (round robin), each account's
 * jobs in submission order: an account that submits two hundred plans delays another's one plan by
 * at most one turn. A few more jobs than threads are in flight, so that one job's database work
 * overlaps another's computation; in-flight jobs are capped per account the same way.
 * The job rows are the durable queue: this instance owns its jobs through a lease, and jobs of a
 * process that died are adopted at start (and, on a shared PostgreSQL, when their lease lapses).
 */
export class PoolDispatcher {
  /** Waiting jobs by account; the map's order is the turn order (an account served moves to the back). */
  private readonly waiting = new Map<number, QueuedJob[]>();
  private readonly runningByAccount = new Map<number, number>();
  private active = 0;
  private stopped = false;
  private readonly gate: ThreadGate;
  private adoptTimer: NodeJS.Timeout | undefined;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly options: {
      db: Db;
      runner: JobRunner;
      owner: string;
      size: number;
      /** Jobs of one account running at once. */
      perAccount: number;
      leaseSeconds: number;
      /** Embedded database: no other process can be running these jobs. */
      exclusive: boolean;
      now: () => number;
    },
  ) {
    this.gate = new ThreadGate(options.size, options.perAccount);
  }

  private get inFlightLimit(): number {
    return this.options.size * IN_FLIGHT_PER_THREAD;
  }

  private get inFlightPerAccount(): number {
    return this.options.perAccount * IN_FLIGHT_PER_THREAD;
  }

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
    for (const orphan of orphans) this.enqueue(orphan.id, orphan.runId, orphan.accountId);
    return orphans.length;
  }

  enqueue(jobId: string, runId: string, accountId: number, claim?: Claim): void {
    if (this.stopped) return;
    const job = { jobId, runId, accountId, claim };
    const queue = this.waiting.get(accountId);
    if (queue) queue.push(job);
    else this.waiting.set(accountId, [job]);
    this.pump();
  }

  /** Whether a job of this account enqueued now would start at once (nothing waits, room in flight and in its share). */
  wouldStartAtOnce(accountId: number): boolean {
    return (
      !this.stopped && this.waiting.size === 0 && this.active < this.inFlightLimit && (this.runningByAccount.get(accountId) ?? 0) < this.inFlightPerAccount
    );
  }

  /** The first waiting job of the first account in turn order that is below its share; it moves to the back. */
  private takeNext(): QueuedJob | undefined {
    for (const [accountId, queue] of this.waiting) {
      if ((this.runningByAccount.get(accountId) ?? 0) >= this.inFlightPerAccount) continue;
      const next = queue.shift()!;
      this.waiting.delete(accountId);
      if (queue.length > 0) this.waiting.set(accountId, queue);
      return next;
    }
    return undefined;
  }

  private get waitingCount(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  private pump(): void {
    while (!this.stopped && this.active < this.inFlightLimit) {
      const next = this.takeNext();
      if (!next) return;
      this.active += 1;
      this.runningByAccount.set(next.accountId, (this.runningByAccount.get(next.accountId) ?? 0) + 1);
      void this.runOne(next)
        .catch((error: unknown) => console.error(`job ${next.jobId} could not be run`, error))
        .finally(() => {
          this.active -= 1;
          const running = (this.runningByAccount.get(next.accountId) ?? 1) - 1;
          if (running === 0) this.runningByAccount.delete(next.accountId);
          else this.runningByAccount.set(next.accountId, running);
          if (this.pending === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
          this.pump();
        });
    }
  }

  private async runOne({ jobId, runId, accountId, claim: written }: QueuedJob): Promise<void> {
    const { db, owner, leaseSeconds, runner, now } = this.options;
    // A job claimed as it was written that was canceled meanwhile still runs, but its end is fenced
    // off (its token no longer matches) and the lease keeper stops it at its next renewal.
    const claim = written ?? (await claimJob(db, { jobId, runId, owner, requireOwner: true, leaseSeconds }, now()));
    if (!claim) return; // canceled, finished, or adopted by another instance meanwhile
    const result = await runner.execute(claim, undefined, this.gate);
    // The thread died under the job: run it again; its attempt count ends a job that keeps doing so.
    if (result === 'crashed') this.enqueue(jobId, runId, accountId);
  }

  get pending(): number {
    return this.waitingCount + this.active;
  }

  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    this.waiting.clear();
    clearInterval(this.adoptTimer);
  }
}
