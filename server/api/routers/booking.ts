import { z } from 'zod';
import {
  bookingRequestSchema,
  recentBookingSearches,
  recentSearchSchema,
  triedSearchSchema,
  tryBookingSearch,
} from '@/server/booking';
import { getConfig } from '@/server/config';
import { getJobs } from '@/server/app-jobs';
import { protectedProcedure, router } from '../trpc';

/** The console's Booking page: recent searches of the user's subtree and "try a search" (live). */
export const bookingRouter = router({
  recent: protectedProcedure
    .output(z.array(recentSearchSchema))
    .query(({ ctx }) => recentBookingSearches(ctx.db, ctx.user.accountId)),
  trySearch: protectedProcedure
    .input(bookingRequestSchema({ maxCartItems: getConfig().MAX_CART_ITEMS }))
    .output(triedSearchSchema)
    .mutation(async ({ ctx, input }) =>
      tryBookingSearch(
        { db: ctx.db, principal: { accountId: ctx.user.accountId, environment: 'live' }, jobs: await getJobs() },
        input,
      ),
    ),
});
