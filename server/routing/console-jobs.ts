import { createHash } from 'node:crypto';
import { z } from 'zod';
import { listSubtree, type ApiPrincipal } from '@/server/accounts';
import { getConfig } from '@/server/config';
import type { Db } from '@/server/db';
import { DatabaseGeocodeCache, getGeocoder, getMatrixProvider } from '@/server/geo';
import { isErrorNamed } from '@/server/errors';
import type { JobRecord, Jobs } from '@/server/jobs';
import { RoutingError } from './errors';
import type { RoutingJobInput } from './job-handlers';
import { BOOK_KIND, PLAN_KIND } from './job-kinds';
import type { FleetEntry, RoutingOrder } from './build-problem';
import type { RoutingRequest } from './request-schema';
import type { PlanOutcome } from './plan-result';
import {
  evaluateFixedRoutes,
  lockedBookingRequest,
  refuseBrokenPlan,
  routesOfPlan,
  type FixedRoute,
  type PlanEvaluation,
} from './plan-edit';
import { bookResultSchema, planResultSchema, summarizeResult, type PlanResult, type UnassignedFix } from './responses';
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

/** A finished, bookable plan of the subtree: its job, its input and its result. */
async function finishedPlan(
  actor: ConsoleActor,
  rawId: string,
): Promise<{ job: JobRecord; input: RoutingJobInput; plan: PlanResult }> {
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
  const plan = planResultSchema.parse(
    await finishedReply(actor, { accountId: job.accountId, environment: job.environment }, job),
  );
  return { job, input, plan };
}

/** The configured geocoder (cached in the database) and matrix provider, as a console request uses them. */
const consoleProviders = (actor: ConsoleActor) => ({
  geocoder: getGeocoder(new DatabaseGeocodeCache(actor.db)),
  matrix: getMatrixProvider(),
});

/** A short digest of edited routes: an edited plan books under a problemId of its own, the same for the same edit. */
function routesDigest(routes: readonly FixedRoute[]): string {
  return createHash('sha256').update(JSON.stringify(routes)).digest('hex').slice(0, 12);
}

/**
 * Books exactly what a finished plan planned, or the dispatcher's edit of it (`routes`): its
 * itineraries as itinerary-shaped fleet entries with every stop locked (plan-edit.ts), in the
 * plan's account and environment, under a problemId derived from the plan's (idempotent). Orders
 * the plan left unassigned are not booked. An edit that breaks a window, a shift or a limit is
 * refused (the booking would not be what the page showed).
 */
export async function bookPlannedJob(
  actor: ConsoleActor,
  rawId: string,
  routes?: readonly FixedRoute[],
): Promise<{ jobId: string }> {
  const { job, input, plan } = await finishedPlan(actor, rawId);
  if (routes) refuseBrokenPlan(await evaluateFixedRoutes(consoleProviders(actor), input, plan, routes));
  const problemId = `book-${routes ? `${routesDigest(routes)}-` : ''}${job.key}`.slice(0, 200);
  const principal = principalFor(actor, job.accountId, job.environment);
  const booking = await acceptRoutingRequest(
    { db: actor.db, jobs: actor.jobs, principal },
    lockedBookingRequest(input, plan, routes ?? routesOfPlan(plan), problemId),
    'book',
    getConfig().CONSOLE_PLAN_RETENTION_SECONDS,
  );
  return { jobId: booking.id };
}

/** A dispatcher's edit of a finished plan, timed by the solver's code: the new plan and what it breaks. */
export async function evaluatePlanEdit(
  actor: ConsoleActor,
  rawId: string,
  routes: readonly FixedRoute[],
): Promise<PlanEvaluation> {
  const { input, plan } = await finishedPlan(actor, rawId);
  return evaluateFixedRoutes(consoleProviders(actor), input, plan, routes);
}

/** The plan's request with one unassigned order's checked fix applied (a window, a shift, capacity, skills, a vehicle). */
function withFix(
  input: RoutingJobInput,
  orderExternalId: string,
  fix: UnassignedFix,
): Pick<RoutingRequest, 'orders' | 'fleet'> {
  const orders = input.orders.map((order) =>
    fix.kind === 'widen_window' && order.externalId === orderExternalId ? { ...order, [fix.field]: fix.value } : order,
  );
  const fleet: FleetEntry[] = input.fleet.map((entry) => {
    if (!('vehicleExternalId' in fix) || entry.vehicleExternalId !== fix.vehicleExternalId) return entry;
    if (fix.kind === 'extend_shift')
      return { ...entry, vehicleSpec: { ...entry.vehicleSpec, shiftHours: fix.shiftHours } };
    if (fix.kind === 'add_capacity')
      return {
        ...entry,
        vehicleSpec: {
          ...entry.vehicleSpec,
          capacityPounds: fix.capacityPounds,
          capacityCubicInches: fix.capacityCubicInches,
        },
      };
    return { ...entry, routeSkills: [...new Set([...(entry.routeSkills ?? []), ...fix.skills])] };
  });
  if (fix.kind === 'add_vehicle') {
    // The suggestion's ids are placeholders: the added vehicle gets ids no entry of the fleet has.
    const taken = new Set(input.fleet.flatMap((entry) => [entry.driverExternalId, entry.vehicleExternalId]));
    let n = 1;
    while (taken.has(`added-driver-${n}`) || taken.has(`added-vehicle-${n}`)) n++;
    fleet.push({
      ...(fix.fleetEntry as FleetEntry),
      driverExternalId: `added-driver-${n}`,
      vehicleExternalId: `added-vehicle-${n}`,
    });
  }
  return { orders, fleet };
}

/**
 * "Apply fix and re-plan": the plan's request with the fix found for one of its unassigned orders
 * applied, planned again as a new job (the same fix applied twice is the same job).
 */
export async function replanWithFix(
  actor: ConsoleActor,
  rawId: string,
  orderExternalId: string,
): Promise<{ jobId: string }> {
  const { job, input, plan } = await finishedPlan(actor, rawId);
  const fix = plan.unassigned.find((u) => u.externalId === orderExternalId)?.reasons.find((reason) => reason.fix)?.fix;
  if (!fix)
    throw new RoutingError(
      'invalid_routing_input',
      `The plan has no checked fix for order "${orderExternalId}".`,
      'orderExternalId',
    );
  const principal = principalFor(actor, job.accountId, job.environment);
  const replanned = await acceptRoutingRequest(
    { db: actor.db, jobs: actor.jobs, principal },
    {
      mode: 'plan',
      problemId: `${job.key}`.slice(0, 160) + `-fix-${orderExternalId}`.slice(0, 40),
      ...withFix(input, orderExternalId, fix),
      ...(input.options ? { options: input.options as RoutingRequest['options'] } : {}),
    },
    'plan',
    getConfig().CONSOLE_PLAN_RETENTION_SECONDS,
  );
  return { jobId: replanned.id };
}
