import {
  END_TEMPERATURE,
  START_TEMPERATURE,
  TIMED_PAIRS_END_TEMPERATURE,
  TIMED_PAIRS_START_TEMPERATURE,
} from './temperature';

/** Share of the budget route elimination may take (the rest anneals distance). See docs/benchmarks.md#solver-parameters. */
const FLEET_PHASE_SHARE = 0.5;
/** Route elimination's share on short routes when threads share plans against a time limit. See docs/benchmarks.md#solver-parameters. */
export const TIMED_FLEET_PHASE_SHARE = 0.3;
/** Route elimination's share on long routes of single stops, on every other thread of several sharing plans. See docs/benchmarks.md#solver-parameters. */
export const SHORT_FLEET_PHASE_SHARE = 0.1;
/** Route elimination's share on long routes with pairs, on every thread of several sharing plans. See docs/benchmarks.md#solver-parameters. */
export const PAIRS_LONG_ROUTE_FLEET_SHARE = SHORT_FLEET_PHASE_SHARE;
/** Share of annealing moves that cut longer strings on a diversifying thread. See docs/benchmarks.md#solver-parameters. */
export const LONG_STRING_SHARE = 0.5;

/**
 * How one search thread searches: the knobs solve() varies between threads (see threadSearchParams).
 * A search given none searches as the first of them.
 */
export interface SearchParams {
  /** Share of annealing moves that cut longer strings (LONG_STRING_SHARE on diversifying threads). */
  longStringShare: number;
  /** Share of the budget route elimination may take while the routes are short. */
  fleetShare: number;
  /** Share of the budget route elimination may take once the routes are long. */
  longRouteFleetShare: number;
  /** The same for plans with pickup-and-delivery pairs (null: longRouteFleetShare). */
  pairsLongRouteFleetShare: number | null;
  /** Start temperature on short routes of plans with pairs (a multiple, as START_TEMPERATURE). */
  pairsStartTemperature: number;
  /** End temperature of plans with pairs on routes under PAIRS_WARM_END_MAX_STOPS stops (a multiple, as END_TEMPERATURE). */
  pairsEndTemperature: number;
  /** Stopping on convergence: make the first of the independent runs only (the others run side by side on other threads). */
  oneRun: boolean;
}

export const DEFAULT_SEARCH_PARAMS: Readonly<SearchParams> = {
  longStringShare: 0,
  fleetShare: FLEET_PHASE_SHARE,
  longRouteFleetShare: FLEET_PHASE_SHARE,
  pairsLongRouteFleetShare: null,
  pairsStartTemperature: START_TEMPERATURE,
  pairsEndTemperature: END_TEMPERATURE,
  oneRun: false,
};

/** The parameters given, completed with the defaults. */
export function searchParams(given: Partial<SearchParams> = {}): SearchParams {
  const params = { ...DEFAULT_SEARCH_PARAMS };
  for (const key of Object.keys(given) as (keyof SearchParams)[])
    if (given[key] !== undefined) Object.assign(params, { [key]: given[key] });
  return params;
}

/** The share of the budget route elimination may take once the routes are long, for a plan with or without pairs. */
export function longRouteFleetShare(
  params: Pick<SearchParams, 'longRouteFleetShare' | 'pairsLongRouteFleetShare'>,
  pairs: boolean,
): number {
  return (pairs ? params.pairsLongRouteFleetShare : null) ?? params.longRouteFleetShare;
}

/**
 * What thread k of a solve on several threads searches with. `sharing`: the threads share their
 * best plans (a time limit, not stopping on convergence); `untilConverged`: the independent runs go
 * side by side, one per thread.
 */
export function threadSearchParams(
  k: number,
  options: { sharing: boolean; untilConverged: boolean },
): Partial<SearchParams> {
  return {
    // One run per thread: one after the other they stop at the first that does not beat the best,
    // so at least two run; side by side the first two cost no more CPU and answer in the time of one.
    oneRun: options.untilConverged,
    // Every other thread diversifies with longer strings (the first searches as one thread does).
    longStringShare: k % 2 === 1 ? LONG_STRING_SHARE : 0,
    // The first, third, ... thread ends route elimination on long routes early and relies on the
    // others passing on a plan with fewer vehicles; with pairs every thread ends it early.
    ...(options.sharing && k % 2 === 0 ? { longRouteFleetShare: SHORT_FLEET_PHASE_SHARE } : {}),
    ...(options.sharing
      ? {
          fleetShare: TIMED_FLEET_PHASE_SHARE,
          pairsLongRouteFleetShare: PAIRS_LONG_ROUTE_FLEET_SHARE,
          pairsStartTemperature: TIMED_PAIRS_START_TEMPERATURE,
          pairsEndTemperature: TIMED_PAIRS_END_TEMPERATURE,
        }
      : {}),
  };
}
