import { SYNC_WINDOW_DEFAULT_SECONDS } from '@/server/contract';
import type { Geocoder, LatLng, MatrixProvider } from '@/server/geo';
import { localDateOf, trafficProfileFor, zoneForCoordinate } from '@/server/geo';
import {
  findFixes,
  type Problem,
  type Solution,
  type SolveOptions,
  type SolveProgress,
  type TrafficProfile,
} from '@/server/optimizer';
import type { InitialStop } from './itinerary-fleet-entry';
import {
  assembleProblem,
  layoutLocations,
  type FleetEntry,
  type PlaceResolution,
  type ResolvedPlaces,
  type RoutingOrder,
} from './build-problem';
import { mergeRoutingOptions, type RoutingOptionsLayer } from './options';
import { toPlanOutcome, type PlanOutcome } from './plan-result';
import type { routingAddressSchema } from './request-schema';
import { z } from 'zod';

/**
 * One routing solve from a validated request to a plan: geocode, build the matrix, translate,
 * solve, read the routes back. Runs where the job runs (a worker thread); the geo providers and
 * the solver are handed in, so the same code runs in tests with the embedded providers.
 */

export interface RoutingSolveInput {
  orders: RoutingOrder[];
  fleet: FleetEntry[];
  /** The account's effective optimization settings (already merged down the account tree). */
  settings: RoutingOptionsLayer | null;
  /** The request's options. */
  options: RoutingOptionsLayer | undefined;
  /** updateItinerary: an itinerary for every vehicle, also those left without stops. */
  includeUnusedVehicles?: boolean;
  /** Per fleet index, the search's starting sequence (warm start), or null. */
  initialRoutes?: readonly (readonly InitialStop[] | null)[] | null;
  /** Seconds the request waits for its plan: the default budget's wall cap derives from it (default SYNC_WINDOW_DEFAULT_SECONDS). */
  syncWindowSeconds?: number | null;
}

export interface RoutingSolveDeps {
  geocoder: Geocoder;
  matrix: MatrixProvider;
  /** Time-of-day traffic for an area's time zone on the local day of `epochSeconds` (trafficMode `automatic`). */
  trafficProfile(timeZone: string, epochSeconds: number): TrafficProfile | undefined;
  solve(problem: Problem, options: SolveOptions): Promise<Solution> | Solution;
  /** Search threads per solve. */
  threads: number;
  signal?: AbortSignal | undefined;
  /** The search's improvements as they happen (the best of all its threads so far). */
  onProgress?: ((progress: RoutingProgress) => void) | undefined;
  /** Epoch ms by which the solve must end (the job's deadline); the search stops well before it. */
  deadline?: number | undefined;
  /** Operator's cap on a solve's time, `solverTimeLimitSeconds` or the default budget's (one caller must not hold a thread for ten minutes). */
  maxSolverSeconds?: number | undefined;
}

/** The traffic of trafficMode `automatic`: the profile of the area's local day (what every caller of solveRouting passes as `trafficProfile`). */
export function automaticTrafficProfile(timeZone: string, epochSeconds: number): TrafficProfile | undefined {
  return trafficProfileFor('automatic', localDateOf(epochSeconds, timeZone), timeZone);
}

type RoutingAddressInput = z.output<typeof routingAddressSchema>;

async function resolvePlace(
  geocoder: Geocoder,
  address: RoutingAddressInput | undefined,
  cache: Map<string, Promise<PlaceResolution>>,
): Promise<PlaceResolution> {
  if (!address) return { ok: false, message: 'no address given' };
  const key = JSON.stringify([
    address.latitude,
    address.longitude,
    address.addressLine1,
    address.city,
    address.state,
    address.postalCode,
  ]);
  let pending = cache.get(key);
  if (!pending) {
    pending = geocoder.geocode(address).then((result): PlaceResolution => {
      if (result.status !== 'resolved')
        return { ok: false, message: result.status === 'invalid' ? result.message : result.reason };
      const point: LatLng = { latitude: result.latitude, longitude: result.longitude };
      const zone = zoneForCoordinate(point.latitude, point.longitude);
      return { ok: true, point, timeZone: zone.ok ? zone.zone : 'UTC' };
    });
    cache.set(key, pending);
  }
  return pending;
}

/**
 * Default budget: plans of up to this many orders are searched in SMALL_PLAN_RUNS independent
 * converged runs, larger ones in fewer, longer runs; two side by side (whatever `threads` says),
 * the best kept.
 */
export const SIDE_BY_SIDE_MAX_ORDERS = 20;

/**
 * Independent converged runs of a small plan's default budget (rounds of two side by side): what
 * matching the service's own 2 s answer takes, counted in runs, so that the plan is the same on an
 * idle or a busy machine and on any number of threads. See docs/benchmarks.md#solver-parameters.
 */
export const SMALL_PLAN_RUNS = 8;

/** Plans of up to this many orders (and more than SIDE_BY_SIDE_MAX_ORDERS) make MID_PLAN_RUNS runs: their runs are still short. */
export const MID_PLAN_MAX_ORDERS = 60;

/** Independent runs of a mid-sized plan's default budget (two rounds of two). See docs/benchmarks.md#solver-parameters. */
export const MID_PLAN_RUNS = 4;

/** Independent runs of a larger plan's default budget (one round of two side by side). See docs/benchmarks.md#solver-parameters. */
export const LARGE_PLAN_RUNS = 2;

/**
 * The most moves of one run of the default budget: max(RUN_MOVES_CAP, RUN_MOVES_PER_ORDER x orders).
 * A converged run's moves grow with the square of the orders (max(1,500, 2.5 n²)); from about 57
 * orders on this caps them, so that a plan fits the sync window. See docs/benchmarks.md#solver-parameters.
 */
export const RUN_MOVES_CAP = 8_000;

/** Moves per order of one run of a large plan (from about 530 orders on, above RUN_MOVES_CAP). See docs/benchmarks.md#solver-parameters. */
export const RUN_MOVES_PER_ORDER = 15;

/**
 * The part of the sync window the default budget leaves to the rest of the request (queueing,
 * writing the plan, the answer), besides the time it took to geocode and build the matrix.
 */
export const SYNC_WINDOW_MARGIN_MS = 5_000;

/** The fewest milliseconds the default budget's wall cap leaves the search. */
const DEFAULT_BUDGET_MIN_CAP_MS = 1_000;

/** The default budget, in work: independent runs, and the most moves of each. */
export function defaultBudget(shipments: number): { runs: number; maxRunMoves: number } {
  return {
    runs:
      shipments <= SIDE_BY_SIDE_MAX_ORDERS
        ? SMALL_PLAN_RUNS
        : shipments <= MID_PLAN_MAX_ORDERS
          ? MID_PLAN_RUNS
          : LARGE_PLAN_RUNS,
    maxRunMoves: Math.max(RUN_MOVES_CAP, RUN_MOVES_PER_ORDER * shipments),
  };
}

/**
 * The wall cap on the default budget: the sync window (seconds) less SYNC_WINDOW_MARGIN_MS and
 * what the request has spent already. It only guards against a machine far slower or busier than
 * this one; where it binds, the plan depends on the load again.
 */
export function defaultBudgetCapMs(syncWindowSeconds: number, spentMs: number): number {
  return Math.max(DEFAULT_BUDGET_MIN_CAP_MS, syncWindowSeconds * 1000 - SYNC_WINDOW_MARGIN_MS - spentMs);
}

/** Search threads for a solve: `threads`, but two on the default budget (its runs go side by side). */
export function solverThreads(explicitLimit: boolean, threads: number): number {
  return explicitLimit ? threads : Math.max(2, threads);
}

export async function solveRouting(input: RoutingSolveInput, deps: RoutingSolveDeps): Promise<PlanOutcome> {
  const began = Date.now();
  const options = mergeRoutingOptions(input.settings ?? undefined, input.options);
  const cache = new Map<string, Promise<PlaceResolution>>();
  const places: ResolvedPlaces = {
    orders: await Promise.all(
      input.orders.map(async (order) => ({
        pickup: await resolvePlace(deps.geocoder, order.pickupAddress, cache),
        dropoff: await resolvePlace(deps.geocoder, order.dropoffAddress, cache),
      })),
    ),
    fleet: await Promise.all(
      input.fleet.map(async (entry) => ({
        start: entry.startAddress ? await resolvePlace(deps.geocoder, entry.startAddress, cache) : null,
        end: entry.endAddress ? await resolvePlace(deps.geocoder, entry.endAddress, cache) : null,
      })),
    ),
  };
  const layout = layoutLocations(input.orders, input.fleet, places, options.enableStopClustering);
  const earliestStart = Math.min(...input.fleet.map((f) => Math.floor(Date.parse(f.scheduledStart) / 1000)));
  const travel = await deps.matrix.matrix(
    layout.points,
    'car',
    Number.isFinite(earliestStart) ? earliestStart : undefined,
  );
  const traffic =
    options.trafficMode === 'automatic' && layout.timeZones[0] && Number.isFinite(earliestStart)
      ? deps.trafficProfile(layout.timeZones[0], earliestStart)
      : undefined;
  const routing = assembleProblem({
    orders: input.orders,
    fleet: input.fleet,
    options,
    layout,
    durations: travel.durations,
    distances: travel.distances,
    traffic,
    initialRoutes: input.initialRoutes,
  });

  // An explicit time limit is spent whole (the search cools over all of it); the default budget is
  // counted in work (defaultBudget), with the sync window as its wall cap.
  const explicitLimit = options.solverTimeLimitSeconds !== undefined;
  let timeLimitMs = explicitLimit
    ? options.solverTimeLimitSeconds! * 1000
    : defaultBudgetCapMs(input.syncWindowSeconds ?? SYNC_WINDOW_DEFAULT_SECONDS, Date.now() - began);
  if (deps.maxSolverSeconds !== undefined) timeLimitMs = Math.min(timeLimitMs, deps.maxSolverSeconds * 1000);
  // The time left before the job's deadline caps the limit, but never below half a second.
  if (deps.deadline !== undefined)
    timeLimitMs = Math.min(timeLimitMs, Math.max(500, deps.deadline - Date.now() - 5_000));
  const budget = explicitLimit ? null : defaultBudget(routing.problem.shipments.length);
  const solution =
    routing.problem.shipments.length === 0 || routing.problem.vehicles.length === 0
      ? emptySolution(routing.problem)
      : await deps.solve(routing.problem, {
          timeLimitMs,
          untilConverged: !explicitLimit,
          ...(budget ? { independentRuns: budget.runs, maxRunMoves: budget.maxRunMoves } : {}),
          threads: solverThreads(explicitLimit, deps.threads),
          seed: 1,
          ...(deps.signal ? { signal: deps.signal } : {}),
          ...(deps.onProgress
            ? { onProgress: bestProgress(routing.problem.shipments.length, timeLimitMs, deps.onProgress) }
            : {}),
        });
  // For each unassigned order, the smallest checked change that would let it in (bounded in time).
  const withFixes =
    solution.unassigned.length > 0
      ? findFixes(routing.problem, solution, { extraVehicles: routing.extraVehicles.map((e) => e.vehicle) })
      : solution;
  return toPlanOutcome(
    routing,
    withFixes,
    input.orders,
    input.fleet,
    options.enableStopClustering,
    input.includeUnusedVehicles ?? false,
  );
}

/** What a running solve reports: its best solution so far, in the optimizer's terms (stored on the job row, read by the console). */
export const routingProgressSchema = z.object({
  elapsedMs: z.number(),
  timeLimitMs: z.number(),
  iterations: z.number(),
  vehicles: z.number(),
  shipments: z.number(),
  unassigned: z.number(),
  cost: z.number(),
});
type RoutingProgress = z.infer<typeof routingProgressSchema>;

/**
 * The search threads report their own improvements; a reader wants the best so far across them:
 * fewer unassigned, then fewer vehicles, then lower cost (the display's order, not the objective's).
 */
function bestProgress(
  shipments: number,
  timeLimitMs: number,
  report: (progress: RoutingProgress) => void,
): (p: SolveProgress) => void {
  let best: SolveProgress | null = null;
  return (p) => {
    const better =
      best === null ||
      p.unassigned < best.unassigned ||
      (p.unassigned === best.unassigned &&
        (p.vehicles < best.vehicles || (p.vehicles === best.vehicles && p.cost < best.cost)));
    if (better) best = p;
    const shown = best ?? p;
    report({
      elapsedMs: p.elapsedMs,
      timeLimitMs,
      iterations: p.iterations,
      vehicles: shown.vehicles,
      shipments,
      unassigned: shown.unassigned,
      cost: shown.cost,
    });
  };
}

/** Nothing to route (no vehicle or no routable order): every shipment is left out with a reason. */
function emptySolution(problem: Problem): Solution {
  return {
    routes: [],
    unassigned: problem.shipments.map((_, shipment) => ({
      shipment,
      reason: 'INSUFFICIENT_FLEET' as const,
      description: 'the request has no vehicle to serve it',
      detail: { kind: 'no_vehicles' as const },
    })),
    cost: 0,
    distance: 0,
    duration: 0,
    stats: { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed: 0, threads: 1, progress: [] },
  };
}
