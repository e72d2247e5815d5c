import type { Config } from '@/server/config';
import type { AnyJobHandler } from './types';

/**
 * Every job kind, by name. Worker threads, worker processes and the app all load handlers from
 * here, so a kind is added with one entry. Handler modules must not open the database at import:
 * `run` executes on worker threads; only `commit` gets a transaction.
 */
export interface JobKindDefinition {
  /** Idempotency namespace: keys of kinds in one namespace collide (routing plan and book share problemIds). */
  namespace: string;
  /** How long a finished job stays readable. */
  retentionSeconds(config: Config): number;
  load(): Promise<AnyJobHandler>;
}

export const jobKinds: Record<string, JobKindDefinition> = {
  /** A diagnostic job: real CPU work and a write in its completion transaction (crash tests, load checks). */
  'jobs.probe': {
    namespace: 'jobs',
    retentionSeconds: (config) => config.ROUTING_JOB_RETENTION_SECONDS,
    load: () => import('./probe').then((m) => m.probeHandler),
  },
  /** Routing plan (run, plan) and book solves share problemIds in one namespace. */
  'routing.plan': { namespace: 'routing', retentionSeconds: (config) => config.ROUTING_JOB_RETENTION_SECONDS, load: () => import('@/server/routing').then((m) => m.planJobHandler) },
  'routing.book': { namespace: 'routing', retentionSeconds: (config) => config.ROUTING_JOB_RETENTION_SECONDS, load: () => import('@/server/routing').then((m) => m.bookJobHandler) },
  /** Booking recommendation searches: a new job (new id) replaces an empty, stale, failed or canceled one. */
  'booking.search': { namespace: 'booking', retentionSeconds: (config) => config.BOOKING_RESULT_RETENTION_SECONDS, load: () => import('@/server/booking/job').then((m) => m.bookingSearchJobHandler) },
};

export function jobKindDefinition(kind: string): JobKindDefinition {
  const definition = jobKinds[kind];
  if (!definition) throw new Error(`unknown job kind ${kind}; register it in server/jobs/handlers.ts`);
  return definition;
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
