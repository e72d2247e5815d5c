/**
 * The search, one concern per file: params (the per-thread knobs), budget, plan-state (the plan
 * and its undo log) and incumbent (the best plan), recreate, ruin, moves, route-elimination
 * (with vehicle-bound), annealing (with temperature and soft-windows, its penalty schedule),
 * local-search (relocate, swap-tails), rebuild (route groups), migration (plans of other threads),
 * convergence, and search.ts, the algorithm.
 */
export { Search, type SearchLimits, type SearchResult } from './search';
export { Budget } from './budget';
export { SortMode } from './recreate';
export {
  DEFAULT_SEARCH_PARAMS,
  LONG_STRING_SHARE,
  PAIRS_LONG_ROUTE_FLEET_SHARE,
  SHORT_FLEET_PHASE_SHARE,
  TIMED_FLEET_PHASE_SHARE,
  longRouteFleetShare,
  searchParams,
  threadSearchParams,
  type SearchParams,
} from './params';
export {
  CONVERGED_WARM_MAX_ORDERS,
  TIMED_PAIRS_END_TEMPERATURE,
  TIMED_PAIRS_START_TEMPERATURE,
  annealingMultiples,
  annealingTemperatures,
} from './temperature';
export { cycleIterations } from './convergence';
export { SQUEEZE_WINDOW, squeezeAllowance } from './route-elimination';
