import {
  type Instance,
  destinationMatrices,
  isDeliveryNode,
  detourShortfall,
  lastWindowEnd,
  leastTrafficFactor,
  onlyBindingDimension,
  pickupNode,
  travelTime,
  windowStartFor,
  withTraffic,
} from './instance';
import { MAX_ROUTE_WEIGHT, type CostModel } from './objective';
import type { Random } from './random';
import { type RouteState } from './route';
import { planRoute } from './schedule';
import {
  EXACT_DURATION_MAX_STOPS,
  buildSequence,
  longestRoutes,
  durationLowerBound,
  firstPositionAfter,
  fitsWithSize,
  insertionIsFeasible,
  plannedDuration,
  sequenceBuffer,
  spreadWith,
} from './insertion-bounds';
import {
  type DeliveryWindows,
  type InserterPaths,
  type InsertionCandidate,
  InsertionCache,
  PendingCandidates,
  REFERENCE_PATHS,
  copyCandidate,
  emptyCandidate,
  takeCandidate,
} from './insertion-candidate';
import { evaluateSingleSoft } from './insertion-soft';

/**
 * Cheapest feasible insertion of one job into one route, using the route's cached forward/backward
 * schedule: each (pickup, delivery) position pair costs O(1) and the scan over delivery positions
 * stops as soon as time, capacity or locks make every later position infeasible.
 */
export class Inserter {
  /** Probability of skipping a feasible candidate (SISR "blinks"). */
  blinkRate = 0;
  /** Soft time windows (see RouteState.softWindows): single stops in used routes are priced with their time warp. */
  softWindows = false;
  /** 'cost': cheapest insertion; 'earliestDelivery': earliest delivery start, then least added distance. */
  mode: 'cost' | 'earliestDelivery' = 'cost';
  /** MIN_MAX_TRAVEL_COST_DISTANCE: longest and second-longest route distances, and the longest route. */
  maxDistance = 0;
  secondMaxDistance = 0;
  maxRoute = -1;
  /** Spread of the evaluated route with the evaluated job added (set per evaluate call). */
  private newSpread = 0;
  /**
   * 'earliestDelivery' for several delivery windows in one pass (booking asks one per hour): when
   * set, evaluate() updates `bests[w]` with the earliest delivery start inside window w, and the
   * `best` it is given is left alone. Each (pickup, delivery) position pair is walked once for all
   * windows, where asking per window walked it once per window. The job's delivery must have
   * exactly one window, at `slot`; it is rewritten to the window whose candidate is being checked.
   */
  deliveryWindows: DeliveryWindows | null = null;
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
  /**
   * The capacity dimension checked alone, the one-dimension way, or -1: every dimension is checked.
   * By default the only dimension of a one-dimension instance; the search, whose sizes and
   * capacities stay as compiled, sets the instance's only binding one (checkOnlyBindingDimension).
   */
  private capacityDim: number;
  /**
   * skipTightPositions: detourShortfall of the instance (Infinity: positions are not passed over).
   * A position whose slack (its next stop's latest start, less the departure and the leg between
   * them) is under the new stop's service less this cannot take the stop: the stop's legs take at
   * least the leg they replace less the shortfall, and waiting only adds. Such positions are most of
   * those scanned in tight routes (60-78% on Solomon instances), and the check costs one leg.
   */
  private detourShortfall = Infinity;
  /**
   * Legs into a stop, read by destination (see readLegsByDestination): the time or distance from
   * location x to b is durationsTo[b * toRow + x * toStride]. By default the matrices by column.
   */
  private durationsTo: Float64Array;
  private distancesTo: Float64Array;
  private toRow = 1;
  private toStride: number;
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
    private readonly inst: Instance,
    private readonly model: CostModel,
    private readonly rng: Random,
    paths: Readonly<InserterPaths> = REFERENCE_PATHS,
  ) {
    this.capacityDim = inst.dims === 1 ? 0 : -1;
    this.durationsTo = inst.durations;
    this.distancesTo = inst.distances;
    this.toStride = inst.locations;
    this.leastFactor = new Float64Array(inst.vehicles);
    for (let v = 0; v < inst.vehicles; v++)
      this.leastFactor[v] = leastTrafficFactor(inst.traffic, inst.vehicleEarliest[v]!, inst.vehicleLatest[v]!);
    if (paths.skipTightPositions) this.skipTightPositions();
    if (paths.readLegsByDestination) this.readLegsByDestination();
    if (paths.checkOnlyBindingDimension) this.checkOnlyBindingDimension();
    if (paths.cacheInsertions) this.cacheInsertions();
  }

  /**
   * Pass over positions that cannot take a stop for want of time, before costing them (see
   * detourShortfall): the same candidates, found sooner. Without traffic only. The search turns it
   * on; one-off checks do not pay for the matrix check.
   */
  skipTightPositions(): void {
    if (this.inst.traffic === null) this.detourShortfall = detourShortfall(this.inst);
  }

  /**
   * Read the legs into the inserted stop from rows of the matrices by destination (see
   * destinationMatrices): the same values, from the cache. For searches only: the instance's
   * matrices must not change after this (booking queries rewrite theirs in place).
   */
  readLegsByDestination(): void {
    const by = destinationMatrices(this.inst);
    this.durationsTo = by.durations;
    this.distancesTo = by.distances;
    this.toRow = by.row;
    this.toStride = by.stride;
  }

  /**
   * Check capacity in the one dimension that can bind when only one can (see onlyBindingDimension):
   * the same candidates. For searches only: one-off checks that change sizes or capacities after
   * this (booking queries, fixes) keep checking every dimension.
   */
  checkOnlyBindingDimension(): void {
    this.capacityDim = onlyBindingDimension(this.inst);
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
      this.inst.vehicleBreakCount[v] === 0
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

  private candidate(
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
    if (!verified && inst.vehicleBreakCount[route.vehicle]! > 0) {
      // Driver breaks: the constant-time checks and the estimate above ignore them (they are a
      // necessary condition only); plan the new route exactly and cost it on its exact duration.
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

  private evaluatePair(route: RouteState, r: number, job: number, best: InsertionCandidate): boolean {
    const inst = this.inst;
    const n = route.size;
    const v = route.vehicle;
    const p = pickupNode(job);
    const d = p + 1;
    const locP = inst.nodeLocation[p]!;
    const locD = inst.nodeLocation[d]!;
    const svcP = inst.nodeService[p]!;
    const svcD = inst.nodeService[d]!;
    const rankP = inst.nodeLockRank[p]!;
    const rankD = inst.nodeLockRank[d]!;
    const lastP = lastWindowEnd(inst, p);
    const perWindow = this.deliveryWindows;
    const lastD = perWindow ? perWindow.lastEnd : lastWindowEnd(inst, d);
    // The pickup's and the delivery's windows when each has one (the common case), read once:
    // windowStartFor written out. (Per-window evaluation rewrites the delivery's window; it does
    // not read these.)
    const oneWindowP = inst.nodeWindowCount[p] === 1;
    const openP = inst.windowStart[inst.nodeWindowOffset[p]!]!;
    const oneWindowD = inst.nodeWindowCount[d] === 1;
    const openD = inst.windowStart[inst.nodeWindowOffset[d]!]!;
    const loc = route.loc;
    const node = route.node;
    const latest = route.latest;
    const start = route.start;
    const noTraffic = inst.traffic === null;
    const durations = inst.durations;
    const distances = inst.distances;
    const L = inst.locations;
    const speed = inst.vehicleSpeed[v]!;
    // Legs into the pickup and into the delivery, by destination.
    const durationsTo = this.durationsTo;
    const distancesTo = this.distancesTo;
    const toStride = this.toStride;
    const toP = locP * this.toRow;
    const toD = locD * this.toRow;
    const winCount = inst.nodeWindowCount;
    const winOffset = inst.nodeWindowOffset;
    const winStart = inst.windowStart;
    const service = inst.nodeService;
    // One capacity dimension that can bind (the common case): the job's size and the capacity, read once.
    const D = inst.dims;
    const load = route.load;
    const cd = this.capacityDim;
    const sizeC = cd >= 0 ? inst.size[job * D + cd]! : 0;
    const capacityC = cd >= 0 ? inst.vehicleCapacity[v * D + cd]! : 0;
    let improved = false;

    // Distance-only costs: the pickup detour bounds the whole insertion from below (triangle
    // inequality), so positions whose pickup detour alone is too expensive are skipped.
    const bounded = !this.model.usesDuration && this.mode === 'cost' && n > 0;
    // A pickup position with less slack than this takes neither the pickup with its delivery later
    // (the next stop would start after its latest start) nor both stops there (see evaluateSingle).
    const skipTight = this.detourShortfall < Infinity;
    const leastSlack = svcP - 2 * this.detourShortfall * speed - 1e-4 - 1e-12 * Math.abs(start[0]!);
    for (let i = firstPositionAfter(latest, n, openP + svcP); i <= n; i++) {
      const depI = i === 0 ? start[0]! : start[i]! + service[node[i]!]!;
      if (depI > lastP) break;
      // distanceBetween and travelTime written out (location -1, no leg: an open route's end).
      const here = loc[i]!;
      const next = loc[i + 1]!;
      const dIP = here < 0 ? 0 : distancesTo[toP + here * toStride]!;
      const dPNext = next < 0 ? 0 : distances[locP * L + next]!;
      const dINext = here < 0 || next < 0 ? 0 : distances[here * L + next]!;
      const pickupDelta = dIP + dPNext - dINext;
      if (bounded && pickupDelta >= best.cost) continue;
      if (rankP >= 0) {
        if (route.lockBefore[i]! >= rankP) break;
        if (route.lockAfter[i + 1]! <= rankP) continue;
      }
      if (
        skipTight &&
        latest[i + 1]! - depI - (here < 0 || next < 0 ? 0 : durations[here * L + next]! * speed) < leastSlack
      )
        continue;
      if (cd >= 0 ? load[i * D + cd]! + sizeC > capacityC : !fitsWithSize(this.inst, route.load, i, job, route.vehicle))
        continue;
      const legP = here < 0 ? 0 : durationsTo[toP + here * toStride]! * speed;
      const arrP = depI + (noTraffic ? legP : withTraffic(inst, legP, depI));
      const sP = oneWindowP
        ? arrP <= lastP
          ? arrP >= openP
            ? arrP
            : openP
          : Infinity
        : windowStartFor(inst, p, arrP);
      if (sP === Infinity) continue;
      const depP = sP + svcP;

      // Delivery right after the pickup.
      if (rankD < 0 || (route.lockBefore[i]! < rankD && route.lockAfter[i + 1]! > rankD)) {
        const arrD = depP + (noTraffic ? durations[locP * L + locD]! * speed : travelTime(inst, v, locP, locD, depP));
        const dd = dIP + distances[locP * L + locD]! + (next < 0 ? 0 : distances[locD * L + next]!) - dINext;
        if (perWindow) {
          if (this.tryDeliveryPerWindow(route, r, dd, arrD, i + 1, sP - arrP, i, i, p, d)) improved = true;
        } else {
          const sD = oneWindowD
            ? arrD <= lastD
              ? arrD >= openD
                ? arrD
                : openD
              : Infinity
            : windowStartFor(inst, d, arrD);
          if (sD !== Infinity) {
            const depD = sD + svcD;
            const arrN =
              depD +
              (next < 0 ? 0 : noTraffic ? durations[locD * L + next]! * speed : travelTime(inst, v, locD, next, depD));
            if (arrN <= latest[i + 1]! && this.candidate(route, r, dd, arrN, i + 1, sP - arrP, i, i, best, p, d, sD))
              improved = true;
          }
        }
      }
      if (i === n) continue;

      // Delivery later: walk forward with the shifted schedule. Once the shifted start equals the
      // cached one the rest of the schedule is unchanged and is read, not recomputed: each start is
      // a function of the previous departure only (with traffic too: the travel time depends on the
      // departure time, which is then the cached one), the same recurrence RouteState.update ran.
      let prevDep = depP;
      let prevLoc = locP;
      let converged = false;
      for (let k = i + 1; k <= n; k++) {
        const x = node[k]!;
        const lk = loc[k]!;
        let s: number;
        if (converged) s = start[k]!;
        else {
          const arr =
            prevDep + (noTraffic ? durations[prevLoc * L + lk]! * speed : travelTime(inst, v, prevLoc, lk, prevDep));
          if (winCount[x] === 1) {
            const ws = winStart[winOffset[x]!]!;
            s = arr < ws ? ws : arr;
          } else s = windowStartFor(inst, x, arr);
          if (s === start[k]) converged = true;
        }
        if (s > latest[k]!) break;
        if (
          cd >= 0 ? load[k * D + cd]! + sizeC > capacityC : !fitsWithSize(this.inst, route.load, k, job, route.vehicle)
        )
          break;
        if (rankD >= 0 && route.lockBefore[k]! >= rankD) break;
        const dep = s + service[x]!;
        if (dep > lastD) break;
        prevDep = dep;
        prevLoc = lk;
        if (rankD >= 0 && route.lockAfter[k + 1]! <= rankD) continue;
        const after = loc[k + 1]!;
        // `after` is -1 past the last stop of an open route (no leg, as distanceBetween and travelTime have it).
        const dd =
          pickupDelta +
          distancesTo[toD + lk * toStride]! +
          (after < 0 ? 0 : distances[locD * L + after]!) -
          (after < 0 ? 0 : distances[lk * L + after]!);
        if (bounded && dd >= best.cost) continue;
        const legD = durationsTo[toD + lk * toStride]! * speed;
        const arrD = dep + (noTraffic ? legD : withTraffic(inst, legD, dep));
        if (perWindow) {
          if (this.tryDeliveryPerWindow(route, r, dd, arrD, k + 1, sP - arrP, i, k, p, d)) improved = true;
          continue;
        }
        const sD = oneWindowD
          ? arrD <= lastD
            ? arrD >= openD
              ? arrD
              : openD
            : Infinity
          : windowStartFor(inst, d, arrD);
        if (sD === Infinity) continue;
        const depD = sD + svcD;
        const arrN =
          depD +
          (after < 0 ? 0 : noTraffic ? durations[locD * L + after]! * speed : travelTime(inst, v, locD, after, depD));
        if (arrN > latest[k + 1]!) continue;
        if (this.candidate(route, r, dd, arrN, k + 1, sP - arrP, i, k, best, p, d, sD)) improved = true;
      }
    }
    return improved;
  }

  /**
   * Inserter.deliveryWindows: the delivery d arriving at arrD, before the route's position `next`
   * (pickup after i, delivery after old position j), tried in each window; the same steps as the
   * one-window case in evaluatePair.
   */
  private tryDeliveryPerWindow(
    route: RouteState,
    r: number,
    dd: number,
    arrD: number,
    next: number,
    firstWaitNew: number,
    i: number,
    j: number,
    p: number,
    d: number,
  ): boolean {
    const inst = this.inst;
    const windows = this.deliveryWindows!;
    const v = route.vehicle;
    const locD = inst.nodeLocation[d]!;
    const after = route.loc[next]!;
    const svcD = inst.nodeService[d]!;
    let improved = false;
    for (let w = 0; w < windows.count; w++) {
      const end = windows.end[w]!;
      if (arrD > end) continue;
      const start = windows.start[w]!;
      const sD = arrD < start ? start : arrD;
      const depD = sD + svcD;
      const arrN = depD + travelTime(inst, v, locD, after, depD);
      // Not a break: with time-of-day traffic a later departure can arrive earlier.
      if (arrN > route.latest[next]!) continue;
      // The exact checks in candidate() read the delivery's window from the instance.
      inst.windowStart[windows.slot] = start;
      inst.windowEnd[windows.slot] = end;
      if (this.candidate(route, r, dd, arrN, next, firstWaitNew, i, j, windows.bests[w]!, p, d, sD)) improved = true;
    }
    return improved;
  }

  private evaluateSingle(route: RouteState, r: number, job: number, x: number, best: InsertionCandidate): boolean {
    const inst = this.inst;
    const n = route.size;
    const v = route.vehicle;
    const D = inst.dims;
    const isDelivery = isDeliveryNode(x);
    const locX = inst.nodeLocation[x]!;
    const svc = inst.nodeService[x]!;
    const rank = inst.nodeLockRank[x]!;
    const last = lastWindowEnd(inst, x);
    // The node's window when it has one (the common case), read once: windowStartFor written out.
    const oneWindow = inst.nodeWindowCount[x] === 1;
    const windowOpen = inst.windowStart[inst.nodeWindowOffset[x]!]!;
    const loc = route.loc;
    const node = route.node;
    const start = route.start;
    const service = inst.nodeService;
    // Delivery-only raises the load from the start up to k; pickup-only from k to the end.
    const maxLoad = isDelivery ? route.loadPrefixMax : route.loadSuffixMax;
    const noTraffic = inst.traffic === null;
    const distances = inst.distances;
    const durations = inst.durations;
    const L = inst.locations;
    const speed = inst.vehicleSpeed[v]!;
    // Legs into the stop, by destination.
    const durationsTo = this.durationsTo;
    const distancesTo = this.distancesTo;
    const toStride = this.toStride;
    const toX = locX * this.toRow;
    // One dimension that can bind (the common case): the job's size and the capacity, read once.
    const cd = this.capacityDim;
    const sizeC = cd >= 0 ? inst.size[job * D + cd]! : 0;
    const capacityC = cd >= 0 ? inst.vehicleCapacity[v * D + cd]! : 0;
    let improved = false;
    // Distance-only costs: a position whose detour alone costs no less than the best candidate so
    // far would be turned down by candidate() before anything else (no blink drawn), so its
    // schedule is not computed (as in evaluatePair).
    const bounded = !this.model.usesDuration && this.mode === 'cost' && n > 0;
    // Positions with less slack than this cannot take the stop (see detourShortfall); rounding of
    // the times (seconds since an epoch, about 1e-7 s per step) is far under the margin.
    const skipTight = this.detourShortfall < Infinity;
    const leastSlack = svc - this.detourShortfall * speed - 1e-4 - 1e-12 * Math.abs(start[0]!);
    const latest = route.latest;
    for (let k = firstPositionAfter(latest, n, windowOpen + svc); k <= n; k++) {
      const dep = k === 0 ? start[0]! : start[k]! + service[node[k]!]!;
      if (dep > last) break;
      if (rank >= 0) {
        if (route.lockBefore[k]! >= rank) break;
        if (route.lockAfter[k + 1]! <= rank) continue;
      }
      if (cd >= 0 ? maxLoad[k * D + cd]! + sizeC > capacityC : !fitsWithSize(this.inst, maxLoad, k, job, v)) {
        if (isDelivery) break;
        continue;
      }
      // distanceBetween and travelTime written out (location -1, no leg: an open route's end).
      const here = loc[k]!;
      const next = loc[k + 1]!;
      if (
        skipTight &&
        latest[k + 1]! - dep - (here < 0 || next < 0 ? 0 : durations[here * L + next]! * speed) < leastSlack
      )
        continue;
      // detourDistance written out, the leg into the stop by destination.
      const dd =
        (here < 0 ? 0 : distancesTo[toX + here * toStride]!) +
        (next < 0 ? 0 : distances[locX * L + next]!) -
        (here < 0 || next < 0 ? 0 : distances[here * L + next]!);
      if (bounded && dd >= best.cost) continue;
      const legX = here < 0 ? 0 : durationsTo[toX + here * toStride]! * speed;
      const arr = dep + (noTraffic ? legX : withTraffic(inst, legX, dep));
      const s = oneWindow
        ? arr <= last
          ? arr >= windowOpen
            ? arr
            : windowOpen
          : Infinity
        : windowStartFor(inst, x, arr);
      if (s === Infinity) continue;
      const depX = s + svc;
      const arrN =
        depX + (next < 0 ? 0 : noTraffic ? durations[locX * L + next]! * speed : travelTime(inst, v, locX, next, depX));
      if (arrN > route.latest[k + 1]!) continue;
      if (this.candidate(route, r, dd, arrN, k + 1, s - arr, k, -1, best, x, -1, s)) improved = true;
    }
    return improved;
  }
}
