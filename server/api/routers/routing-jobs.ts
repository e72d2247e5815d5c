import { TRPCError } from '@trpc/server';
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
  type RoutingError,
} from '@/server/routing';
import type { TrpcContext } from '../trpc';
import { protectedProcedure, router } from '../trpc';

const TRPC_CODES: Partial<Record<RoutingError['code'], TRPCError['code']>> = {
  job_not_found: 'NOT_FOUND',
  account_mismatch: 'FORBIDDEN',
  enqueue_failed: 'INTERNAL_SERVER_ERROR',
  job_lookup_failed: 'INTERNAL_SERVER_ERROR',
  unknown_job_state: 'INTERNAL_SERVER_ERROR',
  optimization_failed: 'INTERNAL_SERVER_ERROR',
  book_failed: 'INTERNAL_SERVER_ERROR',
};

/** Routing's domain errors as tRPC errors (400 unless listed); the message and `param` reach the page. */
function toTrpcError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'RoutingError') return error;
  const { code, message } = error as RoutingError;
  return new TRPCError({ code: TRPC_CODES[code] ?? 'BAD_REQUEST', message, cause: error });
}

async function actorOf(ctx: TrpcContext & { user: NonNullable<TrpcContext['user']> }): Promise<ConsoleActor> {
  return { db: ctx.db, jobs: await getJobs(), user: ctx.user };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toTrpcError(error);
  }
}

const jobIdInput = z.object({ jobId: z.string().min(1).max(100) });
const config = getConfig();

/** The console's routing jobs: list and follow the subtree's jobs, plan a request, book a finished plan. */
export const routingJobsRouter = router({
  list: protectedProcedure
    .input(routingJobListQuerySchema)
    .output(routingJobListSchema)
    .query(async ({ ctx, input }) => call(async () => listRoutingJobs(await actorOf(ctx), input))),
  get: protectedProcedure
    .input(jobIdInput)
    .output(routingJobDetailSchema)
    .query(async ({ ctx, input }) => call(async () => getRoutingJob(await actorOf(ctx), input.jobId))),
  plan: protectedProcedure
    .input(
      z.object({
        environment: z.enum(['live', 'sandbox']),
        request: routingRequestSchema({ maxOrders: config.MAX_ORDERS, maxFleet: config.MAX_FLEET }, 'plan'),
      }),
    )
    .output(z.object({ jobId: z.string() }))
    .mutation(async ({ ctx, input }) => call(async () => planFromConsole(await actorOf(ctx), input.environment, input.request))),
  book: protectedProcedure
    .input(jobIdInput)
    .output(z.object({ jobId: z.string() }))
    .mutation(async ({ ctx, input }) => call(async () => bookPlannedJob(await actorOf(ctx), input.jobId))),
});
