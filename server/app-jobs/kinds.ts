import path from 'node:path';
import { listAncestry, listSubtree } from '@/server/accounts';
import { BOOKING_SEARCH_KIND, bookingJobKinds } from '@/server/booking';
import { registerJobKinds, registerJobTenancy, type JobKinds } from '@/server/jobs';
import { routingJobKinds } from '@/server/routing';

/**
 * Every domain's job kinds: the one place that knows them all. Booking searches answer a checkout
 * (a timeout of one to three seconds): they run in the latency lane, never behind routing solves.
 */
export const applicationJobKinds: JobKinds = {
  ...routingJobKinds,
  ...bookingJobKinds,
  [BOOKING_SEARCH_KIND]: { ...bookingJobKinds[BOOKING_SEARCH_KIND]!, lane: 'latency' },
};

// Fixed from the project root: inside the Next server bundle this module does not sit next to it.
registerJobKinds(applicationJobKinds, {
  threadEntry: path.join(process.cwd(), 'server', 'app-jobs', 'thread-entry.mjs'),
});

// Solver threads are shared per tenant (the root of an account tree), then per account inside it.
registerJobTenancy({
  async tenantOf(db, accountId) {
    const ancestry = await listAncestry(db, accountId);
    return ancestry.at(-1)?.id ?? accountId;
  },
  async accountsOf(db, tenantId) {
    return (await listSubtree(db, tenantId)).map((account) => account.id);
  },
});
