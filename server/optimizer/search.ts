import {
  DELIVERY,
  type Instance,
  PICKUP,
  deliveryNode,
  distanceBetween,
  hasStop,
  jobOf,
  leastTrafficFactor,
  nodeOf,
  pickupNode,
  singleWindowStopsOnly,
  travelTime,
} from './instance';
import { EjectionSearch, PairEjectionSearch } from './ejection';
import { type InsertionCandidate, Inserter, emptyCandidate } from './insertion';
import type { SolveProgress } from './model';
import { type CostModel, MAX_ROUTE_WEIGHT, VEHICLE_WEIGHT, costModel } from './objective';
import type { PlanBoard } from './plan-board';
import { PRIORITY_LEVELS, compareLeftOut } from './priority';
import { Random } from './random';
import { RouteState } from './route';

export interface SearchLimits {
  seed: number;
  timeLimitMs: number;
  maxIterations: number;
  signal?: { readonly aborted: boolean };
  onProgress?: (p: SolveProgress) => void;
  /**
   * Stop when converged instead of spending the whole time limit: independent runs of a size-based
   * number of iterations each, until one does not beat the best (the time and iteration limits
   * still cap it). Deterministic for a seed when the limits do not bind.
   */
  untilConverged?: boolean;
  /** With untilConverged: the first run only (the caller makes the other runs side by side, on other threads). */
  oneRun?: boolean;
  /**
   * Share of annealing moves that cut longer strings (LONG_MAX_STRING, LONG_AVG_REMOVED); 0 (the
   * default) keeps the Li & Lim setting for every move. Solving on several threads, every other
   * thread uses LONG_STRING_SHARE to diversify.
   */
  longStringShare?: number;
  /**
   * Share of the budget route elimination may take once the routes are long (see
   * SHORT_FLEET_PHASE_SHARE); FLEET_PHASE_SHARE when not given.
   */
  longRouteFleetShare?: number;
  /**
   * Plans with pickup-and-delivery pairs: the share of the budget route elimination may take once
   * the routes are long, in place of longRouteFleetShare (see PAIRS_LONG_ROUTE_FLEET_SHARE).
   */
  pairsLongRouteFleetShare?: number;
  /**
   * Share of the budget route elimination may take while the routes are short; FLEET_PHASE_SHARE
   * when not given (see TIMED_FLEET_PHASE_SHARE).
   */
  fleetShare?: number;
  /**
   * Annealing on short routes of plans with pickup-and-delivery pairs: the start temperature (a
   * multiple of the average cost per order, as START_TEMPERATURE); START_TEMPERATURE when not given
   * (see TIMED_PAIRS_START_TEMPERATURE).
   */
  pairsStartTemperature?: number;
  /**
   * Annealing plans with pickup-and-delivery pairs whose routes average fewer than
   * PAIRS_WARM_END_MAX_STOPS stops: the end temperature (a multiple of the average cost per order,
   * as END_TEMPERATURE); END_TEMPERATURE when not given (see TIMED_PAIRS_END_TEMPERATURE).
   */
  pairsEndTemperature?: number;
  /**
   * Searching on several threads (not when stopping on convergence): the board the threads post
   * their best plans to, and this thread's slot. See MIGRATION_CHECK_EVERY and TRANSPLANT_AT.
   */
  exchange?: { board: PlanBoard; slot: number };
}

export interface SearchResult {
  /** Per vehicle: node ids in visiting order (node = 2*job + 0 pickup / 1 delivery). */
  routes: number[][];
  unassigned: number[];
  iterations: number;
  elapsedMs: number;
  timeToFirstFeasibleMs: number;
  progress: SolveProgress[];
}

/** SISR parameters (Christiaens & Vanden Berghe 2020), tuned for pickup-and-delivery routes. */
const AVG_REMOVED = 10;
const MAX_STRING = 10;
const BLINK_RATE = 0.01;
/**
 * Longer strings for a share of the annealing moves of a diversifying thread. On long routes of
 * clustered customers (Solomon C2: three routes of about 33 stops) strings of at most 10 rarely
 * move a whole cluster that two routes share, and the search stays in that basin (15-30% above
 * the BKS); strings of up to 20 (15 orders removed on average) leave it. On every move they made
 * R2/RC2 and some Li & Lim instances worse, so they are mixed in, on one thread of two only.
 * Measured with a fixed budget of 12,000 moves, seeds 1 and 2, one thread, C201-C208: 9 of 16
 * runs 15-30% above the BKS with the default strings, 2 of 16 with half of the annealing moves long.
 */
const LONG_MAX_STRING = 20;
const LONG_AVG_REMOVED = 15;
export const LONG_STRING_SHARE = 0.5;
/**
 * Annealing on long routes: share of moves that start with a tail exchange between two routes
 * (see exchangeTailsRuin) before the usual string removal. Where routes are long, a plan can settle
 * with two routes crossing, each serving part of the other's area (Li & Lim lrc2_2_9: 4 routes,
 * 42% above the BKS with the BKS's route starts and middles swapped between routes); strings of
 * at most 10-20 stops cannot move such a part, a tail exchange moves it in one step. With a fixed
 * budget and one thread, seeds 1 to 3, mean gap where vehicles equal the BKS: Li & Lim 200 type 2
 * (20 instances, 20,000 moves) 13.23% -> 10.11% (11.35% without the string removal after the
 * exchange), Solomon R2/RC2 at 12,000 moves gained in 5 of 6 class-seed pairs; on short routes
 * (Solomon R1/RC1, Li & Lim 200 type 1) it was no better, so it runs only on long routes.
 */
const TAIL_EXCHANGE_RATE = 0.1;
/** Routes are long when they average at least this many stops (see TAIL_EXCHANGE_RATE, LONG_ROUTE_START_TEMPERATURE). */
const LONG_ROUTE_MIN_STOPS = 24;
/**
 * Annealing on long routes (where it uses tail exchanges): halfway through, the best plan's routes
 * are rebuilt in small groups, REBUILD_TRIES times: a route and the one or two routes nearest to it
 * (by its orders' nearest neighbours) are planned from scratch by a search of their own orders and
 * vehicles only (construction, then REBUILD_MOVES annealing moves), and the new routes replace them
 * when they serve every order at a lower cost. A fresh plan of two or three routes leaves a basin
 * that annealing the whole plan does not (Li & Lim lrc2_2_2, seed 1: two routes of 38 orders
 * rebuilt 13% shorter in one try). Measured with a fixed budget of 20,000 moves, one thread, seeds 1
 * to 3, the 20 Li & Lim 200 type 2 instances (48 runs with the BKS vehicles): mean gap 9.90% without,
 * 7.42% with; rebuilding at 0.3 and 0.6 (8.02%) or groups of 3-4 routes with 3,000 moves (7.92%)
 * were no better. Solomon R/RC at 12,000 moves, seeds 1 to 3: 4.61% -> 4.30%. The moves count
 * against the budget.
 */
const REBUILD_AT = 0.5;
const REBUILD_TRIES = 3;
const REBUILD_MOVES = 2000;
/**
 * Threads searching side by side (see SearchLimits.exchange) post every new best plan. Every
 * MIGRATION_CHECK_EVERY of its annealing a thread reads the others': a plan that leaves fewer
 * orders out, or (vehicles-first objectives) as many with fewer vehicles, replaces its own, and it
 * anneals on from there. Route elimination ends with a try that runs to the end of its phase and
 * fails on most instances, on both threads; where one of them got further, both now spend the
 * annealing on its plan instead of one on a plan the other already beat. Without pickup-and-delivery
 * pairs, at TRANSPLANT_AT a thread also moves one route of the cheapest plan another posted into its
 * best plan (see transplant) and anneals on from the result. Measured with a fixed budget, two
 * threads, seeds 1 to 3, mean gap where vehicles equal the BKS, vehicle counts unchanged throughout:
 * Solomon (22,500 moves per thread) 1.58% without, 1.47% with migrations, 1.41% with transplants
 * too; Li & Lim 200 (12,000 moves per thread) 3.46% without, 3.26% with migrations (better for each
 * seed), 3.65% with transplants too (2.49% / 5.09% / 3.37%: a different cut of paired orders into
 * routes is seldom a better one). Ending route elimination sooner on one thread and relying on
 * migrations gained more distance on Solomon (1.36-1.41%) but lost 1 to 3 vehicles on two seeds of three.
 */
const MIGRATION_CHECK_EVERY = 0.02;
const TRANSPLANT_AT = [0.5, 0.75];
/** Tail exchange and route group rebuild: how many of an order's nearest neighbours count as near. */
const NEAR_NEIGHBORS = 10;
/** With more used routes than this, recreate tries the routes of a job's nearest neighbours first. */
const FOCUS_MIN_ROUTES = 12;
const FOCUS_NEIGHBORS = 24;
/** Local search: at most this many rounds of relocate and 2-opt* passes; a move must gain more than this. */
const LOCAL_SEARCH_MAX_PASSES = 20;
const LOCAL_SEARCH_MIN_GAIN = 1e-7;
/**
 * Iteration budgets count local search too, so that a fixed number of moves compares fairly with
 * and without it: a ruin-and-recreate move reinserts about AVG_REMOVED orders, a relocation one
 * (one unit), an exactly checked tail exchange re-plans two routes (one unit).
 */
const LOCAL_SEARCH_WORK_PER_MOVE = AVG_REMOVED;
/**
 * Points of the annealing (shares of its budget) at which the search goes back to the best plan,
 * runs the local search on it and anneals on from there. Measured with a fixed budget of 12,000
 * moves per thread (local search work charged, see LOCAL_SEARCH_WORK_PER_MOVE), two threads, the
 * 39 Solomon R1/R2/RC1/RC2 instances: mean gap where vehicles equal the BKS 3.78% without it,
 * 3.21% at 0 and 0.9, 2.86% at 0, 0.3, 0.6, 0.9, 2.77% with these six points, 2.79% every 0.1;
 * the same vehicle counts throughout.
 */
const LOCAL_SEARCH_AT = [0, 0.2, 0.4, 0.6, 0.8, 0.95];
/** Left-out orders retried per move when there are many: a random sample of about this size... */
const RETRY_SAMPLE = 16;
/** ...plus those with a ruined order among their nearest neighbours. */
const RETRY_NEIGHBORS = 8;
/** sortJobs sorts lists of up to this many orders (a move's) by insertion. */
const INSERTION_SORT_MAX = 64;
/** Vehicles-first objectives: share of the budget for route elimination (the rest anneals distance). */
const FLEET_PHASE_SHARE = 0.5;
/**
 * Route elimination on short routes when threads search side by side against a time limit (solve()
 * gives it to every thread). There the last route that goes mostly goes early, and the try at one
 * route fewer then runs to the end of the phase and fails: Li & Lim 200 type 1 at 6 s, two threads,
 * every thread had its final vehicle count by 0.52 s of the 3 s phase on 23 of 30 instances (the
 * others at 0.9 to 2.8 s). Ended at 0.3 on both threads, the annealing gets that time. Timed, two
 * threads, seeds 1 to 3, the 30 Li & Lim 200 type 1 instances, mean gap over the 76 runs where
 * both have the BKS vehicles: 0.99% -> 0.83% (better on 26, worse on 16), extra vehicles 14 -> 13.
 */
export const TIMED_FLEET_PHASE_SHARE = 0.3;
/** vehiclesForTime compares every pair of stops: beyond this many it gives no bound. */
const TIME_BOUND_MAX_STOPS = 3000;
/**
 * Route elimination on long routes (see LONG_ROUTE_MIN_STOPS) of plans without pairs (for plans
 * with pairs see PAIRS_LONG_ROUTE_FLEET_SHARE), on every other thread of several that share their
 * plans: it ends at this share of the budget, while the other threads keep trying
 * until FLEET_PHASE_SHARE and pass on a plan with fewer vehicles if they find one (see
 * MIGRATION_CHECK_EVERY). On long routes the last route that goes mostly goes early (Li & Lim 200
 * type 2, timed, two threads: at 0.00-0.02 of the budget on every instance but one, at 0.155), and
 * the try at one route fewer then takes both threads to half of the budget and fails. Timed, two
 * threads, seeds 1 to 3, mean gap over the runs where vehicles equal the BKS with and without:
 * Solomon R2/RC2 (2 s) 1.68% -> 1.06%, extra vehicles 2 -> 1 over the three seeds; Li & Lim 200
 * type 2 (6 s) 2.27% -> 1.67%, extra vehicles 6 -> 7 (lr2_2_9 reached 3 vehicles in one run fewer).
 * Ending it at 0.1 on both threads gained less and lost more vehicles (1.10%, 2 extra; 1.80%, 8
 * extra), at 0.2 on both less still (1.35%; 1.89%).
 */
export const SHORT_FLEET_PHASE_SHARE = 0.1;
/**
 * Route elimination on long routes of plans with pairs when threads search side by side against a
 * time limit: every thread ends it at this share (solve() gives it to each), none keeps trying to
 * half of the budget. On Li & Lim 200 type 2 the last route that goes mostly goes in the first
 * tenth (a trace of lrc2_2_4, 6 s: 3 vehicles, the BKS count, at 0.43 s; the thread that kept
 * trying gave up at 2.94 s), so the thread that kept trying anneals half as long. Timed, two
 * threads, the 20 type 2 instances, seeds 1 to 6, paired: mean gap where both have the BKS
 * vehicles 2.61% -> 2.12% (better 37, worse 17), extra vehicles 15 -> 16; ending it at 0.05
 * gained nothing more (1.88% -> 1.87%, 21 / 25, 15 -> 18 extra). Not for plans of single stops:
 * Solomon R2/RC2 at 2 s, seeds 1 to 6, 1.69% -> 1.63% (56 / 45) but 3 -> 5 extra vehicles.
 */
export const PAIRS_LONG_ROUTE_FLEET_SHARE = SHORT_FLEET_PHASE_SHARE;
/** Mixed fleets: share of annealing moves that transfer a whole route to another vehicle. */
const SWAP_RATE = 0.1;
/**
 * Soft windows in the annealing of long routes (see Search.softWindowsApply): every
 * WARP_PENALTY_EVERY moves the penalty per unit of time warp goes up by WARP_PENALTY_UP when fewer
 * than WARP_FREE_SHARE of the plans tried kept every window, else down by WARP_PENALTY_DOWN, within
 * [WARP_PENALTY_MIN, WARP_PENALTY_MAX] times the plan's distance per unit of travel time (where it
 * starts). Solomon R2/RC2, timed, two threads, soft on the first thread, seeds 1-15: 1.722% ->
 * 1.596% where vehicles equal the BKS (better on 147 runs, worse on 114); at 30,000 moves on one
 * thread 2.587% -> 2.044%. A share of 0.3 or 0.7 did worse, and so did short routes (R1/RC1,
 * seeds 1-2: 1.217% -> 1.271%).
 */
const WARP_PENALTY_EVERY = 100;
const WARP_FREE_SHARE = 0.5;
const WARP_PENALTY_UP = 1.2;
const WARP_PENALTY_DOWN = 0.85;
const WARP_PENALTY_MIN = 1e-3;
const WARP_PENALTY_MAX = 1e4;
/**
 * Route elimination on single-stop orders (see EjectionSearch): once a try at one route fewer has
 * run EJECT_AFTER of the budget (most tries that succeed do so sooner), every EJECT_EVERY moves that
 * leave one order out put it in by ejecting at most EJECT_MAX orders of least weight. `npm run
 * bench:fleet` (one thread, 2 s, seeds 1-16), runs at the best known vehicle count without / with:
 * R112 1 / 8, RC106 4 / 6, RC102 8 / 15, RC105 8 / 14, R110 11 / 14, R103 13 / 13, R211 12 / 9,
 * R104 5 / 2; 62 / 81 of 128. Whole Solomon set, two threads, 2 s, seeds 1-5: 17 -> 12 extra
 * vehicles. Ejecting from the start of each try (R103, R110, R211 lost vehicles), whenever orders
 * are left out (they piled up), or up to 3 or 5 orders did worse. Orders of two stops (Li & Lim)
 * the same way, each choice checked by the inserter (see PairEjectionSearch): Li & Lim 200, timed,
 * two threads, 6 s, seeds 1 / 2 / 3: extra vehicles 11 / 9 / 6 -> 8 / 7 / 6; the mean gap over
 * the instances both runs brought to the best known vehicle count 0.92 / 1.50 / 1.45% -> 1.08 /
 * 1.40 / 1.00% (single instances swing by 5 to 10 points between runs).
 */
const EJECT_AFTER = 0.15;
const EJECT_EVERY = 5;
const EJECT_MAX = 2;
/** Depth-first steps of one ejection search (it keeps the best choice found by then). */
const EJECT_MAX_STEPS = 20_000;
/** Checks of one ejection search for orders of two stops (see PairEjectionSearch). */
const PAIR_EJECT_MAX_CHECKS = 300;
/** Route elimination: share of moves that recreate the orders left out most often first. */
const ABSENCE_SORT_RATE = 0.5;
/**
 * Route elimination on long routes with pairs: while a route's orders look for room, a move that
 * only lowers the absence counters (no order more served) is kept if it adds at most SQUEEZE_CAP
 * times the average cost per order, a cap that loosens to none over SQUEEZE_WINDOW of the budget
 * (see squeezeAllowance). A squeeze that takes whatever it costs can reach the fewest vehicles
 * with no time left in the routes: Li & Lim lr2_2_8 with two routes of 3,009.7 has 60 time units
 * beyond service and travel (the best known plan 403), every detour is late and the annealing
 * stays there (12-20% above the best known in half of the runs). Keeping slack first and squeezing
 * only when that fails keeps the vehicles; a cap that never loosens lost four on Li & Lim type 2.
 */
const SQUEEZE_CAP = 1;
export const SQUEEZE_WINDOW = 0.03;

/**
 * The most a move of route elimination may add while only lowering absence counters, `spent` of
 * the budget after the route's orders began to look for room: `cap` at first, unbounded once
 * SQUEEZE_WINDOW is spent.
 */
export function squeezeAllowance(cap: number, spent: number): number {
  const left = 1 - spent / SQUEEZE_WINDOW;
  return left > 0 ? cap / left : Infinity;
}
/**
 * Annealing temperatures, as multiples of the average variable cost per job: the start accepts a
 * move about that much worse with probability 1/e, the end almost none (geometric cooling).
 */
const START_TEMPERATURE = 1;
const END_TEMPERATURE = 0.003;
/**
 * The start temperature on long routes. Few long routes (Solomon R2/RC2: 2 to 4 routes of 25 to 50
 * stops) settle early in a basin well above the best known plans (R205 at 35,000 moves 3.6-6.4%
 * above the BKS, at 300,000 moves 0.75%, each plan a local optimum of relocating, exchanging and
 * reversing segments of up to 3 stops); a hotter start lets the search choose its basin. One
 * thread, mean gap where vehicles equal the BKS: Solomon R2/RC2 at 35,000 moves, seeds 1-2 / 3-4 /
 * 5-6, 3.61 / 3.14 / 3.21% -> 2.37 / 2.45 / 2.57% (30: 2.50% on seeds 3-4; 3: 2.90 / 3.03%); Li &
 * Lim 200 type 2 at 15,000 moves, seeds 1 / 2, 7.95 / 8.46% -> 2.68 / 4.01%. On short routes
 * (R1/RC1) it was no better (1.46 -> 1.70%).
 */
const LONG_ROUTE_START_TEMPERATURE = 10;
/**
 * Stopping on convergence, plans of up to CONVERGED_WARM_MAX_ORDERS orders anneal warmer: a start
 * of CONVERGED_START_TEMPERATURE on short routes (long ones keep LONG_ROUTE_START_TEMPERATURE) and an
 * end of CONVERGED_END_TEMPERATURE. A run of a few thousand moves that cools to END_TEMPERATURE
 * spends its last part descending into the basin it is in; ending warmer it still moves between
 * basins, and the best plan seen is kept. Measured on the seeded store-to-customer plans (one thread,
 * one run each, the routing default's cycle): 20 orders, 16 plans x 32 seeds, mean gap to a 25,000-move
 * reference 1.99% -> 1.48%, the better of two runs (the service's two threads) 0.83% -> 0.46%, the
 * reference reached in 223 -> 251 of 512 runs; 30 orders (12 x 12) 1.87% -> 1.20%; 50 orders (8 x 6,
 * the cycle of 6,250 moves) 2.47% -> 1.21%, and capped by the default 2 s as the service runs them
 * (4 x 3) 1.9% cheaper on average. Where the time cap ends a run long before its cycle (100 and 200
 * orders with the default budget) the warmer end lost 1.4% and 3.2%, so larger plans keep the usual
 * schedule. Starts of 2 and 4 and ends of 0.02 and 0.03 were close; the warmer end alone (start 1) got
 * three quarters of the gain.
 */
const CONVERGED_START_TEMPERATURE = 3;
const CONVERGED_END_TEMPERATURE = 0.05;
export const CONVERGED_WARM_MAX_ORDERS = 50;

/**
 * The annealing's start multiple on short routes and its end multiple (of the average cost per
 * order) for a search under these limits of a plan of `plannedOrders` orders, `pairs` when it has
 * pickup-and-delivery pairs.
 */
export function annealingMultiples(
  limits: Pick<SearchLimits, 'untilConverged' | 'pairsStartTemperature' | 'pairsEndTemperature'>,
  plannedOrders: number,
  pairs: boolean,
  stopsPerRoute: number,
): { shortStart: number; end: number } {
  if (limits.untilConverged === true && plannedOrders <= CONVERGED_WARM_MAX_ORDERS)
    return { shortStart: CONVERGED_START_TEMPERATURE, end: CONVERGED_END_TEMPERATURE };
  return {
    shortStart: pairs ? (limits.pairsStartTemperature ?? START_TEMPERATURE) : START_TEMPERATURE,
    end: pairs && stopsPerRoute < PAIRS_WARM_END_MAX_STOPS ? (limits.pairsEndTemperature ?? END_TEMPERATURE) : END_TEMPERATURE,
  };
}
/**
 * The start temperature on short routes with pickup-and-delivery pairs when threads search side by
 * side against a time limit (solve() gives it to every thread). Li & Lim 200 type 1, timed, two
 * threads, 6 s, mean gap over the runs where both have the BKS vehicles, against 1: seeds 1 to 9
 * (the thirteenth session's code, lr1 and lrc1) 1.684% -> 1.583%, extra vehicles 47 -> 45; the 30
 * type 1 instances, seeds 1 to 3 0.924% -> 0.803% (better on 21, worse on 19; 3 gave 0.784%),
 * seeds 4 to 6 1.052% -> 1.032% (24 / 20), extra vehicles 15 -> 14 and 12 -> 13. A small gain,
 * below what single runs swing. Where searches stop on convergence (the service's small plans) 2
 * ended 0.15% higher on the 20-order store plans, and Solomon (no pairs) prefers
 * START_TEMPERATURE, so both keep it.
 */
export const TIMED_PAIRS_START_TEMPERATURE = 2;
/**
 * The end temperature for plans with pickup-and-delivery pairs whose routes average fewer than
 * PAIRS_WARM_END_MAX_STOPS stops, when threads search side by side against a time limit (solve()
 * gives it to every thread). Li & Lim 200 type 1 (routes of 20 to 44 stops) is short of moves at 6 s
 * (12 s took lr1 and lrc1 from 1.305% to 0.944%), and a run that cools to END_TEMPERATURE spends its
 * end descending in one basin, as the small plans' converged runs did (CONVERGED_END_TEMPERATURE).
 * The 30 type 1 instances, 6 s, two threads, the versions in turn, mean gap over the runs where both
 * have the BKS vehicles: seeds 1 to 3 0.880% -> 0.738% (26 better / 16 worse), seeds 4 to 6 0.941% ->
 * 0.775% (25 / 14), over the six 0.910% -> 0.757% over 152 runs (lc1 0.28 -> 0.19%, lr1 1.35 -> 1.05%,
 * lrc1 1.17 -> 1.09%), extra vehicles 28 -> 25. Type 2 (routes of 67 to 100 stops and more) keeps END_TEMPERATURE:
 * an end of 0.01 there gave 1.594% -> 1.881% (docs/benchmarks.md, twenty-sixth session).
 */
export const TIMED_PAIRS_END_TEMPERATURE = 0.03;
const PAIRS_WARM_END_MAX_STOPS = 48;
/**
 * Stopping on convergence: the search makes independent runs (a new construction, route
 * elimination, annealing) of CYCLE_ITERATIONS_PER_SQUARED_JOB x n^2 iterations each for n planned
 * orders (at least CYCLE_ITERATIONS_MIN), and stops after a run that does not beat the best plan of
 * the runs before it. The moves a plan needs to settle grow faster than its size, and one run of a
 * small plan can end in a poor basin that the next run rarely shares (annealing again from the best
 * plan rarely leaves it). Measured with `npm run bench:converge` on seeded 20-order plans: runs of
 * 3 n^2 ended 0.9% above a 2 s search on average (6 of 12 worse), runs of 6 n^2 0.4% below (2 of
 * 12 worse), a third run or a cooler start did not help. Since insertion costs routes of up to 48
 * stops exactly (EXACT_DURATION_MAX_STOPS), fewer moves are enough: on 64 seeded plans of 15 and 20
 * orders (store and depot), two runs side by side of 3 n^2 ended 0.27% above a 2 s search of the
 * same code on average (9 worse, 4 better), where 6 n^2 with estimated costs had ended 0.39% above
 * its own (16 worse, 5 better). Over three pairs of seeds, 3 n^2 and 2.5 n^2 (at most 20 orders:
 * the 1,000 moves CYCLE_ITERATIONS_MIN was then, a sixth fewer than 3 n^2 at 20) ended 0.21% and
 * 0.22% above; the 20-order store plans are where both stay behind, 0.48% and 0.55% (0.68% for
 * 6 n^2 with estimated costs, seeds 1 and 2). From about 20 to 40 orders up (it depends on how
 * long the moves are) the routing default's time cap comes first and drives the cooling of the first
 * run, as without convergence. Plans of up to 24 orders get CYCLE_ITERATIONS_MIN moves per run: on
 * the 16 seeded 20-order store plans, two threads, seeds 1 to 16, mean gap to the best of three
 * single-thread 2 s runs 0.60% with 1,000 (169 of 256 runs at it, 115 ms a solve), 0.39% with 1,500
 * (184, 163 ms), 0.20% with 1,750 (198, 188 ms), 0.26% with 2,000 (194, 220 ms). Over HTTP (bench:
 * plan-latency) 1,750 took the 20-order plan to 226-242 ms and a cold 10-order one to 248-269 ms,
 * too near the 300 ms a small plan must answer in; 1,500 to 186-193 ms and 211 ms.
 */
const CYCLE_ITERATIONS_PER_SQUARED_JOB = 2.5;
const CYCLE_ITERATIONS_MIN = 1500;
/** A run that lowers the best cost by less than this share (and serves no more orders) does not count as better. */
const CONVERGED_GAIN = 1e-5;

/** Iterations of one run when stopping on convergence, for this many planned orders. */
export function cycleIterations(plannedJobs: number): number {
  return Math.max(CYCLE_ITERATIONS_MIN, Math.ceil(CYCLE_ITERATIONS_PER_SQUARED_JOB * plannedJobs * plannedJobs));
}

/** Least time between two progress reports. */
const REPORT_INTERVAL_MS = 200;

/** How recreate orders the jobs it inserts (higher priority always first). */
export const SortMode = {
  Random: 0,
  LargestFirst: 1,
  FarthestFirst: 2,
  NearestFirst: 3,
  /** Route elimination: the orders left out most often so far (absence counters) first. */
  MostAbsentFirst: 4,
} as const;
export type SortMode = (typeof SortMode)[keyof typeof SortMode];

/** Which routes a job's insertion is evaluated in. */
const InsertScope = {
  All: 0,
  /** The routes of the job's nearest neighbours, and one empty route per vehicle class. */
  Focused: 1,
  /** The non-empty routes Focused left out. */
  Unfocused: 2,
} as const;
type InsertScope = (typeof InsertScope)[keyof typeof InsertScope];

/**
 * The time and iteration budget of one run, and how much of it is spent. When stopping on
 * convergence, the budget is spent in cycles: `fraction()` is then the share of the current cycle
 * (its iterations, or the time left when it began, whichever is further along).
 */
class Budget {
  iterations = 0;
  readonly startedAt = performance.now();
  private readonly deadline: number;
  private cycleStartedAt: number;
  private cycleFirstIteration = 0;
  private cycleLength = Infinity;

  constructor(
    private readonly limits: SearchLimits,
    /** Nothing to choose between (no orders or no vehicles): stopped from the start. */
    private readonly trivial: boolean,
  ) {
    this.deadline = this.startedAt + limits.timeLimitMs;
    this.cycleStartedAt = this.startedAt;
  }

  stopped(): boolean {
    return this.trivial || this.iterations >= this.limits.maxIterations || performance.now() >= this.deadline || this.limits.signal?.aborted === true;
  }

  /** A cycle of `iterations` iterations starts now (the first one at the start of the run). */
  startCycle(iterations: number, now = performance.now()): void {
    this.cycleStartedAt = now;
    this.cycleFirstIteration = this.iterations;
    this.cycleLength = iterations;
  }

  /** No limit at all (the tests' entry points to single search steps). */
  static unbounded(): Budget {
    return new Budget({ seed: 0, timeLimitMs: Infinity, maxIterations: Infinity }, false);
  }

  /** A budget of at most `iterations` more iterations, within this one's time limit and stop signal. */
  child(iterations: number): Budget {
    const left = Math.max(0, Math.min(iterations, this.limits.maxIterations - this.iterations));
    return new Budget({ ...this.limits, timeLimitMs: Math.max(0, this.deadline - performance.now()), maxIterations: left }, false);
  }

  /** The current cycle has run its length (never true without cycles). */
  cycleOver(): boolean {
    return Number.isFinite(this.cycleLength) && this.fraction() >= 1;
  }

  /** Share of the budget (or of the current cycle) spent, by time or by iterations, whichever is further along. */
  fraction(): number {
    const span = this.deadline - this.cycleStartedAt;
    return Math.max(
      span > 0 ? Math.min(1, (performance.now() - this.cycleStartedAt) / span) : 1,
      Number.isFinite(this.limits.maxIterations) ? this.iterations / this.limits.maxIterations : 0,
      Number.isFinite(this.cycleLength) ? (this.iterations - this.cycleFirstIteration) / this.cycleLength : 0,
    );
  }
}

/** Puts value into the first `count` entries of list, kept ascending (insertion: a few routes). */
function insertSorted(list: Int32Array, count: number, value: number): void {
  let at = count;
  while (at > 0 && list[at - 1]! > value) {
    list[at] = list[at - 1]!;
    at--;
  }
  list[at] = value;
}

/** Vehicles a plan (per vehicle, its nodes) uses. */
function routesInUse(routes: readonly (readonly number[])[]): number {
  let used = 0;
  for (const nodes of routes) if (nodes.length > 0) used++;
  return used;
}

/** The best plan found so far, and the progress reports made on it. */
class Incumbent {
  routes: number[][] = [];
  unassigned: number[] = [];
  cost = Infinity;
  readonly progress: SolveProgress[] = [];
  private lastReport = -Infinity;

  constructor(
    private readonly search: Search,
    private readonly budget: Budget,
    private readonly onProgress: SearchLimits['onProgress'],
    /** Where each new best is posted for the other threads (a run's best only, not a route group's). */
    private readonly exchange?: SearchLimits['exchange'],
  ) {}

  /** The search's current plan becomes the best (`cost`: its total cost, when the caller has it). */
  take(cost = this.search.totalCost()): void {
    this.routes = this.search.snapshot();
    this.unassigned = this.search.unassigned.slice();
    this.cost = cost;
    this.exchange?.board.post(this.exchange.slot, this.routes, this.cost);
  }

  /** Takes another incumbent's plan as the best. */
  adopt(other: Incumbent): void {
    this.routes = other.routes;
    this.unassigned = other.unassigned;
    this.cost = other.cost;
    this.exchange?.board.post(this.exchange.slot, this.routes, this.cost);
  }

  /** Whether the current plan (with cost `cost`) beats the best: fewer orders left out by priority, else cheaper. */
  beatenBy(cost: number): boolean {
    const cmp = this.search.compareUnassigned(this.search.unassigned, this.unassigned);
    return cmp < 0 || (cmp === 0 && cost < this.cost - 1e-9);
  }

  report(force: boolean): void {
    const now = performance.now();
    if (!force && now - this.lastReport < REPORT_INTERVAL_MS) return;
    this.lastReport = now;
    const p: SolveProgress = {
      elapsedMs: Math.round(now - this.budget.startedAt),
      iterations: this.budget.iterations,
      vehicles: routesInUse(this.routes),
      unassigned: this.unassigned.length,
      cost: this.cost,
    };
    this.progress.push(p);
    this.onProgress?.(p);
  }
}

/**
 * Ruin-and-recreate search: greedy construction, then (for vehicles-first objectives) route
 * elimination with absence counters, then simulated annealing over SISR string removals and
 * blink insertions, interrupted a few times by local search (relocate, 2-opt*) on the best plan
 * when no order is a pickup-and-delivery pair. Jobs are recreated highest priority first and a solution serving fewer orders
 * of some priority (compared from the highest priority down) is never accepted.
 */
export class Search {
  readonly model: CostModel;
  readonly rng: Random;
  readonly inserter: Inserter;
  readonly routes: RouteState[];
  readonly jobRoute: Int32Array;
  unassigned: number[] = [];
  /** Annealing moves made with soft windows, and how many of them were kept breaking a window (see softWindowsApply). */
  softMoves = 0;
  warpedKept = 0;
  /** Route elimination moves that lowered the absence counters but were turned down for adding more than squeezeAllowance. */
  squeezesTurnedDown = 0;
  /** The last annealing's start and end temperatures, as multiples of the average cost per order (tests). */
  lastAnnealing = { start: 0, end: 0 };
  private readonly active: Uint8Array;

  /** Per route: its state when the current move first touched it (a rejected move swaps it back). */
  private readonly backups: RouteState[];
  private readonly touched: Uint8Array;
  private touchedList: number[] = [];
  private backupUnassigned: number[] = [];
  private readonly ruined: Uint8Array;
  private readonly classSeen: Uint8Array;
  private readonly routeFocus: Uint8Array;
  /**
   * recreate's view of the routes, so that a job's evaluation visits only the routes its scope
   * takes (a fleet of 50 vehicles with 17 routes in use otherwise checks 50 per job): the routes
   * in use and the empty ones, each by index, the focused ones (routeFocus) by index, and the
   * routes one evaluation visits, in the order the scope's walk over every route would.
   */
  private readonly usedRoutes: Int32Array;
  private usedCount = 0;
  private readonly emptyRoutes: Int32Array;
  private emptyCount = 0;
  private readonly focusRoutes: Int32Array;
  private focusCount = 0;
  private readonly visitRoutes: Int32Array;
  private readonly emptyPicks: Int32Array;
  /** How many vehicle classes the fleet has. */
  private readonly vehicleClasses: number;
  private readonly retry: number[] = [];
  private readonly retryMark: Uint8Array;
  /** When >= 0, recreate inserts into this route only. */
  private onlyRoute = -1;
  private readonly removedMark: Uint8Array;
  private readonly sortKey: Float64Array;
  private readonly depotDistance: Float64Array;
  private readonly absence: Float64Array;
  private readonly countsA = new Int32Array(PRIORITY_LEVELS);
  private readonly countsB = new Int32Array(PRIORITY_LEVELS);
  private readonly candidate = emptyCandidate();
  /** The stops of the route ruin is cutting a string from, to put back if the cut breaks it. */
  private ruinBackup = new Int32Array(16);
  /** Route elimination: when true, recreate may not open unused vehicles. */
  private closedFleet = false;
  /** Route elimination: insertion with ejection where it applies (see EjectionSearch.applies, PairEjectionSearch.applies); made on first use. */
  private ejection: EjectionSearch | PairEjectionSearch | null | undefined = undefined;
  /** Share of ruins that cut longer strings (set during annealing only). */
  private longStrings = 0;
  /**
   * The routes average at least LONG_ROUTE_MIN_STOPS stops (set during annealing only): ruins begin
   * with a tail exchange at TAIL_EXCHANGE_RATE, and annealing starts at LONG_ROUTE_START_TEMPERATURE.
   */
  private longRoutes = false;
  /**
   * The annealing's start temperature on short routes (set during annealing only: see
   * annealingMultiples).
   */
  private shortRouteStartTemperature = START_TEMPERATURE;
  /** The annealing's end temperature, a multiple as END_TEMPERATURE (set during annealing only: see annealingMultiples). */
  private endTemperature = END_TEMPERATURE;
  /** Tail exchange: per order, its stops counted in one of the new routes. */
  private readonly stopCount: Uint8Array;
  /** When set, recreate inserts only into the vehicles marked here (a route group's own search). */
  private vehicleMask: Uint8Array | null = null;
  /** Orders the annealing temperature is scaled by (all, or a route group's). */
  private scaleJobs: number;
  /** Searching side by side with other threads: the plan board and this thread's slot (see run). */
  private exchange: { board: PlanBoard; slot: number } | null = null;
  /** Reading a posted plan: per order, its stops in the plan. */
  private postedCount: Uint8Array | null = null;
  /** Route group rebuilding: the search of one group, reused, and which orders it plans. */
  private groupSearch: Search | null = null;
  private groupActive: Uint8Array | null = null;
  /** Local search: the stops of two routes being recombined, and each position's open pickups. */
  private tailBuffer = new Int32Array(32);
  private openA: Int32Array = new Int32Array(32);
  private openB: Int32Array = new Int32Array(32);
  private readonly relocateOrder: number[] = [];
  /** Local search work not yet charged to the iteration budget (LOCAL_SEARCH_WORK_PER_MOVE units make one move). */
  private localSearchWork = 0;

  constructor(
    readonly inst: Instance,
    active: Uint8Array,
    seed: number,
  ) {
    this.model = costModel(inst);
    this.rng = new Random(seed);
    this.inserter = new Inserter(inst, this.model, this.rng);
    this.inserter.skipTightPositions();
    this.inserter.readLegsByDestination();
    this.inserter.checkOnlyBindingDimension();
    this.inserter.cacheInsertions();
    this.active = active;
    this.scaleJobs = inst.jobs;
    const V = inst.vehicles;
    this.routes = [];
    for (let v = 0; v < V; v++) {
      const r = new RouteState(inst, v);
      r.update(this.model);
      this.routes.push(r);
    }
    this.jobRoute = new Int32Array(inst.jobs).fill(-1);
    this.backups = this.routes.map((r) => new RouteState(inst, r.vehicle));
    this.touched = new Uint8Array(V);
    this.ruined = new Uint8Array(V);
    this.classSeen = new Uint8Array(V);
    this.routeFocus = new Uint8Array(V);
    this.usedRoutes = new Int32Array(V);
    this.emptyRoutes = new Int32Array(V);
    this.focusRoutes = new Int32Array(V);
    this.visitRoutes = new Int32Array(V);
    this.emptyPicks = new Int32Array(V);
    this.vehicleClasses = new Set(inst.vehicleClass).size;
    this.retryMark = new Uint8Array(inst.jobs);
    this.removedMark = new Uint8Array(inst.jobs);
    this.stopCount = new Uint8Array(inst.jobs);
    this.sortKey = new Float64Array(inst.jobs);
    this.absence = new Float64Array(inst.jobs);
    this.depotDistance = new Float64Array(inst.jobs);
    const depot = V > 0 ? inst.vehicleStart[0]! : -1;
    for (let j = 0; j < inst.jobs; j++) {
      let d = 0;
      for (const side of [PICKUP, DELIVERY]) d = Math.max(d, distanceBetween(inst, depot, inst.nodeLocation[nodeOf(j, side)]!));
      this.depotDistance[j] = d;
    }
  }

  // ---- state bookkeeping -------------------------------------------------------------------

  private touch(r: number): void {
    if (this.touched[r]) return;
    this.touched[r] = 1;
    this.touchedList.push(r);
    this.backups[r]!.copyFrom(this.routes[r]!);
  }

  private beginMove(): void {
    for (const r of this.touchedList) this.touched[r] = 0;
    this.touchedList = [];
    this.backupUnassigned = this.unassigned.slice();
  }

  private rollback(): void {
    for (const j of this.unassigned) this.jobRoute[j] = -1;
    for (const r of this.touchedList) {
      const route = this.routes[r]!;
      route.swapWith(this.backups[r]!);
      for (let k = 1; k <= route.size; k++) this.jobRoute[jobOf(route.node[k]!)] = r;
      this.touched[r] = 0;
    }
    this.touchedList = [];
    this.unassigned = this.backupUnassigned;
    for (const j of this.unassigned) this.jobRoute[j] = -1;
    if (this.model.usesMaxDistance) this.inserter.refreshMaxDistance(this.routes);
  }

  totalCost(): number {
    let c = 0;
    let m = 0;
    for (const r of this.routes) {
      c += r.cost;
      if (r.distance > m) m = r.distance;
    }
    return this.model.usesMaxDistance ? c + MAX_ROUTE_WEIGHT * m : c;
  }

  usedVehicles(): number {
    let u = 0;
    for (const r of this.routes) if (r.size > 0) u++;
    return u;
  }

  /** Cost without the per-vehicle term: the scale for annealing temperatures. */
  private variableCost(): number {
    const c = this.totalCost();
    return this.model.vehiclesFirst ? c - VEHICLE_WEIGHT * this.usedVehicles() : c;
  }

  private countByPriority(list: readonly number[], out: Int32Array): Int32Array {
    out.fill(0);
    for (const j of list) out[this.inst.priority[j]!]!++;
    return out;
  }

  /** <0 when list a leaves fewer orders unserved (highest priority first), >0 when more. */
  compareUnassigned(a: readonly number[], b: readonly number[]): number {
    return compareLeftOut(this.countByPriority(a, this.countsA), this.countByPriority(b, this.countsB));
  }

  snapshot(): number[][] {
    return this.routes.map((r) => Array.from(r.node.subarray(1, r.size + 1)));
  }

  restore(routes: readonly number[][], unassigned: readonly number[]): void {
    this.jobRoute.fill(-1);
    routes.forEach((nodes, r) => this.assignStops(r, nodes));
    this.unassigned = unassigned.slice();
    this.touchedList = [];
    this.touched.fill(0);
    if (this.model.usesMaxDistance) this.inserter.refreshMaxDistance(this.routes);
  }

  /** Route r visits exactly these nodes, its schedule updated and its orders' jobRoute set. */
  private assignStops(r: number, nodes: readonly number[]): void {
    const route = this.routes[r]!;
    route.setStops(nodes, nodes.length);
    route.update(this.model);
    for (const x of nodes) this.jobRoute[jobOf(x)] = r;
  }

  // ---- recreate ----------------------------------------------------------------------------

  private sortJobs(jobs: number[], mode: SortMode): void {
    const key = this.sortKey;
    const inst = this.inst;
    const D = inst.dims;
    for (const j of jobs) {
      let k: number;
      if (mode === SortMode.Random) k = this.rng.next();
      else if (mode === SortMode.LargestFirst) {
        k = 0;
        for (let d = 0; d < D; d++) k += inst.size[j * D + d]!;
        k = -k;
      } else if (mode === SortMode.FarthestFirst) k = -this.depotDistance[j]!;
      else if (mode === SortMode.NearestFirst) k = this.depotDistance[j]!;
      else k = -this.absence[j]!;
      // Higher priority always first.
      key[j] = -inst.priority[j]! * 1e12 + k;
    }
    if (jobs.length > INSERTION_SORT_MAX) {
      jobs.sort((a, b) => key[a]! - key[b]!);
      return;
    }
    // A move's few orders: an insertion sort, stable as Array.prototype.sort, without its calls.
    for (let i = 1; i < jobs.length; i++) {
      const j = jobs[i]!;
      const kj = key[j]!;
      let at = i;
      while (at > 0 && key[jobs[at - 1]!]! > kj) {
        jobs[at] = jobs[at - 1]!;
        at--;
      }
      jobs[at] = j;
    }
  }

  /** Random 4 in 11, largest first 4 in 11, farthest first 2 in 11, nearest first 1 in 11. */
  private randomSortMode(): SortMode {
    const u = this.rng.int(11);
    return u < 4 ? SortMode.Random : u < 8 ? SortMode.LargestFirst : u < 10 ? SortMode.FarthestFirst : SortMode.NearestFirst;
  }

  /** Evaluates job in the routes of `scope` (one empty route per vehicle class). */
  private insertInto(job: number, scope: InsertScope): void {
    // Only the best candidate over all the routes is replanned (see Inserter.beginDeferred); when
    // it turns out infeasible, the routes are evaluated again replanning each candidate.
    if (!this.inserter.beginDeferred(this.candidate)) return void this.evaluateIn(job, scope);
    const improved = this.evaluateIn(job, scope);
    const best = this.candidate;
    if (!this.inserter.endDeferred(best, this.routes[best.route], job, improved)) this.evaluateIn(job, scope);
  }

  /** Evaluates job in every route of the scope; true when the best candidate changed. */
  private evaluateIn(job: number, scope: InsertScope): boolean {
    const count = this.routesToVisit(job, scope);
    let improved = false;
    for (let k = 0; k < count; k++) {
      const r = this.visitRoutes[k]!;
      if (this.inserter.evaluate(this.routes[r]!, r, job, this.candidate)) improved = true;
    }
    return improved;
  }

  /**
   * The routes job's evaluation in `scope` visits, by index (the order decides ties and blinks),
   * into visitRoutes; returns their count. Within vehicleMask: the routes in use the scope takes
   * (Focused: routeFocus; Unfocused: the others) and, outside a closed fleet and in All or Focused,
   * the first empty route of each vehicle class the job may use; with onlyRoute, that route alone
   * if the same rules take it (an empty one also in a closed fleet). Read from recreate's route
   * lists (see usedRoutes).
   */
  private routesToVisit(job: number, scope: InsertScope): number {
    const inst = this.inst;
    const routes = this.routes;
    const mask = this.vehicleMask;
    const visit = this.visitRoutes;
    const only = this.onlyRoute;
    if (only >= 0) {
      const route = routes[only]!;
      if (mask !== null && !mask[route.vehicle]) return 0;
      if (route.size > 0) {
        if (scope !== InsertScope.All && (this.routeFocus[only] === 1) !== (scope === InsertScope.Focused)) return 0;
      } else if (!inst.compatible[job * inst.vehicles + route.vehicle]) return 0;
      visit[0] = only;
      return 1;
    }
    let count = 0;
    const focused = scope === InsertScope.Focused;
    const list = focused ? this.focusRoutes : this.usedRoutes;
    const listed = focused ? this.focusCount : this.usedCount;
    for (let k = 0; k < listed; k++) {
      const r = list[k]!;
      if (scope === InsertScope.Unfocused && this.routeFocus[r] === 1) continue;
      if (mask === null || mask[routes[r]!.vehicle]) visit[count++] = r;
    }
    if (this.closedFleet || scope === InsertScope.Unfocused || this.emptyCount === 0) return count;
    const picks = this.emptyPicks;
    let picked = 0;
    this.classSeen.fill(0);
    for (let k = 0; k < this.emptyCount && picked < this.vehicleClasses; k++) {
      const r = this.emptyRoutes[k]!;
      const v = routes[r]!.vehicle;
      if ((mask !== null && !mask[v]) || !inst.compatible[job * inst.vehicles + v]) continue;
      const cls = inst.vehicleClass[v]!;
      if (this.classSeen[cls]) continue;
      this.classSeen[cls] = 1;
      picks[picked++] = r;
    }
    // Both lists run by index: merge them from the back.
    let a = count - 1;
    let b = picked - 1;
    for (let w = count + picked - 1; b >= 0; w--) visit[w] = a >= 0 && visit[a]! > picks[b]! ? visit[a--]! : picks[b--]!;
    return count + picked;
  }

  /** recreate's lists of the routes in use and the empty ones (see usedRoutes). */
  private listRoutes(): void {
    this.usedCount = 0;
    this.emptyCount = 0;
    for (let r = 0; r < this.routes.length; r++) {
      if (this.routes[r]!.size > 0) this.usedRoutes[this.usedCount++] = r;
      else this.emptyRoutes[this.emptyCount++] = r;
    }
  }

  /** The routes of job's K nearest neighbours: routeFocus, and focusRoutes by index. */
  private focusOn(job: number, K: number): void {
    const inst = this.inst;
    this.routeFocus.fill(0);
    let focused = 0;
    for (let k = 0; k < K; k++) {
      const r = this.jobRoute[inst.neighbors[job * inst.neighborCount + k]!]!;
      if (r < 0 || this.routeFocus[r] === 1) continue;
      this.routeFocus[r] = 1;
      insertSorted(this.focusRoutes, focused++, r);
    }
    this.focusCount = focused;
  }

  /**
   * The routes recreate would evaluate job in, in order, on the current plan (tests; see
   * routesToVisit): scope 'focused' and 'unfocused' around job's `neighbours` nearest neighbours.
   */
  routesVisited(
    job: number,
    scope: 'all' | 'focused' | 'unfocused',
    options: { neighbours: number; closedFleet: boolean; vehicleMask: Uint8Array | null; onlyRoute: number },
  ): number[] {
    const saved = { closedFleet: this.closedFleet, vehicleMask: this.vehicleMask, onlyRoute: this.onlyRoute };
    this.closedFleet = options.closedFleet;
    this.vehicleMask = options.vehicleMask;
    this.onlyRoute = options.onlyRoute;
    this.listRoutes();
    this.focusOn(job, Math.min(this.inst.neighborCount, options.neighbours));
    const count = this.routesToVisit(job, scope === 'all' ? InsertScope.All : scope === 'focused' ? InsertScope.Focused : InsertScope.Unfocused);
    this.closedFleet = saved.closedFleet;
    this.vehicleMask = saved.vehicleMask;
    this.onlyRoute = saved.onlyRoute;
    return Array.from(this.visitRoutes.subarray(0, count));
  }

  /** Route r, empty until now, is in use (recreate placed an order in it). */
  private routeNowUsed(r: number): void {
    let k = 0;
    while (this.emptyRoutes[k] !== r) k++;
    this.emptyRoutes.copyWithin(k, k + 1, this.emptyCount);
    this.emptyCount--;
    insertSorted(this.usedRoutes, this.usedCount++, r);
  }

  /**
   * Greedy insertion of jobs (cheapest position over all routes); leftovers become unassigned.
   * Given `rejectAbove`, an annealing move's acceptance threshold: gives up and returns true, the
   * plan half rebuilt (the caller rolls back), as soon as the plan costs that much or more or a job
   * finds no room, as the finished move would then be rejected too: an insertion adds cost (a
   * detour; with time costs, a later end) and does not take cost away. (Where a matrix breaks the
   * triangle inequality an insertion can cost less than nothing, and such a move is rejected where
   * finishing it might have got under the threshold: a slightly stricter acceptance there.) Not
   * with the longest-route term of MIN_MAX_TRAVEL_COST_DISTANCE, which is no sum over insertions.
   * Measured on the 20 Li & Lim 200 type 1 instances (6 s, two threads, seeds 1 to 3): annealing
   * 10% faster per move on lr1_2_2 (one thread, 50,000 moves: 977 -> 874 ms), mean gap 1.072% ->
   * 0.950% over the 48 runs where both have the BKS vehicles.
   */
  recreate(jobs: number[], sortMode: SortMode, rejectAbove = Infinity): boolean {
    this.sortJobs(jobs, sortMode);
    const rejecting = rejectAbove < Infinity && !this.model.usesMaxDistance;
    let cost = rejecting ? this.totalCost() : 0;
    const inst = this.inst;
    const routes = this.routes;
    const best = this.candidate;
    const usesMax = this.model.usesMaxDistance;
    if (usesMax) this.inserter.refreshMaxDistance(routes);
    this.listRoutes();
    const used = this.usedCount;
    // Large fleets: try the routes serving the job's nearest neighbours first, all routes only if
    // none of those has room.
    const focus = used > FOCUS_MIN_ROUTES && inst.neighborCount > 0;
    const K = Math.min(inst.neighborCount, FOCUS_NEIGHBORS);
    for (const job of jobs) {
      best.cost = Infinity;
      best.route = -1;
      if (focus) {
        this.focusOn(job, K);
        this.insertInto(job, InsertScope.Focused);
        // Nothing (or only a new route) so far: the other routes get their chance, except for
        // retried left-out orders, which already found no room last time.
        if ((best.route < 0 || routes[best.route]!.size === 0) && !this.retryMark[job]) this.insertInto(job, InsertScope.Unfocused);
      } else this.insertInto(job, InsertScope.All);
      if (best.route < 0) {
        if (rejecting) return true;
        this.unassigned.push(job);
        this.jobRoute[job] = -1;
        continue;
      }
      this.touch(best.route);
      const route = routes[best.route]!;
      if (route.size === 0) this.routeNowUsed(best.route);
      const routeCostBefore = route.cost;
      this.place(job, best.route, best);
      if (usesMax) this.inserter.refreshMaxDistance(routes);
      if (rejecting) {
        cost += route.cost - routeCostBefore;
        if (cost >= rejectAbove) return true;
      }
    }
    return false;
  }

  /** Puts job into route r where `at` says (the inserter's candidate for that route). */
  private place(job: number, r: number, at: InsertionCandidate): void {
    const inst = this.inst;
    const route = this.routes[r]!;
    const hasP = hasStop(inst, job, PICKUP);
    const hasD = hasStop(inst, job, DELIVERY);
    if (hasP && hasD) route.insert(pickupNode(job), at.i, deliveryNode(job), at.j);
    else route.insert(hasP ? pickupNode(job) : deliveryNode(job), at.i, -1, -1);
    route.update(this.model);
    this.jobRoute[job] = r;
  }

  // ---- ruin --------------------------------------------------------------------------------

  private removeJob(job: number, out: number[]): void {
    const r = this.takeOut(job, out);
    if (r >= 0) this.routes[r]!.removeJob(job);
  }

  /**
   * The bookkeeping of removing job from its route (backup, marks, `out`), leaving its stops to the
   * caller; returns the route, or -1 when the job is unassigned or already taken out.
   */
  private takeOut(job: number, out: number[]): number {
    const r = this.jobRoute[job]!;
    if (r < 0 || this.removedMark[job]) return -1;
    this.touch(r);
    this.jobRoute[job] = -1;
    this.removedMark[job] = 1;
    out.push(job);
    return r;
  }

  /** SISR: remove strings (or split strings) of stops from routes near a random seed job. */
  ruin(out: number[]): void {
    const inst = this.inst;
    const routes = this.routes;
    let stops = 0;
    let used = 0;
    for (const r of routes) {
      if (r.size > 0) {
        stops += r.size;
        used++;
      }
    }
    if (used === 0) return;
    const long = this.longStrings > 0 && this.rng.next() < this.longStrings;
    const lsMax = Math.min(long ? LONG_MAX_STRING : MAX_STRING, stops / used);
    const ksMax = (4 * (long ? LONG_AVG_REMOVED : AVG_REMOVED)) / (1 + lsMax) - 1;
    const ks = Math.floor(this.rng.next() * ksMax) + 1;
    const seed = this.randomPlannedJob();
    if (seed < 0) return;
    this.ruined.fill(0);
    let strings = 0;
    const K = inst.neighborCount;
    for (let idx = -1; idx < K && strings < ks; idx++) {
      const c = idx < 0 ? seed : inst.neighbors[seed * K + idx]!;
      const r = this.jobRoute[c]!;
      if (r < 0 || this.ruined[r]) continue;
      const route = routes[r]!;
      const n = route.size;
      const lMax = Math.min(n, lsMax);
      const l = Math.floor(this.rng.next() * lMax) + 1;
      const nodeC = hasStop(inst, c, PICKUP) ? pickupNode(c) : deliveryNode(c);
      const pos = route.positionOf(nodeC);
      const victims: number[] = [];
      if (l >= n || this.rng.next() < 0.5) {
        let first = pos - this.rng.int(l);
        first = Math.max(1, Math.min(first, n - l + 1));
        for (let k = first; k < first + l; k++) victims.push(jobOf(route.node[k]!));
      } else {
        let m = 1;
        while (l + m < n && this.rng.next() < 0.5) m++;
        let first = pos - this.rng.int(l + m);
        first = Math.max(1, Math.min(first, n - l - m + 1));
        const keepAt = first + this.rng.int(l + 1);
        for (let k = first; k < first + l + m; k++) {
          if (k >= keepAt && k < keepAt + m) continue;
          victims.push(jobOf(route.node[k]!));
        }
      }
      const removedBefore = out.length;
      if (this.ruinBackup.length < n) this.ruinBackup = new Int32Array(2 * n);
      this.ruinBackup.set(route.node.subarray(1, n + 1));
      // The string's jobs leave in one pass over the route (removeJob walks the route per job).
      for (const j of victims) this.takeOut(j, out);
      // Only this string's jobs are marked and still in the route: earlier strings left theirs out.
      route.removeMarkedJobs(this.removedMark);
      route.update(this.model);
      this.ruined[r] = 1;
      strings++;
      // Removing stops need not keep a route feasible: with time-of-day traffic (or a duration
      // matrix without the triangle inequality) the shortened route can arrive at a later stop at
      // another time, and its schedule can then break a window or maxDuration. Such a string
      // stays: the route goes back to its stops before the removal.
      if (!route.feasible) {
        route.setStops(this.ruinBackup, n);
        route.update(this.model);
        for (let k = removedBefore; k < out.length; k++) {
          const j = out[k]!;
          this.jobRoute[j] = r;
          this.removedMark[j] = 0;
        }
        out.length = removedBefore;
      }
    }
    for (const j of out) this.removedMark[j] = 0;
  }

  /**
   * 2-opt* as a ruin: a random order c and one of its nearest orders d in another route; c's route
   * keeps its stops up to c and goes on with d's route from d, d's route keeps its stops before d
   * and goes on with the rest of c's. Orders whose pickup and delivery the cuts put in different
   * routes are removed (recreate puts them back). Nothing changes when no such pair of routes is
   * found or a new route breaks a constraint (a later window, a load, a lock, a vehicle limit).
   * Returns whether the routes were exchanged.
   */
  private exchangeTailsRuin(out: number[]): boolean {
    const inst = this.inst;
    const c = this.randomPlannedJob();
    if (c < 0) return false;
    const a = this.jobRoute[c]!;
    const K = inst.neighborCount;
    let d = -1;
    for (let k = this.rng.int(Math.max(1, Math.min(K, NEAR_NEIGHBORS))); k < K && d < 0; k++) {
      const near = inst.neighbors[c * K + k]!;
      const r = this.jobRoute[near]!;
      if (r >= 0 && r !== a) d = near;
    }
    if (d < 0) return false;
    const b = this.jobRoute[d]!;
    const A = this.routes[a]!;
    const B = this.routes[b]!;
    const nA = A.size;
    const nB = B.size;
    const cutA = A.positionOf(this.randomStopOf(c));
    const cutB = B.positionOf(this.randomStopOf(d)) - 1;
    if (!(this.compatibleStops(B, cutB + 1, nB, A.vehicle) && this.compatibleStops(A, cutA + 1, nA, B.vehicle))) return false;
    this.swapTails(a, cutA, b, cutB);
    // An order with one stop in the new route a has its other stop in the new route b.
    const count = this.stopCount;
    for (let k = 1; k <= A.size; k++) count[jobOf(A.node[k]!)]!++;
    const removedBefore = out.length;
    for (let k = 1; k <= A.size; k++) {
      const job = jobOf(A.node[k]!);
      if (count[job] === 1 && hasStop(inst, job, PICKUP) && hasStop(inst, job, DELIVERY)) out.push(job);
      count[job] = 0;
    }
    for (let k = removedBefore; k < out.length; k++) {
      const job = out[k]!;
      A.removeJob(job);
      B.removeJob(job);
      this.jobRoute[job] = -1;
    }
    A.update(this.model);
    B.update(this.model);
    if (A.feasible && B.feasible) return true;
    out.length = removedBefore;
    this.rollback();
    this.beginMove();
    return false;
  }

  /**
   * Plans a random route and the one or two routes nearest to it (most of its orders' nearest
   * neighbours) from scratch, with a search of their orders and vehicles only (`moves` moves,
   * charged to the budget); the new routes replace them when they serve every order at a lower
   * cost. Returns whether they did.
   */
  private rebuildRouteGroup(budget: Budget, moves: number): boolean {
    const inst = this.inst;
    const routes = this.routes;
    const used: number[] = [];
    for (let r = 0; r < routes.length; r++) if (routes[r]!.size > 0) used.push(r);
    if (used.length < 2) return false;
    const first = used[this.rng.int(used.length)]!;
    const nearness = new Float64Array(routes.length);
    const K = inst.neighborCount;
    const seedRoute = routes[first]!;
    for (let k = 1; k <= seedRoute.size; k++) {
      const job = jobOf(seedRoute.node[k]!);
      for (let q = 0; q < Math.min(K, NEAR_NEIGHBORS); q++) {
        const r = this.jobRoute[inst.neighbors[job * K + q]!]!;
        if (r >= 0 && r !== first) nearness[r]!++;
      }
    }
    const group = [first];
    const size = this.rng.next() < 0.5 ? 3 : 2;
    while (group.length < size) {
      let next = -1;
      for (let r = 0; r < routes.length; r++) if (nearness[r]! > 0 && !group.includes(r) && (next < 0 || nearness[r]! > nearness[next]!)) next = r;
      if (next < 0) break;
      group.push(next);
    }
    if (group.length < 2) return false;

    const active = (this.groupActive ??= new Uint8Array(inst.jobs));
    active.fill(0);
    let orders = 0;
    const mask = new Uint8Array(inst.vehicles);
    for (const r of group) {
      const route = routes[r]!;
      mask[route.vehicle] = 1;
      for (let k = 1; k <= route.size; k++) {
        const job = jobOf(route.node[k]!);
        if (!active[job]) orders++;
        active[job] = 1;
      }
    }
    const sub = (this.groupSearch ??= new Search(inst, active, this.rng.int(0x40000000)));
    sub.vehicleMask = mask;
    sub.scaleJobs = orders;
    sub.longRoutes = this.longRoutes;
    sub.restore(
      routes.map(() => []),
      [],
    );
    sub.construct();
    const subBudget = budget.child(moves);
    const rebuilt = new Incumbent(sub, subBudget, undefined);
    rebuilt.take();
    sub.anneal(subBudget, rebuilt);
    budget.iterations += subBudget.iterations;
    if (rebuilt.unassigned.length > 0) return false;
    let groupCost = 0;
    for (const r of group) groupCost += routes[r]!.cost;
    if (!(rebuilt.cost < groupCost - LOCAL_SEARCH_MIN_GAIN)) return false;
    this.beginMove();
    for (const r of group) {
      this.touch(r);
      this.assignStops(r, rebuilt.routes[r]!);
    }
    return true;
  }

  /** One route group rebuilt on the current plan (tests; see rebuildRouteGroup). */
  rebuildRouteGroupOnce(moves: number): boolean {
    return this.rebuildRouteGroup(Budget.unbounded(), moves);
  }

  /** A random job that is in a route (-1 when 50 draws found none). */
  private randomPlannedJob(): number {
    for (let tries = 0; tries < 50; tries++) {
      const j = this.rng.int(this.inst.jobs);
      if (this.jobRoute[j]! >= 0) return j;
    }
    return -1;
  }

  /** The pickup or the delivery of a job, at random when it has both. */
  private randomStopOf(job: number): number {
    const inst = this.inst;
    if (!hasStop(inst, job, PICKUP)) return deliveryNode(job);
    if (!hasStop(inst, job, DELIVERY)) return pickupNode(job);
    return this.rng.next() < 0.5 ? pickupNode(job) : deliveryNode(job);
  }

  /** Every route this move changed is feasible (the one condition for keeping a move). */
  private touchedFeasible(): boolean {
    for (const r of this.touchedList) if (!this.routes[r]!.feasible) return false;
    return true;
  }

  private removeRoute(r: number, out: number[]): void {
    const route = this.routes[r]!;
    for (let k = 1; k <= route.size; k++) {
      const j = jobOf(route.node[k]!);
      if (!this.removedMark[j]) {
        this.removedMark[j] = 1;
        out.push(j);
      }
    }
    this.touch(r);
    for (const j of out) {
      this.jobRoute[j] = -1;
      this.removedMark[j] = 0;
    }
    route.clear();
    route.update(this.model);
  }

  // ---- phases ------------------------------------------------------------------------------

  /**
   * Vehicles any plan needs: single-stop jobs ride from the start (or to the end) together, so
   * their total size must fit into the largest capacities. Route elimination stops there.
   */
  vehicleLowerBound(): number {
    const inst = this.inst;
    const D = inst.dims;
    let bound = 1;
    for (let d = 0; d < D; d++) {
      // Jobs with a stop on one side only: delivery-only jobs ride from the start, pickup-only to the end.
      for (const missing of [PICKUP, DELIVERY]) {
        let total = 0;
        for (let j = 0; j < inst.jobs; j++) {
          if (!this.active[j]) continue;
          if (hasStop(inst, j, missing) || !hasStop(inst, j, 1 - missing)) continue;
          total += inst.size[j * D + d]!;
        }
        if (total <= 0) continue;
        const caps = Array.from({ length: inst.vehicles }, (_, v) => inst.vehicleCapacity[v * D + d]!).sort((a, b) => b - a);
        let k = 0;
        while (total > 1e-9 && k < caps.length) total -= caps[k++]!;
        bound = Math.max(bound, k);
      }
    }
    return Math.max(bound, this.vehiclesForTime());
  }

  /**
   * A lower bound on the vehicles by time: every stop takes its service and a leg into it no
   * shorter than the shortest from any other stop or start, every route a leg back no shorter than
   * the shortest from any stop to its end, and no route lasts longer than its vehicle's shift (or
   * maximum duration). Capacity alone bounds pickup-and-delivery plans at one vehicle, so route
   * elimination kept trying for a route fewer than time allows (Li & Lim lc2, lr2_2_8) until its
   * phase ran out. 1 where the stops are too many to compare pairwise.
   */
  private vehiclesForTime(): number {
    const inst = this.inst;
    const stops: number[] = [];
    for (let j = 0; j < inst.jobs; j++) {
      if (!this.active[j]) continue;
      for (const x of [pickupNode(j), deliveryNode(j)]) if (inst.nodeLocation[x]! >= 0) stops.push(x);
    }
    if (stops.length === 0 || stops.length > TIME_BOUND_MAX_STOPS) return 1;
    const L = inst.locations;
    const durations = inst.durations;
    let fastest = Infinity;
    let openStart = false;
    for (let v = 0; v < inst.vehicles; v++) {
      // Traffic: the least factor within the shift (as insertion's duration bound takes it).
      fastest = Math.min(fastest, inst.vehicleSpeed[v]! * leastTrafficFactor(inst.traffic, inst.vehicleEarliest[v]!, inst.vehicleLatest[v]!));
      if (inst.vehicleStart[v]! < 0) openStart = true;
    }
    // The least time the stops take: service, and the shortest leg in (none where a route may start anywhere).
    let needed = 0;
    for (const x of stops) {
      const to = inst.nodeLocation[x]!;
      let shortest = Infinity;
      if (!openStart) {
        for (let v = 0; v < inst.vehicles; v++) shortest = Math.min(shortest, durations[inst.vehicleStart[v]! * L + to]!);
        for (const y of stops) if (y !== x) shortest = Math.min(shortest, durations[inst.nodeLocation[y]! * L + to]!);
      }
      needed += inst.nodeService[x]! + (Number.isFinite(shortest) && !openStart ? fastest * shortest : 0);
    }
    // What each vehicle's route can hold: its shift, less the shortest leg from a stop to its end.
    const room: number[] = [];
    for (let v = 0; v < inst.vehicles; v++) {
      let back = 0;
      const end = inst.vehicleEnd[v]!;
      if (end >= 0) {
        back = Infinity;
        for (const x of stops) back = Math.min(back, durations[inst.nodeLocation[x]! * L + end]!);
        back *= fastest;
      }
      room.push(Math.min(inst.vehicleLatest[v]! - inst.vehicleEarliest[v]!, inst.vehicleMaxDuration[v]!) - back);
    }
    room.sort((a, b) => b - a);
    // A hair less than needed: rounding must never make the bound exceed the truth.
    let left = needed * (1 - 1e-9) - 1e-6;
    let k = 0;
    while (left > 0 && k < room.length && room[k]! > 0) left -= room[k++]!;
    return Math.max(1, k);
  }

  construct(): void {
    const jobs: number[] = [];
    for (let j = 0; j < this.inst.jobs; j++) if (this.active[j]) jobs.push(j);
    this.beginMove();
    this.recreate(jobs, SortMode.FarthestFirst);
  }

  /**
   * Splits the left-out orders into those retried in this move (all when few; else those near the
   * ruined area plus a random sample) and those that stay out. Retrying hundreds of orders that
   * found no room every move would dominate the cost of a move on large, tight instances.
   */
  private pickRetries(removed: readonly number[]): number[] {
    this.retry.length = 0;
    const U = this.unassigned.length;
    if (U <= RETRY_SAMPLE) {
      for (const j of this.unassigned) this.retry.push(j);
      return [];
    }
    const inst = this.inst;
    for (const j of removed) this.removedMark[j] = 1;
    const K = Math.min(inst.neighborCount, RETRY_NEIGHBORS);
    const rate = RETRY_SAMPLE / U;
    const stay: number[] = [];
    for (const j of this.unassigned) {
      let near = this.rng.next() < rate;
      for (let k = 0; k < K && !near; k++) if (this.removedMark[inst.neighbors[j * inst.neighborCount + k]!]) near = true;
      if (near) this.retry.push(j);
      else stay.push(j);
    }
    for (const j of removed) this.removedMark[j] = 0;
    return stay;
  }

  /**
   * Moves every order of one route into another vehicle's route (possibly empty), re-inserted
   * cheapest-first. Ruin-and-recreate rarely finds this on mixed fleets: spreading orders over an
   * empty vehicle pays its fixed cost up front. Returns false when the pair does not qualify.
   */
  private transferRoute(): boolean {
    this.beginMove();
    const routes = this.routes;
    const inst = this.inst;
    const a = this.rng.int(routes.length);
    const b = this.rng.int(routes.length);
    if (a === b || routes[a]!.size === 0 || inst.vehicleClass[routes[a]!.vehicle] === inst.vehicleClass[routes[b]!.vehicle]) {
      return false;
    }
    const jobs: number[] = [];
    this.removeRoute(a, jobs);
    this.onlyRoute = b;
    this.recreate(jobs, SortMode.Random);
    this.onlyRoute = -1;
    return true;
  }

  /** One ruin-and-recreate move on the current state (not yet accepted). */
  private move(sortMode: SortMode, rejectAbove = Infinity): boolean {
    this.beginMove();
    const removed: number[] = [];
    if (this.longRoutes && this.rng.next() < TAIL_EXCHANGE_RATE) this.exchangeTailsRuin(removed);
    this.ruin(removed);
    const pool = removed;
    const left = this.pickRetries(removed);
    for (const j of this.retry) pool.push(j);
    this.unassigned = left;
    this.inserter.blinkRate = BLINK_RATE;
    for (const j of this.retry) this.retryMark[j] = 1;
    const rejected = this.recreate(pool, sortMode, rejectAbove);
    for (const j of this.retry) this.retryMark[j] = 0;
    this.inserter.blinkRate = 0;
    return rejected;
  }

  /** Greedy construction, route elimination (vehicles-first objectives), annealing, a last retry of left-out orders. */
  run(limits: SearchLimits): SearchResult {
    const planned = this.plannedJobs();
    const budget = new Budget(limits, planned === 0 || this.inst.vehicles === 0);
    // Stopping on convergence, runs on other threads are independent (and the result deterministic).
    this.exchange = limits.untilConverged ? null : (limits.exchange ?? null);
    const best = new Incumbent(this, budget, limits.onProgress, this.exchange ?? undefined);
    const cycle = cycleIterations(planned);
    if (limits.untilConverged) budget.startCycle(cycle, budget.startedAt);

    this.construct();
    best.take();
    const timeToFirstFeasibleMs = performance.now() - budget.startedAt;
    best.report(true);

    this.improve(budget, best, limits);
    // Stopping on convergence: independent runs from a new construction until one brings nothing.
    while (limits.untilConverged && !limits.oneRun && !budget.stopped()) {
      budget.startCycle(cycle);
      const run = new Incumbent(this, budget, undefined);
      this.restore(
        this.routes.map(() => []),
        [],
      );
      this.construct();
      run.take();
      this.improve(budget, run, limits);
      const cmp = this.compareUnassigned(run.unassigned, best.unassigned);
      if (!(cmp < 0 || (cmp === 0 && run.cost < best.cost - CONVERGED_GAIN * Math.abs(best.cost)))) break;
      best.adopt(run);
      best.report(false);
    }
    this.restore(best.routes, best.unassigned);
    this.retryLeftOut(best);
    best.report(true);
    return {
      routes: best.routes,
      unassigned: best.unassigned,
      iterations: budget.iterations,
      elapsedMs: performance.now() - budget.startedAt,
      timeToFirstFeasibleMs,
      progress: best.progress,
    };
  }

  /** Route elimination (vehicles-first objectives), then annealing, from the current plan; ends on the best plan. */
  private improve(budget: Budget, best: Incumbent, limits: SearchLimits): void {
    if (this.model.vehiclesFirst && this.unassigned.length === 0 && this.usedVehicles() > 1)
      this.eliminateRoutes(budget, best, this.longRouteFleetShare(limits), limits.fleetShare ?? FLEET_PHASE_SHARE);
    this.longStrings = limits.longStringShare ?? 0;
    const stopsPerRoute = this.stopsPerRoute();
    this.longRoutes = stopsPerRoute >= LONG_ROUTE_MIN_STOPS;
    const multiples = annealingMultiples(limits, this.plannedJobs(), this.hasPairs(), stopsPerRoute);
    this.shortRouteStartTemperature = multiples.shortStart;
    this.endTemperature = multiples.end;
    this.anneal(budget, best);
    this.longStrings = 0;
    this.longRoutes = false;
    this.shortRouteStartTemperature = START_TEMPERATURE;
    this.endTemperature = END_TEMPERATURE;
    this.restore(best.routes, best.unassigned);
  }

  /** The share of the budget route elimination may take once the routes are long, under these limits. */
  longRouteFleetShare(limits: Pick<SearchLimits, 'longRouteFleetShare' | 'pairsLongRouteFleetShare'>): number {
    return (this.hasPairs() ? limits.pairsLongRouteFleetShare : undefined) ?? limits.longRouteFleetShare ?? FLEET_PHASE_SHARE;
  }

  /**
   * Route elimination, within the first `shortRouteShare` of the budget (`longRouteShare` once the
   * routes are long): drop the route with the fewest stops and run moves until its orders find room
   * elsewhere (every order stays served), steered by absence counters; stop at the first route that
   * cannot go, or at the lower bound.
   */
  private eliminateRoutes(budget: Budget, best: Incumbent, longRouteShare: number, shortRouteShare: number): void {
    const shareNow = (): number => (this.routesAreLong() ? longRouteShare : shortRouteShare);
    let share = shareNow();
    const phaseOver = (): boolean => budget.stopped() || budget.fraction() >= share;
    this.closedFleet = true;
    this.absence.fill(0);
    const fewest = this.vehicleLowerBound();
    while (!phaseOver() && this.usedVehicles() > fewest) {
      let victim = -1;
      for (let r = 0; r < this.routes.length; r++) {
        const size = this.routes[r]!.size;
        if (size > 0 && (victim < 0 || size < this.routes[victim]!.size)) victim = r;
      }
      this.beginMove();
      const freed: number[] = [];
      this.removeRoute(victim, freed);
      this.unassigned = freed;
      if (!this.reinsertFreedOrders(budget, phaseOver)) break;
      best.take();
      best.report(false);
      share = shareNow();
    }
    this.closedFleet = false;
    this.restore(best.routes, best.unassigned);
  }

  /**
   * Route elimination alone from the current plan within `maxIterations` moves, ending at
   * `longRouteShare` of them on long routes and `shortRouteShare` on short ones (tests; see
   * eliminateRoutes). Returns the moves it spent.
   */
  eliminateRoutesWithin(maxIterations: number, longRouteShare: number, shortRouteShare = FLEET_PHASE_SHARE): number {
    const budget = Budget.unbounded().child(maxIterations);
    const best = new Incumbent(this, budget, undefined);
    best.take();
    this.eliminateRoutes(budget, best, longRouteShare, shortRouteShare);
    return budget.iterations;
  }

  /** Moves until no order is left out (true) or the phase ends (false). */
  private reinsertFreedOrders(budget: Budget, phaseOver: () => boolean): boolean {
    let fleetCost = this.totalCost();
    const startedAt = budget.fraction();
    const ejectFrom = startedAt + EJECT_AFTER;
    const squeezeCap = this.routesAreLong() && this.hasPairs() ? SQUEEZE_CAP * this.costPerOrder() : Infinity;
    while (!phaseOver()) {
      budget.iterations++;
      const before = this.unassigned.slice();
      let beforeAbsence = 0;
      for (const j of before) beforeAbsence += this.absence[j]!;
      this.move(this.rng.next() < ABSENCE_SORT_RATE ? SortMode.MostAbsentFirst : this.randomSortMode());
      let afterAbsence = 0;
      for (const j of this.unassigned) {
        this.absence[j]!++;
        afterAbsence += this.absence[j]!;
      }
      const cmp = this.compareUnassigned(this.unassigned, before);
      const fewer = this.unassigned.length < before.length;
      const cost = this.totalCost();
      // Absences drive the elimination; among equally many left-out orders a shorter plan is
      // kept too, so the plan that finally serves everyone is not needlessly tangled.
      const shorter = this.unassigned.length === before.length && cost < fleetCost;
      const lowered = afterAbsence < beforeAbsence;
      const lessAbsent = lowered && cost - fleetCost <= squeezeAllowance(squeezeCap, budget.fraction() - startedAt);
      if (lowered && !lessAbsent) this.squeezesTurnedDown++;
      if (this.touchedFeasible() && (cmp < 0 || (cmp === 0 && (fewer || lessAbsent || shorter)))) {
        fleetCost = cost;
      } else {
        this.rollback();
      }
      if (this.unassigned.length === 0) return true;
      if (budget.iterations % EJECT_EVERY === 0 && budget.fraction() >= ejectFrom && this.ejectLeftOut()) {
        budget.iterations++;
        fleetCost = this.totalCost();
        if (this.unassigned.length === 0) return true;
      }
    }
    return false;
  }

  /**
   * Route elimination: where one order is left out, it goes into a route that ejects its least
   * weighty orders (by absence counters; see EjectionSearch), which are left out instead. False
   * when more orders are left out, or ejection does not apply or finds no way.
   */
  private ejectLeftOut(): boolean {
    const inst = this.inst;
    if (this.ejection === undefined) {
      this.ejection = EjectionSearch.applies(inst, this.active)
        ? new EjectionSearch(inst, EJECT_MAX, EJECT_MAX_STEPS)
        : PairEjectionSearch.applies(inst, this.active)
          ? new PairEjectionSearch(inst, this.model, this.inserter, EJECT_MAX, PAIR_EJECT_MAX_CHECKS)
          : null;
    }
    const ejection = this.ejection;
    const job = this.unassigned[0];
    if (ejection === null || job === undefined || this.unassigned.length > 1) return false;
    if (ejection instanceof PairEjectionSearch) return this.ejectForPair(ejection, job);
    const node = hasStop(inst, job, PICKUP) ? pickupNode(job) : deliveryNode(job);
    if (!ejection.find(this.routes, node, this.absence, this.rng)) return false;
    const r = ejection.route;
    const route = this.routes[r]!;
    // The new stop goes after position `after` of the route as it was: fewer the ejected stops up to there.
    const out: number[] = [];
    let ejectedBefore = 0;
    for (let e = 0; e < ejection.ejectedCount; e++) {
      const q = ejection.ejected[e]!;
      out.push(jobOf(route.node[q]!));
      if (q <= ejection.after) ejectedBefore++;
    }
    this.ejectFrom(r, out);
    route.insert(node, ejection.after - ejectedBefore, -1, -1);
    route.update(this.model);
    this.jobRoute[job] = r;
    return true;
  }

  /** Starts an ejection move: the orders `out` leave route r and are the ones left out (the caller then puts the new order in). */
  private ejectFrom(r: number, out: number[]): void {
    this.beginMove();
    this.touch(r);
    for (const j of out) {
      this.removedMark[j] = 1;
      this.jobRoute[j] = -1;
    }
    this.routes[r]!.removeMarkedJobs(this.removedMark);
    for (const j of out) this.removedMark[j] = 0;
    this.unassigned = out;
  }

  /** ejectLeftOut where orders have two stops (see PairEjectionSearch). */
  private ejectForPair(ejection: PairEjectionSearch, job: number): boolean {
    if (!ejection.find(this.routes, job, this.absence, this.rng)) return false;
    const r = ejection.route;
    this.ejectFrom(r, Array.from(ejection.ejected.subarray(0, ejection.ejectedCount)));
    this.routes[r]!.update(this.model);
    this.place(job, r, ejection.placement);
    return true;
  }

  /** Route elimination with ejection, from the current plan's one left-out order (tests; see ejectLeftOut). */
  ejectLeftOutOnce(): boolean {
    this.beginMove();
    return this.ejectLeftOut();
  }

  /**
   * Simulated annealing over ruin-and-recreate for the rest of the budget (or of the run, when
   * stopping on convergence): a move is kept when it
   * leaves out fewer orders (by priority), or as many and its cost passes the threshold accepting
   * test at the current temperature. Mixed fleets also try transferring whole routes. On long
   * routes of single stops (see softWindowsApply) the moves may break time windows at an adaptive
   * penalty, and only plans that keep every window become the best. Without
   * pickup-and-delivery pairs, at the LOCAL_SEARCH_AT points the best plan is polished by local
   * search and annealing goes on from it.
   */
  private anneal(budget: Budget, best: Incumbent): void {
    const { start: startTemperature, end: endTemperature } = this.annealingTemperatures(this.longRoutes, this.shortRouteStartTemperature, this.endTemperature);
    const scale = this.costPerOrder();
    this.lastAnnealing = { start: startTemperature / scale, end: endTemperature / scale };
    const startFraction = budget.fraction();
    let mixedFleet = false;
    for (let v = 1; v < this.inst.vehicles; v++) if (this.inst.vehicleClass[v] !== this.inst.vehicleClass[0]) mixedFleet = true;
    let current = best.cost;
    let nextLocalSearch = this.hasPairs() ? LOCAL_SEARCH_AT.length : 0;
    let rebuildDue = this.longRoutes && this.vehicleMask === null && !this.model.usesMaxDistance;
    // Plans of other threads: only a run's own annealing reads them (a route group's search has none).
    const exchanging = this.exchange !== null && this.vehicleMask === null;
    let nextMigrationCheck = 0;
    let nextTransplant = exchanging && !this.hasPairs() ? 0 : TRANSPLANT_AT.length;
    const annealed = (): number => (startFraction >= 1 ? 1 : (budget.fraction() - startFraction) / (1 - startFraction));
    // Soft windows (long routes of single stops; see softWindowsApply), on the thread with SISR's
    // strings only (the diversifying thread's longer strings make soft moves twice as costly): the
    // moves in between the steps below, which work on plans that keep every window, may break
    // windows at a penalty.
    const soft = this.vehicleMask === null && this.longRoutes && this.longStrings === 0 && this.softWindowsApply();
    const penaltyUnit = soft ? this.distancePerTravelTime() : 1;
    let penalty = 1;
    let softOn = false;
    let tried = 0;
    let warpFree = 0;
    const softSwitch = (on: boolean): void => {
      if (!soft || on === softOn) return;
      softOn = on;
      this.setSoftWindows(on, penalty * penaltyUnit);
      current = this.totalCost();
    };
    while (!budget.stopped() && !budget.cycleOver()) {
      if (nextLocalSearch < LOCAL_SEARCH_AT.length && annealed() >= LOCAL_SEARCH_AT[nextLocalSearch]!) {
        nextLocalSearch++;
        softSwitch(false);
        this.restore(best.routes, best.unassigned);
        this.intensify(budget);
        current = this.totalCost();
        if (best.beatenBy(current)) {
          best.take(current);
          best.report(false);
        }
        continue;
      }
      if (exchanging && annealed() >= nextMigrationCheck) {
        // From the share reached: after a long step (a route group rebuild) one read, not one per step missed.
        nextMigrationCheck = annealed() + MIGRATION_CHECK_EVERY;
        const donor = this.postedPlan(best);
        if (donor !== null) {
          softSwitch(false);
          this.restore(donor.routes, donor.unassigned);
          best.take();
          best.report(false);
          current = best.cost;
        }
        continue;
      }
      if (nextTransplant < TRANSPLANT_AT.length && annealed() >= TRANSPLANT_AT[nextTransplant]!) {
        nextTransplant++;
        softSwitch(false);
        this.restore(best.routes, best.unassigned);
        const donor = this.postedPlan(null);
        if (donor !== null) {
          this.transplant(donor.routes);
          current = this.totalCost();
          if (best.beatenBy(current)) {
            best.take(current);
            best.report(false);
          }
        }
        continue;
      }
      if (rebuildDue && annealed() >= REBUILD_AT) {
        rebuildDue = false;
        softSwitch(false);
        this.restore(best.routes, best.unassigned);
        for (let k = 0; k < REBUILD_TRIES && !budget.stopped(); k++) this.rebuildRouteGroup(budget, REBUILD_MOVES);
        current = this.totalCost();
        if (best.beatenBy(current)) {
          best.take(current);
          best.report(false);
        }
        continue;
      }
      softSwitch(true);
      if (softOn && tried >= WARP_PENALTY_EVERY) {
        penalty *= warpFree < WARP_FREE_SHARE * tried ? WARP_PENALTY_UP : WARP_PENALTY_DOWN;
        penalty = Math.min(Math.max(penalty, WARP_PENALTY_MIN), WARP_PENALTY_MAX);
        tried = 0;
        warpFree = 0;
        this.setSoftWindows(true, penalty * penaltyUnit);
        current = this.totalCost();
      }
      budget.iterations++;
      const progress = annealed();
      const temperature = startTemperature * Math.pow(endTemperature / startTemperature, progress);
      const before = this.unassigned.slice();
      // The acceptance threshold, drawn before the move: with every order served and no warp
      // penalty, recreate gives up once the plan costs this much or leaves an order out (see
      // recreate), and the move is rejected without its remaining insertions.
      const threshold = current - temperature * Math.log(this.rng.next());
      if (mixedFleet && this.rng.next() < SWAP_RATE) {
        if (!this.transferRoute()) continue;
      } else if (this.move(this.randomSortMode(), before.length === 0 && !softOn ? threshold : Infinity)) {
        this.rollback();
        continue;
      }
      const cmp = this.compareUnassigned(this.unassigned, before);
      const cost = this.totalCost();
      const warped = softOn && this.totalWarp() > 0;
      // Orders left out and a vehicle's weight outweigh any warp penalty: a plan that breaks a
      // window may neither serve other orders nor use fewer vehicles than the best.
      const accept =
        this.touchedFeasible() && (cmp < 0 || (cmp === 0 && cost < threshold)) && !(warped && (cmp !== 0 || this.usedVehicles() < routesInUse(best.routes)));
      if (softOn) {
        tried++;
        this.softMoves++;
        if (!warped) warpFree++;
      }
      if (!accept) {
        this.rollback();
        continue;
      }
      if (warped) this.warpedKept++;
      current = cost;
      if (!warped && best.beatenBy(cost)) {
        best.take(cost);
        best.report(false);
      }
    }
    softSwitch(false);
  }

  // ---- plans of other threads -------------------------------------------------------------

  /**
   * A plan another thread posted, with the orders it leaves out (null when none qualifies). Given
   * `best`, only one that beats it by more than cost: fewer orders left out by priority, or
   * (vehicles-first objectives) as many and fewer vehicles. Else the cheapest that leaves out no
   * more orders than the current plan.
   */
  private postedPlan(best: Incumbent | null): { routes: number[][]; unassigned: number[]; cost: number } | null {
    const exchange = this.exchange;
    if (exchange === null) return null;
    const bestVehicles = best === null ? 0 : routesInUse(best.routes);
    let chosen: { routes: number[][]; unassigned: number[]; cost: number } | null = null;
    for (let slot = 0; slot < exchange.board.slots; slot++) {
      if (slot === exchange.slot) continue;
      const plan = exchange.board.read(slot);
      if (plan === null || plan.routes.length !== this.routes.length) continue;
      const unassigned = this.leftOutBy(plan.routes);
      if (unassigned === null) continue;
      if (best !== null) {
        const cmp = this.compareUnassigned(unassigned, best.unassigned);
        const fewerVehicles = this.model.vehiclesFirst && routesInUse(plan.routes) < bestVehicles;
        if (!(cmp < 0 || (cmp === 0 && fewerVehicles))) continue;
      } else if (this.compareUnassigned(unassigned, this.unassigned) > 0) continue;
      if (chosen === null || plan.cost < chosen.cost) chosen = { routes: plan.routes, unassigned, cost: plan.cost };
    }
    return chosen;
  }

  /** The orders this search plans and a posted plan leaves out (null: the plan serves an order twice, or one this search does not plan). */
  private leftOutBy(routes: readonly (readonly number[])[]): number[] | null {
    const seen = (this.postedCount ??= new Uint8Array(this.inst.jobs));
    seen.fill(0);
    for (const nodes of routes)
      for (const x of nodes) {
        const job = jobOf(x);
        if (!this.active[job] || seen[job]! >= 2) return null;
        seen[job]!++;
      }
    const out: number[] = [];
    for (let j = 0; j < this.inst.jobs; j++) if (this.active[j] && seen[j] === 0) out.push(j);
    return out;
  }

  /**
   * Moves one route of a donor plan (another thread's) into the current plan: a donor route whose
   * orders no route here serves alike, at random, goes to the vehicle of its class here that shares
   * the most of its orders. That vehicle's other orders and the donor route's orders on other routes
   * are taken out, and the first are inserted again without opening vehicles. A different cut of the
   * orders into routes, which string removals rarely reach from a settled plan. False (the plan
   * unchanged) when every donor route is served alike here or the result leaves more orders out or
   * is infeasible.
   */
  private transplant(donor: readonly (readonly number[])[]): boolean {
    const inst = this.inst;
    const differing: number[] = [];
    for (let v = 0; v < donor.length; v++) {
      const nodes = donor[v]!;
      if (nodes.length === 0) continue;
      const r = this.jobRoute[jobOf(nodes[0]!)]!;
      let alike = r >= 0 && this.routes[r]!.size === nodes.length;
      for (let k = 1; alike && k < nodes.length; k++) if (this.jobRoute[jobOf(nodes[k]!)] !== r) alike = false;
      if (!alike) differing.push(v);
    }
    if (differing.length === 0) return false;
    const v = differing[this.rng.int(differing.length)]!;
    const nodes = donor[v]!;
    const shared = new Int32Array(this.routes.length);
    for (const x of nodes) {
      const r = this.jobRoute[jobOf(x)]!;
      if (r >= 0) shared[r]!++;
    }
    let target = -1;
    for (let r = 0; r < this.routes.length; r++) {
      const vehicle = this.routes[r]!.vehicle;
      if (inst.vehicleClass[vehicle] !== inst.vehicleClass[v]) continue;
      // Same class, same vehicle but for the orders it may carry (allowed vehicles, locks).
      if (nodes.some((x) => !inst.compatible[jobOf(x) * inst.vehicles + vehicle])) continue;
      if (target < 0 || shared[r]! > shared[target]! || (shared[r] === shared[target] && this.routes[r]!.size < this.routes[target]!.size)) target = r;
    }
    if (target < 0) return false;
    this.beginMove();
    const moved: number[] = [];
    for (const x of nodes) this.removeJob(jobOf(x), moved);
    for (const j of moved) this.removedMark[j] = 0;
    const displaced: number[] = [];
    this.removeRoute(target, displaced);
    this.assignStops(target, nodes);
    this.unassigned = this.unassigned.filter((j) => this.jobRoute[j]! < 0);
    const pool = displaced.filter((j) => this.jobRoute[j]! < 0);
    this.closedFleet = true;
    this.recreate(pool, this.randomSortMode());
    this.closedFleet = false;
    if (!this.touchedFeasible() || this.compareUnassigned(this.unassigned, this.backupUnassigned) > 0) {
      this.rollback();
      return false;
    }
    return true;
  }

  /** One transplant from a donor plan into the current plan (tests; see transplant). */
  transplantOnce(donor: readonly (readonly number[])[]): boolean {
    return this.transplant(donor);
  }

  // ---- local search ------------------------------------------------------------------------

  /** Orders this search plans (the active ones). */
  private plannedJobs(): number {
    let planned = 0;
    for (let j = 0; j < this.inst.jobs; j++) planned += this.active[j]!;
    return planned;
  }

  /**
   * Whether some planned order has both a pickup and a delivery. Annealing polishes its best plan
   * by local search only when none has: 2-opt* cannot cut a route where a pickup is still open, so
   * on pickup-and-delivery plans little is left but relocation, which ruin and recreate already
   * make, while going back to the best plan costs the annealing its diversity (Li & Lim 200, 20
   * instances, 15,000 moves per thread: 2.80% without, 3.72% with, by two bimodal instances).
   */
  private hasPairs(): boolean {
    for (let j = 0; j < this.inst.jobs; j++) if (this.active[j] && hasStop(this.inst, j, PICKUP) && hasStop(this.inst, j, DELIVERY)) return true;
    return false;
  }

  /**
   * Whether annealing may search through plans that break time windows (see setSoftWindows): a
   * distance-only cost model, no traffic, and every planned order one stop with one window, no
   * locks, breaks or duration limits (what the constant-time warp pricing of RouteState covers).
   */
  private softWindowsApply(): boolean {
    const model = this.model;
    return !model.usesDuration && !model.usesMaxDistance && !model.usesSpread && singleWindowStopsOnly(this.inst, this.active);
  }

  /** Total distance over total travel time of the routes (1 where neither is known): the unit of the warp penalty. */
  private distancePerTravelTime(): number {
    const inst = this.inst;
    const L = inst.locations;
    let distance = 0;
    let travel = 0;
    for (const route of this.routes) {
      distance += route.distance;
      const speed = inst.vehicleSpeed[route.vehicle]!;
      for (let k = 1; k <= route.size + 1; k++) {
        const from = route.loc[k - 1]!;
        const to = route.loc[k]!;
        if (from >= 0 && to >= 0) travel += inst.durations[from * L + to]! * speed;
      }
    }
    return distance > 0 && travel > 0 ? distance / travel : 1;
  }

  /**
   * Turns soft windows on or off for every route (and its backup) at the given penalty per unit of
   * time warp; while they stay on, only re-prices the routes (their warp is current).
   */
  private setSoftWindows(on: boolean, penalty: number): void {
    const wasOn = this.inserter.softWindows;
    this.inserter.softWindows = on;
    for (let r = 0; r < this.routes.length; r++) {
      const route = this.routes[r]!;
      const backup = this.backups[r]!;
      route.softWindows = backup.softWindows = on;
      route.warpPenalty = backup.warpPenalty = penalty;
      if (!on) {
        route.warp = 0;
        route.cost = route.baseCost;
      } else if (wasOn) route.priceWarp();
      else route.updateWarp();
    }
  }

  /** The time warp of the plan (0 when soft windows are off). */
  private totalWarp(): number {
    let w = 0;
    for (const route of this.routes) w += route.warp;
    return w;
  }

  /**
   * Descent on the current plan until no move improves it (or the budget ends): relocating one
   * order to its cheapest position in any route, and 2-opt* (two routes exchange their tails).
   * Every move is checked on the real routes (schedule, capacity, locks, vehicle limits) and kept
   * only when every changed route is feasible and the total cost falls, so the plan never gets
   * worse or infeasible and no order is left out. Annealing at a cool temperature is ruin and
   * recreate of strings near one order; a tail exchange between two long routes is a move it
   * rarely makes, and it costs O(1) per candidate to screen. Skipped for MIN_MAX objectives, whose
   * cost is not a sum over routes.
   */
  intensify(budget: Budget): void {
    if (this.model.usesMaxDistance) return;
    this.localSearchWork = 0;
    for (let pass = 0; pass < LOCAL_SEARCH_MAX_PASSES && !budget.stopped(); pass++) {
      const relocated = this.relocatePass(budget);
      const exchanged = this.exchangeTailsPass(budget);
      if (!relocated && !exchanged) break;
    }
  }

  private chargeLocalSearch(budget: Budget, units: number): void {
    this.localSearchWork += units;
    while (this.localSearchWork >= LOCAL_SEARCH_WORK_PER_MOVE) {
      this.localSearchWork -= LOCAL_SEARCH_WORK_PER_MOVE;
      budget.iterations++;
    }
  }

  /**
   * One tail exchange and recreate on the current plan, kept when every changed route is feasible
   * and no more orders are left out (tests; see exchangeTailsRuin). Returns whether routes were
   * exchanged and whether the result was kept.
   */
  exchangeTailsOnce(): { exchanged: boolean; kept: boolean } {
    this.beginMove();
    const pool: number[] = [];
    const exchanged = this.exchangeTailsRuin(pool);
    this.recreate(pool, SortMode.Random);
    const kept = exchanged && this.touchedFeasible() && this.compareUnassigned(this.unassigned, this.backupUnassigned) <= 0;
    if (!kept) this.rollback();
    return { exchanged, kept };
  }

  /** Stops per used route (all stops when none is used). */
  private stopsPerRoute(): number {
    let stops = 0;
    for (const route of this.routes) stops += route.size;
    return stops / Math.max(1, this.usedVehicles());
  }

  /** Whether the current plan's routes average at least LONG_ROUTE_MIN_STOPS stops (see longRoutes). */
  routesAreLong(): boolean {
    return this.stopsPerRoute() >= LONG_ROUTE_MIN_STOPS;
  }

  /** The plan's average variable cost per order: the unit of temperatures and of SQUEEZE_CAP. */
  private costPerOrder(): number {
    return Math.max(1e-9, this.variableCost() / Math.max(1, this.scaleJobs));
  }

  /**
   * Annealing from the current plan: its start and end temperatures, hotter at the start on long
   * routes (`shortStart`: the start's multiple on short routes).
   */
  annealingTemperatures(longRoutes: boolean, shortStart = START_TEMPERATURE, end = END_TEMPERATURE): { start: number; end: number } {
    const scale = this.costPerOrder();
    return { start: (longRoutes ? LONG_ROUTE_START_TEMPERATURE : shortStart) * scale, end: end * scale };
  }

  /** Local search alone on the current plan, without a budget (tests; see intensify). */
  polish(): void {
    this.intensify(Budget.unbounded());
  }

  /** Each planned order (in random order) moves to its cheapest position if that lowers the cost. */
  private relocatePass(budget: Budget): boolean {
    const order = this.relocateOrder;
    order.length = 0;
    for (let j = 0; j < this.inst.jobs; j++) if (this.jobRoute[j]! >= 0) order.push(j);
    this.rng.shuffle(order);
    let improved = false;
    for (const job of order) {
      if (budget.stopped()) break;
      this.chargeLocalSearch(budget, 1);
      const r = this.jobRoute[job]!;
      if (r < 0) continue;
      const before = this.totalCost();
      this.beginMove();
      this.touch(r);
      const route = this.routes[r]!;
      route.removeJob(job);
      route.update(this.model);
      this.jobRoute[job] = -1;
      const pool = [job];
      this.recreate(pool, SortMode.Random);
      if (this.unassigned.length === this.backupUnassigned.length && this.touchedFeasible() && this.totalCost() < before - LOCAL_SEARCH_MIN_GAIN) {
        improved = true;
      } else this.rollback();
    }
    return improved;
  }

  /** Per position k of a route: pickups at or before k whose delivery comes after k (a tail cut there splits a pair). */
  private openPairs(route: RouteState, out: Int32Array): Int32Array {
    const n = route.size;
    if (out.length < n + 2) out = new Int32Array(2 * (n + 2));
    const inst = this.inst;
    let open = 0;
    out[0] = 0;
    for (let k = 1; k <= n; k++) {
      const x = route.node[k]!;
      const job = jobOf(x);
      if (hasStop(inst, job, PICKUP) && hasStop(inst, job, DELIVERY)) open += x & 1 ? -1 : 1;
      out[k] = open;
    }
    out[n + 1] = 0;
    return out;
  }

  /** Whether every order at positions from..to of route may ride in vehicle v. */
  private compatibleStops(route: RouteState, from: number, to: number, v: number): boolean {
    const inst = this.inst;
    for (let k = from; k <= to; k++) if (!inst.compatible[jobOf(route.node[k]!) * inst.vehicles + v]) return false;
    return true;
  }

  /**
   * 2-opt*: routes a and b swap the stops after positions i and j (a keeps 1..i and takes b's
   * j+1.., b keeps 1..j and takes a's i+1..). Candidates are screened by distance and by the
   * latest feasible start of the first stop of the taken tail, then checked exactly.
   */
  private exchangeTailsPass(budget: Budget): boolean {
    const inst = this.inst;
    const routes = this.routes;
    let improved = false;
    for (let a = 0; a < routes.length; a++) {
      for (let b = a + 1; b < routes.length; b++) {
        if (budget.stopped()) return improved;
        if (routes[a]!.size === 0 || routes[b]!.size === 0) continue;
        let found = true;
        while (found) {
          found = false;
          const A = routes[a]!;
          const B = routes[b]!;
          const nA = A.size;
          const nB = B.size;
          this.openA = this.openPairs(A, this.openA);
          this.openB = this.openPairs(B, this.openB);
          const vA = A.vehicle;
          const vB = B.vehicle;
          const endA = inst.vehicleEnd[vA]!;
          const endB = inst.vehicleEnd[vB]!;
          const oldDistance = A.distance + B.distance;
          for (let i = 0; i <= nA && !found; i++) {
            if (this.openA[i] !== 0) continue;
            const depA = A.departure(i);
            for (let j = 0; j <= nB; j++) {
              if (this.openB[j] !== 0 || (i === nA && j === nB) || (i === 0 && j === 0)) continue;
              // New a: A[0..i] then B[j+1..nB] then a's end; new b: B[0..j] then A[i+1..nA] then b's end.
              const newA =
                A.cumDistance[i]! +
                (j < nB
                  ? distanceBetween(inst, A.loc[i]!, B.loc[j + 1]!) + B.cumDistance[nB]! - B.cumDistance[j + 1]! + distanceBetween(inst, B.loc[nB]!, endA)
                  : distanceBetween(inst, A.loc[i]!, endA));
              const newB =
                B.cumDistance[j]! +
                (i < nA
                  ? distanceBetween(inst, B.loc[j]!, A.loc[i + 1]!) + A.cumDistance[nA]! - A.cumDistance[i + 1]! + distanceBetween(inst, A.loc[nA]!, endB)
                  : distanceBetween(inst, B.loc[j]!, endB));
              if (newA + newB >= oldDistance - LOCAL_SEARCH_MIN_GAIN) continue;
              if (j < nB && depA + travelTime(inst, vA, A.loc[i]!, B.loc[j + 1]!, depA) > B.latest[j + 1]! + 1e-9) continue;
              const depB = B.departure(j);
              if (i < nA && depB + travelTime(inst, vB, B.loc[j]!, A.loc[i + 1]!, depB) > A.latest[i + 1]! + 1e-9) continue;
              if (vA !== vB && !(this.compatibleStops(B, j + 1, nB, vA) && this.compatibleStops(A, i + 1, nA, vB))) continue;
              this.chargeLocalSearch(budget, 1);
              if (this.tryExchangeTails(a, i, b, j)) {
                found = true;
                improved = true;
                break;
              }
            }
          }
        }
      }
    }
    return improved;
  }

  /**
   * Routes a and b exchange the stops after positions i and j (a keeps 1..i and takes b's j+1..,
   * b keeps 1..j and takes a's i+1..); both are touched first (a rollback undoes it), their stops'
   * jobRoute set, and their schedules left to update.
   */
  private swapTails(a: number, i: number, b: number, j: number): void {
    const A = this.routes[a]!;
    const B = this.routes[b]!;
    const nA = A.size;
    const nB = B.size;
    if (this.tailBuffer.length < nA + nB) this.tailBuffer = new Int32Array(2 * (nA + nB));
    const buf = this.tailBuffer;
    this.touch(a);
    this.touch(b);
    // touch() saved both routes (stops at positions 1..n); build the new ones from those copies.
    const oldA = this.backups[a]!.node;
    const oldB = this.backups[b]!.node;
    let w = 0;
    for (let k = 1; k <= i; k++) buf[w++] = oldA[k]!;
    for (let k = j + 1; k <= nB; k++) buf[w++] = oldB[k]!;
    A.setStops(buf, w);
    w = 0;
    for (let k = 1; k <= j; k++) buf[w++] = oldB[k]!;
    for (let k = i + 1; k <= nA; k++) buf[w++] = oldA[k]!;
    B.setStops(buf, w);
    for (let k = 1; k <= A.size; k++) this.jobRoute[jobOf(A.node[k]!)] = a;
    for (let k = 1; k <= B.size; k++) this.jobRoute[jobOf(B.node[k]!)] = b;
  }

  /** Applies a tail exchange on the real routes; keeps it when both are feasible and the cost falls. */
  private tryExchangeTails(a: number, i: number, b: number, j: number): boolean {
    const A = this.routes[a]!;
    const B = this.routes[b]!;
    const before = this.totalCost();
    this.beginMove();
    this.swapTails(a, i, b, j);
    A.update(this.model);
    B.update(this.model);
    if (A.feasible && B.feasible && this.totalCost() < before - LOCAL_SEARCH_MIN_GAIN) return true;
    this.rollback();
    return false;
  }

  /** Every left-out order tries every route once more (moves only retried them near the ruin). */
  private retryLeftOut(best: Incumbent): void {
    if (best.unassigned.length === 0) return;
    this.beginMove();
    const pool = this.unassigned;
    this.unassigned = [];
    this.recreate(pool, SortMode.Random);
    if (this.touchedFeasible() && this.compareUnassigned(this.unassigned, best.unassigned) < 0) best.take();
  }
}
