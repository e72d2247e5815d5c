import { type Instance, baseTravelTime, chargedService, travelTime } from './instance';
import type { RouteState } from './route';
import {
  currentWindowEnd,
  durationFromEarliest,
  earliestBuffers,
  needsWindowSearch,
  planRoute,
  serviceStart,
} from './schedule';

/** The bounds and exact checks insertion screens and prices candidates with. */
/**
 * The first position i (0 to n, n + 1 if none) whose next stop may start at `done` or later:
 * a stop served no sooner than its window opens, and left no sooner than `done`, goes after no
 * earlier position (the next stop would start after its latest start, so nothing there becomes
 * a candidate and no blink is drawn). Latest starts never decrease along a route: bisection.
 */
export function firstPositionAfter(latest: Float64Array, n: number, done: number): number {
  let lo = 0;
  let hi = n + 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (latest[mid + 1]! < done) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Distance added by visiting location x between locations here and next (-1: no leg, an open route's end). */
export function detourDistance(distances: Float64Array, L: number, here: number, x: number, next: number): number {
  return (
    (here < 0 ? 0 : distances[here * L + x]!) +
    (next < 0 ? 0 : distances[x * L + next]!) -
    (here < 0 || next < 0 ? 0 : distances[here * L + next]!)
  );
}

/**
 * routeSpread of the route's stops plus locations la and lb (-1: absent), in O(n) from the route's
 * cached spread: the pair sum grows by each new stop's distances to and from the others.
 */
export function spreadWith(inst: Instance, route: RouteState, la: number, lb: number): number {
  const n = route.size;
  const L = inst.locations;
  const dist = inst.distances;
  const loc = route.loc;
  let sum = route.spread * n;
  let count = n;
  for (let k = 1; k <= n; k++) {
    const lk = loc[k]!;
    if (la >= 0) sum += dist[la * L + lk]! + dist[lk * L + la]!;
    if (lb >= 0) sum += dist[lb * L + lk]! + dist[lk * L + lb]!;
  }
  if (la >= 0) count++;
  if (lb >= 0) count++;
  if (la >= 0 && lb >= 0) sum += dist[la * L + lb]! + dist[lb * L + la]!;
  return count > 0 ? sum / count : 0;
}

/**
 * A lower bound of the duration of the route with node a after position i and node b (-1: none)
 * after old position j: its service plus its travel without traffic times `leastFactor` (the least
 * traffic factor of its shift; waiting and breaks only add), less a margin far above the rounding of
 * either side (schedules add times since the epoch: about 1e-7 s per step).
 */
export function durationLowerBound(
  inst: Instance,
  route: RouteState,
  leastFactor: number,
  a: number,
  i: number,
  b: number,
  j: number,
): number {
  const v = route.vehicle;
  const loc = route.loc;
  const la = inst.nodeLocation[a]!;
  let service = inst.hasSetup
    ? route.serviceTime + addedService(inst, route, a, i, b, j)
    : route.serviceTime + inst.nodeService[a]!;
  let travel = route.baseTravel - baseTravelTime(inst, v, loc[i]!, loc[i + 1]!);
  if (b < 0) travel += baseTravelTime(inst, v, loc[i]!, la) + baseTravelTime(inst, v, la, loc[i + 1]!);
  else {
    const lb = inst.nodeLocation[b]!;
    if (!inst.hasSetup) service += inst.nodeService[b]!;
    travel += baseTravelTime(inst, v, loc[i]!, la);
    if (j === i) travel += baseTravelTime(inst, v, la, lb) + baseTravelTime(inst, v, lb, loc[i + 1]!);
    else {
      travel += baseTravelTime(inst, v, la, loc[i + 1]!) - baseTravelTime(inst, v, loc[j]!, loc[j + 1]!);
      travel += baseTravelTime(inst, v, loc[j]!, lb) + baseTravelTime(inst, v, lb, loc[j + 1]!);
    }
  }
  return (service + leastFactor * travel) * (1 - 1e-9) - 1e-4;
}

/**
 * The service the route gains with node a after position i and node b (-1: none) after old position
 * j, setups as charged (chargedService): the new stops' and the change at the stops that follow them.
 */
function addedService(inst: Instance, route: RouteState, a: number, i: number, b: number, j: number): number {
  const node = route.node;
  let added = chargedService(inst, node[i]!, a);
  if (b < 0) return added + serviceChange(inst, route, a, i + 1);
  if (j === i) return added + chargedService(inst, a, b) + serviceChange(inst, route, b, i + 1);
  added += serviceChange(inst, route, a, i + 1) + chargedService(inst, node[j]!, b);
  return added + serviceChange(inst, route, b, j + 1);
}

/** The change of the service at route position k (none past the last stop) when it follows node `before`. */
function serviceChange(inst: Instance, route: RouteState, before: number, k: number): number {
  return k <= route.size ? chargedService(inst, before, route.node[k]!) - route.service[k]! : 0;
}

let sequenceBuf = new Int32Array(64);

/** The buffer buildSequence writes into (read before a call that may grow it, as the callers do). */
export function sequenceBuffer(): Int32Array {
  return sequenceBuf;
}

/**
 * Duration objectives: routes shorter than this get exact (not estimated) insertion costs. The
 * estimate (a constant-time shift of the end, departing just in time for the first stop) misprices
 * insertions where waiting and traffic interact, and the search follows it into worse plans: with
 * 48 rather than 12, the seeded store-to-customer plans searched with the default budget on two
 * threads (docs/benchmarks.md) ended 1.5% cheaper at 50 orders, 2.6% at 200 and 10% at 1,000 in
 * the same time, though with fewer moves (exact plans cost a pass over the route).
 */
export const EXACT_DURATION_MAX_STOPS = 48;

/**
 * Exact check of the route with node a after position i and node b after old position j (b = -1:
 * single node), by planning the whole schedule. Used where the constant-time checks are not exact:
 * traffic, and maxDuration (which depends on how late the vehicle can leave).
 */
/** Writes the route's stops with a after position i and b after old position j into sequenceBuf. */
export function buildSequence(route: RouteState, a: number, i: number, b: number, j: number): number {
  const n = route.size;
  if (sequenceBuf.length < n + 2) sequenceBuf = new Int32Array(2 * (n + 2));
  let w = 0;
  for (let k = 1; k <= i; k++) sequenceBuf[w++] = route.node[k]!;
  sequenceBuf[w++] = a;
  if (b >= 0 && j === i) sequenceBuf[w++] = b;
  for (let k = i + 1; k <= n; k++) {
    sequenceBuf[w++] = route.node[k]!;
    if (b >= 0 && k === j) sequenceBuf[w++] = b;
  }
  return w;
}

/**
 * planRoute's duration (end - departure; Infinity when infeasible) of the route with node a after
 * position i and node b (-1: none) after old position j, reading the route's own schedule where the
 * new one equals it: its stops before the insertion, and those after the first whose start the
 * insertion leaves where it was (each start depends only on the departure from the stop before).
 * The same arithmetic in the same order as planRoute, so the same result, bit for bit; planRoute
 * itself where the route is infeasible, has breaks or gets the multi-window search. For routes
 * updated under a duration objective (the only ones whose update keeps `delayPrefix`).
 */
export function plannedDuration(inst: Instance, route: RouteState, a: number, i: number, b: number, j: number): number {
  const v = route.vehicle;
  const count = buildSequence(route, a, i, b, j);
  if (
    !route.feasible ||
    route.softWindows ||
    inst.vehicleBreakCount[v]! > 0 ||
    needsWindowSearch(inst, sequenceBuf, count)
  ) {
    const plan = planRoute(inst, v, sequenceBuf, count);
    return plan.feasible ? plan.end - plan.departure : Infinity;
  }
  const n = route.size;
  const loc = route.loc;
  const start = route.start;
  const arrival = route.arrival;
  const service = route.service;
  const earliest = earliestBuffers(count);
  const eArrival = earliest.arrival;
  const eStart = earliest.start;
  // Stops 1..i: the route's.
  // (Loops: cheaper than set() of subarrays, which allocate, for routes this short.)
  for (let q = 1; q <= i; q++) {
    eArrival[q - 1] = arrival[q]!;
    eStart[q - 1] = start[q]!;
  }
  let delay = route.delayPrefix[i]!;
  let wait = route.cumWait[i]!;
  let t = i === 0 ? start[0]! : start[i]! + service[i]!;
  let prev = loc[i]!;
  let end = NaN;
  for (let k = i; k < count; k++) {
    const x = sequenceBuf[k]!;
    // The route position of the stop at sequence index k (-1: a or b).
    const p = k === i || (b >= 0 && k === j + 1) ? -1 : b >= 0 && k > j + 1 ? k - 1 : k;
    const l = inst.nodeLocation[x]!;
    const arr = t + travelTime(inst, v, prev, l, t);
    // forward's window arithmetic, and planRoute's slide bound.
    const s = serviceStart(inst, x, arr);
    if (s === Infinity) return Infinity;
    eArrival[k] = arr;
    eStart[k] = s;
    wait += s - arr;
    delay = Math.min(delay, wait + currentWindowEnd(inst, x, s) - s);
    const svc = k === 0 ? chargedService(inst, -1, x) : chargedService(inst, sequenceBuf[k - 1]!, x);
    t = s + svc;
    prev = l;
    // (A stop that follows a new one may be charged another setup than in the route.)
    if (p >= 0 && s === start[p] && svc === service[p]) {
      slide.wait = wait;
      slide.delay = delay;
      if (b >= 0 && p <= j) {
        // Back on the route's schedule before b: read up to j, go on with b.
        readRouteTimes(inst, route, p + 1, j, k + 1, eArrival, eStart);
        wait = slide.wait;
        delay = slide.delay;
        t = start[j]! + service[j]!;
        prev = loc[j]!;
        k = j;
        continue;
      }
      readRouteTimes(inst, route, p + 1, n, k + 1, eArrival, eStart);
      wait = slide.wait;
      delay = slide.delay;
      end = start[n + 1]!;
      break;
    }
  }
  if (Number.isNaN(end)) {
    end = t + travelTime(inst, v, prev, inst.vehicleEnd[v]!, t);
    if (end > inst.vehicleLatest[v]!) return Infinity;
  }
  return durationFromEarliest(inst, v, sequenceBuf, count, end, Math.max(0, Math.min(delay, wait)));
}

/** plannedDuration's running wait and slide bound, carried through readRouteTimes. */
const slide = { wait: 0, delay: 0 };

/** Route positions from..to, at sequence index `at` on: the route's times, and `slide` over them as planRoute adds it up. */
function readRouteTimes(
  inst: Instance,
  route: RouteState,
  from: number,
  to: number,
  at: number,
  eArrival: Float64Array,
  eStart: Float64Array,
): void {
  if (from > to) return;
  const node = route.node;
  const start = route.start;
  const arrival = route.arrival;
  let wait = slide.wait;
  let delay = slide.delay;
  for (let q = from; q <= to; q++) {
    const x = node[q]!;
    const sq = start[q]!;
    eArrival[at + q - from] = arrival[q]!;
    eStart[at + q - from] = sq;
    wait += sq - arrival[q]!;
    delay = Math.min(delay, wait + currentWindowEnd(inst, x, sq) - sq);
  }
  slide.wait = wait;
  slide.delay = delay;
}

export function insertionIsFeasible(
  inst: Instance,
  route: RouteState,
  a: number,
  i: number,
  b: number,
  j: number,
): boolean {
  return planRoute(inst, route.vehicle, sequenceBuf, buildSequence(route, a, i, b, j)).feasible;
}

/** The loads at position k (`route.load` or one of its prefix and suffix maxima) plus the job's size fit vehicle v. */
export function fitsWithSize(inst: Instance, loads: Float64Array, k: number, job: number, v: number): boolean {
  const D = inst.dims;
  for (let dd = 0; dd < D; dd++) {
    if (loads[k * D + dd]! + inst.size[job * D + dd]! > inst.vehicleCapacity[v * D + dd]!) return false;
  }
  return true;
}

/** MIN_MAX_TRAVEL_COST_DISTANCE: the longest and second-longest route distances, and the longest route, into `out`. */
export function longestRoutes(
  routes: readonly RouteState[],
  out: { maxDistance: number; secondMaxDistance: number; maxRoute: number },
): void {
  let m1 = 0;
  let m2 = 0;
  let r1 = -1;
  for (let r = 0; r < routes.length; r++) {
    const d = routes[r]!.distance;
    if (d > m1) {
      m2 = m1;
      m1 = d;
      r1 = r;
    } else if (d > m2) m2 = d;
  }
  out.maxDistance = m1;
  out.secondMaxDistance = m2;
  out.maxRoute = r1;
}
