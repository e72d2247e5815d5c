import { z } from 'zod';
import { getJobs } from '@/server/app-jobs';
import { getConfig } from '@/server/config';
import {
  bookPlannedJob,
  getRoutingJob,
  listRoutingJobs,
  planFromConsole,
  routingJobDetailSchema,
  routingJobListQuerySchema,
  routingJobListSchema,
  routingRequestSchema,
  type ConsoleActor,
} from '@/server/routing';
import type { TrpcContext } from '../trpc';
import { protectedProcedure, router } from '../trpc';

async function actorOf(ctx: TrpcContext & { user: NonNullable<TrpcContext['user']> }): Promise<ConsoleActor> {
  return { db: ctx.db, jobs: await getJobs(), user: ctx.user };
}

// A job id (UUID) or a problemId.
const jobIdInput = z.object({ jobId: z.string().min(1).max(200) });
const config = getConfig();

/** The console's routing jobs: list and follow the subtree's jobs, plan a request, book a finished plan. */
export const routingJobsRouter = router({
  list: protectedProcedure
    .input(routingJobListQuerySchema)
    .output(routingJobListSchema)
    .query(async ({ ctx, input }) => listRoutingJobs(await actorOf(ctx), input)),
  get: protectedProcedure
    .input(jobIdInput)
    .output(routingJobDetailSchema)
    .query(async ({ ctx, input }) => getRoutingJob(await actorOf(ctx), input.jobId)),
  plan: protectedProcedure
    .input(
      z.object({
        environment: z.enum(['live', 'sandbox']),
        request: routingRequestSchema({ maxOrders: config.MAX_ORDERS, maxFleet: config.MAX_FLEET }, 'plan'),
      }),
    )
    .output(z.object({ jobId: z.string() }))
    .mutation(async ({ ctx, input }) => planFromConsole(await actorOf(ctx), input.environment, input.request)),
  book: protectedProcedure
    .input(jobIdInput)
    .output(z.object({ jobId: z.string() }))
    .mutation(async ({ ctx, input }) => bookPlannedJob(await actorOf(ctx), input.jobId)),
});
