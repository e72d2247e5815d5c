import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { type BookingError, bookingRequestSchema, recentBookingSearches, recentSearchSchema, triedSearchSchema, tryBookingSearch } from '@/server/booking';
import { getConfig } from '@/server/config';
import { getJobs } from '@/server/app-jobs';
import { protectedProcedure, router } from '../trpc';

const TRPC_CODES: Partial<Record<BookingError['code'], TRPCError['code']>> = {
  branch_out_of_scope: 'FORBIDDEN',
  job_not_found: 'NOT_FOUND',
  rate_limited: 'TOO_MANY_REQUESTS',
  optimization_failed: 'INTERNAL_SERVER_ERROR',
  enqueue_failed: 'INTERNAL_SERVER_ERROR',
  input_resolution_failed: 'INTERNAL_SERVER_ERROR',
};

/** Booking's domain errors as tRPC errors (400 unless listed): the message and `param` (see trpc.ts) reach the form. */
function toTrpcError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'BookingError') return error;
  const { code, message } = error as BookingError;
  return new TRPCError({ code: TRPC_CODES[code] ?? 'BAD_REQUEST', message: `${code}: ${message}`, cause: error });
}

/** The console's Booking page: recent searches of the user's subtree and "try a search" (live). */
export const bookingRouter = router({
  recent: protectedProcedure.output(z.array(recentSearchSchema)).query(({ ctx }) => recentBookingSearches(ctx.db, ctx.user.accountId)),
  trySearch: protectedProcedure
    .input(bookingRequestSchema({ maxCartItems: getConfig().MAX_CART_ITEMS }))
    .output(triedSearchSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        return await tryBookingSearch({ db: ctx.db, principal: { accountId: ctx.user.accountId, environment: 'live' }, jobs: await getJobs() }, input);
      } catch (error) {
        throw toTrpcError(error);
      }
    }),
});
