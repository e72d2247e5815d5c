import { type Instance, baseTravelTime, isDeliveryNode, jobOf, partnerNode } from './instance';
import { type CostModel, routeSpread } from './objective';
import { loadPasses, lockPasses, singleLoadPasses, warpPasses } from './route-passes';
import { planRoute } from './schedule';
import { NO_STOP, backwardPass, forwardPass } from './route-schedule';

/** RouteState.staleBack when every latest start is stale. */
const ALL_STALE = 0x3fffffff;
/** Sizes up to this (whole numbers) keep any sum of a route's sizes exact (below 2^53). */
const MAX_EXACT_SIZE = 2 ** 36;

const lockedStops = new WeakMap<Int32Array, boolean>();

/** Whether any stop of the instance is locked (computed once per instance). */
function hasLockedStops(inst: Instance): boolean {
  let locked = lockedStops.get(inst.nodeLockRank);
  if (locked === undefined) {
    locked = inst.nodeLockRank.some((r) => r >= 0);
    lockedStops.set(inst.nodeLockRank, locked);
  }
  return locked;
}

/** RouteState.version: unique within a thread (versions start at 1, 0 is none). */
let nextRouteVersion = 1;

/** A copy of `a` in a new array of `length` entries (the rest zero): typed arrays grow by it. */
export function grownCopy<T extends Int32Array | Float64Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}

/** Routes of this many stops or more are copied by block copies (a manual loop is cheaper below). */
const BULK_COPY_MIN_STOPS = 16;

/**
 * One vehicle's route with the cached schedule data that makes insertion checks constant-time:
 * position 0 is the start depot, 1..size the stops, size+1 the end (location -1 for open routes).
 * For every position: earliest service start (forward), latest feasible service start (backward),
 * load after the stop with prefix and suffix maxima, cumulative distance and waiting, and the lock
 * ranks around it. Arrays grow by doubling, so steady-state search allocates nothing.
 */
export class RouteState {
  readonly vehicle: number;
  size = 0;
  node: Int32Array;
  loc: Int32Array;
  start: Float64Array;
  latest: Float64Array;
  load: Float64Array;
  loadPrefixMax: Float64Array;
  loadSuffixMax: Float64Array;
  cumDistance: Float64Array;
  cumWait: Float64Array;
  /** Arrival per position on the schedule from the earliest departure (start holds the service starts). */
  arrival: Float64Array;
  /**
   * Per position k: the least, over positions 1..k, of cumulative wait plus the time left in the
   * stop's window, as planRoute takes it to slide the departure later (Infinity at 0): with
   * `arrival`, plannedDuration (insertion.ts) reads the part of a new schedule that equals this one.
   * Kept under duration objectives only (the only ones that price insertions that way).
   */
  delayPrefix: Float64Array;
  /** Service charged per position (chargedService: with the setup where the stop before is at another place). */
  service: Float64Array;
  /** Rank of the last locked stop at or before the position (-1 if none). */
  lockBefore: Int32Array;
  /** Rank of the first locked stop at or after the position (max int if none). */
  lockAfter: Int32Array;
  distance = 0;
  duration = 0;
  /**
   * Soft time windows (see softWindowsApply in search/soft-windows.ts): windows and the vehicle's shift end may be broken,
   * at `warpPenalty` per unit of time warp (a late arrival travels back to the window's close, as
   * in Vidal et al. 2013), which the cost then includes. Per position: departure under time warp
   * and the warp up to it (forward), the least warp and latest start of the rest of the route
   * (backward), so that inserting one stop is priced in constant time.
   */
  softWindows = false;
  warpPenalty = 0;
  /** The cost without the penalty of time warp. */
  baseCost = 0;
  warp = 0;
  warpDeparture: Float64Array;
  warpBefore: Float64Array;
  warpAfter: Float64Array;
  warpLatest: Float64Array;
  /**
   * Service time, and travel without traffic (the matrix times the vehicle's speed factor), of the
   * route: what a lower bound of its duration is made of (see Inserter).
   */
  serviceTime = 0;
  baseTravel = 0;
  /** routeSpread of the stops when the cost model uses it (else 0). */
  spread = 0;
  cost = 0;
  feasible = true;
  /** Whether any stop of the instance is locked (else lockBefore and lockAfter are never read nor kept). */
  private readonly hasLocks: boolean;
  /**
   * What update() must recompute. An insertion or removal only changes the schedule from its
   * position on and the latest starts up to it, so update() redoes the forward pass from
   * `staleFrom` and the backward pass from `staleBack` down; the later latest starts were moved
   * along with their stops. Route updates after every insertion are a large share of a move's
   * time on long routes.
   */
  private staleFrom = 1;
  private staleBack = ALL_STALE;
  /** First stop whose window the forward pass found closed (NO_STOP when none). */
  private lateAt = NO_STOP;
  /**
   * Whether `loc` and `atStartLoad` must be recomputed from the stops by update(). Insertions and
   * removals keep them (moving the locations with their stops) so that update() need not walk the
   * whole route on long routes; setting the stops, or a change of the instance, recomputes them.
   */
  private stopsStale = true;
  /**
   * One capacity dimension: the load at the start (the sizes of the jobs without a pickup), kept
   * by insertions and removals while every such size is a whole number (their sums are then exact
   * in any order, so the same as the sum update() takes in route order); otherwise stopsStale.
   */
  private atStartLoad = 0;
  /**
   * Identifies the route's stops and schedule: a new number at every update, copied and swapped
   * with them (a rolled-back route gets its number back). Insertion results cached under it stay
   * valid while it does (see Inserter.cacheInsertions).
   */
  version = 0;

  constructor(
    private readonly inst: Instance,
    vehicle: number,
    capacity = 16,
  ) {
    this.vehicle = vehicle;
    this.hasLocks = hasLockedStops(inst);
    this.node = new Int32Array(capacity);
    this.loc = new Int32Array(capacity);
    this.start = new Float64Array(capacity);
    this.latest = new Float64Array(capacity);
    this.load = new Float64Array(capacity * inst.dims);
    this.loadPrefixMax = new Float64Array(capacity * inst.dims);
    this.loadSuffixMax = new Float64Array(capacity * inst.dims);
    this.cumDistance = new Float64Array(capacity);
    this.cumWait = new Float64Array(capacity);
    this.arrival = new Float64Array(capacity);
    this.delayPrefix = new Float64Array(capacity);
    this.service = new Float64Array(capacity);
    this.lockBefore = new Int32Array(capacity);
    this.lockAfter = new Int32Array(capacity);
    this.warpDeparture = new Float64Array(capacity);
    this.warpBefore = new Float64Array(capacity);
    this.warpAfter = new Float64Array(capacity);
    this.warpLatest = new Float64Array(capacity);
  }

  private ensure(positions: number): void {
    if (positions <= this.node.length) return;
    let cap = this.node.length;
    while (cap < positions) cap *= 2;
    const grow = <T extends Int32Array | Float64Array>(a: T, per = 1): T => grownCopy(a, cap * per);
    const D = this.inst.dims;
    this.node = grow(this.node);
    this.loc = grow(this.loc);
    this.start = grow(this.start);
    this.latest = grow(this.latest);
    this.load = grow(this.load, D);
    this.loadPrefixMax = grow(this.loadPrefixMax, D);
    this.loadSuffixMax = grow(this.loadSuffixMax, D);
    this.cumDistance = grow(this.cumDistance);
    this.cumWait = grow(this.cumWait);
    this.arrival = grow(this.arrival);
    this.delayPrefix = grow(this.delayPrefix);
    this.service = grow(this.service);
    this.lockBefore = grow(this.lockBefore);
    this.lockAfter = grow(this.lockAfter);
    this.warpDeparture = grow(this.warpDeparture);
    this.warpBefore = grow(this.warpBefore);
    this.warpAfter = grow(this.warpAfter);
    this.warpLatest = grow(this.warpLatest);
  }

  /** Copies another route of the same vehicle: stops and schedule (to be restored by swapWith). */
  copyFrom(o: RouteState): void {
    this.ensure(o.node.length);
    const D = this.inst.dims;
    // Only the positions in use: block copies on long routes, a loop on short ones (cheaper there).
    if (o.size >= BULK_COPY_MIN_STOPS) this.copyPositionsInBulk(o);
    else
      for (let k = 0; k <= o.size + 1; k++) {
        this.node[k] = o.node[k]!;
        this.loc[k] = o.loc[k]!;
        this.start[k] = o.start[k]!;
        this.latest[k] = o.latest[k]!;
        this.cumDistance[k] = o.cumDistance[k]!;
        this.cumWait[k] = o.cumWait[k]!;
        this.arrival[k] = o.arrival[k]!;
        this.delayPrefix[k] = o.delayPrefix[k]!;
        this.service[k] = o.service[k]!;
        for (let d = k * D; d < (k + 1) * D; d++) {
          this.load[d] = o.load[d]!;
          this.loadPrefixMax[d] = o.loadPrefixMax[d]!;
          this.loadSuffixMax[d] = o.loadSuffixMax[d]!;
        }
        if (this.hasLocks) {
          this.lockBefore[k] = o.lockBefore[k]!;
          this.lockAfter[k] = o.lockAfter[k]!;
        }
        if (o.softWindows) {
          this.warpDeparture[k] = o.warpDeparture[k]!;
          this.warpBefore[k] = o.warpBefore[k]!;
          this.warpAfter[k] = o.warpAfter[k]!;
          this.warpLatest[k] = o.warpLatest[k]!;
        }
      }
    this.warp = o.warp;
    this.version = o.version;
    this.size = o.size;
    this.distance = o.distance;
    this.duration = o.duration;
    this.serviceTime = o.serviceTime;
    this.baseTravel = o.baseTravel;
    this.spread = o.spread;
    this.cost = o.cost;
    this.baseCost = o.baseCost;
    this.feasible = o.feasible;
    this.staleFrom = o.staleFrom;
    this.staleBack = o.staleBack;
    this.lateAt = o.lateAt;
    this.stopsStale = o.stopsStale;
    this.atStartLoad = o.atStartLoad;
  }

  /** copyFrom's positions in use of a long route, one block copy per array. */
  private copyPositionsInBulk(o: RouteState): void {
    const end = o.size + 2;
    const D = this.inst.dims;
    this.node.set(o.node.subarray(0, end));
    this.loc.set(o.loc.subarray(0, end));
    this.start.set(o.start.subarray(0, end));
    this.latest.set(o.latest.subarray(0, end));
    this.cumDistance.set(o.cumDistance.subarray(0, end));
    this.cumWait.set(o.cumWait.subarray(0, end));
    this.arrival.set(o.arrival.subarray(0, end));
    this.delayPrefix.set(o.delayPrefix.subarray(0, end));
    this.service.set(o.service.subarray(0, end));
    this.load.set(o.load.subarray(0, end * D));
    this.loadPrefixMax.set(o.loadPrefixMax.subarray(0, end * D));
    this.loadSuffixMax.set(o.loadSuffixMax.subarray(0, end * D));
    if (this.hasLocks) {
      this.lockBefore.set(o.lockBefore.subarray(0, end));
      this.lockAfter.set(o.lockAfter.subarray(0, end));
    }
    if (o.softWindows) {
      this.warpDeparture.set(o.warpDeparture.subarray(0, end));
      this.warpBefore.set(o.warpBefore.subarray(0, end));
      this.warpAfter.set(o.warpAfter.subarray(0, end));
      this.warpLatest.set(o.warpLatest.subarray(0, end));
    }
  }

  /**
   * Exchanges stops and schedule with another route of the same vehicle in constant time: a
   * rejected move gets its routes back without recomputing their schedules.
   */
  swapWith(o: RouteState): void {
    const version = this.version;
    this.version = o.version;
    o.version = version;
    const node = this.node;
    this.node = o.node;
    o.node = node;
    const loc = this.loc;
    this.loc = o.loc;
    o.loc = loc;
    const start = this.start;
    this.start = o.start;
    o.start = start;
    const latest = this.latest;
    this.latest = o.latest;
    o.latest = latest;
    const load = this.load;
    this.load = o.load;
    o.load = load;
    const prefix = this.loadPrefixMax;
    this.loadPrefixMax = o.loadPrefixMax;
    o.loadPrefixMax = prefix;
    const suffix = this.loadSuffixMax;
    this.loadSuffixMax = o.loadSuffixMax;
    o.loadSuffixMax = suffix;
    const cumDistance = this.cumDistance;
    this.cumDistance = o.cumDistance;
    o.cumDistance = cumDistance;
    const cumWait = this.cumWait;
    this.cumWait = o.cumWait;
    o.cumWait = cumWait;
    const arrival = this.arrival;
    this.arrival = o.arrival;
    o.arrival = arrival;
    const delayPrefix = this.delayPrefix;
    this.delayPrefix = o.delayPrefix;
    o.delayPrefix = delayPrefix;
    const service = this.service;
    this.service = o.service;
    o.service = service;
    const lockBefore = this.lockBefore;
    this.lockBefore = o.lockBefore;
    o.lockBefore = lockBefore;
    const lockAfter = this.lockAfter;
    this.lockAfter = o.lockAfter;
    o.lockAfter = lockAfter;
    const warpDeparture = this.warpDeparture;
    this.warpDeparture = o.warpDeparture;
    o.warpDeparture = warpDeparture;
    const warpBefore = this.warpBefore;
    this.warpBefore = o.warpBefore;
    o.warpBefore = warpBefore;
    const warpAfter = this.warpAfter;
    this.warpAfter = o.warpAfter;
    o.warpAfter = warpAfter;
    const warpLatest = this.warpLatest;
    this.warpLatest = o.warpLatest;
    o.warpLatest = warpLatest;
    const warp = this.warp;
    this.warp = o.warp;
    o.warp = warp;
    const size = this.size;
    this.size = o.size;
    o.size = size;
    const distance = this.distance;
    this.distance = o.distance;
    o.distance = distance;
    const duration = this.duration;
    this.duration = o.duration;
    o.duration = duration;
    const serviceTime = this.serviceTime;
    this.serviceTime = o.serviceTime;
    o.serviceTime = serviceTime;
    const baseTravel = this.baseTravel;
    this.baseTravel = o.baseTravel;
    o.baseTravel = baseTravel;
    const spread = this.spread;
    this.spread = o.spread;
    o.spread = spread;
    const cost = this.cost;
    this.cost = o.cost;
    o.cost = cost;
    const baseCost = this.baseCost;
    this.baseCost = o.baseCost;
    o.baseCost = baseCost;
    const feasible = this.feasible;
    this.feasible = o.feasible;
    o.feasible = feasible;
    const staleFrom = this.staleFrom;
    this.staleFrom = o.staleFrom;
    o.staleFrom = staleFrom;
    const staleBack = this.staleBack;
    this.staleBack = o.staleBack;
    o.staleBack = staleBack;
    const lateAt = this.lateAt;
    this.lateAt = o.lateAt;
    o.lateAt = lateAt;
    const stopsStale = this.stopsStale;
    this.stopsStale = o.stopsStale;
    o.stopsStale = stopsStale;
    const atStartLoad = this.atStartLoad;
    this.atStartLoad = o.atStartLoad;
    o.atStartLoad = atStartLoad;
  }

  /** Departure time from position k. */
  departure(k: number): number {
    return k === 0 ? this.start[0]! : this.start[k]! + this.service[k]!;
  }

  setStops(nodes: ArrayLike<number>, count: number): void {
    this.ensure(count + 2);
    for (let k = 0; k < count; k++) this.node[k + 1] = nodes[k]!;
    this.size = count;
    this.staleFrom = 1;
    this.staleBack = ALL_STALE;
    this.stopsStale = true;
  }

  /**
   * The instance data the schedule was computed from changed (travel, sizes, windows of its stops):
   * the next update recomputes everything, not only what insertions and removals touched.
   */
  invalidate(): void {
    this.staleFrom = 1;
    this.staleBack = ALL_STALE;
    this.stopsStale = true;
  }

  /** Removes every stop. */
  clear(): void {
    this.size = 0;
    this.staleFrom = 1;
    this.staleBack = ALL_STALE;
    this.stopsStale = true;
  }

  /** A stop of `x` joins (sign 1) or leaves (sign -1) the route: the load at the start follows it (see atStartLoad). */
  private trackAtStartLoad(x: number, sign: number): void {
    const inst = this.inst;
    if (inst.dims !== 1 || !isDeliveryNode(x) || inst.nodeLocation[partnerNode(x)]! >= 0) return;
    const size = inst.size[jobOf(x)]!;
    if (Number.isInteger(size) && Math.abs(size) <= MAX_EXACT_SIZE) this.atStartLoad += sign * size;
    else this.stopsStale = true;
  }

  /**
   * Inserts node a after position i and (if b >= 0) node b after old position j (j >= i).
   * Positions refer to the route before the insertion.
   */
  insert(a: number, i: number, b: number, j: number): void {
    const add = b >= 0 ? 2 : 1;
    this.ensure(this.size + add + 2);
    const node = this.node;
    const loc = this.loc;
    const nodeLocation = this.inst.nodeLocation;
    // The stops after the last new one keep their latest starts: they move along.
    const lastNew = b < 0 ? i + 1 : j + 2;
    this.latest.copyWithin(lastNew + 1, lastNew + 1 - add, this.size + 1);
    if (b < 0) {
      node.copyWithin(i + 2, i + 1, this.size + 1);
      node[i + 1] = a;
      loc.copyWithin(i + 2, i + 1, this.size + 1);
      loc[i + 1] = nodeLocation[a]!;
    } else {
      node.copyWithin(j + 3, j + 1, this.size + 1);
      node.copyWithin(i + 2, i + 1, j + 1);
      node[i + 1] = a;
      node[j + 2] = b;
      loc.copyWithin(j + 3, j + 1, this.size + 1);
      loc.copyWithin(i + 2, i + 1, j + 1);
      loc[i + 1] = nodeLocation[a]!;
      loc[j + 2] = nodeLocation[b]!;
    }
    if (!this.stopsStale) {
      this.trackAtStartLoad(a, 1);
      if (b >= 0) this.trackAtStartLoad(b, 1);
    }
    this.size += add;
    if (i + 1 < this.staleFrom) this.staleFrom = i + 1;
    // A stale position at or after an insertion point moved with it.
    let back = this.staleBack;
    if (back !== ALL_STALE) {
      if (back >= i + 1) back++;
      if (b >= 0 && back >= j + 2) back++;
    }
    // With setups the stop after a new one has a new predecessor, so a new service and latest start.
    this.staleBack = Math.max(back, this.inst.hasSetup ? lastNew + 1 : lastNew);
  }

  /** Removes every stop of job (both nodes). */
  removeJob(job: number): void {
    this.removeStops(job, null);
  }

  /**
   * Removes the stops of every job marked 1 in `marked` (indexed by job) in one pass, the same
   * route as removing the jobs one by one (a ruin removes a string of several).
   */
  removeMarkedJobs(marked: Uint8Array): void {
    this.removeStops(-1, marked);
  }

  private removeStops(job: number, marked: Uint8Array | null): void {
    const node = this.node;
    const loc = this.loc;
    const latest = this.latest;
    const oldBack = this.staleBack;
    let back = 0;
    let removedUpToBack = 0;
    let w = 1;
    for (let k = 1; k <= this.size; k++) {
      const x = node[k]!;
      if (marked === null ? jobOf(x) !== job : marked[jobOf(x)] !== 1) {
        node[w] = x;
        loc[w] = loc[k]!;
        latest[w] = latest[k]!;
        w++;
        continue;
      }
      if (!this.stopsStale) this.trackAtStartLoad(x, -1);
      if (k <= oldBack) removedUpToBack++;
      // The stop now at w follows a new predecessor; the one before it has a new successor.
      if (w < this.staleFrom) this.staleFrom = w;
      // (With setups its own service and latest start change too.)
      const changed = this.inst.hasSetup ? w : w - 1;
      if (changed > back) back = changed;
    }
    this.staleBack = oldBack === ALL_STALE ? ALL_STALE : Math.max(back, oldBack - removedUpToBack);
    this.size = w - 1;
  }

  positionOf(nodeId: number): number {
    for (let k = 1; k <= this.size; k++) if (this.node[k] === nodeId) return k;
    return -1;
  }

  update(model: CostModel): void {
    this.version = nextRouteVersion++;
    const inst = this.inst;
    const v = this.vehicle;
    const n = this.size;
    const D = inst.dims;
    const node = this.node;
    const loc = this.loc;
    const start = this.start;
    node[0] = -1;
    node[n + 1] = -1;
    loc[0] = inst.vehicleStart[v]!;
    loc[n + 1] = inst.vehicleEnd[v]!;
    const load = this.load;
    // Locations, and the load at the start: jobs without a pickup are loaded at the depot.
    const nodeLocation = inst.nodeLocation;
    if (D === 1) {
      if (this.stopsStale) {
        // One dimension: the sum in a local, in route order.
        let atStart = 0;
        let exact = true;
        for (let k = 1; k <= n; k++) {
          const x = node[k]!;
          loc[k] = nodeLocation[x]!;
          if (isDeliveryNode(x) && nodeLocation[partnerNode(x)]! < 0) {
            const size = inst.size[jobOf(x)]!;
            atStart += size;
            if (!(Number.isInteger(size) && Math.abs(size) <= MAX_EXACT_SIZE)) exact = false;
          }
        }
        this.atStartLoad = atStart;
        this.stopsStale = !exact;
      }
      load[0] = this.atStartLoad;
    } else {
      for (let d = 0; d < D; d++) load[d] = 0;
      for (let k = 1; k <= n; k++) {
        const x = node[k]!;
        if (this.stopsStale) loc[k] = nodeLocation[x]!;
        if (isDeliveryNode(x) && nodeLocation[partnerNode(x)]! < 0) {
          const j = jobOf(x);
          for (let d = 0; d < D; d++) load[d]! += inst.size[j * D + d]!;
        }
      }
      this.stopsStale = false;
    }

    let serviceTime = 0;
    let baseTravel = 0;
    // Only the duration lower bound of insertion reads these, and only when durations cost.
    if (model.usesDuration) {
      for (let k = 1; k <= n + 1; k++) {
        baseTravel += baseTravelTime(inst, v, loc[k - 1]!, loc[k]!);
      }
    }
    start[0] = inst.vehicleEarliest[v]!;
    this.cumDistance[0] = 0;
    this.cumWait[0] = 0;
    this.delayPrefix[0] = Infinity;
    // Forward pass from the first changed position: the schedule before it is unchanged.
    const first = Math.min(this.staleFrom, n + 1);
    this.lateAt = forwardPass(inst, this, first, this.lateAt, model.usesDuration);
    // Soft windows: lateness is priced as time warp below, not a reason to turn the route down.
    let feasible = this.softWindows || (this.lateAt === NO_STOP && start[n + 1]! <= inst.vehicleLatest[v]!);
    if (model.usesDuration) for (let k = 1; k <= n; k++) serviceTime += this.service[k]!;
    this.serviceTime = serviceTime;
    this.baseTravel = baseTravel;

    // Backward pass from the last changed position: the latest starts after it moved with their stops.
    backwardPass(inst, this, Math.min(this.staleBack, n));
    this.staleFrom = n + 2;
    this.staleBack = 0;

    // Loads after each stop, their prefix and suffix maxima.
    if (!(D === 1 ? singleLoadPasses(inst, this) : loadPasses(inst, this))) feasible = false;

    // Lock ranks (read by insertion only for locked stops): nothing to do in an instance without locks.
    if (this.hasLocks && !lockPasses(inst, this)) feasible = false;
    if (n > inst.vehicleMaxStops[v]!) feasible = false;

    // Leave just in time for the first stop: waiting there is not part of the route.
    let duration = start[n + 1]! - start[0] - (n > 0 ? this.cumWait[1]! : 0);
    // Driver breaks: the arrays above are the schedule without them (times can only be later with
    // them, so they stay valid bounds for the insertion checks); feasibility and duration are exact.
    if (
      feasible &&
      n > 0 &&
      (model.usesDuration ||
        inst.traffic !== null ||
        inst.vehicleMaxDuration[v]! < Infinity ||
        inst.vehicleBreakCount[v]! > 0)
    ) {
      // The exact timing (latest useful departure), as reported in the solution.
      const plan = planRoute(inst, v, node.subarray(1, n + 1), n);
      feasible = plan.feasible;
      if (plan.feasible) duration = plan.end - plan.departure;
    }
    this.feasible = feasible;
    if (n === 0) {
      this.distance = 0;
      this.duration = 0;
      this.spread = 0;
      this.cost = 0;
    } else {
      this.distance = this.cumDistance[n + 1]!;
      this.duration = duration;
      this.spread = model.usesSpread ? routeSpread(inst, loc, 1, n) : 0;
      this.cost = model.routeCost(v, this.distance, this.duration, this.spread);
    }
    this.baseCost = this.cost;
    if (this.softWindows) this.updateWarp();
  }

  /**
   * The time-warp arrays of soft windows and the cost with the warp's penalty (one window per stop,
   * no traffic: see softWindowsApply). Called by update(), and when soft windows are turned on.
   */
  updateWarp(): void {
    this.warp = warpPasses(this.inst, this);
    this.priceWarp();
  }

  /** The cost with the warp's penalty, after a change of the penalty (the warp arrays stand). */
  priceWarp(): void {
    if (this.size > 0) this.cost = this.baseCost + this.warpPenalty * this.warp;
  }
}
