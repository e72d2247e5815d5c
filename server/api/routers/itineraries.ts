import { itineraryListQuerySchema, itineraryListSchema, listItineraries } from '@/server/routing';
import { protectedProcedure, router } from '../trpc';

/** Booked itineraries for the console: the signed-in user's account subtree, live environment. */
export const itinerariesRouter = router({
  /** Itineraries whose scheduled start falls on `date` (local date), with their stops in order. */
  list: protectedProcedure
    .input(itineraryListQuerySchema.pick({ date: true }))
    .output(itineraryListSchema)
    .query(async ({ ctx, input }) => {
      const itineraries = await listItineraries(ctx.db, { accountId: ctx.user.accountId, environment: 'live' }, { date: input.date });
      return { date: input.date, itineraries };
    }),
});
