import {
  type Instance,
  chargedService,
  destinationMatrices,
  detourShortfall,
  isDeliveryNode,
  lastWindowEnd,
  onlyBindingDimension,
  pickupNode,
  travelTime,
  windowStartFor,
  withTraffic,
} from './instance';
import type { CostModel } from './objective';
import type { RouteState } from './route';
import { firstPositionAfter, fitsWithSize } from './insertion-bounds';
import type { DeliveryWindows, InsertionCandidate } from './insertion-candidate';

/**
 * windowStartFor for the scans' loops: a node with one window (oneWindow) has it read once by the
 * caller (its open, and last: its close), others go through the window list.
 */
function startIn(inst: Instance, x: number, arr: number, oneWindow: boolean, open: number, last: number): number {
  if (!oneWindow) return windowStartFor(inst, x, arr);
  return arr <= last ? (arr >= open ? arr : open) : Infinity;
}

/** What a scan checks at every position, read once per scan (see PositionScanner.scanLimits). */
interface ScanLimits {
  /** The capacity dimension checked alone (-1: all), the job's size in it and the vehicle's capacity. */
  cd: number;
  sizeC: number;
  capacityC: number;
  /** Distance-only costs: positions whose detour alone costs no less than the best are skipped. */
  bounded: boolean;
  /** Positions with less slack than leastSlack cannot take the stop (see detourShortfall). */
  skipTight: boolean;
  leastSlack: number;
}

/**
 * The position scans of cheapest insertion (see Inserter): every (pickup, delivery) position pair,
 * or every position of a single stop, that time, capacity and locks allow, each handed to
 * `candidate` to be priced. The scans read the route's cached schedule in constant time per pair.
 */
export abstract class PositionScanner {
  /** 'cost': cheapest insertion; 'earliestDelivery': earliest delivery start, then least added distance. */
  mode: 'cost' | 'earliestDelivery' = 'cost';
  /**
   * 'earliestDelivery' for several delivery windows in one pass (booking asks one per hour): when
   * set, evaluate() updates `bests[w]` with the earliest delivery start inside window w, and the
   * `best` it is given is left alone. Each (pickup, delivery) position pair is walked once for all
   * windows, where asking per window walked it once per window. The job's delivery must have
   * exactly one window, at `slot`; it is rewritten to the window whose candidate is being checked.
   */
  deliveryWindows: DeliveryWindows | null = null;
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
  private readonly limits: ScanLimits = {
    cd: -1,
    sizeC: 0,
    capacityC: 0,
    bounded: false,
    skipTight: false,
    leastSlack: 0,
  };

  constructor(
    protected readonly inst: Instance,
    protected readonly model: CostModel,
  ) {
    this.capacityDim = inst.dims === 1 ? 0 : -1;
    this.durationsTo = inst.durations;
    this.distancesTo = inst.distances;
    this.toStride = inst.locations;
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

  /** Prices a candidate the scans found feasible so far; true when it became the best. */
  protected abstract candidate(
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
  ): boolean;

  /**
   * The limits a scan of `job` in `route` checks at every position, for a new stop of service `svc`
   * that adds `detours` legs (2: a pickup whose delivery may follow it).
   */
  private scanLimits(route: RouteState, job: number, svc: number, detours: number): ScanLimits {
    const inst = this.inst;
    const limits = this.limits;
    const D = inst.dims;
    const v = route.vehicle;
    // One capacity dimension that can bind (the common case): the job's size and the capacity, read once.
    const cd = this.capacityDim;
    limits.cd = cd;
    limits.sizeC = cd >= 0 ? inst.size[job * D + cd]! : 0;
    limits.capacityC = cd >= 0 ? inst.vehicleCapacity[v * D + cd]! : 0;
    // Distance-only costs: a position whose detour alone costs no less than the best candidate so
    // far would be turned down by candidate() before anything else (no blink drawn), so its
    // schedule is not computed (for a pair, by the triangle inequality, the pickup's detour).
    limits.bounded = !this.model.usesDuration && this.mode === 'cost' && route.size > 0;
    // Rounding of the times (seconds since an epoch, about 1e-7 s per step) is far under the margin.
    limits.skipTight = this.detourShortfall < Infinity;
    limits.leastSlack =
      svc - detours * this.detourShortfall * inst.vehicleSpeed[v]! - 1e-4 - 1e-12 * Math.abs(route.start[0]!);
    return limits;
  }

  protected evaluatePair(route: RouteState, r: number, job: number, best: InsertionCandidate): boolean {
    const inst = this.inst;
    const n = route.size;
    const v = route.vehicle;
    const p = pickupNode(job);
    const d = p + 1;
    const locP = inst.nodeLocation[p]!;
    const locD = inst.nodeLocation[d]!;
    const svcP = inst.nodeService[p]!;
    const svcD = inst.nodeService[d]!;
    // Setups (see chargedService): paid unless the stop before is at the same place. The stop after
    // a new one is checked at its service as it stands (a setup it would save is not counted here).
    const hasSetup = inst.hasSetup;
    const places = inst.nodePlace;
    const setupP = inst.nodeSetup[p]!;
    const placeP = places[p]!;
    const setupD = inst.nodeSetup[d]!;
    const placeD = places[d]!;
    const rankP = inst.nodeLockRank[p]!;
    const rankD = inst.nodeLockRank[d]!;
    const lastP = lastWindowEnd(inst, p);
    const perWindow = this.deliveryWindows;
    const lastD = perWindow ? perWindow.lastEnd : lastWindowEnd(inst, d);
    // The pickup's and the delivery's windows when each has one (the common case), read once:
    // see startIn. (Per-window evaluation rewrites the delivery's window; it does
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
    const service = route.service;
    const D = inst.dims;
    const load = route.load;
    // A pickup position with less slack than leastSlack takes neither the pickup with its delivery
    // later (the next stop would start after its latest start) nor both stops there.
    const { cd, sizeC, capacityC, bounded, skipTight, leastSlack } = this.scanLimits(route, job, svcP, 2);
    let improved = false;
    for (let i = firstPositionAfter(latest, n, openP + svcP); i <= n; i++) {
      const depI = i === 0 ? start[0]! : start[i]! + service[i]!;
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
      const sP = startIn(inst, p, arrP, oneWindowP, openP, lastP);
      if (sP === Infinity) continue;
      const depP = sP + svcP + (setupP > 0 && (i === 0 || places[node[i]!] !== placeP) ? setupP : 0);

      // Delivery right after the pickup.
      if (rankD < 0 || (route.lockBefore[i]! < rankD && route.lockAfter[i + 1]! > rankD)) {
        const arrD = depP + (noTraffic ? durations[locP * L + locD]! * speed : travelTime(inst, v, locP, locD, depP));
        const dd = dIP + distances[locP * L + locD]! + (next < 0 ? 0 : distances[locD * L + next]!) - dINext;
        if (perWindow) {
          if (this.tryDeliveryPerWindow(route, r, dd, arrD, i + 1, sP - arrP, i, i, p, d)) improved = true;
        } else {
          const sD = startIn(inst, d, arrD, oneWindowD, openD, lastD);
          if (sD !== Infinity) {
            const depD = sD + svcD + (setupD > 0 && placeD !== placeP ? setupD : 0);
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
          // (The stop right after the pickup may be charged another setup than before.)
          if (s === start[k] && (k > i + 1 || !hasSetup)) converged = true;
        }
        if (s > latest[k]!) break;
        if (
          cd >= 0 ? load[k * D + cd]! + sizeC > capacityC : !fitsWithSize(this.inst, route.load, k, job, route.vehicle)
        )
          break;
        if (rankD >= 0 && route.lockBefore[k]! >= rankD) break;
        const dep = s + (hasSetup && k === i + 1 ? chargedService(inst, p, x) : service[k]!);
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
        const sD = startIn(inst, d, arrD, oneWindowD, openD, lastD);
        if (sD === Infinity) continue;
        const depD = sD + svcD + (setupD > 0 && places[x] !== placeD ? setupD : 0);
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
    const svcD = chargedService(inst, i === j ? p : route.node[j]!, d);
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

  protected evaluateSingle(route: RouteState, r: number, job: number, x: number, best: InsertionCandidate): boolean {
    const inst = this.inst;
    const n = route.size;
    const v = route.vehicle;
    const D = inst.dims;
    const isDelivery = isDeliveryNode(x);
    const locX = inst.nodeLocation[x]!;
    const svc = inst.nodeService[x]!;
    const rank = inst.nodeLockRank[x]!;
    const last = lastWindowEnd(inst, x);
    // The node's window when it has one (the common case), read once (see startIn).
    const oneWindow = inst.nodeWindowCount[x] === 1;
    const windowOpen = inst.windowStart[inst.nodeWindowOffset[x]!]!;
    const loc = route.loc;
    const node = route.node;
    const start = route.start;
    const service = route.service;
    const setupX = inst.nodeSetup[x]!;
    const placeX = inst.nodePlace[x]!;
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
    const { cd, sizeC, capacityC, bounded, skipTight, leastSlack } = this.scanLimits(route, job, svc, 1);
    let improved = false;
    const latest = route.latest;
    for (let k = firstPositionAfter(latest, n, windowOpen + svc); k <= n; k++) {
      const dep = k === 0 ? start[0]! : start[k]! + service[k]!;
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
      const s = startIn(inst, x, arr, oneWindow, windowOpen, last);
      if (s === Infinity) continue;
      const depX = s + svc + (setupX > 0 && (k === 0 || inst.nodePlace[node[k]!] !== placeX) ? setupX : 0);
      const arrN =
        depX + (next < 0 ? 0 : noTraffic ? durations[locX * L + next]! * speed : travelTime(inst, v, locX, next, depX));
      if (arrN > route.latest[k + 1]!) continue;
      if (this.candidate(route, r, dd, arrN, k + 1, s - arr, k, -1, best, x, -1, s)) improved = true;
    }
    return improved;
  }
}
