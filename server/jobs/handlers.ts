import path from 'node:path';
import type { Config } from '@/server/config';
import type { DbOrTx } from '@/server/db';
import type { AnyJobHandler } from './types';

/**
 * A job kind. The jobs layer knows none of the domains: each domain exports its kinds (one file
 * each, e.g. `server/routing/job-kinds.ts`) and the application registers them (`server/app-jobs`).
 * Handler modules must not open the database at import: `run` executes on worker threads; only
 * `commit` gets a transaction.
 */
export interface JobKindDefinition {
  /** Idempotency namespace: keys of kinds in one namespace collide (routing plan and book share problemIds). */
  namespace: string;
  /**
   * `latency`: short work someone waits on (a checkout's booking search). It runs on threads of its
   * own, scheduled ahead of the solver threads, never behind `throughput` jobs and outside the fair
   * share per tenant. Default `throughput` (routing solves): tenants and their accounts take turns.
   */
  lane?: JobLane;
  /** How long a finished job stays readable. */
  retentionSeconds(config: Config): number;
  load(): Promise<AnyJobHandler>;
}

export type JobKinds = Record<string, JobKindDefinition>;

export type JobLane = 'latency' | 'throughput';

/** The jobs layer's own kind. */
const jobsOwnKinds: JobKinds = {
  /** A diagnostic job: real CPU work and a write in its completion transaction (crash tests, load checks). */
  'jobs.probe': {
    namespace: 'jobs',
    retentionSeconds: (config) => config.ROUTING_JOB_RETENTION_SECONDS,
    load: () => import('./probe').then((m) => m.probeHandler),
  },
  /** The same probe in the latency lane (lane tests, load checks of the lane). */
  'jobs.probe.latency': {
    namespace: 'jobs',
    lane: 'latency',
    retentionSeconds: (config) => config.ROUTING_JOB_RETENTION_SECONDS,
    load: () => import('./probe').then((m) => m.probeHandler),
  },
};

/**
 * Who a job's account belongs to, for the fair share of throughput threads. The jobs layer knows
 * no accounts: the application registers this (server/app-jobs); unregistered, every account is a
 * tenant of its own.
 */
export interface JobTenancy {
  /** The root of the account's tree. An account never changes trees, so the answer may be cached. */
  tenantOf(db: DbOrTx, accountId: number): Promise<number>;
  /** Every account of a tenant's tree (the root included), read fresh: branches are added at any time. */
  accountsOf(db: DbOrTx, tenantId: number): Promise<number[]>;
}

const ownTenancy: JobTenancy = {
  tenantOf: (_db, accountId) => Promise.resolve(accountId),
  accountsOf: (_db, tenantId) => Promise.resolve([tenantId]),
};

/**
 * The worker-thread entry that knows only the jobs layer's own kinds. The path is fixed from the
 * project root, not relative to this module: inside the Next server bundle this module no longer
 * sits next to it.
 */
function ownThreadEntry(): string {
  return path.join(process.cwd(), 'server', 'jobs', 'thread-entry.mjs');
}

interface JobKindRegistry {
  kinds: Map<string, JobKindDefinition>;
  threadEntry: string;
  tenancy: JobTenancy;
}

// One registry per process (or worker thread), shared by every bundle Next makes of this module.
const REGISTRY = Symbol.for('routing-booking-service.job-kinds');
type GlobalWithRegistry = typeof globalThis & { [REGISTRY]?: JobKindRegistry };

function registry(): JobKindRegistry {
  const global = globalThis as GlobalWithRegistry;
  global[REGISTRY] ??= {
    kinds: new Map(Object.entries(jobsOwnKinds)),
    threadEntry: ownThreadEntry(),
    tenancy: ownTenancy,
  };
  return global[REGISTRY];
}

/**
 * Adds job kinds. `threadEntry`: a worker-thread module that registers the same kinds inside the
 * thread before serving `runJobInThread` (see server/app-jobs/thread-entry.mjs); pools started
 * afterwards use it.
 */
export function registerJobKinds(kinds: JobKinds, options: { threadEntry?: string } = {}): void {
  const current = registry();
  for (const [kind, definition] of Object.entries(kinds)) current.kinds.set(kind, definition);
  if (options.threadEntry) current.threadEntry = options.threadEntry;
}

/** Registers how accounts map to tenants (see JobTenancy). */
export function registerJobTenancy(tenancy: JobTenancy): void {
  registry().tenancy = tenancy;
}

export function jobTenancy(): JobTenancy {
  return registry().tenancy;
}

/** Every registered kind. */
export function registeredJobKinds(): string[] {
  return [...registry().kinds.keys()];
}

/** The lane a kind's jobs run in. */
export function jobLane(kind: string): JobLane {
  return jobKindDefinition(kind).lane ?? 'throughput';
}

export function jobKindDefinition(kind: string): JobKindDefinition {
  const definition = registry().kinds.get(kind);
  if (!definition)
    throw new Error(`unknown job kind ${kind}: its domain's kinds are not registered (server/app-jobs registers them)`);
  return definition;
}

/** The worker-thread entry of the registered kinds. */
export function jobThreadEntry(): string {
  return registry().threadEntry;
}

const loaded = new Map<string, Promise<AnyJobHandler>>();

/** The handler of a kind, imported once per thread or process. */
export function loadJobHandler(kind: string): Promise<AnyJobHandler> {
  let handler = loaded.get(kind);
  if (!handler) {
    handler = jobKindDefinition(kind).load();
    loaded.set(kind, handler);
  }
  return handler;
}

/**
 * Starts importing every registered kind's handler in the background (a worker thread at start),
 * so a thread's first job does not wait for its handler's modules to load and compile (about a
 * second under tsx); a job that comes sooner waits on the same import. A failed preload is
 * forgotten, so the job that needs the handler imports it again and reports the failure itself.
 * With `warmUp`, each loaded handler's warmUp runs next (see JobHandler.warmUp).
 */
export function preloadJobHandlers(options: { warmUp?: boolean; lane?: JobLane } = {}): void {
  for (const [kind, definition] of registry().kinds) {
    // A lane's threads only ever run that lane's kinds.
    if (options.lane !== undefined && (definition.lane ?? 'throughput') !== options.lane) continue;
    loadJobHandler(kind).then(
      (handler) => {
        // A warm-up that fails costs the first job its speed, nothing else.
        if (options.warmUp && handler.warmUp) handler.warmUp().catch(() => {});
      },
      () => {
        loaded.delete(kind);
      },
    );
  }
}
