import { getConfig } from '@/server/config';
import { getGeocoder, getMatrixProvider, InMemoryGeocodeCache } from '@/server/geo';
import { JobError, type JobHandler, type JobRunContext, type Json } from '@/server/jobs';
import { solve } from '@/server/optimizer';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { isErrorNamed } from '@/server/errors';
import { refuseDoubleBooking } from './double-booking';
import { RoutingInputError } from './errors';
import { StaleItineraryError, writeBookedItineraries, type Environment } from './itineraries';
import type { RoutingOptionsLayer } from './options';
import type { PlanOutcome } from './plan-result';
import { automaticTrafficProfile, solveRouting, type RoutingSolveDeps } from './solve-routing';
import { renderPlanResult } from './responses';
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
  /** updateItinerary: target itinerary id per fleet index, and the version each was read at. */
  targetIds: number[] | null;
  targetVersions: number[] | null;
}

export interface BookJobResult {
  [key: string]: Json;
  problemId: string;
  /** The plan in epoch seconds, as persisted by `commit`. */
  outcome: Json;
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
      },
      solveDeps(context),
    );
  } catch (error) {
    // Request checks ran before the job was accepted; one surfacing here means the solve cannot go on.
    if (isErrorNamed(error, RoutingInputError, 'RoutingInputError')) throw new JobError('optimization_failed', `${error.param}: ${error.message}`);
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
    return renderPlanResult(input.problemId, outcome.itineraries, outcome.unassigned, input.fleet) as unknown as Json;
  },
};

export const bookJobHandler: JobHandler<RoutingJobInput, BookJobResult> = {
  warmUp: warmUpOnce,

  async run(input, context) {
    const outcome = await runSolve(input, context);
    return { problemId: input.problemId, outcome: outcome as unknown as Json };
  },

  async commit({ tx, input, result }) {
    const outcome = result.outcome as unknown as PlanOutcome;
    if (!input.targetIds) {
      // Checked again where it is written: a booking of the same orders may have committed while this one solved.
      try {
        const served = new Set(outcome.itineraries.flatMap((itinerary) => itinerary.stops.flatMap((stop) => stop.orderExternalIds)));
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
      const itineraryIds = await writeBookedItineraries(tx, {
        accountId: input.accountId,
        environment: input.environment,
        problemId: input.problemId,
        planned: outcome.itineraries,
        orders: input.orders,
        fleet: input.fleet,
        targetIdByFleetIndex: input.targetIds ?? undefined,
        targetVersions: input.targetVersions ?? undefined,
      });
      return { itineraryIds };
    } catch (error) {
      if (isErrorNamed(error, StaleItineraryError, 'StaleItineraryError')) {
        throw new JobError(
          'book_failed',
          `Itinerary ${error.itineraryId} was changed by another request while this one was optimized; nothing was written. Retry to plan over its current state.`,
        );
      }
      throw new JobError(
        'book_failed',
        `Writing the itineraries failed; nothing was written. It is safe to retry. (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  },
};
