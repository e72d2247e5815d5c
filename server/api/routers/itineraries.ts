import { z } from 'zod';
import { databaseIdSchema } from '@/server/validation';
import { itineraryListQuerySchema, itineraryListSchema, listItinerariesForCaller } from '@/server/routing';
import { protectedProcedure, router } from '../trpc';

/** Booked itineraries for the console: the signed-in user's account subtree, live environment. */
export const itinerariesRouter = router({
  /** Itineraries whose scheduled start falls on `date` (local date), of one branch when `accountId` is given. */
  list: protectedProcedure
    .input(
      z.object({
        date: itineraryListQuerySchema.shape.date,
        accountId: databaseIdSchema.optional(),
      }),
    )
    .output(itineraryListSchema)
    .query(({ ctx, input }) =>
      listItinerariesForCaller(
        ctx.db,
        {
          userId: ctx.user.userId,
          externalUserId: ctx.user.externalUserId,
          accountId: ctx.user.accountId,
          environment: 'live',
          via: 'console',
        },
        { date: input.date, accountId: input.accountId === undefined ? undefined : String(input.accountId) },
      ),
    ),
});
