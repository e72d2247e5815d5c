import type { JobKinds } from '@/server/jobs';

/** A new search (new jobId) replaces an empty, stale, failed or canceled one; see service.ts. */
export const BOOKING_SEARCH_KIND = 'booking.search';
const BOOKING_NAMESPACE = 'booking';

/** Registered with the jobs layer by the application (server/app-jobs); the handler loads on first use. */
export const bookingJobKinds: JobKinds = {
  [BOOKING_SEARCH_KIND]: {
    namespace: BOOKING_NAMESPACE,
    retentionSeconds: (config) => config.BOOKING_RESULT_RETENTION_SECONDS,
    load: () => import('./job').then((m) => m.bookingSearchJobHandler),
  },
};
