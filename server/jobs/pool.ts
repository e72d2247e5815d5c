import type { Db } from '@/server/db';
import { FairShare, type ShareHolder, type ShareLimits } from './fair-share';
import { jobLane, type JobLane } from './handlers';
import type { JobRunner } from './runner';
import { adoptOrphanedJobs, claimJob, type Claim } from './store';
import { ThreadGate } from './thread-gate';

/** A job handed to the dispatcher: what it needs to claim and run it, and whose share it counts against. */
interface DispatchedJob {
  jobId: string;
  runId: string;
  kind: string;
  accountId: number;
  /** The account's tenant (throughput lane); the latency lane shares per account only. */
  tenantId: number;
  /** The job was claimed as it was written (see NewRun.claimToken): its first execution needs no claim. */
  claim?: Claim | undefined;
}

/** Half the threads (at least one): a tenant flooding the pool leaves the rest to everyone else. */
export function defaultPerTenantConcurrency(size: number): number {
  return Math.max(1, Math.floor(size / 2));
}

/** Jobs in flight (claimed, preparing, computing or committing) per worker thread. */
const IN_FLIGHT_PER_THREAD = 3;

interface LaneThreads {
  /** Worker threads of the lane. */
  size: number;
  /** Throughput lane: threads one tenant's jobs may hold at once. Latency lane: not capped. */
  perTenant: number;
  /** Threads one account's jobs may hold at once (inside its tenant's share). */
  perAccount: number;
}

/** One lane's line of jobs in flight and its threads, both shared fairly. */
class Lane {
  readonly inFlight: FairShare<DispatchedJob>;
  readonly gate: ThreadGate;

  constructor(readonly threads: LaneThreads) {
    const limits: ShareLimits = { total: threads.size, perTenant: threads.perTenant, perAccount: threads.perAccount };
    this.gate = new ThreadGate(limits);
    this.inFlight = new FairShare({
      total: limits.total * IN_FLIGHT_PER_THREAD,
      perTenant: limits.perTenant * IN_FLIGHT_PER_THREAD,
      perAccount: limits.perAccount * IN_FLIGHT_PER_THREAD,
    });
  }
}

/**
 * Pool mode: jobs run on this process's worker threads, in two lanes. Throughput jobs (routing
 * solves) share their threads per tenant, then per account inside it (ThreadGate): tenants take
 * turns, at most `perTenant` threads each, so one that submits two hundred plans from its root and
 * its branches delays another's one plan by at most one turn. Latency jobs (booking searches) have
 * threads of their own, scheduled ahead of the throughput threads, and never wait behind a solve. A
 * few more jobs than threads are in flight, so that one job's database work overlaps another's
 * computation; in-flight jobs are shared the same way.
 * The job rows are the durable queue: this instance owns its jobs through a lease, and jobs of a
 * process that died are adopted at start (and, on a shared PostgreSQL, when their lease lapses).
 */
export class PoolDispatcher {
  private readonly lanes: Record<JobLane, Lane>;
  private stopped = false;
  private adoptTimer: NodeJS.Timeout | undefined;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly options: {
      db: Db;
      runner: JobRunner;
      owner: string;
      throughput: LaneThreads;
      latency: LaneThreads;
      leaseSeconds: number;
      /** Embedded database: no other process can be running these jobs. */
      exclusive: boolean;
      /** The tenant of an account (see JobTenancy), for jobs adopted from a dead process. */
      tenantOf: (accountId: number) => Promise<number>;
      now: () => number;
    },
  ) {
    this.lanes = { throughput: new Lane(options.throughput), latency: new Lane(options.latency) };
  }

  /** Adopts unfinished jobs of dead processes, then keeps watching for lapsed leases. */
  async start(): Promise<number> {
    const adopted = await this.adoptOrphans();
    if (!this.options.exclusive) {
      this.adoptTimer = setInterval(
        () => void this.adoptOrphans().catch(() => undefined),
        this.options.leaseSeconds * 1000,
      );
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
    for (const orphan of orphans) {
      const tenantId =
        jobLane(orphan.kind) === 'throughput' ? await this.options.tenantOf(orphan.accountId) : orphan.accountId;
      this.enqueue({ jobId: orphan.id, runId: orphan.runId, kind: orphan.kind, accountId: orphan.accountId, tenantId });
    }
    return orphans.length;
  }

  enqueue(job: DispatchedJob): void {
    if (this.stopped) return;
    this.lanes[jobLane(job.kind)].inFlight.push(job, job);
    this.pump();
  }

  /** Whether a job of this kind and holder enqueued now would start at once (nothing waits, room in flight and in its shares). */
  wouldStartAtOnce(kind: string, holder: ShareHolder): boolean {
    return !this.stopped && this.lanes[jobLane(kind)].inFlight.wouldTakeAtOnce(holder);
  }

  private pump(): void {
    for (const lane of Object.values(this.lanes)) {
      for (
        let next = this.stopped ? undefined : lane.inFlight.take();
        next;
        next = this.stopped ? undefined : lane.inFlight.take()
      ) {
        const { holder, item } = next;
        void this.runOne(item, lane)
          .catch((error: unknown) => console.error(`job ${item.jobId} could not be run`, error))
          .finally(() => {
            lane.inFlight.release(holder);
            if (this.pending === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
            this.pump();
          });
      }
    }
  }

  private async runOne(job: DispatchedJob, lane: Lane): Promise<void> {
    const { db, owner, leaseSeconds, runner, now } = this.options;
    // A job claimed as it was written that was canceled meanwhile still runs, but its end is fenced
    // off (its token no longer matches) and the lease keeper stops it at its next renewal.
    const claim =
      job.claim ??
      (await claimJob(db, { jobId: job.jobId, runId: job.runId, owner, requireOwner: true, leaseSeconds }, now()));
    if (!claim) return; // canceled, finished, released, or adopted by another instance meanwhile
    const result = await runner.execute(claim, {
      gate: lane.gate,
      holder: { tenantId: job.tenantId, accountId: job.accountId },
    });
    // The thread died under the job: run it again; its attempt count ends a job that keeps doing so.
    if (result === 'crashed') this.enqueue({ ...job, claim: undefined });
  }

  get pending(): number {
    let count = 0;
    for (const lane of Object.values(this.lanes)) count += lane.inFlight.waitingCount + lane.inFlight.held;
    return count;
  }

  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts nothing more; jobs waiting here stay with their rows (see Jobs.stop, which releases them). */
  stop(): void {
    this.stopped = true;
    for (const lane of Object.values(this.lanes)) lane.inFlight.clear();
    clearInterval(this.adoptTimer);
  }
}
