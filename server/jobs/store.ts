import { createHash, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, DbTransaction } from '@/server/db';
import { jobs } from '@/server/db/schema/jobs';
import type { JobErrorBody, JobRecord, JobScope, Json } from './types';

/** The job table's rows; every statement on them lives here. Times are injected (`now`, epoch ms). */

type JobRow = typeof jobs.$inferSelect;
/** A row as readers see it: without the input, which can be large (booking's booked routes) and only runs need. */
type JobView = Omit<JobRow, 'input'>;
const { input: _input, ...viewColumns } = getTableColumns(jobs);
/** What finishing a job returns: the row but its input and the result it was just given. */
const { result: _result, ...finishedColumns } = viewColumns;

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);

export function toJobRecord(row: JobView): JobRecord {
  return {
    id: row.id,
    namespace: row.namespace,
    accountId: row.accountId,
    environment: row.environment,
    key: row.key,
    kind: row.kind,
    inputHash: row.inputHash,
    status: row.status,
    result: (row.result ?? null) as Json | null,
    error: (row.error ?? null) as JobErrorBody | null,
    progress: (row.progress ?? null) as Json | null,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    timeLimitMs: row.timeLimitMs,
    leaseOwner: row.leaseOwner,
    createdAt: row.createdAt.getTime(),
    startedAt: ms(row.startedAt),
    finishedAt: ms(row.finishedAt),
    expiresAt: ms(row.expiresAt),
  };
}

/** Canonical JSON (object keys sorted) so equal inputs hash equally whatever their key order. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as Json)}`).join(',')}}`;
}

export function hashInput(value: Json): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function scopeCondition(namespace: string, scope: JobScope) {
  return and(
    eq(jobs.namespace, namespace),
    eq(jobs.accountId, scope.accountId),
    eq(jobs.environment, scope.environment),
    eq(jobs.key, scope.key),
  );
}

/** A point in time as an SQL value (raw parameters must be strings for postgres.js). */
function at(now: number) {
  return sql`${new Date(now).toISOString()}::timestamptz`;
}

/** finished_at + the row's retention. */
function expiryAfter(now: number) {
  return sql`${at(now)} + make_interval(secs => ${jobs.retentionSeconds})`;
}

function notExpired(now: number) {
  return or(isNull(jobs.expiresAt), sql`${jobs.expiresAt} > ${at(now)}`);
}

interface NewRun {
  kind: string;
  namespace: string;
  input: Json;
  inputHash: string;
  maxAttempts: number;
  timeLimitMs: number;
  retentionSeconds: number;
  /** Pool mode: the instance that will run it owns it from the start. */
  leaseOwner: string | null;
  leaseSeconds: number;
  /**
   * Pool mode, when the job will start at once: it is claimed as it is written (first attempt,
   * started, this execution's token), so its first execution needs no claim statement.
   */
  claimToken?: string | undefined;
  /**
   * The id of the key's job when no retained job holds the key (booking: the first search of an
   * input is pollable under its problemId). A replacement generation always gets a random id.
   */
  firstId?: string | undefined;
}

/** Column values that (re)start a job as a fresh run. */
function freshRun(run: NewRun, now: number) {
  return {
    kind: run.kind,
    input: run.input,
    inputHash: run.inputHash,
    status: 'processing' as const,
    result: null,
    error: null,
    progress: null,
    runId: randomUUID(),
    attempts: run.claimToken ? 1 : 0,
    maxAttempts: run.maxAttempts,
    timeLimitMs: run.timeLimitMs,
    retentionSeconds: run.retentionSeconds,
    leaseToken: run.claimToken ?? null,
    leaseOwner: run.leaseOwner,
    leaseExpiresAt: run.leaseOwner ? new Date(now + run.leaseSeconds * 1000) : null,
    // Queued until its computation has a thread (see markJobStarted), even when claimed as it is written.
    startedAt: null,
    finishedAt: null,
    expiresAt: null,
  };
}

export type SubmitDecision =
  | { outcome: 'created' | 'rerun'; row: JobRow }
  | { outcome: 'existing'; row: JobRow }
  | { outcome: 'conflict'; row: JobRow }
  | { outcome: 'vanished' };

/**
 * What an identical submit does with a key's retained job that has ended: `same-job` runs a failed or
 * canceled one again under its id (routing); `new-job` replaces it with a new job under a new id
 * (booking), and also replaces a completed one that `reuse` rejects.
 */
interface SubmitPolicy {
  rerun: 'same-job' | 'new-job';
  reuse?: ((finished: JobRecord) => boolean) | undefined;
}

/**
 * A new job under a key no retained job holds; undefined when the key is taken (ON CONFLICT: one
 * statement, no lock). Every column is set here, so the row is returned from the values written
 * rather than read back (parsing the returned input cost more than the insert itself).
 */
export async function insertNewJob(db: DbOrTx, scope: JobScope, run: NewRun, now: number): Promise<JobRow | undefined> {
  const row: JobRow = {
    id: run.firstId ?? randomUUID(),
    namespace: run.namespace,
    accountId: scope.accountId,
    environment: scope.environment,
    key: scope.key,
    createdAt: new Date(now),
    ...freshRun(run, now),
  };
  const [inserted] = await db.insert(jobs).values(row).onConflictDoNothing().returning({ id: jobs.id });
  return inserted ? row : undefined;
}

/**
 * One submit, inside the caller's transaction. The unique key and INSERT ... ON CONFLICT make
 * concurrent identical submits agree on one row; the row lock serializes reruns of a finished job.
 */
export async function submitInTransaction(
  tx: DbTransaction,
  scope: JobScope,
  run: NewRun,
  policy: SubmitPolicy,
  now: number,
): Promise<SubmitDecision> {
  const inserted = await insertNewJob(tx, scope, run, now);
  if (inserted) return { outcome: 'created', row: inserted };

  const [existing] = await tx.select().from(jobs).where(scopeCondition(run.namespace, scope)).for('update');
  if (!existing) return { outcome: 'vanished' };

  const expired = existing.expiresAt !== null && existing.expiresAt.getTime() <= now;
  const sameInput = existing.inputHash === run.inputHash;
  const finishedBadly = existing.status === 'failed' || existing.status === 'canceled';
  const rejected =
    policy.rerun === 'new-job' &&
    sameInput &&
    existing.status !== 'processing' &&
    (finishedBadly || (policy.reuse !== undefined && !policy.reuse(toJobRecord(existing))));
  if (expired || rejected) {
    // A new generation under the same key: a new id, so handles of the old one are not confused with it.
    const [row] = await tx
      .update(jobs)
      .set({ id: randomUUID(), createdAt: new Date(now), ...freshRun(run, now) })
      .where(eq(jobs.id, existing.id))
      .returning();
    return row ? { outcome: 'created', row } : { outcome: 'vanished' };
  }
  if (!sameInput) return { outcome: 'conflict', row: existing };
  if (finishedBadly) {
    const [row] = await tx.update(jobs).set(freshRun(run, now)).where(eq(jobs.id, existing.id)).returning();
    return row ? { outcome: 'rerun', row } : { outcome: 'vanished' };
  }
  return { outcome: 'existing', row: existing };
}

/**
 * The reads every poll and every submit make, prepared once per database handle: drizzle otherwise
 * builds their SQL text from the query builder on every call, a noticeable share of the event
 * loop's time per request.
 */
function buildReads(db: DbOrTx) {
  const notExpiredAt = or(isNull(jobs.expiresAt), sql`${jobs.expiresAt} > ${sql.placeholder('now')}::timestamptz`);
  return {
    byId: db
      .select(viewColumns)
      .from(jobs)
      .where(and(eq(jobs.id, sql.placeholder('id')), notExpiredAt))
      .prepare('jobs_by_id'),
    byKey: db
      .select(viewColumns)
      .from(jobs)
      .where(
        and(
          eq(jobs.namespace, sql.placeholder('namespace')),
          eq(jobs.accountId, sql.placeholder('accountId')),
          eq(jobs.environment, sql.placeholder('environment')),
          eq(jobs.key, sql.placeholder('key')),
          notExpiredAt,
        ),
      )
      .prepare('jobs_by_key'),
  };
}
const preparedReads = new WeakMap<DbOrTx, ReturnType<typeof buildReads>>();

function readsOf(db: DbOrTx): ReturnType<typeof buildReads> {
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = buildReads(db);
    preparedReads.set(db, reads);
  }
  return reads;
}

export async function getJob(db: DbOrTx, jobId: string, now: number): Promise<JobView | undefined> {
  const [row] = await readsOf(db).byId.execute({ id: jobId, now: new Date(now).toISOString() });
  return row;
}

/** A retained job's input (readers otherwise never load it). */
export async function getJobInput(db: DbOrTx, jobId: string, now: number): Promise<Json | undefined> {
  const [row] = await db
    .select({ input: jobs.input })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), notExpired(now)));
  return row ? (row.input as Json) : undefined;
}

export async function getJobByKey(
  db: DbOrTx,
  namespace: string,
  scope: JobScope,
  now: number,
): Promise<JobView | undefined> {
  const [row] = await readsOf(db).byKey.execute({
    namespace,
    accountId: scope.accountId,
    environment: scope.environment,
    key: scope.key,
    now: new Date(now).toISOString(),
  });
  return row;
}

export interface Claim {
  row: JobRow;
  leaseToken: string;
}

/**
 * Starts an execution: a new fencing token and one more attempt. `requireOwner` (pool mode) only
 * claims a job this instance already owns; in queue mode pg-boss hands a job to one worker at a time
 * and the newest claim wins, so a worker presumed dead can no longer complete it.
 */
export async function claimJob(
  db: DbOrTx,
  target: { jobId: string; runId?: string; owner: string; requireOwner: boolean; leaseSeconds: number },
  now: number,
): Promise<Claim | undefined> {
  const leaseToken = randomUUID();
  const [row] = await db
    .update(jobs)
    .set({
      attempts: sql`${jobs.attempts} + 1`,
      leaseToken,
      leaseOwner: target.owner,
      leaseExpiresAt: new Date(now + target.leaseSeconds * 1000),
      // A claimed job may still wait for its share of threads: queued until markJobStarted.
      startedAt: null,
    })
    .where(
      and(
        eq(jobs.id, target.jobId),
        eq(jobs.status, 'processing'),
        target.runId ? eq(jobs.runId, target.runId) : undefined,
        target.requireOwner ? eq(jobs.leaseOwner, target.owner) : undefined,
      ),
    )
    .returning();
  return row ? { row, leaseToken } : undefined;
}

/** Queue mode's cap on one tenant's throughput jobs across every worker (see claimJobWithinShare). */
export interface QueueShare {
  tenantId: number;
  /** Running jobs of the tenant at most (unset: no cap). */
  perTenant: number | undefined;
  /** Running jobs of one account at most, inside its tenant's share (unset: no cap). */
  perAccount: number | undefined;
  /** The kinds that count against the share (the throughput lane's). */
  kinds: readonly string[];
  /** The accounts of the tenant, read in the claiming transaction (see JobTenancy.accountsOf). */
  tenantAccounts: (tx: DbTransaction) => Promise<number[]>;
}

/**
 * `claimJob` for queue mode with a fair share: pg-boss's group limit (the group is the tenant) is
 * checked by each fetch on its own, so two slots fetching at once can both take the same tenant's
 * jobs. Here the tenant's running jobs (a live lease) are counted under an advisory lock on the
 * tenant, so the caps hold across every worker. Over a cap nothing is claimed and `whenBusy` runs in
 * the same transaction (queue mode sends the execution again, a little later).
 */
export async function claimJobWithinShare(
  db: Db,
  target: { jobId: string; runId: string; owner: string; leaseSeconds: number },
  share: QueueShare,
  now: number,
  whenBusy: (tx: DbTransaction, row: JobRow) => Promise<void>,
): Promise<Claim | 'share_busy' | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, target.jobId), eq(jobs.runId, target.runId), eq(jobs.status, 'processing')));
    if (!row) return undefined;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs-tenant-${share.tenantId}`}))`);
    const accountIds = await share.tenantAccounts(tx);
    const [running] = await tx
      .select({
        tenant: sql<number>`count(*)::int`,
        account: sql<number>`(count(*) filter (where ${jobs.accountId} = ${row.accountId}))::int`,
      })
      .from(jobs)
      .where(
        and(
          inArray(jobs.accountId, accountIds.length > 0 ? accountIds : [row.accountId]),
          inArray(jobs.kind, [...share.kinds]),
          eq(jobs.status, 'processing'),
          ne(jobs.id, row.id),
          sql`${jobs.leaseToken} is not null`,
          gt(jobs.leaseExpiresAt, new Date(now)),
        ),
      );
    const overTenant = share.perTenant !== undefined && (running?.tenant ?? 0) >= share.perTenant;
    const overAccount = share.perAccount !== undefined && (running?.account ?? 0) >= share.perAccount;
    if (overTenant || overAccount) {
      await whenBusy(tx, row);
      return 'share_busy';
    }
    return claimJob(tx, { ...target, requireOwner: false }, now);
  });
}

/** Writes to a job an execution still holds, fenced on its token (a stale execution writes nothing). */
async function updateHeldJob(
  db: DbOrTx,
  target: { jobId: string; leaseToken: string },
  values: Pick<Partial<JobRow>, 'startedAt' | 'progress'>,
): Promise<void> {
  await db
    .update(jobs)
    .set(values)
    .where(and(eq(jobs.id, target.jobId), eq(jobs.leaseToken, target.leaseToken), eq(jobs.status, 'processing')));
}

/**
 * Stamps the moment an execution's computation got its worker thread. Until then the job is queued
 * (claimed or not): it may wait for its account's share of threads.
 */
export function markJobStarted(
  db: DbOrTx,
  target: { jobId: string; leaseToken: string },
  startedAt: number,
): Promise<void> {
  return updateHeldJob(db, target, { startedAt: new Date(startedAt) });
}

/** Stores an execution's latest progress. */
export function recordProgress(
  db: DbOrTx,
  target: { jobId: string; leaseToken: string },
  progress: Json,
): Promise<void> {
  return updateHeldJob(db, target, { progress });
}

interface JobListFilter {
  namespace: string;
  accountIds: readonly number[];
  environment?: JobRecord['environment'] | undefined;
  status?: JobRecord['status'] | undefined;
  kinds?: readonly string[] | undefined;
  key?: string | undefined;
  /** Newest first; `offset` skips that many. */
  limit: number;
  offset: number;
}

/** Retained jobs of some accounts, newest first, and how many match in all (for paging). */
export async function listJobs(
  db: DbOrTx,
  filter: JobListFilter,
  now: number,
): Promise<{ rows: JobView[]; total: number }> {
  if (filter.accountIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    eq(jobs.namespace, filter.namespace),
    inArray(jobs.accountId, [...filter.accountIds]),
    filter.environment ? eq(jobs.environment, filter.environment) : undefined,
    filter.status ? eq(jobs.status, filter.status) : undefined,
    filter.kinds && filter.kinds.length > 0 ? inArray(jobs.kind, [...filter.kinds]) : undefined,
    filter.key !== undefined ? eq(jobs.key, filter.key) : undefined,
    notExpired(now),
  );
  const [rows, counted] = await Promise.all([
    db
      .select(viewColumns)
      .from(jobs)
      .where(where)
      .orderBy(sql`${jobs.createdAt} desc`, jobs.id)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(where),
  ]);
  return { rows, total: counted[0]?.count ?? 0 };
}

/** Extends the leases of every processing job an owner holds; returns the ids it still holds. */
export async function renewLeases(db: DbOrTx, owner: string, leaseSeconds: number, now: number): Promise<Set<string>> {
  const rows = await db
    .update(jobs)
    .set({ leaseExpiresAt: new Date(now + leaseSeconds * 1000) })
    .where(and(eq(jobs.leaseOwner, owner), eq(jobs.status, 'processing')))
    .returning({ id: jobs.id });
  return new Set(rows.map((r) => r.id));
}

/**
 * Ends an execution, fenced on its token: returns null (and writes nothing) when this execution no
 * longer holds the job, else the finished row as stored, so that local waiters need not read it
 * again. `effects` runs in the same transaction, after the row is locked and updated.
 */
export async function finishJob(
  db: Db,
  target: { jobId: string; leaseToken: string },
  outcome: ({ status: 'complete'; result: Json } | { status: 'failed'; error: JobErrorBody }) & {
    /** When the execution's computation got its thread (written again here: markJobStarted does not wait). */
    startedAt?: number | undefined;
  },
  now: number,
  effects?: (tx: DbTransaction, row: JobView) => Promise<Json | void>,
  /** Notify JOB_FINISHED_CHANNEL (false where no other process can listen: the embedded database). */
  announce = true,
): Promise<JobView | null> {
  return db.transaction(async (tx) => {
    const [written] = await tx
      .update(jobs)
      .set({
        status: outcome.status,
        result: outcome.status === 'complete' ? outcome.result : null,
        error: outcome.status === 'failed' ? outcome.error : null,
        ...(outcome.startedAt === undefined ? {} : { startedAt: new Date(outcome.startedAt) }),
        finishedAt: new Date(now),
        expiresAt: expiryAfter(now),
        leaseToken: null,
        leaseExpiresAt: null,
      })
      .where(and(eq(jobs.id, target.jobId), eq(jobs.leaseToken, target.leaseToken), eq(jobs.status, 'processing')))
      // The announcement rides on the update (NOTIFY is delivered at commit, whatever follows it
      // in the transaction): one round trip less per job.
      .returning({
        ...finishedColumns,
        announced: announce ? sql<string>`pg_notify(${JOB_FINISHED_CHANNEL}, ${jobs.id}::text)::text` : sql<null>`null`,
      });
    if (!written) return null;
    const { announced: _announced, ...finished } = written;
    // The result as written, not read back: the same value (jsonb keeps every number's text).
    const row: JobView = { ...finished, result: outcome.status === 'complete' ? outcome.result : null };
    const added = effects ? await effects(tx, row) : undefined;
    // What the effects wrote (e.g. the ids of rows they inserted) joins the stored result.
    if (outcome.status === 'complete' && added && typeof added === 'object' && !Array.isArray(added)) {
      const [merged] = await tx
        .update(jobs)
        .set({ result: sql`coalesce(${jobs.result}, '{}'::jsonb) || ${JSON.stringify(added)}::jsonb` })
        .where(eq(jobs.id, row.id))
        .returning(viewColumns);
      return merged ?? null;
    }
    return row;
  });
}

/** Cancels a processing job (any holder); true if it was processing. */
export async function cancelJob(db: Db, jobId: string, reason: JobErrorBody, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: 'canceled',
        error: reason,
        finishedAt: new Date(now),
        expiresAt: expiryAfter(now),
        leaseToken: null,
        leaseExpiresAt: null,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'processing')))
      .returning({ id: jobs.id });
    if (!row) return false;
    await notifyFinished(tx, row.id);
    return true;
  });
}

/**
 * Pool mode: takes over processing jobs whose owner is gone. `everyOwner` (embedded database: only
 * this process can use it, so every other owner is dead) takes all of them; otherwise only those
 * whose lease expired (another instance on the same PostgreSQL may still be running its jobs).
 */
export async function adoptOrphanedJobs(
  db: DbOrTx,
  owner: string,
  options: { everyOwner: boolean; leaseSeconds: number },
  now: number,
): Promise<{ id: string; runId: string; kind: string; accountId: number }[]> {
  const orphaned = options.everyOwner
    ? or(isNull(jobs.leaseOwner), ne(jobs.leaseOwner, owner))
    : or(isNull(jobs.leaseExpiresAt), lt(jobs.leaseExpiresAt, new Date(now)));
  return db
    .update(jobs)
    .set({ leaseOwner: owner, leaseToken: null, leaseExpiresAt: new Date(now + options.leaseSeconds * 1000) })
    .where(and(eq(jobs.status, 'processing'), orphaned))
    .returning({ id: jobs.id, runId: jobs.runId, kind: jobs.kind, accountId: jobs.accountId });
}

/** A job a stopping process gave back (see releaseHeldJobs). */
export interface ReleasedJob {
  id: string;
  runId: string;
  kind: string;
  accountId: number;
  attempts: number;
  maxAttempts: number;
  timeLimitMs: number;
}

/**
 * A graceful stop: gives back every processing job this owner holds, so that another instance (or
 * this one's successor) runs it at once, and the execution the stop interrupts is not counted: an
 * attempt counts only when the job's own run died. Unclaimed jobs keep their count. Fenced like
 * every end: an execution that committed first is not touched, one that commits later writes
 * nothing (its token is gone). Returns the released jobs.
 */
export async function releaseHeldJobs(db: DbOrTx, owner: string): Promise<ReleasedJob[]> {
  return db
    .update(jobs)
    .set({
      attempts: sql`case when ${jobs.leaseToken} is null then ${jobs.attempts} else greatest(${jobs.attempts} - 1, 0) end`,
      leaseToken: null,
      leaseOwner: null,
      leaseExpiresAt: null,
      // Given back: queued again until another execution has a thread.
      startedAt: null,
    })
    .where(and(eq(jobs.status, 'processing'), eq(jobs.leaseOwner, owner)))
    .returning({
      id: jobs.id,
      runId: jobs.runId,
      kind: jobs.kind,
      accountId: jobs.accountId,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      timeLimitMs: jobs.timeLimitMs,
    });
}

/** Deletes finished jobs past retention; returns how many. */
export async function sweepExpiredJobs(db: DbOrTx, now: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(lte(jobs.expiresAt, new Date(now)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Completion is announced on this channel (payload: job id) to app instances waiting in queue mode. */
export const JOB_FINISHED_CHANNEL = 'jobs_finished';

async function notifyFinished(tx: DbTransaction, jobId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${JOB_FINISHED_CHANNEL}, ${jobId})`);
}
