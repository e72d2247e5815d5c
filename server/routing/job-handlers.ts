import { getConfig } from '@/server/config';
import { getGeocoder, getMatrixProvider, InMemoryGeocodeCache } from '@/server/geo';
import { JobError, type JobHandler, type JobRunContext, type Json } from '@/server/jobs';
import { solve } from '@/server/optimizer';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { isErrorNamed } from '@/server/errors';
import { refuseDoubleBooking } from './double-booking';
import { RoutingInputError } from './errors';
import type { DbOrTx } from '@/server/db';
import { itineraryChanges, type ItineraryChanges, type VisitedStop } from './changes';
import { itinerariesByIds, StaleItineraryError, writeBookedItineraries, type Environment } from './itineraries';
import type { InitialStop } from './itinerary-fleet-entry';
import type { RoutingOptionsLayer } from './options';
import type { PlanOutcome } from './plan-result';
import { automaticTrafficProfile, solveRouting, type RoutingSolveDeps } from './solve-routing';
import { bookReply, renderPlanResult, type BookResult } from './responses';
import { warmUpRouting } from './warm-up';

/**
 * The routing job kinds (`routing.plan`, `routing.book`, one idempotency namespace). `run` solves on
 * a worker thread; book's `commit` writes the itineraries inside the transaction that completes the
 * job, so a booking is written exactly once or not at all.
 */

/** Everything a solve needs, fixed when the request is accepted (settings included). */
export interface RoutingJobInput {
  problemId: string;
  mode: 'plan' | 'createItinerary' | 'updateItinerary';
  accountId: number;
  environment: Environment;
  orders: RoutingOrder[];
  fleet: FleetEntry[];
  settings: RoutingOptionsLayer | null;
  options: RoutingOptionsLayer | null;
  /** updateItinerary: target itinerary id per fleet index (the first fleet entries), and the version each was read at. */
  targetIds: number[] | null;
  targetVersions: number[] | null;
  /** updateItinerary: each target's booked stops, what the result's `changes` compare with. */
  targetStops?: VisitedStop[][] | null;
  /** Per fleet index, the starting sequence of the search (warm start), or null. */
  initialRoutes?: (InitialStop[] | null)[] | null;
  /** Seconds the request waits for its plan (the default budget's wall cap derives from it; absent: the default window). */
  syncWindowSeconds?: number | null;
}

export interface BookJobResult {
  [key: string]: Json;
  problemId: string;
  /** The plan in epoch seconds, as persisted by `commit`. */
  outcome: Json;
  /** updateItinerary: the changes of each planned itinerary, by fleet index. */
  changesByFleetIndex: Json;
}

/** The changes of an update's planned itineraries, by fleet index (null for createItinerary). */
function changesOf(input: RoutingJobInput, outcome: PlanOutcome): Record<number, ItineraryChanges> | null {
  if (input.mode !== 'updateItinerary') return null;
  const before = input.targetStops ?? [];
  return Object.fromEntries(
    outcome.itineraries.map((planned) => [
      planned.fleetIndex,
      itineraryChanges(before[planned.fleetIndex] ?? [], planned.stops),
    ]),
  );
}

/**
 * Writes the plan's itineraries (book), or writes them in a savepoint that is rolled back (an
 * update previewed on /plan), and answers with the ids written and their changes.
 */
async function writeBookResult(tx: DbOrTx, input: RoutingJobInput, result: BookJobResult) {
  const outcome = result.outcome as unknown as PlanOutcome;
  const written = await writeBookedItineraries(tx, {
    accountId: input.accountId,
    environment: input.environment,
    problemId: input.problemId,
    planned: outcome.itineraries,
    orders: input.orders,
    fleet: input.fleet,
    targetIdByFleetIndex: input.targetIds ?? undefined,
    targetVersions: input.targetVersions ?? undefined,
  });
  const changes = result.changesByFleetIndex as unknown as Record<number, ItineraryChanges> | null;
  const changesByItineraryId = changes ? Object.fromEntries(written.map((w) => [w.id, changes[w.fleetIndex]!])) : null;
  return { itineraryIds: written.map((w) => w.id), changesByItineraryId };
}

function bookFailure(error: unknown): JobError {
  if (isErrorNamed(error, StaleItineraryError, 'StaleItineraryError')) {
    return new JobError(
      'book_failed',
      `Itinerary ${error.itineraryId} was changed by another request while this one was optimized; nothing was written. Retry to plan over its current state.`,
    );
  }
  return new JobError(
    'book_failed',
    `Writing the itineraries failed; nothing was written. It is safe to retry. (${error instanceof Error ? error.message : String(error)})`,
  );
}

/** Thrown to roll a preview's savepoint back once its result is rendered. */
class PreviewRendered extends Error {
  constructor(readonly reply: BookResult) {
    super('preview rendered');
  }
}

function solveDeps(context: Pick<JobRunContext, 'deadline' | 'signal' | 'heartbeat'>): RoutingSolveDeps {
  return {
    // The configured providers (ZIP centroids and the embedded matrix by default). Worker threads
    // have no database, so street-level answers are cached in memory per thread.
    geocoder: getGeocoder(new InMemoryGeocodeCache()),
    matrix: getMatrixProvider(),
    trafficProfile: automaticTrafficProfile,
    solve,
    threads: getConfig().SOLVER_THREADS,
    signal: context.signal,
    deadline: context.deadline,
    onProgress: (progress) => context.heartbeat(progress),
    maxSolverSeconds: getConfig().ROUTING_MAX_SOLVER_SECONDS,
  };
}

async function runSolve(input: RoutingJobInput, context: JobRunContext): Promise<PlanOutcome> {
  try {
    return await solveRouting(
      {
        orders: input.orders,
        fleet: input.fleet,
        settings: input.settings,
        options: input.options ?? undefined,
        includeUnusedVehicles: input.mode === 'updateItinerary',
        initialRoutes: input.initialRoutes ?? null,
        syncWindowSeconds: input.syncWindowSeconds ?? null,
      },
      solveDeps(context),
    );
  } catch (error) {
    // Request checks ran before the job was accepted; one surfacing here means the solve cannot go on.
    if (isErrorNamed(error, RoutingInputError, 'RoutingInputError'))
      throw new JobError('optimization_failed', `${error.param}: ${error.message}`);
    throw error;
  }
}

let warmedUp: Promise<void> | null = null;

/** Plan and book share the solver: their thread warms it up once. */
function warmUpOnce(): Promise<void> {
  warmedUp ??= warmUpRouting(getConfig().SOLVER_THREADS);
  return warmedUp;
}

export const planJobHandler: JobHandler<RoutingJobInput, Json> = {
  warmUp: warmUpOnce,

  async run(input, context) {
    const outcome = await runSolve(input, context);
    // An update on /plan is a preview: what book would answer, rendered by `commit`.
    if (input.mode === 'updateItinerary') {
      const result: BookJobResult = {
        problemId: input.problemId,
        outcome: outcome as unknown as Json,
        changesByFleetIndex: changesOf(input, outcome) as unknown as Json,
      };
      return result;
    }
    return renderPlanResult(input.problemId, outcome.itineraries, outcome.unassigned, input.fleet) as unknown as Json;
  },

  async commit({ tx, input, result }) {
    if (input.mode !== 'updateItinerary') return;
    const book = result as BookJobResult;
    try {
      await tx.transaction(async (savepoint) => {
        const { itineraryIds, changesByItineraryId } = await writeBookResult(savepoint, input, book);
        const itineraries = await itinerariesByIds(savepoint, input.environment, itineraryIds);
        throw new PreviewRendered(
          bookReply(
            input.problemId,
            itineraries,
            (book.outcome as unknown as PlanOutcome).unassigned,
            changesByItineraryId,
          ),
        );
      });
    } catch (error) {
      if (error instanceof PreviewRendered) return { preview: error.reply as unknown as Json };
      throw bookFailure(error);
    }
  },
};

export const bookJobHandler: JobHandler<RoutingJobInput, BookJobResult> = {
  warmUp: warmUpOnce,

  async run(input, context) {
    const outcome = await runSolve(input, context);
    return {
      problemId: input.problemId,
      outcome: outcome as unknown as Json,
      changesByFleetIndex: changesOf(input, outcome) as unknown as Json,
    };
  },

  async commit({ tx, input, result }) {
    const outcome = result.outcome as unknown as PlanOutcome;
    if (!input.targetIds) {
      // Checked again where it is written: a booking of the same orders may have committed while this one solved.
      try {
        const served = new Set(
          outcome.itineraries.flatMap((itinerary) => itinerary.stops.flatMap((stop) => stop.orderExternalIds)),
        );
        const orders = input.orders.filter((order) => served.has(order.externalId));
        await refuseDoubleBooking(
          tx,
          { accountId: input.accountId, environment: input.environment },
          { problemId: input.problemId, orders, fleet: input.fleet },
          { lockTree: true },
        );
      } catch (error) {
        if (!isErrorNamed(error, RoutingInputError, 'RoutingInputError')) throw error;
        throw new JobError('book_failed', `${error.param}: ${error.message} Nothing was written.`);
      }
    }
    try {
      // The ids join the stored result: a replay answers with what this call wrote, also after a
      // later updateItinerary took them over, and never with another account's itineraries.
      return (await writeBookResult(tx, input, result)) as unknown as Json;
    } catch (error) {
      throw bookFailure(error);
    }
  },
};
