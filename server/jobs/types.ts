import type { DbOrTx, DbTransaction } from '@/server/db';
import type { JobEnvironment, JobStatus } from '@/server/db/schema/jobs';

export type { JobEnvironment, JobStatus };

/** JSON as stored in the job row and passed between threads and processes. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface JobErrorBody {
  code: string;
  message: string;
}

/** A job as callers see it, without its input (it can be large; only the run reads it). Times are epoch milliseconds. */
export interface JobRecord {
  id: string;
  namespace: string;
  accountId: number;
  environment: JobEnvironment;
  key: string;
  kind: string;
  inputHash: string;
  status: JobStatus;
  result: Json | null;
  error: JobErrorBody | null;
  /** The last progress its execution reported while processing (kind-specific); null before any. */
  progress: Json | null;
  attempts: number;
  maxAttempts: number;
  timeLimitMs: number;
  leaseOwner: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  expiresAt: number | null;
}

/**
 * Thrown by a handler (or its commit) to end the job `failed` with this code, e.g. routing's
 * `book_failed`. Any other error ends it `failed` with `optimization_failed`.
 */
export class JobError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

/** Same key, different input while the first job is retained: callers map it to 400. */
export class JobConflictError extends Error {
  constructor(public readonly existing: JobRecord) {
    super(`key ${existing.key} is already used by a job with a different input`);
    this.name = 'JobConflictError';
  }
}

/** What a handler's `run` receives. It runs on a worker thread: no database here. */
export interface JobRunContext {
  jobId: string;
  attempt: number;
  /** Aborted on cancellation (and at the deadline); CPU-bound code should also honour `deadline`. */
  signal: AbortSignal;
  /** Epoch ms by which `run` must return; past it plus a grace the thread is terminated. */
  deadline: number;
  timeLimitMs: number;
  /** Optional progress report; the runner keeps the job's lease alive on its own. */
  heartbeat(progress?: Json): void;
}

/** What a handler's `commit` receives: where the database is, inside the completing transaction. */
export interface JobCommitContext<Input, Result> {
  tx: DbTransaction;
  job: JobRecord;
  input: Input;
  result: Result;
  attempt: number;
}

/** What a handler's `prepare` receives: the database of the process that claimed the job. */
export interface JobPrepareContext {
  db: DbOrTx;
}

/**
 * A job kind's code. `prepare`, when present, runs in the process that claimed the job (the app in
 * pool mode, the worker process in queue mode) before `run`, and reads what the run needs from the
 * database, so a stored job input names its data instead of carrying it; `run` receives its value.
 * `run` does the CPU work on a worker thread and returns a JSON result. `commit`, when present,
 * writes the result's effects in the same transaction that marks the job complete; that transaction
 * commits only if this execution still holds the job, so a zombie execution never writes twice.
 */
export interface JobHandler<Input = Json, Result extends Json = Json, Prepared = Input> {
  prepare?(input: Input, context: JobPrepareContext): Promise<Prepared>;
  run(input: Prepared, context: JobRunContext): Promise<Result> | Result;
  /** May return fields (a JSON object) to add to the stored result, e.g. the ids of rows it wrote. */
  commit?(context: JobCommitContext<Input, Result>): Promise<Json | void>;
  /**
   * Runs in a worker thread that starts with its process, once the handler has loaded: prepares
   * what the first `run` would otherwise pay for (compiling its hot code). It must not hold up a
   * `run` that comes meanwhile.
   */
  warmUp?(): Promise<void>;
}

/** A handler of any kind: the registry only moves JSON through them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobHandler = JobHandler<any, any>;

/** Identifies a job's idempotency scope: (namespace of the kind, account, live/sandbox, key). */
export interface JobScope {
  accountId: number;
  environment: JobEnvironment;
  key: string;
}

export interface SubmitRequest extends JobScope {
  kind: string;
  input: Json;
  /** Canonical input hash; computed from `input` (canonical JSON, SHA-256) when omitted. */
  inputHash?: string;
  /** Defaults to JOBS_TIME_LIMIT_SECONDS. */
  timeLimitMs?: number;
  /** How long the job is kept once finished; defaults to its kind's retention (e.g. console plans are kept longer). */
  retentionSeconds?: number;
  /**
   * What an identical submit does to a failed or canceled job: `same-job` re-runs it under the same
   * id (routing); `new-job` starts a new job with a new id (booking). Default `same-job`.
   */
  rerun?: 'same-job' | 'new-job';
  /**
   * `new-job` only: whether the key's retained, completed job answers this submit (true) or a new
   * job under a new id replaces it (false), e.g. booking's search that found no windows or is past
   * its dedupe window. Asked in the submit's transaction, on the locked row. Default: it answers.
   */
  reuse?: (finished: JobRecord) => boolean;
  /** The id of a job that no retained job's key holds (a UUID); a replacement generation gets a random one. */
  firstId?: string;
}

export interface SubmitOutcome {
  job: JobRecord;
  /** `created`: a new job; `rerun`: a failed/canceled job runs again; `existing`: nothing started. */
  outcome: 'created' | 'rerun' | 'existing';
}

/**
 * What a use case answers about a job it accepted or was asked about: still running (poll again,
 * at `pollUrl` after `pollAfterSeconds` when given) or complete with its body. The HTTP layer
 * turns it into 202 or 200 and headers; `preferenceApplied` is the `Prefer` value it honoured.
 */
export type JobAnswer =
  | {
      state: 'processing';
      body: unknown;
      pollAfterSeconds?: number;
      pollUrl?: string;
      preferenceApplied?: string | null;
    }
  | { state: 'complete'; body: unknown; preferenceApplied?: string | null };
