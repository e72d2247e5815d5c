import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { PgBoss } from 'pg-boss';
import { getConfig, type Config } from '@/server/config';
import type { DbHandle } from '@/server/db';
import { jobKindDefinition, jobLane, jobTenancy, registeredJobKinds } from './handlers';
import { storedJobPayload } from './payload';
import { defaultPerTenantConcurrency, PoolDispatcher } from './pool';
import { reconcileQueue, sendInTransaction, startBoss, workQueue } from './queue';
import { deadlineGraceMs, JobRunner } from './runner';
import {
  cancelJob,
  releaseHeldJobs,
  getJob,
  getJobByKey,
  getJobInput,
  insertNewJob,
  listJobs,
  hashInput,
  JOB_FINISHED_CHANNEL,
  submitInTransaction,
  sweepExpiredJobs,
  toJobRecord,
  type SubmitDecision,
} from './store';
import { defaultPoolSize, JobThreadPool } from './threads';
import {
  JobConflictError,
  type JobErrorBody,
  type JobRecord,
  type JobScope,
  type Json,
  type SubmitOutcome,
  type SubmitRequest,
} from './types';

export type JobsMode = 'pool' | 'queue';

/** The job could not be queued; callers answer 500 `enqueue_failed` (safe to retry). */
export class JobEnqueueError extends Error {
  constructor(cause: unknown) {
    super(`job could not be enqueued: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'JobEnqueueError';
  }
}

export interface JobsOptions {
  handle: DbHandle;
  /** Defaults to JOBS_MODE. */
  mode?: JobsMode;
  /** Clock for row timestamps, leases and retention (tests inject one). */
  now?: () => number;
  /** Pool mode: worker threads of the throughput lane (default WORKER_POOL_SIZE, else the number of cores). */
  poolSize?: number;
  /** Pool mode: worker threads of the latency lane (default JOBS_LATENCY_THREADS, see latencyThreads). */
  latencyThreads?: number;
  /** How often finished jobs past retention are deleted; 0 turns the sweeper off. Default 60 s. */
  sweepIntervalMs?: number;
  config?: Config;
}

/** Which retained jobs `Jobs.list` returns: kinds of one namespace, some accounts, newest first. */
export interface JobListRequest {
  kinds: readonly string[];
  accountIds: readonly number[];
  environment?: JobRecord['environment'] | undefined;
  status?: JobRecord['status'] | undefined;
  /** Only the jobs under this key (e.g. a routing problemId). */
  key?: string | undefined;
  limit: number;
  offset: number;
}

/** Jobs as routing and booking use them: submit, wait with a deadline, read, cancel. */
export interface Jobs {
  readonly mode: JobsMode;
  /**
   * Starts a job under an idempotency key or returns the key's current job (see SubmitRequest).
   * Throws JobConflictError for the same key with a different input, JobEnqueueError when it could
   * not be queued.
   */
  submit(request: SubmitRequest): Promise<SubmitOutcome>;
  /** A job by id; null when unknown or past retention. */
  get(jobId: string): Promise<JobRecord | null>;
  /** A job's input as submitted; null when unknown or past retention. */
  input(jobId: string): Promise<Json | null>;
  /** The current job of a key (for the kind's namespace); null when none or past retention. */
  getByKey(kind: string, scope: JobScope): Promise<JobRecord | null>;
  /**
   * True when this process knows, without reading the database, that the key's current job is
   * processing: pool mode on the embedded database, where this process alone runs, finishes and
   * cancels jobs, for jobs submitted here until they finish or are canceled. False means "ask
   * getByKey" (always so in queue mode and on PostgreSQL, where other instances change jobs).
   */
  processingHere(kind: string, scope: JobScope): boolean;
  /**
   * Waits until the job leaves `processing` or `timeoutMs` passes, whichever is first; returns the
   * job as it then is (still `processing` on timeout), null when unknown or expired. With `visible`,
   * a job it rejects on the first read is answered null at once (a caller's poll of a job it may not
   * see does not wait on it), so a caller need not read the job before waiting.
   */
  waitFor(jobId: string, timeoutMs: number, visible?: (job: JobRecord) => boolean): Promise<JobRecord | null>;
  /** Cancels a processing job and frees its worker; false when it was not processing. */
  cancel(jobId: string, reason?: JobErrorBody): Promise<boolean>;
  /**
   * Retained jobs of the given kinds (one namespace) and accounts, newest first, with the total that
   * match (for paging). Each record carries the last progress its execution reported.
   */
  list(filter: JobListRequest): Promise<{ jobs: JobRecord[]; total: number }>;
  /** Deletes finished jobs past retention now; returns how many. */
  sweep(): Promise<number>;
  /**
   * Runs again the processing jobs nothing holds or will deliver (also done periodically): pool
   * mode adopts a dead instance's jobs, queue mode re-sends jobs pg-boss no longer delivers.
   * Returns how many.
   */
  recover(): Promise<number>;
  /** Pool mode: resolves when no job is queued or running here. */
  idle(): Promise<void>;
  /**
   * A graceful stop. Pool mode gives back the jobs running or queued here without counting the
   * interrupted executions as attempts (the next start runs them, or on PostgreSQL another
   * instance at its next adoption round).
   */
  stop(): Promise<void>;
}

/** Delivers "job finished" to local waiters, from this process or (PostgreSQL) from any process. */
class FinishSignals {
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | undefined;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** `heard`: called with each job another process announces, before its waiters hear of it. */
  async listen(handle: DbHandle, heard: (jobId: string) => void): Promise<void> {
    if (handle.kind !== 'postgres') return;
    const meta = await handle.sql.listen(JOB_FINISHED_CHANNEL, (jobId) => {
      heard(jobId);
      this.emit(jobId);
    });
    this.unlisten = () => meta.unlisten();
  }

  /** `finished`: the job's row as stored, when the job ended in this process. */
  emit(jobId: string, finished?: JobRecord): void {
    this.emitter.emit(jobId, finished);
  }

  on(jobId: string, listener: (finished?: JobRecord) => void): () => void {
    this.emitter.on(jobId, listener);
    return () => this.emitter.off(jobId, listener);
  }

  async close(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
  }
}

/** Identity of this process in lease_owner: readable in the table, unique per start. */
function processIdentity(role: string): string {
  return `${role}:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function every(intervalMs: number, what: string, task: () => Promise<number>): NodeJS.Timeout | undefined {
  if (intervalMs <= 0) return undefined;
  const timer = setInterval(
    () => void task().catch((error: unknown) => console.error(`${what} failed`, error)),
    intervalMs,
  );
  timer.unref();
  return timer;
}

/** How long a queue-mode job may sit unheld before pg-boss is asked whether it still delivers it. */
function unheldGraceSeconds(config: Config): number {
  return 2 * config.JOBS_HEARTBEAT_SECONDS + config.JOBS_MONITOR_SECONDS + config.JOBS_LEASE_SECONDS;
}

const RECONCILE_BATCH = 100;

/** Latency-lane threads unless configured: as many as the solver threads, at most 4 (a search takes about 10 ms of CPU). */
function defaultLatencyThreads(solverThreads: number): number {
  return Math.max(1, Math.min(4, solverThreads));
}

/** The tenant of an account, cached for the process: an account never changes trees. */
function cachedTenantOf(db: DbHandle['db']): (accountId: number) => Promise<number> {
  const known = new Map<number, Promise<number>>();
  return (accountId) => {
    let tenant = known.get(accountId);
    if (!tenant) {
      tenant = jobTenancy().tenantOf(db, accountId);
      tenant.catch(() => known.delete(accountId));
      known.set(accountId, tenant);
    }
    return tenant;
  };
}

export async function createJobs(options: JobsOptions): Promise<Jobs> {
  const config = options.config ?? getConfig();
  const mode = options.mode ?? config.JOBS_MODE;
  const { handle } = options;
  const db = handle.db;
  const now = options.now ?? Date.now;
  const owner = processIdentity('app');
  const leaseSeconds = config.JOBS_LEASE_SECONDS;
  const signals = new FinishSignals();
  const tenantOf = cachedTenantOf(db);

  let boss: PgBoss | undefined;
  let threads: JobThreadPool[] = [];
  let runner: JobRunner | undefined;
  let dispatcher: PoolDispatcher | undefined;
  // Pool mode: id -> key and the job as submitted, for each job submitted here while it processes, so
  // that a poll waiting on it needs no first read (see waitFor): its account and kind never change,
  // and its end is heard of here (this process ends it, or another announces it, see forgetLocal).
  // On the embedded database, where only this process runs, finishes and cancels jobs, also key -> id,
  // so that a submit of a key that is processing here needs no read (see Jobs.processingHere).
  const localKeys = mode === 'pool' && handle.kind === 'pglite' ? new Map<string, string>() : undefined;
  const localJobs = mode === 'pool' ? new Map<string, { key: string; job: JobRecord }>() : undefined;
  const localKey = (namespace: string, scope: JobScope) =>
    JSON.stringify([namespace, scope.accountId, scope.environment, scope.key]);
  // Called before a job's end is announced, so that whoever hears of it also sees it here.
  const forgetLocal = (jobId: string) => {
    const local = localJobs?.get(jobId);
    if (local === undefined) return;
    localJobs?.delete(jobId);
    if (localKeys?.get(local.key) === jobId) localKeys.delete(local.key);
  };
  await signals.listen(handle, forgetLocal);
  if (mode === 'queue') {
    if (handle.kind !== 'postgres') throw new Error('queue mode needs PostgreSQL (DATABASE_URL)');
    boss = await startBoss(queueSettings(config, handle.databaseUrl, 3), 'app');
  } else {
    const size = options.poolSize ?? config.WORKER_POOL_SIZE ?? defaultPoolSize();
    const latencySize = options.latencyThreads ?? config.JOBS_LATENCY_THREADS ?? defaultLatencyThreads(size);
    const lanes = {
      throughput: new JobThreadPool(size, 'throughput'),
      latency: new JobThreadPool(latencySize, 'latency'),
    };
    threads = Object.values(lanes);
    const perTenant = config.JOBS_PER_TENANT_CONCURRENCY ?? defaultPerTenantConcurrency(size);
    runner = new JobRunner({
      db,
      threads: lanes,
      owner,
      leaseSeconds,
      now,
      onFinished: (id, finished) => {
        forgetLocal(id);
        signals.emit(id, finished);
      },
      announceFinished: handle.kind === 'postgres',
    });
    runner.startLeaseKeeper();
    dispatcher = new PoolDispatcher({
      db,
      runner,
      owner,
      throughput: {
        size,
        perTenant,
        perAccount: Math.min(perTenant, config.JOBS_PER_ACCOUNT_CONCURRENCY ?? perTenant),
      },
      // Searches are short and rate-limited per account: no share but the lane's own threads.
      latency: { size: latencySize, perTenant: latencySize, perAccount: latencySize },
      leaseSeconds,
      exclusive: handle.kind === 'pglite',
      tenantOf,
      now,
    });
  }

  const get = async (jobId: string) => {
    const row = await getJob(db, jobId, now());
    return row ? toJobRecord(row) : null;
  };
  const sweep = () => sweepExpiredJobs(db, now());
  const recover = async () => {
    if (dispatcher) return dispatcher.adoptOrphans();
    return boss
      ? reconcileQueue(boss, db, {
          now: now(),
          graceSeconds: unheldGraceSeconds(config),
          limit: RECONCILE_BATCH,
          tenantOf,
        })
      : 0;
  };
  const sweepTimer = every(options.sweepIntervalMs ?? 60_000, 'job sweep', sweep);
  // Pool mode adopts on its own lease schedule (see PoolDispatcher).
  const reconcileTimer = boss ? every(options.sweepIntervalMs ?? 60_000, 'job queue reconcile', recover) : undefined;

  const jobs: Jobs = {
    mode,

    async submit(request) {
      const definition = jobKindDefinition(request.kind);
      const lane = jobLane(request.kind);
      const timeLimitMs = request.timeLimitMs ?? config.JOBS_TIME_LIMIT_SECONDS * 1000;
      // Stored as JSON: refused here if JSON would change it, and every mode runs on this copy.
      const input = storedJobPayload(request.input, 'input');
      // Only throughput jobs share per tenant; a latency job is its account's own.
      let tenantId = request.accountId;
      try {
        if (lane === 'throughput') tenantId = await tenantOf(request.accountId);
      } catch (error) {
        throw new JobEnqueueError(error);
      }
      const holder = { tenantId, accountId: request.accountId };
      const run = {
        kind: request.kind,
        namespace: definition.namespace,
        input,
        inputHash: request.inputHash ?? hashInput(input),
        maxAttempts: config.JOBS_MAX_ATTEMPTS,
        timeLimitMs,
        retentionSeconds: request.retentionSeconds ?? definition.retentionSeconds(config),
        leaseOwner: mode === 'pool' ? owner : null,
        leaseSeconds,
        // Claimed as it is written when it will start at once: one statement less per job.
        claimToken: dispatcher?.wouldStartAtOnce(request.kind, holder) ? randomUUID() : undefined,
        firstId: request.firstId,
      };
      const scope = { accountId: request.accountId, environment: request.environment, key: request.key };
      const policy = { rerun: request.rerun ?? 'same-job', reuse: request.reuse } as const;
      // A key's row can expire and be swept between our insert and our read: try again then.
      for (let attempt = 0; attempt < 3; attempt++) {
        let decision: SubmitDecision;
        try {
          // A key no retained job holds (most submits) takes one statement; only a taken key needs the
          // transaction and its row lock (and queue mode always, to send the job with the row).
          const inserted = boss ? undefined : await insertNewJob(db, scope, run, now());
          decision = inserted
            ? { outcome: 'created', row: inserted }
            : await db.transaction(async (tx) => {
                const d = await submitInTransaction(tx, scope, run, policy, now());
                if (boss && (d.outcome === 'created' || d.outcome === 'rerun')) {
                  await sendInTransaction(
                    boss,
                    tx,
                    {
                      jobId: d.row.id,
                      runId: d.row.runId,
                      ...(lane === 'throughput' ? { tenantId: holder.tenantId } : {}),
                    },
                    {
                      kind: request.kind,
                      timeLimitMs,
                      graceMs: deadlineGraceMs(timeLimitMs),
                      maxAttempts: run.maxAttempts,
                    },
                  );
                }
                return d;
              });
        } catch (error) {
          throw new JobEnqueueError(error);
        }
        if (decision.outcome === 'vanished') continue;
        const job = toJobRecord(decision.row);
        if (decision.outcome === 'conflict') throw new JobConflictError(job);
        if (localJobs && decision.outcome !== 'existing' && decision.row.status === 'processing') {
          // Known before the job can start, hence before it can finish and be forgotten.
          const key = localKey(definition.namespace, scope);
          if (localKeys) {
            const previous = localKeys.get(key);
            if (previous !== undefined) localJobs.delete(previous);
            localKeys.set(key, decision.row.id);
          }
          localJobs.set(decision.row.id, { key, job });
        }
        if (decision.outcome !== 'existing') {
          const { row } = decision;
          const claim =
            run.claimToken !== undefined && row.leaseToken === run.claimToken
              ? { row, leaseToken: run.claimToken }
              : undefined;
          dispatcher?.enqueue({
            jobId: row.id,
            runId: row.runId,
            kind: row.kind,
            accountId: row.accountId,
            tenantId: holder.tenantId,
            claim,
          });
        }
        return { job, outcome: decision.outcome };
      }
      throw new JobEnqueueError(new Error(`key ${request.key} kept changing while submitting`));
    },

    get,

    async input(jobId) {
      return (await getJobInput(db, jobId, now())) ?? null;
    },

    processingHere(kind, scope) {
      return localKeys?.has(localKey(jobKindDefinition(kind).namespace, scope)) ?? false;
    },

    async getByKey(kind, scope) {
      const row = await getJobByKey(db, jobKindDefinition(kind).namespace, scope, now());
      return row ? toJobRecord(row) : null;
    },

    waitFor(jobId, timeoutMs, visible) {
      return new Promise<JobRecord | null>((resolve, reject) => {
        let settled = false;
        const settle = (job: JobRecord | null) => {
          if (settled) return;
          settled = true;
          clearTimeout(timeout);
          clearInterval(poll);
          unsubscribe();
          resolve(job);
        };
        const check = () =>
          get(jobId).then((job) => {
            if (job?.status === 'processing') return;
            // Ended where no announcement reached this process (a lost notification): forget it here too.
            forgetLocal(jobId);
            settle(job);
          }, reject);
        // A job that ended in this process comes with its row: no read.
        const unsubscribe = signals.on(jobId, (finished) => (finished ? settle(finished) : void check()));
        const timeout = setTimeout(() => void get(jobId).then(settle, reject), Math.max(0, timeoutMs));
        // A backstop for a notification lost with a dropped connection (in-process events are not lost).
        const poll = setInterval(() => void check(), handle.kind === 'postgres' ? 1000 : 10_000);
        // The first look: the job may have ended before the subscription, or not be the caller's to see.
        // A job submitted here and still processing here needs no read (it ends through this process).
        const first = (job: JobRecord | null) => {
          if (job && visible && !visible(job)) settle(null);
          else if (job?.status !== 'processing') settle(job);
        };
        const local = localJobs?.get(jobId);
        if (local) first(local.job);
        else get(jobId).then(first, reject);
      });
    },

    async cancel(jobId, reason = { code: 'canceled', message: 'the job was canceled' }) {
      const canceled = await cancelJob(db, jobId, reason, now());
      if (canceled) {
        forgetLocal(jobId);
        runner?.abort(jobId);
        signals.emit(jobId);
      }
      return canceled;
    },

    async list(filter) {
      const namespaces = new Set(filter.kinds.map((kind) => jobKindDefinition(kind).namespace));
      const [namespace] = namespaces;
      if (namespace === undefined || namespaces.size > 1)
        throw new Error('list: give one or more job kinds of one namespace');
      const { rows, total } = await listJobs(db, { ...filter, namespace }, now());
      return { jobs: rows.map(toJobRecord), total };
    },
    sweep,
    recover,
    idle: () => dispatcher?.idle() ?? Promise.resolve(),

    async stop() {
      clearInterval(sweepTimer);
      clearInterval(reconcileTimer);
      dispatcher?.stop();
      // Given back before their threads stop, so that no stopped execution can still commit or count.
      if (dispatcher)
        await releaseHeldJobs(db, owner).catch((error: unknown) => console.error('jobs could not be released', error));
      runner?.stop();
      await Promise.all([
        ...threads.map((pool) => pool.close()),
        boss?.stop({ graceful: false, close: true }),
        signals.close(),
      ]);
    },
  };

  if (dispatcher) await dispatcher.start();
  return jobs;
}

function queueSettings(config: Config, databaseUrl: string, maxConnections: number) {
  return {
    databaseUrl,
    heartbeatSeconds: config.JOBS_HEARTBEAT_SECONDS,
    monitorSeconds: config.JOBS_MONITOR_SECONDS,
    maxConnections,
  };
}

export interface JobWorker {
  readonly owner: string;
  /** Throughput jobs (routing solves) run at once. */
  readonly concurrency: number;
  /** Latency jobs (booking searches) run at once, on threads of their own. */
  readonly latencyConcurrency: number;
  /** A graceful stop: the jobs it runs go to other workers at once, their attempts not counted. */
  stop(): Promise<void>;
}

/**
 * A queue-mode worker (`npm run worker`): runs routing solves from pg-boss on `concurrency` threads
 * of this process and booking searches on `latencyConcurrency` threads of their own. Any number of
 * them, on any number of machines, can serve one PostgreSQL.
 */
export async function startJobWorker(options: {
  handle: DbHandle;
  concurrency?: number;
  latencyConcurrency?: number;
  now?: () => number;
  sweepIntervalMs?: number;
  config?: Config;
}): Promise<JobWorker> {
  const config = options.config ?? getConfig();
  const { handle } = options;
  if (handle.kind !== 'postgres') throw new Error('a job worker needs PostgreSQL (DATABASE_URL)');
  const concurrency = options.concurrency ?? config.WORKER_CONCURRENCY ?? config.WORKER_POOL_SIZE ?? defaultPoolSize();
  const latencyConcurrency =
    options.latencyConcurrency ?? config.JOBS_LATENCY_THREADS ?? defaultLatencyThreads(concurrency);
  const now = options.now ?? Date.now;
  const owner = processIdentity('worker');
  const leaseSeconds = config.JOBS_LEASE_SECONDS;
  const lanes = {
    throughput: new JobThreadPool(concurrency, 'throughput'),
    latency: new JobThreadPool(latencyConcurrency, 'latency'),
  };
  const runner = new JobRunner({
    db: handle.db,
    threads: lanes,
    owner,
    leaseSeconds,
    now,
    onFinished: () => undefined,
  });
  runner.startLeaseKeeper();
  const tenantOf = cachedTenantOf(handle.db);
  // A job canceled elsewhere stops its thread here at once, not at the next lease renewal.
  const listener = await handle.sql.listen(JOB_FINISHED_CHANNEL, (jobId) => runner.abort(jobId));
  const boss = await startBoss(
    queueSettings(config, handle.databaseUrl, concurrency + latencyConcurrency + 3),
    'worker',
  );
  // Queue mode caps a tenant (and an account inside it) across all workers, so only the operator,
  // who knows how many workers there are, can pick the numbers; unset, nothing is capped.
  const work = await workQueue(boss, {
    db: handle.db,
    runner,
    owner,
    leaseSeconds,
    concurrency: { throughput: concurrency, latency: latencyConcurrency },
    perTenant: config.JOBS_PER_TENANT_CONCURRENCY,
    perAccount: config.JOBS_PER_ACCOUNT_CONCURRENCY,
    throughputKinds: registeredJobKinds().filter((kind) => jobLane(kind) === 'throughput'),
    tenantOf,
    tenantAccounts: (tx, tenantId) => jobTenancy().accountsOf(tx, tenantId),
    now,
  });
  const sweepTimer = every(options.sweepIntervalMs ?? 60_000, 'job sweep', () => sweepExpiredJobs(handle.db, now()));
  const reconcileTimer = every(options.sweepIntervalMs ?? 60_000, 'job queue reconcile', () =>
    reconcileQueue(boss, handle.db, {
      now: now(),
      graceSeconds: unheldGraceSeconds(config),
      limit: RECONCILE_BATCH,
      tenantOf,
    }),
  );
  return {
    owner,
    concurrency,
    latencyConcurrency,
    async stop() {
      clearInterval(sweepTimer);
      clearInterval(reconcileTimer);
      // Gives the jobs back (sent again for other workers, attempts not counted), stops their threads.
      await work.release().catch((error: unknown) => console.error('jobs could not be released', error));
      // Graceful: the stopped executions' handlers return at once, ending their messages normally.
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
      await Promise.all([
        ...Object.values(lanes).map((pool) => pool.close()),
        listener.unlisten().catch(() => undefined),
      ]);
    },
  };
}
