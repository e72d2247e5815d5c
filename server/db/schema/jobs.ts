import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const jobStatuses = ['processing', 'complete', 'failed', 'canceled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobEnvironments = ['live', 'sandbox'] as const;
export type JobEnvironment = (typeof jobEnvironments)[number];

/**
 * One row per idempotency key: (namespace, account, live/sandbox, key). Routing uses problemId as the
 * key, booking the request hash. A finished row keeps its key until `expires_at`; after that the key
 * is free and the next submit starts a new generation (a new id).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    /** Idempotency namespace of the kind (`routing`, `booking`, ...). */
    namespace: text('namespace').notNull(),
    accountId: integer('account_id').notNull(),
    environment: text('environment', { enum: jobEnvironments }).notNull(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    /** SHA-256 of the canonical input: same key + different hash is a conflict. */
    inputHash: text('input_hash').notNull(),
    input: jsonb('input').notNull(),
    status: text('status', { enum: jobStatuses }).notNull(),
    result: jsonb('result'),
    /** `{ code, message }` when failed or canceled. */
    error: jsonb('error'),
    /** The last progress the running execution reported (kind-specific), so every instance can show it. */
    progress: jsonb('progress'),
    /** A fresh id per (re)submission: queue messages of an earlier run are ignored. */
    runId: uuid('run_id').notNull(),
    /** Executions started in this run; bounded by max_attempts so a job that kills its worker ends failed. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    timeLimitMs: integer('time_limit_ms').notNull(),
    retentionSeconds: integer('retention_seconds').notNull(),
    /** Fencing token of the current execution: only its holder may complete the job. */
    leaseToken: uuid('lease_token'),
    /** The process that holds the job (pool: the app instance; queue: the worker). */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when the job finishes: finished_at + retention. Expired rows read as absent and are swept. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_idempotency_key_idx').on(t.namespace, t.accountId, t.environment, t.key),
    index('jobs_processing_lease_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'processing'`),
    index('jobs_expires_at_idx').on(t.expiresAt),
    index('jobs_listing_idx').on(t.namespace, t.accountId, t.createdAt),
    check('jobs_status_check', sql`${t.status} in ('processing', 'complete', 'failed', 'canceled')`),
    check('jobs_environment_check', sql`${t.environment} in ('live', 'sandbox')`),
  ],
);

/**
 * Written by the `jobs.probe` kind inside its completion transaction. Deliberately without a unique
 * constraint: a duplicate execution that committed would show up as a second row.
 */
export const jobProbeWrites = pgTable(
  'job_probe_writes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: uuid('job_id').notNull(),
    leaseOwner: text('lease_owner'),
    attempt: integer('attempt').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_probe_writes_job_id_idx').on(t.jobId)],
);
