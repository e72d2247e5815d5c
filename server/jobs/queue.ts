import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type Job } from 'pg-boss';
import type { Db, DbTransaction } from '@/server/db';
import { jobs } from '@/server/db/schema/jobs';
import { jobLane, type JobLane } from './handlers';
import { deadlineGraceMs, type JobRunner } from './runner';
import { claimJob, claimJobWithinShare, releaseHeldJobs, type QueueShare, type ReleasedJob } from './store';

/**
 * Queue mode: a job row's execution is a pg-boss message on its lane's queue. pg-boss hands a
 * message to one worker at a time and, when that worker stops heartbeating (SIGKILL, machine lost),
 * hands it to another after `heartbeatSeconds` plus the monitor interval. The job row stays the
 * source of truth: the newest claim fences older executions, and its attempt count ends a job that
 * keeps killing workers. Latency jobs (booking searches) have a queue of their own, served by
 * threads of their own on every worker: they never wait behind a routing solve's message.
 */
const JOB_QUEUES: Record<JobLane, string> = { throughput: 'jobs-execute', latency: 'jobs-latency' };

interface QueueMessage {
  jobId: string;
  runId: string;
  /** The job's tenant (throughput lane): its pg-boss group and share. */
  tenantId?: number;
}

interface QueueSettings {
  databaseUrl: string;
  heartbeatSeconds: number;
  monitorSeconds: number;
  /** Connections pg-boss may open on this process. */
  maxConnections: number;
}

export async function startBoss(settings: QueueSettings, role: 'app' | 'worker'): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: settings.databaseUrl,
    max: settings.maxConnections,
    application_name: `jobs-${role}`,
    useListenNotify: true,
    monitorIntervalSeconds: settings.monitorSeconds,
    superviseIntervalSeconds: settings.monitorSeconds,
  });
  boss.on('error', (error: unknown) => console.error('job queue error', error));
  await boss.start();
  const queueOptions = {
    retryDelay: 0,
    heartbeatSeconds: settings.heartbeatSeconds,
    notify: true,
    deleteAfterSeconds: 24 * 3600,
  };
  for (const queue of Object.values(JOB_QUEUES)) {
    await boss.createQueue(queue, queueOptions);
    await boss.updateQueue(queue, queueOptions);
  }
  return boss;
}

/** Sends a job's execution inside the transaction that created it: both commit or neither. */
export async function sendInTransaction(
  boss: PgBoss,
  tx: DbTransaction,
  message: QueueMessage,
  options: { kind: string; timeLimitMs: number; graceMs: number; maxAttempts: number; startAfterSeconds?: number },
): Promise<void> {
  const lane = jobLane(options.kind);
  await boss.send(JOB_QUEUES[lane], message, {
    ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
    // Workers cap the throughput jobs of one group (tenant) running at once: see `workQueue`.
    ...(lane === 'throughput' && message.tenantId !== undefined ? { group: { id: String(message.tenantId) } } : {}),
    // One more delivery than attempts: the last one records the failure instead of looping.
    retryLimit: options.maxAttempts,
    // Our Db type is driver-neutral; at run time this is drizzle's postgres.js transaction.
    db: fromDrizzle({ execute: (query) => tx.execute(query as SQL) as Promise<unknown[]> }, sql),
    // pg-boss's own backstop: the runner stops a handler at its deadline well before this.
    expireInSeconds: Math.ceil((options.timeLimitMs + options.graceMs) / 1000) + 60,
  });
}

/** Sends a processing job's execution again (released, or its message lost) for the attempts it has left. */
async function sendAgain(
  boss: PgBoss,
  tx: DbTransaction,
  row: ReleasedJob,
  tenantOf: (accountId: number) => Promise<number>,
): Promise<void> {
  const tenantId = jobLane(row.kind) === 'throughput' ? await tenantOf(row.accountId) : undefined;
  await sendInTransaction(
    boss,
    tx,
    { jobId: row.id, runId: row.runId, ...(tenantId === undefined ? {} : { tenantId }) },
    {
      kind: row.kind,
      timeLimitMs: row.timeLimitMs,
      graceMs: deadlineGraceMs(row.timeLimitMs),
      maxAttempts: Math.max(1, row.maxAttempts - row.attempts),
    },
  );
}

/** How long an execution that found its tenant or account at its share waits before it is fetched again. */
const SHARE_BUSY_RETRY_SECONDS = 1;

interface QueueWorkOptions {
  db: Db;
  runner: JobRunner;
  owner: string;
  leaseSeconds: number;
  /** Jobs this process runs at once, per lane. */
  concurrency: Record<JobLane, number>;
  /** Throughput jobs of one tenant running at once across all workers; undefined: no cap. */
  perTenant: number | undefined;
  /** Throughput jobs of one account running at once across all workers, inside its tenant's; undefined: no cap. */
  perAccount: number | undefined;
  /** The throughput lane's kinds (they alone count against a share). */
  throughputKinds: readonly string[];
  tenantOf: (accountId: number) => Promise<number>;
  tenantAccounts: (tx: DbTransaction, tenantId: number) => Promise<number[]>;
  now: () => number;
}

/** Stops a queue worker's fetching and gives its jobs back; see `workQueue`. */
interface QueueWork {
  /**
   * A graceful stop: fetches nothing more, gives back every job this worker holds (its attempt not
   * counted) and sends each again for another worker, then stops the executions. The messages of
   * the stopped executions end normally once their handlers return.
   */
  release(): Promise<number>;
}

/** A worker process's side: take messages of both lanes, claim the row, run it on this process's lane threads. */
export async function workQueue(boss: PgBoss, options: QueueWorkOptions): Promise<QueueWork> {
  let stopping = false;
  const handle = async (messages: Job<QueueMessage>[], lane: JobLane) => {
    for (const message of messages) {
      // Fetched while stopping: fail the message so that pg-boss hands it to another worker at once.
      if (stopping) throw new Error(`job ${message.data.jobId}: worker stopping`);
      const target = {
        jobId: message.data.jobId,
        runId: message.data.runId,
        owner: options.owner,
        leaseSeconds: options.leaseSeconds,
      };
      const capped = lane === 'throughput' && (options.perTenant !== undefined || options.perAccount !== undefined);
      let claim;
      if (!capped) {
        claim = await claimJob(options.db, { ...target, requireOwner: false }, options.now());
      } else {
        const tenantId = message.data.tenantId ?? (await tenantOfJob(options, message.data.jobId));
        const share: QueueShare = {
          tenantId,
          perTenant: options.perTenant,
          perAccount: options.perAccount,
          kinds: options.throughputKinds,
          tenantAccounts: (tx) => options.tenantAccounts(tx, tenantId),
        };
        claim = await claimJobWithinShare(options.db, target, share, options.now(), (tx, row) =>
          // Over its share (or two fetches raced past pg-boss's group limit): this execution comes back shortly.
          sendInTransaction(
            boss,
            tx,
            { ...message.data, tenantId },
            {
              kind: row.kind,
              timeLimitMs: row.timeLimitMs,
              graceMs: deadlineGraceMs(row.timeLimitMs),
              maxAttempts: Math.max(1, row.maxAttempts - row.attempts),
              startAfterSeconds: SHARE_BUSY_RETRY_SECONDS,
            },
          ),
        );
      }
      try {
        if (!claim || claim === 'share_busy') continue; // finished, canceled, rerun since, or sent again
        const result = await options.runner.execute(claim, { signal: message.signal });
        // A dead thread: fail the message so pg-boss delivers it again (bounded by the attempt count).
        if (result === 'crashed') throw new Error(`job ${claim.row.id}: worker thread died`);
      } finally {
        if (!stopping) fetchAgainNow(boss, JOB_QUEUES[lane]);
      }
    }
  };
  await boss.work<QueueMessage>(
    JOB_QUEUES.throughput,
    {
      localConcurrency: options.concurrency.throughput,
      // Across all workers (tracked in the database), a tenant runs at most this many jobs: a
      // flooding tenant's backlog waits while other tenants' jobs take the free slots.
      ...(options.perTenant === undefined ? {} : { groupConcurrency: options.perTenant }),
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: 2,
    },
    (messages) => handle(messages, 'throughput'),
  );
  await boss.work<QueueMessage>(
    JOB_QUEUES.latency,
    { localConcurrency: options.concurrency.latency, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 2 },
    (messages) => handle(messages, 'latency'),
  );
  return {
    async release() {
      stopping = true;
      await Promise.all(Object.values(JOB_QUEUES).map((queue) => boss.offWork(queue, { wait: false })));
      const released = await options.db.transaction(async (tx) => {
        const rows = await releaseHeldJobs(tx, options.owner);
        for (const row of rows) {
          await sendAgain(boss, tx, row, options.tenantOf);
        }
        return rows.length;
      });
      options.runner.stop();
      return released;
    },
  };
}

async function tenantOfJob(options: QueueWorkOptions, jobId: string): Promise<number> {
  const [row] = await options.db.select({ accountId: jobs.accountId }).from(jobs).where(eq(jobs.id, jobId));
  return row ? options.tenantOf(row.accountId) : 0;
}

/**
 * pg-boss waits a polling interval between fetches even after a slot finished a job; while a backlog
 * is waiting that idles a thread for up to the interval after every job. Waking this process's slots
 * makes the one that just finished fetch at once (and an idle one look once more).
 */
function fetchAgainNow(boss: PgBoss, queue: string): void {
  for (const slot of boss.getWipData()) {
    if (slot.name === queue) boss.notifyWorker(slot.id);
  }
}

// Any constant: it only has to be the same for every process reconciling one database.
const RECONCILE_ADVISORY_LOCK = 7_310_254_119;

/**
 * Re-sends processing jobs that no queue message will deliver any more: pg-boss gave up on one
 * whose deliveries died before claiming it, or a worker dropped it. A job nobody holds (never
 * claimed, or its lease lapsed) for `graceSeconds` is checked against pg-boss; without a queued or
 * active message it is sent again (its attempt count still bounds it). One process per database
 * reconciles at a time. Returns how many were re-sent.
 */
export async function reconcileQueue(
  boss: PgBoss,
  db: Db,
  options: { now: number; graceSeconds: number; limit: number; tenantOf: (accountId: number) => Promise<number> },
): Promise<number> {
  return db.transaction(async (tx) => {
    // postgres.js answers with the rows themselves (queue mode runs on PostgreSQL only).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute's rows are typed per driver; this is postgres.js's shape
    const [lock] = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RECONCILE_ADVISORY_LOCK}) as locked`,
    )) as unknown as { locked: boolean }[];
    if (!lock?.locked) return 0;
    const settled = new Date(options.now - options.graceSeconds * 1000);
    const candidates = await tx
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'processing'),
          lt(jobs.createdAt, settled),
          or(isNull(jobs.leaseExpiresAt), lt(jobs.leaseExpiresAt, settled)),
        ),
      )
      .orderBy(asc(jobs.createdAt))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    let resent = 0;
    for (const row of candidates) {
      const lane = jobLane(row.kind);
      const messages = await boss.findJobs<QueueMessage>(JOB_QUEUES[lane], {
        data: { jobId: row.id, runId: row.runId },
      });
      if (messages.some((m) => m.state === 'created' || m.state === 'retry' || m.state === 'active')) continue;
      await sendAgain(boss, tx, row, options.tenantOf);
      resent += 1;
    }
    return resent;
  });
}
