import { DELIVERY, type JobIndex, PICKUP, type VehicleIndex, distanceBetween, nodeOf } from '../instance';
import { emptyCandidate } from '../insertion-candidate';
import type { PlanState } from './plan-state';

/** With more used routes than this, recreate tries the routes of a job's nearest neighbours first. See docs/benchmarks.md#solver-parameters. */
const FOCUS_MIN_ROUTES = 12;
/** How many of a job's nearest neighbours' routes recreate tries first. See docs/benchmarks.md#solver-parameters. */
const FOCUS_NEIGHBORS = 24;
/** Recreate sorts lists of up to this many jobs (a move's) by insertion sort. See docs/benchmarks.md#solver-parameters. */
const INSERTION_SORT_MAX = 64;
/** Left-out jobs retried per move when there are many: a random sample of about this size... See docs/benchmarks.md#solver-parameters. */
const RETRY_SAMPLE = 16;
/** ...plus those with a ruined job among this many nearest neighbours. See docs/benchmarks.md#solver-parameters. */
const RETRY_NEIGHBORS = 8;

/** How recreate orders the jobs it inserts (higher priority always first). */
export const SortMode = {
  Random: 0,
  LargestFirst: 1,
  FarthestFirst: 2,
  NearestFirst: 3,
  /** Route elimination: the jobs left out most often so far (absence counters) first. */
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

/** Puts value into the first `count` entries of list, kept ascending (insertion: a few routes). */
function insertSorted(list: Int32Array, count: number, value: number): void {
  let at = count;
  while (at > 0 && list[at - 1]! > value) {
    list[at] = list[at - 1]!;
    at--;
  }
  list[at] = value;
}

/**
 * Recreate: greedy insertion of jobs, each at its cheapest position over the routes it may use,
 * in an order the caller picks (SortMode).
 */
export class Recreate {
  /** Route elimination and transplants: when true, no unused vehicle may be opened. */
  closedFleet = false;
  /** When set, jobs go only into the vehicles marked here (a route group's own search). */
  vehicleMask: Uint8Array | null = null;
  /** When >= 0, jobs go into this route only. */
  onlyRoute = -1;
  /** Per job: 1 while it is a retried left-out job (it found no room last time: no second scope). */
  readonly retryMark: Uint8Array;
  /** The left-out jobs a move retries (see pickRetries). */
  readonly retry: JobIndex[] = [];
  private readonly candidate = emptyCandidate();
  private readonly sortKey: Float64Array;
  private readonly depotDistance: Float64Array;
  private readonly classSeen: Uint8Array;
  private readonly routeFocus: Uint8Array;
  /**
   * The routes in use and the empty ones, each by index, the focused ones (routeFocus) by index,
   * and the routes one evaluation visits, in the order the scope's walk over every route would: so
   * that a job's evaluation visits only the routes its scope takes (a fleet of 50 vehicles with 17
   * routes in use otherwise checks 50 per job).
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

  constructor(private readonly state: PlanState) {
    const inst = state.inst;
    const V = inst.vehicles;
    this.classSeen = new Uint8Array(V);
    this.routeFocus = new Uint8Array(V);
    this.usedRoutes = new Int32Array(V);
    this.emptyRoutes = new Int32Array(V);
    this.focusRoutes = new Int32Array(V);
    this.visitRoutes = new Int32Array(V);
    this.emptyPicks = new Int32Array(V);
    this.vehicleClasses = new Set(inst.vehicleClass).size;
    this.retryMark = new Uint8Array(inst.jobs);
    this.sortKey = new Float64Array(inst.jobs);
    this.depotDistance = new Float64Array(inst.jobs);
    const depot = V > 0 ? inst.vehicleStart[0]! : -1;
    for (let j = 0; j < inst.jobs; j++) {
      let d = 0;
      for (const side of [PICKUP, DELIVERY])
        d = Math.max(d, distanceBetween(inst, depot, inst.nodeLocation[nodeOf(j, side)]!));
      this.depotDistance[j] = d;
    }
  }

  /**
   * Greedy insertion of jobs (cheapest position over all routes); leftovers become unassigned.
   * Given `rejectAbove`, an annealing move's acceptance threshold: gives up and returns true, the
   * plan half rebuilt (the caller rolls back), as soon as the plan costs that much or more or a job
   * finds no room, as the finished move would then be rejected too: an insertion adds cost and does
   * not take cost away. (Where a matrix breaks the triangle inequality an insertion can cost less
   * than nothing: a slightly stricter acceptance there.) Not with the longest-route term of
   * MIN_MAX_TRAVEL_COST_DISTANCE, which is no sum over insertions.
   */
  insert(jobs: JobIndex[], sortMode: SortMode, rejectAbove = Infinity): boolean {
    const state = this.state;
    this.sortJobs(jobs, sortMode);
    const rejecting = rejectAbove < Infinity && !state.model.usesMaxDistance;
    let cost = rejecting ? state.totalCost() : 0;
    const inst = state.inst;
    const routes = state.routes;
    const best = this.candidate;
    const usesMax = state.model.usesMaxDistance;
    if (usesMax) state.inserter.refreshMaxDistance(routes);
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
        // retried left-out jobs, which already found no room last time.
        if ((best.route < 0 || routes[best.route]!.size === 0) && !this.retryMark[job])
          this.insertInto(job, InsertScope.Unfocused);
      } else this.insertInto(job, InsertScope.All);
      if (best.route < 0) {
        if (rejecting) return true;
        state.unassigned.push(job);
        state.jobRoute[job] = -1;
        continue;
      }
      state.touch(best.route);
      const route = routes[best.route]!;
      if (route.size === 0) this.routeNowUsed(best.route);
      const routeCostBefore = route.cost;
      state.place(job, best.route, best);
      if (usesMax) state.inserter.refreshMaxDistance(routes);
      if (rejecting) {
        cost += route.cost - routeCostBefore;
        if (cost >= rejectAbove) return true;
      }
    }
    return false;
  }

  /** Random 4 in 11, largest first 4 in 11, farthest first 2 in 11, nearest first 1 in 11. */
  randomSortMode(): SortMode {
    const u = this.state.rng.int(11);
    return u < 4
      ? SortMode.Random
      : u < 8
        ? SortMode.LargestFirst
        : u < 10
          ? SortMode.FarthestFirst
          : SortMode.NearestFirst;
  }

  /**
   * Splits the left-out jobs into those retried in this move (into `retry`: all when few; else
   * those near the ruined jobs `removed` plus a random sample) and those that stay out (returned).
   * Retrying hundreds of jobs that found no room every move would dominate the cost of a move on
   * large, tight instances.
   */
  pickRetries(removed: readonly JobIndex[]): JobIndex[] {
    const state = this.state;
    this.retry.length = 0;
    const U = state.unassigned.length;
    if (U <= RETRY_SAMPLE) {
      for (const j of state.unassigned) this.retry.push(j);
      return [];
    }
    const inst = state.inst;
    for (const j of removed) state.removedMark[j] = 1;
    const K = Math.min(inst.neighborCount, RETRY_NEIGHBORS);
    const rate = RETRY_SAMPLE / U;
    const stay: JobIndex[] = [];
    for (const j of state.unassigned) {
      let near = state.rng.next() < rate;
      for (let k = 0; k < K && !near; k++)
        if (state.removedMark[inst.neighbors[j * inst.neighborCount + k]!]) near = true;
      if (near) this.retry.push(j);
      else stay.push(j);
    }
    for (const j of removed) state.removedMark[j] = 0;
    return stay;
  }

  /**
   * The routes insert() would evaluate job in, in order, on the current plan (tests; see
   * routesToVisit): scope 'focused' and 'unfocused' around job's `neighbours` nearest neighbours.
   */
  routesVisited(
    job: JobIndex,
    scope: 'all' | 'focused' | 'unfocused',
    options: { neighbours: number; closedFleet: boolean; vehicleMask: Uint8Array | null; onlyRoute: number },
  ): VehicleIndex[] {
    const saved = { closedFleet: this.closedFleet, vehicleMask: this.vehicleMask, onlyRoute: this.onlyRoute };
    this.closedFleet = options.closedFleet;
    this.vehicleMask = options.vehicleMask;
    this.onlyRoute = options.onlyRoute;
    this.listRoutes();
    this.focusOn(job, Math.min(this.state.inst.neighborCount, options.neighbours));
    const count = this.routesToVisit(
      job,
      scope === 'all' ? InsertScope.All : scope === 'focused' ? InsertScope.Focused : InsertScope.Unfocused,
    );
    this.closedFleet = saved.closedFleet;
    this.vehicleMask = saved.vehicleMask;
    this.onlyRoute = saved.onlyRoute;
    return Array.from(this.visitRoutes.subarray(0, count));
  }

  private sortJobs(jobs: JobIndex[], mode: SortMode): void {
    const key = this.sortKey;
    const inst = this.state.inst;
    const D = inst.dims;
    for (const j of jobs) {
      let k: number;
      if (mode === SortMode.Random) k = this.state.rng.next();
      else if (mode === SortMode.LargestFirst) {
        k = 0;
        for (let d = 0; d < D; d++) k += inst.size[j * D + d]!;
        k = -k;
      } else if (mode === SortMode.FarthestFirst) k = -this.depotDistance[j]!;
      else if (mode === SortMode.NearestFirst) k = this.depotDistance[j]!;
      else k = -this.state.absence[j]!;
      // Higher priority always first.
      key[j] = -inst.priority[j]! * 1e12 + k;
    }
    if (jobs.length > INSERTION_SORT_MAX) {
      jobs.sort((a, b) => key[a]! - key[b]!);
      return;
    }
    // A move's few jobs: an insertion sort, stable as Array.prototype.sort, without its calls.
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

  /** Evaluates job in the routes of `scope` (one empty route per vehicle class). */
  private insertInto(job: JobIndex, scope: InsertScope): void {
    const inserter = this.state.inserter;
    // Only the best candidate over all the routes is replanned (see Inserter.beginDeferred); when
    // it turns out infeasible, the routes are evaluated again replanning each candidate.
    if (!inserter.beginDeferred(this.candidate)) return void this.evaluateIn(job, scope);
    const improved = this.evaluateIn(job, scope);
    const best = this.candidate;
    if (!inserter.endDeferred(best, this.state.routes[best.route], job, improved)) this.evaluateIn(job, scope);
  }

  /** Evaluates job in every route of the scope; true when the best candidate changed. */
  private evaluateIn(job: JobIndex, scope: InsertScope): boolean {
    const count = this.routesToVisit(job, scope);
    const { inserter, routes } = this.state;
    let improved = false;
    for (let k = 0; k < count; k++) {
      const r = this.visitRoutes[k]!;
      if (inserter.evaluate(routes[r]!, r, job, this.candidate)) improved = true;
    }
    return improved;
  }

  /**
   * The routes job's evaluation in `scope` visits, by index (the order decides ties and blinks),
   * into visitRoutes; returns their count. Within vehicleMask: the routes in use the scope takes
   * (Focused: routeFocus; Unfocused: the others) and, outside a closed fleet and in All or Focused,
   * the first empty route of each vehicle class the job may use; with onlyRoute, that route alone
   * if the same rules take it (an empty one also in a closed fleet).
   */
  private routesToVisit(job: JobIndex, scope: InsertScope): number {
    const inst = this.state.inst;
    const routes = this.state.routes;
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
    for (let w = count + picked - 1; b >= 0; w--)
      visit[w] = a >= 0 && visit[a]! > picks[b]! ? visit[a--]! : picks[b--]!;
    return count + picked;
  }

  /** The lists of the routes in use and the empty ones (see usedRoutes). */
  private listRoutes(): void {
    const routes = this.state.routes;
    this.usedCount = 0;
    this.emptyCount = 0;
    for (let r = 0; r < routes.length; r++) {
      if (routes[r]!.size > 0) this.usedRoutes[this.usedCount++] = r;
      else this.emptyRoutes[this.emptyCount++] = r;
    }
  }

  /** The routes of job's K nearest neighbours: routeFocus, and focusRoutes by index. */
  private focusOn(job: JobIndex, K: number): void {
    const inst = this.state.inst;
    this.routeFocus.fill(0);
    let focused = 0;
    for (let k = 0; k < K; k++) {
      const r = this.state.jobRoute[inst.neighbors[job * inst.neighborCount + k]!]!;
      if (r < 0 || this.routeFocus[r] === 1) continue;
      this.routeFocus[r] = 1;
      insertSorted(this.focusRoutes, focused++, r);
    }
    this.focusCount = focused;
  }

  /** Route r, empty until now, is in use (a job was placed in it). */
  private routeNowUsed(r: VehicleIndex): void {
    let k = 0;
    while (this.emptyRoutes[k] !== r) k++;
    this.emptyRoutes.copyWithin(k, k + 1, this.emptyCount);
    this.emptyCount--;
    insertSorted(this.usedRoutes, this.usedCount++, r);
  }
}
