/**
 * The annealing's temperature schedule: start and end temperatures as multiples of the plan's
 * average variable cost per order, cooled geometrically between them.
 */

/** Start temperature (multiple of the cost per order): a move that much worse passes with probability 1/e. See docs/benchmarks.md#solver-parameters. */
export const START_TEMPERATURE = 1;
/** End temperature (multiple of the cost per order): almost no worse move passes. See docs/benchmarks.md#solver-parameters. */
export const END_TEMPERATURE = 0.003;
/** Start temperature on long routes, hotter so the search can still choose its basin. See docs/benchmarks.md#solver-parameters. */
const LONG_ROUTE_START_TEMPERATURE = 10;
/** Start temperature on short routes of small plans stopping on convergence. See docs/benchmarks.md#solver-parameters. */
const CONVERGED_START_TEMPERATURE = 3;
/** End temperature of small plans stopping on convergence: still moving between basins at the end. See docs/benchmarks.md#solver-parameters. */
const CONVERGED_END_TEMPERATURE = 0.05;
/** Plans of up to this many orders anneal warmer when stopping on convergence. See docs/benchmarks.md#solver-parameters. */
export const CONVERGED_WARM_MAX_ORDERS = 50;
/** Start temperature on short routes with pairs when threads share plans against a time limit. See docs/benchmarks.md#solver-parameters. */
export const TIMED_PAIRS_START_TEMPERATURE = 2;
/** End temperature with pairs on routes under PAIRS_WARM_END_MAX_STOPS stops when threads share plans against a time limit. See docs/benchmarks.md#solver-parameters. */
export const TIMED_PAIRS_END_TEMPERATURE = 0.03;
/** Routes with pairs averaging fewer stops than this may end warmer (pairsEndTemperature). See docs/benchmarks.md#solver-parameters. */
const PAIRS_WARM_END_MAX_STOPS = 48;

/** What decides the annealing's multiples: the stopping rule and the temperatures given for plans with pairs. */
interface TemperatureSettings {
  untilConverged?: boolean | undefined;
  pairsStartTemperature?: number | undefined;
  pairsEndTemperature?: number | undefined;
}

/**
 * The annealing's start multiple on short routes and its end multiple (of the average cost per
 * order) for a search under these settings of a plan of `plannedOrders` orders, `pairs` when it
 * has pickup-and-delivery pairs.
 */
export function annealingMultiples(
  settings: TemperatureSettings,
  plannedOrders: number,
  pairs: boolean,
  stopsPerRoute: number,
): { shortStart: number; end: number } {
  if (settings.untilConverged === true && plannedOrders <= CONVERGED_WARM_MAX_ORDERS)
    return { shortStart: CONVERGED_START_TEMPERATURE, end: CONVERGED_END_TEMPERATURE };
  return {
    shortStart: pairs ? (settings.pairsStartTemperature ?? START_TEMPERATURE) : START_TEMPERATURE,
    end:
      pairs && stopsPerRoute < PAIRS_WARM_END_MAX_STOPS
        ? (settings.pairsEndTemperature ?? END_TEMPERATURE)
        : END_TEMPERATURE,
  };
}

/** Start and end temperatures in cost units, for a plan costing `costPerOrder` per order (`shortStart`: the start multiple on short routes). */
export function annealingTemperatures(
  costPerOrder: number,
  longRoutes: boolean,
  shortStart = START_TEMPERATURE,
  end = END_TEMPERATURE,
): { start: number; end: number } {
  return { start: (longRoutes ? LONG_ROUTE_START_TEMPERATURE : shortStart) * costPerOrder, end: end * costPerOrder };
}

/** The temperature `progress` (0 to 1) of the way from start to end, cooling geometrically. */
export function temperatureAt(start: number, end: number, progress: number): number {
  return start * Math.pow(end / start, progress);
}
