import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type Job } from 'pg-boss';
import type { Db, DbTransaction } from '@/server/db';
import { jobs } from '@/server/db/schema/jobs';
import { deadlineGraceMs, type JobRunner } from './runner';
import { claimJob, claimJobWithinAccountCap } from './store';

/**
 * Queue mode: a job row's execution is a pg-boss message on one queue. pg-boss hands a message to
 * one worker at a time and, when that worker stops heartbeating (SIGKILL, machine lost), hands it to
 * another after `heartbeatSeconds` plus the monitor interval. The job row stays the source of truth:
 * the newest claim fences older executions, and its attempt count ends a job that keeps killing
 * workers.
 */
export const JOB_QUEUE = 'jobs-execute';

interface QueueMessage {
  jobId: string;
  runId: string;
}

export interface QueueSettings {
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
  await boss.createQueue(JOB_QUEUE, queueOptions);
  await boss.updateQueue(JOB_QUEUE, queueOptions);
  return boss;
}

/** Sends a job's execution inside the transaction that created it: both commit or neither. */
export async function sendInTransaction(
  boss: PgBoss,
  tx: DbTransaction,
  message: QueueMessage,
  options: { timeLimitMs: number; graceMs: number; maxAttempts: number; accountId: number; startAfterSeconds?: number },
): Promise<void> {
  await boss.send(JOB_QUEUE, message, {
    ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
    // Workers cap the jobs of one group (account) running at once: see `workQueue`.
    group: { id: String(options.accountId) },
    // One more delivery than attempts: the last one records the failure instead of looping.
    retryLimit: options.maxAttempts,
    // Our Db type is driver-neutral; at run time this is drizzle's postgres.js transaction.
    db: fromDrizzle({ execute: (query) => tx.execute(query as SQL) as Promise<unknown[]> }, sql),
    // pg-boss's own backstop: the runner stops a handler at its deadline well before this.
    expireInSeconds: Math.ceil((options.timeLimitMs + options.graceMs) / 1000) + 60,
  });
}

/** How long an execution that found its account at the cap waits before it is fetched again. */
const ACCOUNT_BUSY_RETRY_SECONDS = 1;

/** A worker process's side: take messages, claim the row, run it on this process's threads. */
export async function workQueue(
  boss: PgBoss,
  options: {
    db: Db;
    runner: JobRunner;
    owner: string;
    leaseSeconds: number;
    concurrency: number;
    /** Jobs of one account running at once across all workers; undefined: no cap. */
    perAccount: number | undefined;
    now: () => number;
  },
): Promise<void> {
  await boss.work<QueueMessage>(
    JOB_QUEUE,
    {
      localConcurrency: options.concurrency,
      // Across all workers (tracked in the database), an account runs at most this many jobs: a
      // flooding account's backlog waits while other accounts' jobs take the free slots.
      ...(options.perAccount === undefined ? {} : { groupConcurrency: options.perAccount }),
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: 2,
    },
    async (messages: Job<QueueMessage>[]) => {
      for (const message of messages) {
        const target = { jobId: message.data.jobId, runId: message.data.runId, owner: options.owner, leaseSeconds: options.leaseSeconds };
        const claim =
          options.perAccount === undefined
            ? await claimJob(options.db, { ...target, requireOwner: false }, options.now())
            : await claimJobWithinAccountCap(options.db, target, options.perAccount, options.now(), (tx, row) =>
                // Two fetches raced past pg-boss's group limit: this execution comes back shortly.
                sendInTransaction(boss, tx, message.data, {
                  timeLimitMs: row.timeLimitMs,
                  graceMs: deadlineGraceMs(row.timeLimitMs),
                  maxAttempts: Math.max(1, row.maxAttempts - row.attempts),
                  accountId: row.accountId,
                  startAfterSeconds: ACCOUNT_BUSY_RETRY_SECONDS,
                }),
              );
        try {
          if (!claim || claim === 'account_busy') continue; // finished, canceled, rerun since, or sent again
          const result = await options.runner.execute(claim, message.signal);
          // A dead thread: fail the message so pg-boss delivers it again (bounded by the attempt count).
          if (result === 'crashed') throw new Error(`job ${claim.row.id}: worker thread died`);
        } finally {
          fetchAgainNow(boss);
        }
      }
    },
  );
}

/**
 * pg-boss waits a polling interval between fetches even after a slot finished a job; while a backlog
 * is waiting that idles a thread for up to the interval after every job. Waking this process's slots
 * makes the one that just finished fetch at once (and an idle one look once more).
 */
function fetchAgainNow(boss: PgBoss): void {
  for (const slot of boss.getWipData()) {
    if (slot.name === JOB_QUEUE) boss.notifyWorker(slot.id);
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
export async function reconcileQueue(boss: PgBoss, db: Db, options: { now: number; graceSeconds: number; limit: number }): Promise<number> {
  return db.transaction(async (tx) => {
    // postgres.js answers with the rows themselves (queue mode runs on PostgreSQL only).
    const [lock] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${RECONCILE_ADVISORY_LOCK}) as locked`)) as unknown as { locked: boolean }[];
    if (!lock?.locked) return 0;
    const settled = new Date(options.now - options.graceSeconds * 1000);
    const candidates = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, 'processing'), lt(jobs.createdAt, settled), or(isNull(jobs.leaseExpiresAt), lt(jobs.leaseExpiresAt, settled))))
      .orderBy(asc(jobs.createdAt))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    let resent = 0;
    for (const row of candidates) {
      const messages = await boss.findJobs<QueueMessage>(JOB_QUEUE, { data: { jobId: row.id, runId: row.runId } });
      if (messages.some((m) => m.state === 'created' || m.state === 'retry' || m.state === 'active')) continue;
      await sendInTransaction(
        boss,
        tx,
        { jobId: row.id, runId: row.runId },
        {
          timeLimitMs: row.timeLimitMs,
          graceMs: deadlineGraceMs(row.timeLimitMs),
          maxAttempts: Math.max(1, row.maxAttempts - row.attempts),
          accountId: row.accountId,
        },
      );
      resent += 1;
    }
    return resent;
  });
}
