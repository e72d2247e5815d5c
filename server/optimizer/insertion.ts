import { type Instance, leastTrafficFactor, pickupNode, windowStartFor } from './instance';
import { MAX_ROUTE_WEIGHT, type CostModel } from './objective';
import type { Random } from './random';
import { type RouteState } from './route';
import { planRoute } from './schedule';
import {
  EXACT_DURATION_MAX_STOPS,
  buildSequence,
  longestRoutes,
  durationLowerBound,
  insertionIsFeasible,
  plannedDuration,
  sequenceBuffer,
  spreadWith,
} from './insertion-bounds';
import {
  type InserterPaths,
  type InsertionCandidate,
  InsertionCache,
  PendingCandidates,
  REFERENCE_PATHS,
  copyCandidate,
  emptyCandidate,
  takeCandidate,
} from './insertion-candidate';
import { PositionScanner } from './insertion-scan';
import { evaluateSingleSoft } from './insertion-soft';

/**
 * Cheapest feasible insertion of one job into one route, using the route's cached forward/backward
 * schedule: each (pickup, delivery) position pair costs O(1) and the scan over delivery positions
 * stops as soon as time, capacity or locks make every later position infeasible (the scans are
 * PositionScanner's; this prices the candidates they find, caches and defers).
 */
export class Inserter extends PositionScanner {
  /** Probability of skipping a feasible candidate (SISR "blinks"). */
  blinkRate = 0;
  /** Soft time windows (see RouteState.softWindows): single stops in used routes are priced with their time warp. */
  softWindows = false;
  /** MIN_MAX_TRAVEL_COST_DISTANCE: longest and second-longest route distances, and the longest route. */
  maxDistance = 0;
  secondMaxDistance = 0;
  maxRoute = -1;
  /** Spread of the evaluated route with the evaluated job added (set per evaluate call). */
  private newSpread = 0;
  /** False: every candidate that beats the best is replanned at once (the reference the deferred replans must match). */
  deferReplans = true;
  /** How many times endDeferred found the best candidate infeasible (the caller evaluated again). */
  replansFailed = 0;
  /** Between beginDeferred and endDeferred: candidates are not replanned one by one. */
  private deferFeasibility = false;
  /** beginDeferred: the best and the random state as they were. */
  private readonly saved = emptyCandidate();
  private savedRandomState = 0;
  /** Per vehicle: the least traffic factor of a leg within its shift (1 without traffic). */
  private readonly leastFactor: Float64Array;
  /** cacheInsertions: routes known to hold no cheap enough candidate of a job (null: no cache). */
  private cache: InsertionCache | null = null;
  /** Candidates passed over by a blink so far (a route evaluation that blinked proves nothing). */
  private blinks = 0;
  /**
   * Exact duration plans, cheapest lower bound first: while one route is evaluated, candidates
   * whose lower bound beats the best wait (see candidate), and are then planned in order of that
   * bound until the bound reaches the best. The same best as planning each candidate as it is
   * found (the reference, when false), with a third fewer plans in searches of the 20-order store
   * plans; blinks fall on other candidates, so searches take other steps.
   */
  planCheapestBoundFirst = true;
  /** Exact duration plans made so far (tests). */
  exactPlans = 0;
  /** Within evaluateIn: candidates waiting for their exact plan (see planCheapestBoundFirst). */
  private collecting = false;
  private readonly pending = new PendingCandidates();

  constructor(
    inst: Instance,
    model: CostModel,
    private readonly rng: Random,
    paths: Readonly<InserterPaths> = REFERENCE_PATHS,
  ) {
    super(inst, model);
    this.leastFactor = new Float64Array(inst.vehicles);
    for (let v = 0; v < inst.vehicles; v++)
      this.leastFactor[v] = leastTrafficFactor(inst.traffic, inst.vehicleEarliest[v]!, inst.vehicleLatest[v]!);
    if (paths.skipTightPositions) this.skipTightPositions();
    if (paths.readLegsByDestination) this.readLegsByDestination();
    if (paths.checkOnlyBindingDimension) this.checkOnlyBindingDimension();
    if (paths.cacheInsertions) this.cacheInsertions();
  }

  /**
   * Remember, per job and route version (RouteState.version), a cost under which the route holds no
   * candidate for the job, and pass the route over while it keeps that version: in annealing most
   * routes come back unchanged from rejected moves, and about half of the evaluations on plans of
   * short routes met a route as it was the last time the job was evaluated in it. For searches only (the instance must not change after this), and
   * only where a candidate's cost and feasibility depend on its route alone (see cacheable).
   */
  cacheInsertions(): void {
    this.cache = new InsertionCache(this.inst.jobs * this.inst.vehicles);
  }

  /** Route evaluations the cache answered (tests). */
  get cacheHits(): number {
    return this.cache?.hits ?? 0;
  }

  /** Whether evaluate may answer from, and store into, the cache for vehicle v. */
  private cacheable(v: number): boolean {
    return (
      this.cache !== null &&
      this.mode === 'cost' &&
      this.deliveryWindows === null &&
      !this.softWindows &&
      !this.model.usesMaxDistance &&
      !this.needsReplan(v) &&
      this.inst.vehicleBreakCount[v] === 0
    );
  }

  /** A SISR blink: whether to pass over a feasible candidate (counted: an evaluation that blinked proves nothing). */
  blink(): boolean {
    if (!(this.blinkRate > 0 && this.rng.next() < this.blinkRate)) return false;
    this.blinks++;
    return true;
  }

  /** MIN_MAX_TRAVEL_COST_DISTANCE: reads the longest and second-longest route distances anew. */
  refreshMaxDistance(routes: readonly RouteState[]): void {
    longestRoutes(routes, this);
  }

  /** Evaluates job in route r; updates `best` if cheaper. Returns true when it did. */
  evaluate(route: RouteState, r: number, job: number, best: InsertionCandidate): boolean {
    const inst = this.inst;
    const n = route.size;
    const v = route.vehicle;
    if (!inst.compatible[job * inst.vehicles + v]) return false;
    const p = pickupNode(job);
    const d = p + 1;
    const hasP = inst.nodeLocation[p]! >= 0;
    const hasD = inst.nodeLocation[d]! >= 0;
    const added = (hasP ? 1 : 0) + (hasD ? 1 : 0);
    if (n + added > inst.vehicleMaxStops[v]!) return false;
    // Spread does not depend on positions: one O(n) update per route and job.
    this.newSpread = this.model.usesSpread
      ? spreadWith(inst, route, hasP ? inst.nodeLocation[p]! : -1, hasD ? inst.nodeLocation[d]! : -1)
      : 0;
    const a = hasP ? p : d;
    const b = hasP && hasD ? d : -1;
    if (n > 0 && this.cacheable(v)) return this.evaluateCached(route, r, job, a, b, best);
    if (this.deferFeasibility || !this.needsReplan(v) || !this.beginDeferred(best))
      return this.evaluateIn(route, r, job, a, b, best);
    const improved = this.evaluateIn(route, r, job, a, b, best);
    return this.endDeferred(best, route, job, improved) ? improved : this.evaluateIn(route, r, job, a, b, best);
  }

  /**
   * evaluateIn through the cache (see cacheInsertions). A route that held no candidate under c, as
   * it stands, is passed over while the best costs c or less: evaluating it would find nothing to
   * take (and draw no blink, which candidates that do not beat the best never do), so the search
   * takes the same steps as without the cache. After an evaluation that found nothing, c is the
   * best it started from; after one that found the route's cheapest candidate, that candidate's
   * cost; one that blinked proves nothing (and leaves a bound found before on the same version).
   */
  private evaluateCached(
    route: RouteState,
    r: number,
    job: number,
    a: number,
    b: number,
    best: InsertionCandidate,
  ): boolean {
    const key = job * this.inst.vehicles + route.vehicle;
    const cache = this.cache!;
    if (cache.holdsNoneUnder(key, route.version, best.cost)) return false;
    const bound = best.cost;
    const blinks = this.blinks;
    const improved = this.evaluateIn(route, r, job, a, b, best);
    if (this.blinks === blinks) cache.record(key, route.version, improved ? best.cost : bound);
    return improved;
  }

  /** Whether a candidate in the vehicle's route is known feasible only once the route is replanned (see candidate). */
  private needsReplan(v: number): boolean {
    return (
      (this.inst.traffic !== null || this.inst.vehicleMaxDuration[v]! < Infinity) &&
      this.inst.vehicleBreakCount[v] === 0 &&
      !this.inst.hasSetup
    );
  }

  /**
   * Starts evaluating one job in one or more routes without replanning each candidate that beats
   * the best (traffic and duration limits need a replan to know a candidate feasible): only the
   * best is replanned, by endDeferred. False (nothing started) where it does not apply.
   */
  beginDeferred(best: InsertionCandidate): boolean {
    if (!this.deferReplans || this.mode !== 'cost' || this.deliveryWindows !== null) return false;
    copyCandidate(best, this.saved);
    this.savedRandomState = this.rng.state;
    this.deferFeasibility = true;
    return true;
  }

  /**
   * Ends what beginDeferred started (`improved`: whether an evaluate since returned true), for the
   * job whose best insertion, in `route` when it has one, is `best`. True when that is feasible (or
   * unchanged); false when not: `best` and the random state are then back as they were at the
   * start, and the caller evaluates the same routes again, which now replans each candidate, so the
   * outcome is the one replanning each gives.
   */
  endDeferred(best: InsertionCandidate, route: RouteState | undefined, job: number, improved: boolean): boolean {
    this.deferFeasibility = false;
    if (!improved || best.route < 0 || route === undefined || !this.needsReplan(route.vehicle)) return true;
    const inst = this.inst;
    const p = pickupNode(job);
    const hasP = inst.nodeLocation[p]! >= 0;
    const hasD = inst.nodeLocation[p + 1]! >= 0;
    if (insertionIsFeasible(inst, route, hasP ? p : p + 1, best.i, hasP && hasD ? p + 1 : -1, best.j)) return true;
    copyCandidate(this.saved, best);
    this.rng.state = this.savedRandomState;
    this.replansFailed++;
    return false;
  }

  private evaluateIn(
    route: RouteState,
    r: number,
    job: number,
    a: number,
    b: number,
    best: InsertionCandidate,
  ): boolean {
    const exact =
      this.planCheapestBoundFirst &&
      this.model.usesDuration &&
      this.mode === 'cost' &&
      route.size < EXACT_DURATION_MAX_STOPS &&
      !this.softWindows;
    if (!exact) return this.scanPositions(route, r, job, a, b, best);
    this.collecting = true;
    this.pending.count = 0;
    let improved: boolean;
    try {
      improved = this.scanPositions(route, r, job, a, b, best);
    } finally {
      this.collecting = false;
    }
    return this.planPending(route, r, a, b, best) || improved;
  }

  private scanPositions(
    route: RouteState,
    r: number,
    job: number,
    a: number,
    b: number,
    best: InsertionCandidate,
  ): boolean {
    if (b >= 0) return this.evaluatePair(route, r, job, best);
    return this.softWindows && route.size > 0
      ? evaluateSingleSoft(this.inst, this, route, r, job, a, best)
      : this.evaluateSingle(route, r, job, a, best);
  }

  /** Plans the waiting candidates, least lower bound first, while that bound beats the best; true when one became the best. */
  private planPending(route: RouteState, r: number, a: number, b: number, best: InsertionCandidate): boolean {
    const inst = this.inst;
    const n = route.size;
    const pending = this.pending;
    const lower = pending.lower;
    const count = pending.count;
    let improved = false;
    // Exact ties go to the candidate found first in the scan, as evaluating one by one has it.
    let bestIndex = -1;
    for (;;) {
      let m = -1;
      for (let k = 0; k < count; k++) if (lower[k]! < Infinity && (m < 0 || lower[k]! < lower[m]!)) m = k;
      if (m < 0 || lower[m]! > best.cost || (lower[m] === best.cost && !(bestIndex >= 0 && m < bestIndex))) break;
      lower[m] = Infinity;
      const i = pending.i[m]!;
      const j = pending.j[m]!;
      const deltaDistance = pending.distance[m]!;
      const deliveryStart = pending.start[m]!;
      this.exactPlans++;
      const planned = plannedDuration(inst, route, a, i, b, j);
      if (planned === Infinity) continue;
      const newDistance = route.cumDistance[n + 1]! + deltaDistance;
      const delta = this.costDelta(route, r, newDistance, planned, route.cost);
      if (delta > best.cost || (delta === best.cost && !(bestIndex >= 0 && m < bestIndex))) continue;
      if (this.blink()) continue;
      bestIndex = m;
      takeCandidate(
        best,
        delta,
        r,
        i,
        j,
        deliveryStart,
        n === 0 ? newDistance : deltaDistance,
        n === 0 ? planned : planned - route.duration,
      );
      improved = true;
    }
    pending.count = 0;
    return improved;
  }

  protected candidate(
    route: RouteState,
    r: number,
    deltaDistance: number,
    arrivalNext: number,
    next: number,
    firstWaitNew: number,
    i: number,
    j: number,
    best: InsertionCandidate,
    a: number,
    b: number,
    deliveryStart: number,
  ): boolean {
    const inst = this.inst;
    const model = this.model;
    const n = route.size;
    const newDistance = route.cumDistance[n + 1]! + deltaDistance;
    let newDuration = 0;
    let baseDuration = 0;
    /** Cost of the route as it stands, on the same footing as the new cost. */
    let baseCost = route.cost;
    let verified = false;
    const earliestMode = this.mode === 'earliestDelivery';
    if (model.usesDuration && !earliestMode && n < EXACT_DURATION_MAX_STOPS) {
      // A route lasts at least its service and its travel at the least traffic factor of the shift
      // (waiting only adds); when even that costs no less than the best so far, the exact plan
      // below would be turned down too, so it is skipped (the outcome is the same, bit for bit).
      const lowerDuration = durationLowerBound(inst, route, this.leastFactor[route.vehicle]!, a, i, b, j);
      const lowerDelta = this.costDelta(route, r, newDistance, lowerDuration, baseCost);
      if (lowerDelta >= best.cost) return false;
      if (this.collecting) {
        this.pending.add(lowerDelta, deltaDistance, i, j, deliveryStart);
        return false;
      }
      // Short routes: plan the new route exactly (waiting anywhere can shift the departure).
      this.exactPlans++;
      const planned = plannedDuration(inst, route, a, i, b, j);
      if (planned === Infinity) return false;
      verified = true;
      newDuration = planned;
      baseDuration = route.duration;
    } else if (model.usesDuration || earliestMode) {
      const startNext = next <= n ? windowStartFor(inst, route.node[next]!, arrivalNext) : arrivalNext;
      const shift = startNext - route.start[next]!;
      const endShift = next <= n ? Math.max(0, shift - (route.cumWait[n]! - route.cumWait[next]!)) : shift;
      const firstWaitOld = n > 0 ? route.cumWait[1]! : 0;
      // Estimated with departure just in time for the first stop, old and new alike.
      baseDuration = route.start[n + 1]! - route.start[0]! - firstWaitOld;
      newDuration = baseDuration + endShift - ((i === 0 ? firstWaitNew : firstWaitOld) - firstWaitOld);
      if (n > 0) baseCost = model.routeCost(route.vehicle, route.distance, baseDuration, route.spread);
    }
    const addedDistance = n === 0 ? newDistance : deltaDistance;
    let delta: number;
    if (earliestMode) {
      if (deliveryStart > best.cost || (deliveryStart === best.cost && addedDistance >= best.addedDistance))
        return false;
      delta = deliveryStart;
    } else {
      delta = this.costDelta(route, r, newDistance, newDuration, baseCost);
      if (delta >= best.cost) return false;
      if (this.blink()) return false;
    }
    if (!verified && (inst.vehicleBreakCount[route.vehicle]! > 0 || inst.hasSetup)) {
      // Driver breaks, and setups a stop after a new one gains or saves: the constant-time checks
      // and the estimate above do not see them; plan the new route exactly and cost it on its
      // exact duration.
      const plan = planRoute(inst, route.vehicle, sequenceBuffer(), buildSequence(route, a, i, b, j));
      if (!plan.feasible) return false;
      if (model.usesDuration && !earliestMode) {
        newDuration = plan.end - plan.departure;
        delta = this.costDelta(route, r, newDistance, newDuration, route.cost);
        if (delta >= best.cost) return false;
        baseDuration = n === 0 ? 0 : route.duration;
      }
    } else if (
      !verified &&
      !this.deferFeasibility &&
      this.needsReplan(route.vehicle) &&
      !insertionIsFeasible(inst, route, a, i, b, j)
    ) {
      return false;
    }
    takeCandidate(
      best,
      delta,
      r,
      i,
      j,
      deliveryStart,
      addedDistance,
      n === 0 ? newDuration : newDuration - baseDuration,
    );
    return true;
  }

  /** The cost a route of newDistance and duration adds over baseCost (with the longest-route term of MIN_MAX_TRAVEL_COST_DISTANCE). */
  private costDelta(route: RouteState, r: number, newDistance: number, duration: number, baseCost: number): number {
    let delta = this.model.routeCost(route.vehicle, newDistance, duration, this.newSpread) - baseCost;
    if (this.model.usesMaxDistance) {
      const others = r === this.maxRoute ? this.secondMaxDistance : this.maxDistance;
      delta += MAX_ROUTE_WEIGHT * (Math.max(others, newDistance) - this.maxDistance);
    }
    return delta;
  }
}
