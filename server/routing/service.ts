import { z } from 'zod';
import { getEffectiveSettings, type ApiPrincipal } from '@/server/accounts';
import { getConfig } from '@/server/config';
import { syncWaitSeconds } from '@/server/contract';
import type { Db } from '@/server/db';
import { DatabaseGeocodeCache, getGeocoder } from '@/server/geo';
import {
  hashInput,
  JobConflictError,
  JobEnqueueError,
  type JobAnswer,
  type JobRecord,
  type Jobs,
  type Json,
} from '@/server/jobs';
import { resolveAccountId } from './account-id';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { isErrorNamed } from '@/server/errors';
import { refuseDoubleBooking } from './double-booking';
import { RoutingError, RoutingInputError, type RoutingErrorCode } from './errors';
import type { VisitedStop } from './changes';
import {
  itinerariesByIds,
  itinerariesOfProblem,
  loadUpdateTargets,
  type ItineraryScope,
  type UpdateTarget,
} from './itineraries';
import { splitFleet, type InitialStop } from './itinerary-fleet-entry';
import type { RoutingJobInput } from './job-handlers';
import { BOOK_KIND, PLAN_KIND } from './job-kinds';
import type { RoutingOptionsLayer } from './options';
import type { RoutingRequest } from './request-schema';
import { validateRoutingRequest } from './validate-request';
import { bookReply, bookResultSchema, planResultSchema, type BookResult, type WireItineraryChanges } from './responses';

/**
 * The routing use cases behind /v1/routing: accept a request as a job (idempotent per account,
 * environment and problemId), wait for it within the sync window, and poll it.
 */

export interface RoutingCaller {
  db: Db;
  jobs: Jobs;
  principal: ApiPrincipal;
}

const POLL_RETRY_AFTER_SECONDS = 2;

export function statusUrlOf(problemId: string): string {
  return `/v1/routing/jobs/${encodeURIComponent(problemId)}`;
}

/**
 * An update's fleet is its targets' vehicles followed by the request's `fleet`: a check on the
 * combined fleet names the target (`targetItineraryIds[i]`) or the request's own entry.
 */
function routingInputError(error: RoutingInputError, targetCount: number): RoutingError {
  const match = /^fleet\[(\d+)\](.*)$/.exec(error.param);
  if (!match || targetCount === 0) return new RoutingError('invalid_routing_input', error.message, error.param);
  const index = Number(match[1]);
  const param = index < targetCount ? `targetItineraryIds[${index}]` : `fleet[${index - targetCount}]${match[2]}`;
  const message = error.message.replaceAll(
    `fleet[${index}]`,
    index < targetCount ? `the vehicle of targetItineraryIds[${index}]` : `fleet[${index - targetCount}]`,
  );
  return new RoutingError('invalid_routing_input', message, param);
}

/** A booked itinerary's stops as the starting sequence of its re-plan. */
function startingSequenceOf(stops: readonly VisitedStop[]): InitialStop[] {
  return stops.flatMap((stop) =>
    stop.type === 'break'
      ? []
      : stop.orderExternalIds.map((orderExternalId) => ({ orderExternalId, type: stop.type as InitialStop['type'] })),
  );
}

/** The body as it is hashed: canonical, without `accountId` (the scope already names the account). */
function hashedBody(body: RoutingRequest, mode: RoutingJobInput['mode']): string {
  const { accountId: _accountId, ...rest } = body;
  // Through JSON first: fields left undefined by zod are dropped as they would be on the wire.
  return hashInput(JSON.parse(JSON.stringify({ ...rest, mode })) as Json);
}

/**
 * Checks a run / plan / book request and starts its job (or finds the identical one under its
 * problemId). `endpoint` fixes the mode (plan forces `plan`). Does not wait for the result.
 * `retentionSeconds` keeps the finished job longer than the kind's retention (the console's history);
 * `prefer` is the request's Prefer header (its wait may lengthen the default budget's wall cap).
 */
export async function acceptRoutingRequest(
  caller: RoutingCaller,
  body: RoutingRequest,
  endpoint: 'run' | 'plan' | 'book',
  retentionSeconds?: number,
  prefer: string | null = null,
): Promise<JobRecord> {
  const accountId = resolveAccountId(caller.principal, body.accountId);
  const environment = caller.principal.environment;
  // run plans; plan plans whatever the mode says (an update there is a preview); book writes.
  const mode: RoutingJobInput['mode'] = endpoint === 'run' ? 'plan' : (body.mode ?? 'plan');
  const scope: ItineraryScope = { accountId, environment };

  let jobInput: RoutingJobInput;
  let targetCount = 0;
  try {
    if (mode !== 'updateItinerary' && !body.fleet) {
      throw new RoutingInputError(
        'fleet',
        `fleet is required for ${mode}: list the driver/vehicle pairs to plan with.`,
      );
    }
    if (mode !== 'updateItinerary' && body.targetItineraryIds !== undefined) {
      throw new RoutingInputError('targetItineraryIds', 'targetItineraryIds applies to updateItinerary only.');
    }
    if (mode === 'updateItinerary' && (!body.targetItineraryIds || body.targetItineraryIds.length === 0)) {
      throw new RoutingInputError(
        'targetItineraryIds',
        'updateItinerary needs targetItineraryIds: the ids of the booked itineraries to re-optimize.',
      );
    }
    const settings = ((await getEffectiveSettings(caller.db, accountId)).optimization ??
      null) as RoutingOptionsLayer | null;
    const options = body.options as RoutingOptionsLayer | undefined;
    let orders: RoutingOrder[] = body.orders;
    let targets: UpdateTarget[] = [];
    if (mode === 'updateItinerary') {
      targets = await loadUpdateTargets(caller.db, scope, body.targetItineraryIds ?? []);
      targetCount = targets.length;
      const requestIds = new Set(body.orders.map((o) => o.externalId));
      // The request's version of an order already on a target replaces the booked one.
      const booked = targets.flatMap((t) => t.orders).filter((o) => !requestIds.has(o.externalId));
      orders = [...booked, ...body.orders];
    }
    const requested = splitFleet(body.fleet ?? [], new Set(orders.map((o) => o.externalId)));
    // An update's own vehicles come first (fleet index = target index), then the vehicles it adds.
    const fleet: FleetEntry[] = [...targets.map((t) => t.fleetEntry), ...requested.fleet];
    const initialRoutes = [...targets.map((t) => startingSequenceOf(t.stops)), ...requested.initialRoutes];
    const geocoder = getGeocoder(new DatabaseGeocodeCache(caller.db));
    await validateRoutingRequest({ mode, requestOrders: body.orders, orders, fleet, settings, options, geocoder });
    if (endpoint === 'book' && mode === 'createItinerary') {
      // An identical retry answers with its own job, also after an update took its itineraries over;
      // a failed one runs again, so it is checked again.
      const retained = await caller.jobs.getByKey(BOOK_KIND, { accountId, environment, key: body.problemId });
      const answered =
        retained?.inputHash === hashedBody(body, mode) &&
        (retained.status === 'complete' || retained.status === 'processing');
      if (!answered) await refuseDoubleBooking(caller.db, scope, { problemId: body.problemId, orders, fleet });
    }
    jobInput = {
      problemId: body.problemId,
      mode,
      accountId,
      environment,
      orders,
      fleet,
      settings,
      options: options ?? null,
      targetIds: mode === 'updateItinerary' ? targets.map((t) => t.id) : null,
      targetVersions: mode === 'updateItinerary' ? targets.map((t) => t.version) : null,
      targetStops: mode === 'updateItinerary' ? targets.map((t) => t.stops) : null,
      initialRoutes: initialRoutes.some((route) => route !== null) ? initialRoutes : null,
      syncWindowSeconds: budgetWindowSeconds(prefer),
    };
  } catch (error) {
    if (isErrorNamed(error, RoutingInputError, 'RoutingInputError')) throw routingInputError(error, targetCount);
    throw error;
  }

  let job: JobRecord;
  try {
    ({ job } = await caller.jobs.submit({
      kind: endpoint === 'book' ? BOOK_KIND : PLAN_KIND,
      accountId,
      environment,
      key: body.problemId,
      input: jobInput as unknown as Json,
      inputHash: hashedBody(body, mode),
      rerun: 'same-job',
      ...(retentionSeconds !== undefined ? { retentionSeconds } : {}),
    }));
  } catch (error) {
    if (isErrorNamed(error, JobConflictError, 'JobConflictError')) {
      throw new RoutingError(
        'invalid_routing_input',
        `problemId "${body.problemId}" was already used with a different request body; use a new problemId for a different request.`,
        'problemId',
      );
    }
    if (isErrorNamed(error, JobEnqueueError, 'JobEnqueueError'))
      throw new RoutingError(
        'enqueue_failed',
        'The routing job could not be enqueued. It is safe to retry with the same problemId.',
        undefined,
        {
          cause: error,
        },
      );
    throw error;
  }
  return job;
}

/**
 * The sync window the default budget's wall cap derives from: the request's `Prefer: wait` where it
 * is longer than the configured window, else the configured window. A shorter wait answers 202
 * sooner but does not shorten the search, so the plan never depends on the header.
 */
function budgetWindowSeconds(prefer: string | null): number {
  const configured = getConfig().ROUTING_SYNC_TIMEOUT_SECONDS;
  return Math.max(configured, syncWaitSeconds(prefer, configured).seconds);
}

/**
 * run / plan / book. Book waits for the job to end (never 202); run and plan wait up to the sync
 * window.
 */
export async function submitRoutingRequest(
  caller: RoutingCaller,
  body: RoutingRequest,
  endpoint: 'run' | 'plan' | 'book',
  prefer: string | null,
): Promise<JobAnswer> {
  const job = await acceptRoutingRequest(caller, body, endpoint, undefined, endpoint === 'book' ? null : prefer);
  const scope: ItineraryScope = { accountId: job.accountId, environment: job.environment };
  if (endpoint === 'book') {
    const finished = await waitUntilFinished(caller.jobs, job);
    return { state: 'complete', body: await finishedReply(caller, scope, finished) };
  }

  const wait = syncWaitSeconds(prefer, getConfig().ROUTING_SYNC_TIMEOUT_SECONDS);
  const current = job.status === 'processing' ? await caller.jobs.waitFor(job.id, wait.seconds * 1000) : job;
  if (current?.status === 'processing') {
    return {
      state: 'processing',
      // The public job id is the problemId (contract): the jobId polls at GET /v1/routing/jobs/{jobId}.
      body: {
        jobId: body.problemId,
        problemId: body.problemId,
        status: 'processing',
        statusUrl: statusUrlOf(body.problemId),
      },
      pollAfterSeconds: POLL_RETRY_AFTER_SECONDS,
      pollUrl: statusUrlOf(body.problemId),
      preferenceApplied: wait.applied,
    };
  }
  return { state: 'complete', body: await finishedReply(caller, scope, current), preferenceApplied: wait.applied };
}

/** Book never answers 202: it waits for the job's end (bounded by the job's own time limit). */
async function waitUntilFinished(jobs: Jobs, job: JobRecord): Promise<JobRecord | null> {
  let current: JobRecord | null = job;
  const giveUpAt = Date.now() + job.timeLimitMs + 60_000;
  while (current?.status === 'processing' && Date.now() < giveUpAt) {
    current = await jobs.waitFor(job.id, Math.min(30_000, Math.max(1_000, giveUpAt - Date.now())));
  }
  return current;
}

/** A finished job as the 200 body, or the error it ended with. */
export async function finishedReply(
  caller: Pick<RoutingCaller, 'db'>,
  scope: ItineraryScope,
  job: JobRecord | null,
): Promise<unknown> {
  if (!job)
    throw new RoutingError(
      'unknown_job_state',
      'The routing job disappeared before it finished. It is safe to retry with the same problemId.',
    );
  if (job.status === 'failed') {
    const code = job.error?.code ?? 'optimization_failed';
    const known: RoutingErrorCode = code === 'book_failed' || code === 'enqueue_failed' ? code : 'optimization_failed';
    const message =
      known === 'book_failed'
        ? 'Writing the itineraries failed after optimization; nothing was written. It is safe to retry with the same problemId.'
        : 'The optimizer returned no usable result. It is safe to retry with the same problemId.';
    throw new RoutingError(known, message);
  }
  if (job.status !== 'complete') {
    throw new RoutingError(
      'unknown_job_state',
      `The routing job ended in an unexpected state (${job.status}). It is safe to retry with the same problemId.`,
    );
  }
  if (job.kind === PLAN_KIND) {
    // An update previewed on /plan: what book would have answered, rendered when the job completed.
    const preview = (job.result as { preview?: unknown } | null)?.preview;
    if (preview !== undefined) return bookResultSchema.parse(preview);
    // jsonb keeps keys sorted; parsing restores the documented field order.
    const ordered = planResultSchema.safeParse(job.result);
    return ordered.success ? ordered.data : job.result;
  }
  const result = job.result as {
    problemId: string;
    outcome: { unassigned: BookResult['unassigned'] };
    itineraryIds?: number[];
    changesByItineraryId?: Record<number, WireItineraryChanges> | null;
  };
  // What this call wrote, as it is now: an itinerary a later updateItinerary took over shows that
  // request's problemId. (Results stored before the ids were kept fall back to the problemId.)
  const itineraries = Array.isArray(result.itineraryIds)
    ? await itinerariesByIds(caller.db, scope.environment, result.itineraryIds)
    : await itinerariesOfProblem(caller.db, { accountId: job.accountId, environment: scope.environment }, job.key);
  return bookReply(job.key, itineraries, result.outcome.unassigned, result.changesByItineraryId);
}

export const problemIdParamsSchema = z.strictObject({
  problemId: z
    .string()
    .meta({ description: 'The problemId of the run, plan or book request.', example: 'plan-2026-11-23-brooklyn' }),
});

/** GET /v1/routing/jobs/{problemId}: the caller's own job in the caller's environment, else 404. */
export async function pollRoutingJob(caller: RoutingCaller, problemId: string): Promise<JobAnswer> {
  if (problemId.trim() === '')
    throw new RoutingError('invalid_job_id', 'The job id is empty: poll /v1/routing/jobs/<problemId>.', 'problemId');
  const scope: ItineraryScope = { accountId: caller.principal.accountId, environment: caller.principal.environment };
  const key = { accountId: scope.accountId, environment: scope.environment, key: problemId };
  // A job this process is running (pool mode, embedded database) is answered without a database read.
  if (caller.jobs.processingHere(PLAN_KIND, key)) {
    return { state: 'processing', body: { status: 'processing' }, pollAfterSeconds: POLL_RETRY_AFTER_SECONDS };
  }
  let job: JobRecord | null;
  try {
    job = await caller.jobs.getByKey(PLAN_KIND, key);
  } catch (error) {
    throw new RoutingError('job_lookup_failed', 'Reading the job store failed. It is safe to poll again.', undefined, {
      cause: error,
    });
  }
  // A job kept longer for the console's history answers /v1 only within the contract's retention.
  const pastRetention =
    job?.finishedAt != null && job.finishedAt + getConfig().ROUTING_JOB_RETENTION_SECONDS * 1000 < Date.now();
  if (!job || pastRetention) {
    throw new RoutingError(
      'job_not_found',
      `No routing job "${problemId}" exists for this account and environment (finished jobs are kept for about 30 minutes).`,
      'problemId',
    );
  }
  if (job.status === 'processing') {
    return { state: 'processing', body: { status: 'processing' }, pollAfterSeconds: POLL_RETRY_AFTER_SECONDS };
  }
  return { state: 'complete', body: await finishedReply(caller, scope, job) };
}
