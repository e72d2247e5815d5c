import { z } from 'zod';
import { getJobs } from '@/server/app-jobs';
import { getConfig } from '@/server/config';
import {
  bookPlannedJob,
  evaluatePlanEdit,
  fixedRoutesSchema,
  planResultSchema,
  replanWithFix,
  getRoutingJob,
  listRoutingJobs,
  OrdersCsvError,
  parseOrdersCsv,
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
  /** Orders from a spreadsheet (CSV, header row first): the orders, or the first problem at its row and column. */
  ordersFromCsv: protectedProcedure
    .input(z.object({ csv: z.string().max(config.MAX_BODY_BYTES) }))
    .output(
      z.discriminatedUnion('ok', [
        z.object({ ok: z.literal(true), orders: z.array(z.record(z.string(), z.unknown())) }),
        z.object({ ok: z.literal(false), row: z.number().int(), column: z.string().nullable(), message: z.string() }),
      ]),
    )
    .mutation(({ input }) => {
      try {
        return {
          ok: true as const,
          orders: parseOrdersCsv(input.csv, config.MAX_ORDERS) as unknown as Record<string, unknown>[],
        };
      } catch (error) {
        if (!(error instanceof OrdersCsvError)) throw error;
        return { ok: false as const, row: error.row, column: error.column, message: error.message };
      }
    }),
  /** Books the plan's own itineraries, or the dispatcher's edit of them (`routes`), every stop locked. */
  book: protectedProcedure
    .input(jobIdInput.extend({ routes: fixedRoutesSchema.optional() }))
    .output(z.object({ jobId: z.string() }))
    .mutation(async ({ ctx, input }) => bookPlannedJob(await actorOf(ctx), input.jobId, input.routes)),
  /** Times edited routes of a plan with the solver's schedule code: the new plan and what it breaks. */
  evaluateEdit: protectedProcedure
    .input(jobIdInput.extend({ routes: fixedRoutesSchema }))
    .output(
      z.object({
        plan: planResultSchema,
        problems: z.array(
          z.object({
            fleetIndex: z.number().int().nullable(),
            orderExternalIds: z.array(z.string()),
            kind: z.enum(['late', 'shift', 'capacity', 'stops', 'unassigned']),
            message: z.string(),
          }),
        ),
      }),
    )
    .mutation(async ({ ctx, input }) => evaluatePlanEdit(await actorOf(ctx), input.jobId, input.routes)),
  /** Applies the checked fix of one unassigned order to the plan's request and plans it again (a new job). */
  replanWithFix: protectedProcedure
    .input(jobIdInput.extend({ orderExternalId: z.string().min(1).max(200) }))
    .output(z.object({ jobId: z.string() }))
    .mutation(async ({ ctx, input }) => replanWithFix(await actorOf(ctx), input.jobId, input.orderExternalId)),
});
