import type { JobKinds } from '@/server/jobs';

/** Routing's job kinds: plan and book solves share problemIds, so they share one idempotency namespace. */
export const PLAN_KIND = 'routing.plan';
export const BOOK_KIND = 'routing.book';
const ROUTING_NAMESPACE = 'routing';

/** Registered with the jobs layer by the application (server/app-jobs); handlers load on first use. */
export const routingJobKinds: JobKinds = {
  [PLAN_KIND]: {
    namespace: ROUTING_NAMESPACE,
    retentionSeconds: (config) => config.ROUTING_JOB_RETENTION_SECONDS,
    load: () => import('./job-handlers').then((m) => m.planJobHandler),
  },
  [BOOK_KIND]: {
    namespace: ROUTING_NAMESPACE,
    retentionSeconds: (config) => config.ROUTING_JOB_RETENTION_SECONDS,
    load: () => import('./job-handlers').then((m) => m.bookJobHandler),
  },
};
