import { z } from 'zod';
import { listSubtree, type ApiPrincipal } from '@/server/accounts';
import { getConfig } from '@/server/config';
import type { Db } from '@/server/db';
import { DatabaseGeocodeCache, getGeocoder } from '@/server/geo';
import { isErrorNamed } from '@/server/errors';
import type { JobRecord, Jobs } from '@/server/jobs';
import { RoutingError } from './errors';
import type { RoutingJobInput } from './job-handlers';
import { BOOK_KIND, PLAN_KIND } from './job-kinds';
import type { RoutingOrder } from './build-problem';
import type { RoutingRequest } from './request-schema';
import type { PlanOutcome } from './plan-result';
import { bookResultSchema, planResultSchema, summarizeResult } from './responses';
import { acceptRoutingRequest, finishedReply } from './service';
import { routingProgressSchema } from './solve-routing';

/**
 * The routing jobs of an account subtree as the console shows them: a filtered, paged list, one job
 * with its progress or result, planning a request and booking a finished plan. Jobs are read from
 * the job store, so only retained jobs appear (finished ones for ROUTING_JOB_RETENTION_SECONDS).
 */

export const routingJobSummarySchema = z.object({
  id: z.string(),
  problemId: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  environment: z.enum(['live', 'sandbox']),
  kind: z.enum(['plan', 'book']),
  status: z.enum(['processing', 'complete', 'failed', 'canceled']),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
  /** From the start of the last execution to the end; null while processing. */
  solveSeconds: z.number().nullable(),
  /** While processing: how long its execution has run, read on the server's clock; null otherwise. */
  runningForMs: z.number().nullable(),
  vehiclesUsed: z.number().int().nullable(),
  ordersServed: z.number().int().nullable(),
  ordersUnassigned: z.number().int().nullable(),
  progress: routingProgressSchema.nullable(),
});
export type RoutingJobSummary = z.infer<typeof routingJobSummarySchema>;

export const routingJobListQuerySchema = z.strictObject({
  environment: z.enum(['live', 'sandbox']).optional(),
  status: z.enum(['processing', 'complete', 'failed', 'canceled']).optional(),
  kind: z.enum(['plan', 'book']).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});

export const routingJobListSchema = z.object({
  jobs: z.array(routingJobSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** An unassigned order as the console's table and map show it: where it goes and when, from the request. */
const unassignedOrderDetailSchema = z.object({
  externalId: z.string(),
  /** The dropoff (else the pickup) address, one line. */
  address: z.string(),
  side: z.enum(['dropoff', 'pickup']),
  windowOpen: z.string().nullable(),
  windowClose: z.string().nullable(),
  /** Where the map puts it; null when the address could not be located. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
type UnassignedOrderDetail = z.infer<typeof unassignedOrderDetailSchema>;

export const routingJobDetailSchema = z.object({
  job: routingJobSummarySchema,
  unassignedOrders: z.array(unassignedOrderDetailSchema),
  timeLimitMs: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  plan: planResultSchema.nullable(),
  booked: bookResultSchema.nullable(),
});
export type RoutingJobDetail = z.infer<typeof routingJobDetailSchema>;

const routingJobIdSchema = z.uuid({ message: 'must be a routing job id' });

/** Who acts in the console: a signed-in user on behalf of their account subtree. */
export interface ConsoleActor {
  db: Db;
  jobs: Jobs;
  user: { userId: number; externalUserId: string; accountId: number };
}

const kindOf = (job: JobRecord): 'plan' | 'book' => (job.kind === PLAN_KIND ? 'plan' : 'book');

function resultCounts(job: JobRecord): Pick<RoutingJobSummary, 'vehiclesUsed' | 'ordersServed' | 'ordersUnassigned'> {
  const none = { vehiclesUsed: null, ordersServed: null, ordersUnassigned: null };
  if (job.status !== 'complete' || !job.result || typeof job.result !== 'object') return none;
  if (job.kind === PLAN_KIND) {
    const stored = job.result as { summary?: unknown; preview?: { summary?: unknown } };
    const summary = planResultSchema.shape.summary.safeParse(stored.preview?.summary ?? stored.summary);
    return summary.success
      ? {
          vehiclesUsed: summary.data.vehiclesUsed,
          ordersServed: summary.data.ordersServed,
          ordersUnassigned: summary.data.ordersUnassigned,
        }
      : none;
  }
  // A booking's stored result is the plan outcome it wrote (BookJobResult): the same summary as the reply's.
  const outcome = (job.result as { outcome?: PlanOutcome }).outcome;
  if (!outcome || !Array.isArray(outcome.itineraries) || !Array.isArray(outcome.unassigned)) return none;
  const summary = summarizeResult(
    outcome.itineraries.map((itinerary) => ({ itineraryStops: itinerary.stops, totals: itinerary.totals })),
    outcome.unassigned.length,
  );
  return {
    vehiclesUsed: summary.vehiclesUsed,
    ordersServed: summary.ordersServed,
    ordersUnassigned: summary.ordersUnassigned,
  };
}

function summarize(job: JobRecord, accountNames: ReadonlyMap<number, string>): RoutingJobSummary {
  const progress = routingProgressSchema.safeParse(job.progress);
  return {
    id: job.id,
    problemId: job.key,
    accountId: job.accountId,
    accountName: accountNames.get(job.accountId) ?? `Account ${job.accountId}`,
    environment: job.environment,
    kind: kindOf(job),
    status: job.status,
    createdAt: new Date(job.createdAt),
    startedAt: job.startedAt === null ? null : new Date(job.startedAt),
    finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt),
    solveSeconds:
      job.startedAt !== null && job.finishedAt !== null ? Math.max(0, (job.finishedAt - job.startedAt) / 1000) : null,
    runningForMs:
      job.status === 'processing' && job.startedAt !== null ? Math.max(0, Date.now() - job.startedAt) : null,
    ...resultCounts(job),
    progress: job.status === 'processing' && progress.success ? progress.data : null,
  };
}

async function subtreeNames(actor: ConsoleActor): Promise<Map<number, string>> {
  return new Map((await listSubtree(actor.db, actor.user.accountId)).map((a) => [a.id, a.name]));
}

/** The subtree's retained routing jobs, newest first, filtered and paged. */
export async function listRoutingJobs(
  actor: ConsoleActor,
  query: z.output<typeof routingJobListQuerySchema>,
): Promise<z.infer<typeof routingJobListSchema>> {
  const names = await subtreeNames(actor);
  const { jobs, total } = await actor.jobs.list({
    kinds: query.kind === 'plan' ? [PLAN_KIND] : query.kind === 'book' ? [BOOK_KIND] : [PLAN_KIND, BOOK_KIND],
    accountIds: [...names.keys()],
    environment: query.environment,
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { jobs: jobs.map((job) => summarize(job, names)), total, page: query.page, pageSize: query.pageSize };
}

/**
 * A routing job of the subtree by its job id or its problemId (the newest under that problemId in
 * the subtree), or `job_not_found` (also for another account's job: no existence leak).
 */
async function subtreeJob(actor: ConsoleActor, rawId: string): Promise<{ job: JobRecord; names: Map<number, string> }> {
  const id = routingJobIdSchema.safeParse(rawId);
  const names = await subtreeNames(actor);
  const job = id.success
    ? await actor.jobs.get(id.data)
    : rawId.length > 0 && rawId.length <= 200
      ? ((
          await actor.jobs.list({
            kinds: [PLAN_KIND, BOOK_KIND],
            accountIds: [...names.keys()],
            key: rawId,
            limit: 1,
            offset: 0,
          })
        ).jobs[0] ?? null)
      : null;
  if (!job || (job.kind !== PLAN_KIND && job.kind !== BOOK_KIND) || !names.has(job.accountId)) {
    throw new RoutingError(
      'job_not_found',
      `No routing job ${JSON.stringify(rawId)} exists in your accounts (finished jobs are kept for a limited time).`,
      'jobId',
    );
  }
  return { job, names };
}

/** One job: its progress while processing, its plan or booked itineraries once complete, or its error. */
export async function getRoutingJob(actor: ConsoleActor, rawId: string): Promise<RoutingJobDetail> {
  const { job, names } = await subtreeJob(actor, rawId);
  const detail: RoutingJobDetail = {
    job: summarize(job, names),
    unassignedOrders: [],
    timeLimitMs: job.timeLimitMs,
    error: job.error,
    plan: null,
    booked: null,
  };
  if (job.status !== 'complete') return detail;
  try {
    const reply = await finishedReply(actor, { accountId: job.accountId, environment: job.environment }, job);
    // An update previewed on /plan answers as its book would.
    const plan = job.kind === PLAN_KIND ? planResultSchema.safeParse(reply) : null;
    if (plan?.success) detail.plan = plan.data;
    else detail.booked = bookResultSchema.parse(reply);
  } catch (error) {
    if (!isErrorNamed(error, RoutingError, 'RoutingError')) throw error;
    detail.error = { code: error.code, message: error.message };
  }
  const unassigned = (detail.plan ?? detail.booked)?.unassigned ?? [];
  if (unassigned.length > 0)
    detail.unassignedOrders = await unassignedOrderDetails(actor, job, new Set(unassigned.map((u) => u.externalId)));
  return detail;
}

const addressLine = (address: NonNullable<RoutingOrder['dropoffAddress']>) =>
  [address.addressLine1, address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

/** The request's view of the unassigned orders (address, window, place), read from the job's input. */
async function unassignedOrderDetails(
  actor: ConsoleActor,
  job: JobRecord,
  ids: ReadonlySet<string>,
): Promise<UnassignedOrderDetail[]> {
  const input = (await actor.jobs.input(job.id)) as unknown as RoutingJobInput | null;
  if (!input) return [];
  const geocoder = getGeocoder(new DatabaseGeocodeCache(actor.db));
  const details: UnassignedOrderDetail[] = [];
  for (const order of input.orders) {
    if (!ids.has(order.externalId)) continue;
    const side = order.dropoffAddress ? 'dropoff' : 'pickup';
    const address = order.dropoffAddress ?? order.pickupAddress;
    const located = address ? await geocoder.geocode(address) : null;
    details.push({
      externalId: order.externalId,
      address: address ? addressLine(address) : '',
      side,
      windowOpen: (side === 'dropoff' ? order.dropoffWindowOpen : order.pickupWindowOpen) ?? null,
      windowClose: (side === 'dropoff' ? order.dropoffWindowClose : order.pickupWindowClose) ?? null,
      latitude: located?.status === 'resolved' ? located.latitude : null,
      longitude: located?.status === 'resolved' ? located.longitude : null,
    });
  }
  return details;
}

function principalFor(actor: ConsoleActor, accountId: number, environment: 'live' | 'sandbox'): ApiPrincipal {
  return {
    userId: actor.user.userId,
    externalUserId: actor.user.externalUserId,
    accountId,
    environment,
    via: 'console',
  };
}

/** Plans a request (parsed by the plan endpoint's schema) for the user's own account; returns the job id to follow. */
export async function planFromConsole(
  actor: ConsoleActor,
  environment: 'live' | 'sandbox',
  request: RoutingRequest,
): Promise<{ jobId: string }> {
  const principal = principalFor(actor, actor.user.accountId, environment);
  const job = await acceptRoutingRequest(
    { db: actor.db, jobs: actor.jobs, principal },
    { ...request, mode: 'plan' },
    'plan',
    getConfig().CONSOLE_PLAN_RETENTION_SECONDS,
  );
  return { jobId: job.id };
}

/** The problemId a console booking of a plan gets: derived, so booking the same plan twice is one booking. */
function bookingProblemIdOf(planProblemId: string): string {
  return `book-${planProblemId}`.slice(0, 200);
}

/**
 * Books what a finished plan planned: createItinerary with the plan's orders, fleet and options, in
 * the plan's account and environment, under a problemId derived from the plan's (idempotent).
 */
export async function bookPlannedJob(actor: ConsoleActor, rawId: string): Promise<{ jobId: string }> {
  const { job } = await subtreeJob(actor, rawId);
  if (job.kind !== PLAN_KIND)
    throw new RoutingError(
      'invalid_routing_input',
      'Only a plan can be booked; this job is already a booking.',
      'jobId',
    );
  if (job.status !== 'complete')
    throw new RoutingError(
      'invalid_routing_input',
      `Only a finished plan can be booked; this one is ${job.status}.`,
      'jobId',
    );
  const input = (await actor.jobs.input(job.id)) as unknown as RoutingJobInput | null;
  if (!input)
    throw new RoutingError('job_not_found', 'The plan is no longer retained; plan it again to book it.', 'jobId');
  if (input.mode === 'updateItinerary') {
    throw new RoutingError(
      'invalid_routing_input',
      'This plan is a preview of an update; send the update to POST /v1/routing/book to apply it.',
      'jobId',
    );
  }
  const request: RoutingRequest = {
    mode: 'createItinerary',
    problemId: bookingProblemIdOf(job.key),
    orders: input.orders,
    fleet: input.fleet,
    ...(input.options ? { options: input.options as RoutingRequest['options'] } : {}),
  };
  const principal = principalFor(actor, job.accountId, job.environment);
  const booking = await acceptRoutingRequest(
    { db: actor.db, jobs: actor.jobs, principal },
    request,
    'book',
    getConfig().CONSOLE_PLAN_RETENTION_SECONDS,
  );
  return { jobId: booking.id };
}
