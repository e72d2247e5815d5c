import { type Instance, lastWindowEnd, travelTime, windowStartFor } from './instance';
import type { RouteState } from './route';

/** One forward pass over a stop sequence: arrival and service start per stop (valid until the next pass). */
interface Pass {
  feasible: boolean;
  departure: number;
  end: number;
  arrival: Float64Array;
  start: Float64Array;
}

/**
 * Scratch passes (grown on demand, so checks in the search allocate nothing): the pass leaving at
 * the earliest start, and a pass leaving later, which stops computing once it meets the first.
 */
const earlyPass: Pass = { feasible: false, departure: 0, end: 0, arrival: new Float64Array(64), start: new Float64Array(64) };
const laterPass: Pass = { feasible: false, departure: 0, end: 0, arrival: new Float64Array(64), start: new Float64Array(64) };

function ensurePasses(count: number): void {
  if (earlyPass.arrival.length >= count) return;
  for (const pass of [earlyPass, laterPass]) {
    pass.arrival = new Float64Array(2 * count);
    pass.start = new Float64Array(2 * count);
  }
}

export interface RouteTimes {
  feasible: boolean;
  /** Departure from the start location. */
  departure: number;
  /** Arrival at the end (open routes: end of the last service). */
  end: number;
  /** Arrival and service start per stop; valid until the next call. */
  arrival: Float64Array;
  start: Float64Array;
  /**
   * Driver breaks (feasible plans of vehicles with breaks; 0 otherwise), in the vehicle's break
   * order: the stops served before each (its gap), when the vehicle was ready for it, its start.
   */
  breaks: number;
  breakGap: Int32Array;
  breakReady: Float64Array;
  breakStart: Float64Array;
}

/** Where a forward pass stands between calls of `advance`: leaving location passLocation at passTime. */
let passTime = 0;
let passLocation = -1;
let passFeasible = true;

/**
 * Schedules stops from..to-1 of `nodes` as early as possible into arrival/start, from where the pass
 * stands. `known`: the service starts of a feasible pass over the same stops (stop k at k + knownOffset),
 * or null. A pass that serves a stop when `known` served it leaves it at the same time, and every later
 * time depends on that time only (with traffic too), so the rest would repeat `known`: it stops there
 * and returns the next index (else `to`).
 */
function advance(
  inst: Instance,
  v: number,
  nodes: ArrayLike<number>,
  from: number,
  to: number,
  arrival: Float64Array,
  start: Float64Array,
  known: Float64Array | null,
  knownOffset: number,
): number {
  let t = passTime;
  let prev = passLocation;
  let feasible = passFeasible;
  let k = from;
  while (k < to) {
    const x = nodes[k]!;
    const l = inst.nodeLocation[x]!;
    const arr = t + travelTime(inst, v, prev, l, t);
    let s = windowStartFor(inst, x, arr);
    if (s === Infinity || s > lastWindowEnd(inst, x)) {
      feasible = false;
      s = arr;
    }
    arrival[k] = arr;
    start[k] = s;
    t = s + inst.nodeService[x]!;
    prev = l;
    k++;
    if (known !== null && s === known[k - 1 + knownOffset]) break;
  }
  passTime = t;
  passLocation = prev;
  passFeasible = feasible;
  return k;
}

/**
 * Ends a pass whose stops before `at` are scheduled: the rest is copied from the known feasible pass
 * (knownArrival/knownStart at index + knownOffset, ending at knownEnd) when `at` < count, else the
 * drive to the end is added.
 */
function finishPass(
  inst: Instance,
  v: number,
  count: number,
  at: number,
  departure: number,
  out: Pass,
  knownArrival: Float64Array | null,
  knownStart: Float64Array | null,
  knownOffset: number,
  knownEnd: number,
): void {
  let end: number;
  if (at < count && knownArrival !== null && knownStart !== null) {
    for (let k = at; k < count; k++) {
      out.arrival[k] = knownArrival[k + knownOffset]!;
      out.start[k] = knownStart[k + knownOffset]!;
    }
    end = knownEnd;
  } else end = passTime + travelTime(inst, v, passLocation, inst.vehicleEnd[v]!, passTime);
  out.feasible = passFeasible && end <= inst.vehicleLatest[v]!;
  out.departure = departure;
  out.end = end;
}

/** The pass leaving the start at `departure`; `known` (feasible, same stops) may save recomputing its tail. */
function forward(inst: Instance, v: number, nodes: ArrayLike<number>, count: number, departure: number, out: Pass, known: Pass | null): void {
  ensurePasses(count);
  passTime = departure;
  passLocation = inst.vehicleStart[v]!;
  passFeasible = true;
  const at = advance(inst, v, nodes, 0, count, out.arrival, out.start, known === null ? null : known.start, 0);
  finishPass(inst, v, count, at, departure, out, known === null ? null : known.arrival, known === null ? null : known.start, 0, known === null ? 0 : known.end);
}

/** End of the window a service start falls in (a later departure may not push it past that). */
function currentWindowEnd(inst: Instance, node: number, s: number): number {
  const off = inst.nodeWindowOffset[node]!;
  for (let w = off; w < off + inst.nodeWindowCount[node]!; w++) {
    if (s >= inst.windowStart[w]! && s <= inst.windowEnd[w]!) return inst.windowEnd[w]!;
  }
  return s;
}

const scratch: RouteTimes = {
  feasible: false,
  departure: 0,
  end: 0,
  arrival: earlyPass.arrival,
  start: earlyPass.start,
  breaks: 0,
  breakGap: new Int32Array(4),
  breakReady: new Float64Array(4),
  breakStart: new Float64Array(4),
};

function report(pass: Pass): void {
  scratch.feasible = pass.feasible;
  scratch.departure = pass.departure;
  scratch.end = pass.end;
  scratch.arrival = pass.arrival;
  scratch.start = pass.start;
}

/**
 * The schedule of a stop sequence: as early as possible, then departing as late as possible
 * without arriving later at the end (waiting before the first stop is not route time). Feasible
 * when every window, the shift end and maxDuration (end - departure) hold. The one definition of
 * a route's timing, shared by the search's exact checks and the reported solution.
 */
export function planRoute(inst: Instance, v: number, nodes: ArrayLike<number>, count: number): RouteTimes {
  if (count > 0 && inst.vehicleBreakCount[v]! > 0) return planRouteWithBreaks(inst, v, nodes, count);
  forward(inst, v, nodes, count, inst.vehicleEarliest[v]!, earlyPass, null);
  return departLater(inst, v, nodes, count);
}

/**
 * planRoute of the route's stops with node a inserted after position i and node b (-1: none) after
 * old position j, given as `nodes`/`count`; the same result, bit for bit. The route's cached times
 * (RouteState.update: the earliest schedule, by the same recurrence) give the stops before the
 * insertion, and those after it from where the new schedule meets the old one again.
 */
export function planInsertion(
  inst: Instance,
  route: RouteState,
  a: number,
  i: number,
  b: number,
  j: number,
  nodes: ArrayLike<number>,
  count: number,
): RouteTimes {
  const v = route.vehicle;
  if (!route.feasible || inst.vehicleBreakCount[v]! > 0) return planRoute(inst, v, nodes, count);
  ensurePasses(count);
  const arrival = earlyPass.arrival;
  const start = earlyPass.start;
  // Position k of the route is index k - 1 here up to the insertion.
  for (let k = 1; k <= i; k++) {
    arrival[k - 1] = route.arrival[k]!;
    start[k - 1] = route.start[k]!;
  }
  passTime = route.departure(i);
  passLocation = route.loc[i]!;
  passFeasible = true;
  let at = advance(inst, v, nodes, i, i + 1, arrival, start, null, 0);
  const added = b >= 0 ? 2 : 1;
  if (b >= 0) {
    // Old positions i+1..j keep their index; once met, the old schedule runs up to b.
    at = advance(inst, v, nodes, at, j + 1, arrival, start, route.start, 0);
    if (at <= j) {
      for (let k = at; k <= j; k++) {
        arrival[k] = route.arrival[k]!;
        start[k] = route.start[k]!;
      }
      passTime = route.departure(j);
      passLocation = route.loc[j]!;
    }
    at = advance(inst, v, nodes, j + 1, j + 2, arrival, start, null, 0);
  }
  // After the insertion, index k holds old position k + 1 - added.
  at = advance(inst, v, nodes, at, count, arrival, start, route.start, 1 - added);
  finishPass(inst, v, count, at, inst.vehicleEarliest[v]!, earlyPass, route.arrival, route.start, 1 - added, route.start[route.size + 1]!);
  return departLater(inst, v, nodes, count);
}

/** planRoute of a route's own stops, from its cached earliest schedule (RouteState.update, before it is marked feasible). */
export function planCachedRoute(inst: Instance, route: RouteState, nodes: ArrayLike<number>): RouteTimes {
  const v = route.vehicle;
  const n = route.size;
  if (n > 0 && inst.vehicleBreakCount[v]! > 0) return planRouteWithBreaks(inst, v, nodes, n);
  ensurePasses(n);
  for (let k = 0; k < n; k++) {
    earlyPass.arrival[k] = route.arrival[k + 1]!;
    earlyPass.start[k] = route.start[k + 1]!;
  }
  earlyPass.departure = inst.vehicleEarliest[v]!;
  earlyPass.end = route.start[n + 1]!;
  earlyPass.feasible = true;
  return departLater(inst, v, nodes, n);
}

/** planRoute after its earliest pass (in earlyPass): leave as late as the waiting allows. */
function departLater(inst: Instance, v: number, nodes: ArrayLike<number>, count: number): RouteTimes {
  scratch.breaks = 0;
  report(earlyPass);
  if (!earlyPass.feasible) return scratch;
  const earliest = inst.vehicleEarliest[v]!;
  let totalWait = 0;
  let delay = Infinity;
  for (let k = 0; k < count; k++) {
    const s = earlyPass.start[k]!;
    totalWait += s - earlyPass.arrival[k]!;
    delay = Math.min(delay, totalWait + currentWindowEnd(inst, nodes[k]!, s) - s);
  }
  delay = Math.max(0, Math.min(delay, totalWait));
  if (delay > 0) {
    const end = earlyPass.end;
    forward(inst, v, nodes, count, earliest + delay, laterPass, earlyPass);
    // Sliding exactly to a window's end can overshoot it by a rounding error: back off a hair.
    if (!laterPass.feasible || laterPass.end > end + 1e-9) forward(inst, v, nodes, count, earliest + delay - 1e-6, laterPass, earlyPass);
    report(!laterPass.feasible || laterPass.end > end + 1e-9 ? earlyPass : laterPass);
  }
  if (count <= MULTI_WINDOW_SEARCH_MAX_STOPS && hasMultipleWindows(inst, nodes, count)) tryLaterWindows(inst, v, nodes, count);
  const maxDuration = inst.vehicleMaxDuration[v]!;
  if (scratch.end - scratch.departure > maxDuration) scratch.feasible = false;
  return scratch;
}

/** Short routes through stops with several windows: departure search over window boundaries. */
const MULTI_WINDOW_SEARCH_MAX_STOPS = 12;

function hasMultipleWindows(inst: Instance, nodes: ArrayLike<number>, count: number): boolean {
  for (let k = 0; k < count; k++) if (inst.nodeWindowCount[nodes[k]!]! > 1) return true;
  return false;
}

/**
 * Sliding the departure can move a stop into a later window and cut waiting that the in-window
 * slide cannot. Without traffic the duration only changes slope where some stop's no-wait arrival
 * meets a window boundary, so trying those departures finds the shortest feasible schedule.
 */
function tryLaterWindows(inst: Instance, v: number, nodes: ArrayLike<number>, count: number): void {
  let bestDeparture = scratch.departure;
  let bestDuration = scratch.end - scratch.departure;
  const earliest = inst.vehicleEarliest[v]!;
  let offset = 0;
  let prev = inst.vehicleStart[v]!;
  const candidates: number[] = [];
  for (let k = 0; k < count; k++) {
    const x = nodes[k]!;
    const l = inst.nodeLocation[x]!;
    offset += travelTime(inst, v, prev, l, earliest);
    const off = inst.nodeWindowOffset[x]!;
    for (let w = off; w < off + inst.nodeWindowCount[x]!; w++) {
      for (const t of [inst.windowStart[w]! - offset, inst.windowEnd[w]! - offset]) {
        if (t > earliest && Number.isFinite(t)) candidates.push(t);
      }
    }
    offset += inst.nodeService[x]!;
    prev = l;
  }
  for (const t of candidates) {
    forward(inst, v, nodes, count, t, laterPass, earlyPass);
    if (laterPass.feasible && laterPass.end - t < bestDuration - 1e-9) {
      bestDuration = laterPass.end - t;
      bestDeparture = t;
    }
  }
  forward(inst, v, nodes, count, bestDeparture, laterPass, earlyPass);
  report(laterPass);
}

/*
 * Driver breaks. For a departure time, forwardWithBreaks finds the earliest end over every way of
 * placing the vehicle's breaks (in their order) into the gaps of the sequence: a dynamic program
 * over (gap, breaks taken so far) keeping the earliest time the vehicle is ready, which is exact
 * because every step (travel, waiting for a window, a break) gives a later or equal result for a
 * later or equal input. Among placements that end equally early, a break goes in the earliest gap.
 */

/** ready[g * S + b]: ready at gap g (before stop g; g = count: after the last) with b breaks taken. */
let readyBuf = new Float64Array(64);
/** 1 when readyBuf[g * S + b] came from taking break b - 1 in gap g. */
let takenBuf = new Uint8Array(64);
/** Arrival and service start at stop k with b breaks taken before it. */
let stopArrivalBuf = new Float64Array(64);
let stopStartBuf = new Float64Array(64);

function forwardWithBreaks(inst: Instance, v: number, nodes: ArrayLike<number>, count: number, departure: number, out: RouteTimes): void {
  const B = inst.vehicleBreakCount[v]!;
  const S = B + 1;
  const off = inst.vehicleBreakOffset[v]!;
  const size = (count + 1) * S;
  if (readyBuf.length < size) {
    readyBuf = new Float64Array(2 * size);
    takenBuf = new Uint8Array(2 * size);
    stopArrivalBuf = new Float64Array(2 * size);
    stopStartBuf = new Float64Array(2 * size);
  }
  ensurePasses(count);
  const arrivalBuf = earlyPass.arrival;
  const startBuf = earlyPass.start;
  if (out.breakGap.length < B) {
    out.breakGap = new Int32Array(2 * B);
    out.breakReady = new Float64Array(2 * B);
    out.breakStart = new Float64Array(2 * B);
  }
  out.arrival = arrivalBuf;
  out.start = startBuf;
  out.departure = departure;
  out.breaks = 0;
  const ready = readyBuf;
  const taken = takenBuf;
  ready[0] = departure;
  for (let b = 1; b < S; b++) ready[b] = Infinity;
  let prev = inst.vehicleStart[v]!;
  let alive = true;
  for (let g = 0; g <= count && alive; g++) {
    const base = g * S;
    // Breaks in this gap (several may follow one another).
    taken[base] = 0;
    for (let b = 0; b < B; b++) {
      taken[base + b + 1] = 0;
      const r = ready[base + b]!;
      if (r === Infinity) continue;
      const es = inst.breakEarliest[off + b]!;
      const end = (r > es ? r : es) + inst.breakDuration[off + b]!;
      if (end <= inst.breakLatest[off + b]! && end <= ready[base + b + 1]!) {
        ready[base + b + 1] = end;
        taken[base + b + 1] = 1;
      }
    }
    if (g === count) break;
    const x = nodes[g]!;
    const l = inst.nodeLocation[x]!;
    const svc = inst.nodeService[x]!;
    const last = lastWindowEnd(inst, x);
    alive = false;
    for (let b = 0; b < S; b++) {
      const r = ready[base + b]!;
      let next = Infinity;
      if (r !== Infinity) {
        const arr = r + travelTime(inst, v, prev, l, r);
        const st = windowStartFor(inst, x, arr);
        if (st !== Infinity && st <= last) {
          stopArrivalBuf[base + b] = arr;
          stopStartBuf[base + b] = st;
          next = st + svc;
          alive = true;
        }
      }
      ready[base + S + b] = next;
    }
    prev = l;
  }
  const r = alive ? ready[count * S + B]! : Infinity;
  if (r === Infinity) {
    out.feasible = false;
    out.end = Infinity;
    return;
  }
  const end = r + travelTime(inst, v, prev, inst.vehicleEnd[v]!, r);
  out.end = end;
  out.feasible = end <= inst.vehicleLatest[v]!;
  // The placement that reached the end: walk back through the gaps.
  let b = B;
  for (let g = count; g >= 0; g--) {
    while (b > 0 && taken[g * S + b] === 1) {
      b--;
      const readyAt = ready[g * S + b]!;
      const es = inst.breakEarliest[off + b]!;
      out.breakGap[b] = g;
      out.breakReady[b] = readyAt;
      out.breakStart[b] = readyAt > es ? readyAt : es;
    }
    if (g > 0) {
      arrivalBuf[g - 1] = stopArrivalBuf[(g - 1) * S + b]!;
      startBuf[g - 1] = stopStartBuf[(g - 1) * S + b]!;
    }
  }
  out.breaks = B;
}

/** Routes of at most this many stops get the exact departure search below; longer ones a cheap try. */
const BREAK_DEPARTURE_SEARCH_MAX_STOPS = 12;

/**
 * planRoute for a vehicle with breaks: the earliest end leaving at the earliest start, then the
 * departure that makes the route shortest without ending later. Without traffic and with one window
 * per stop, the end of one placement of the breaks is max(t + a, b) in the departure t, feasible up
 * to some deadline, so the shortest schedule departs where t + (no-wait offset) meets a window
 * bound, a break's window bound or the shift end; those departures are tried for every number of
 * breaks taken before the point (short routes). Longer routes try leaving just in time for the
 * first stop.
 */
function planRouteWithBreaks(inst: Instance, v: number, nodes: ArrayLike<number>, count: number): RouteTimes {
  const earliest = inst.vehicleEarliest[v]!;
  forwardWithBreaks(inst, v, nodes, count, earliest, scratch);
  if (!scratch.feasible) return scratch;
  const maxDuration = inst.vehicleMaxDuration[v]!;
  let bestDeparture = earliest;
  let bestEnd = scratch.end;
  const tryDeparture = (t: number): void => {
    if (!(t > earliest) || !Number.isFinite(t)) return;
    forwardWithBreaks(inst, v, nodes, count, t, scratch);
    if (scratch.feasible && scratch.end - t < bestEnd - bestDeparture - 1e-9) {
      bestDeparture = t;
      bestEnd = scratch.end;
    }
  };
  if (count <= BREAK_DEPARTURE_SEARCH_MAX_STOPS) {
    const B = inst.vehicleBreakCount[v]!;
    const off = inst.vehicleBreakOffset[v]!;
    // prefix[c]: duration of the first c breaks.
    const prefix = breakPrefix;
    prefix[0] = 0;
    for (let b = 0; b < B && b < prefix.length - 1; b++) prefix[b + 1] = prefix[b]! + inst.breakDuration[off + b]!;
    let offset = 0;
    let prev = inst.vehicleStart[v]!;
    for (let g = 0; g <= count; g++) {
      // Gap g: the vehicle is ready `offset` after departing, plus the breaks taken before.
      for (let b = 0; b < B; b++) {
        tryDeparture(inst.breakEarliest[off + b]! - offset - prefix[b]!);
        const latestStart = inst.breakLatest[off + b]! - inst.breakDuration[off + b]! - offset - prefix[b]!;
        tryDeparture(latestStart);
        tryDeparture(latestStart - 1e-6);
      }
      if (g === count) break;
      const x = nodes[g]!;
      const l = inst.nodeLocation[x]!;
      offset += travelTime(inst, v, prev, l, earliest);
      const wo = inst.nodeWindowOffset[x]!;
      for (let w = wo; w < wo + inst.nodeWindowCount[x]!; w++) {
        for (let c = 0; c <= B; c++) {
          tryDeparture(inst.windowStart[w]! - offset - prefix[c]!);
          tryDeparture(inst.windowEnd[w]! - offset - prefix[c]!);
          tryDeparture(inst.windowEnd[w]! - offset - prefix[c]! - 1e-6);
        }
      }
      offset += inst.nodeService[x]!;
      prev = l;
    }
    offset += travelTime(inst, v, prev, inst.vehicleEnd[v]!, earliest);
    tryDeparture(inst.vehicleLatest[v]! - offset - prefix[B]!);
  } else {
    // Just in time for the first stop (or the first break, when it comes first).
    const firstWait = scratch.start[0]! - scratch.arrival[0]!;
    const breakWait = scratch.breakGap[0] === 0 ? scratch.breakStart[0]! - scratch.breakReady[0]! : Infinity;
    tryDeparture(earliest + Math.min(firstWait, breakWait));
  }
  forwardWithBreaks(inst, v, nodes, count, bestDeparture, scratch);
  if (scratch.end - scratch.departure > maxDuration) scratch.feasible = false;
  return scratch;
}

const breakPrefix = new Float64Array(64);
