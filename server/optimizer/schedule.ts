import { type Instance, chargedService, lastWindowEnd, travelTime, windowStartFor } from './instance';

/** Scratch buffers for schedules (grown on demand, so checks in the search allocate nothing). */
let arrivalBuf = new Float64Array(64);
let startBuf = new Float64Array(64);
/** planRoute: the schedule from the earliest departure, which a later departure's schedule joins (see forward). */
let earliestArrival = new Float64Array(64);
let earliestStart = new Float64Array(64);
let earliestEnd = 0;

interface RouteTimes {
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

/**
 * The schedule of the stops for a departure time, as early as windows allow. `joinEarliest`: the
 * feasible schedule from the earliest departure is saved (saveEarliest) and this later departure's
 * schedule is read from it once the two start a stop at the same time: each start depends only on
 * the departure from the stop before, so from there on they are the same, bit for bit (most later
 * departures only wait less at the first stops).
 */
function forward(
  inst: Instance,
  v: number,
  nodes: ArrayLike<number>,
  count: number,
  departure: number,
  out: RouteTimes,
  joinEarliest = false,
): void {
  if (arrivalBuf.length < count) {
    arrivalBuf = new Float64Array(2 * count);
    startBuf = new Float64Array(2 * count);
  }
  let t = departure;
  let prev = inst.vehicleStart[v]!;
  let feasible = true;
  for (let k = 0; k < count; k++) {
    const x = nodes[k]!;
    const l = inst.nodeLocation[x]!;
    const arr = t + travelTime(inst, v, prev, l, t);
    let s = serviceStart(inst, x, arr);
    if (s === Infinity) {
      feasible = false;
      s = arr;
    }
    arrivalBuf[k] = arr;
    startBuf[k] = s;
    if (joinEarliest && feasible && s === earliestStart[k]) {
      // (A loop: set() of a subarray allocates.)
      for (let q = k + 1; q < count; q++) {
        arrivalBuf[q] = earliestArrival[q]!;
        startBuf[q] = earliestStart[q]!;
      }
      out.feasible = true;
      out.departure = departure;
      out.end = earliestEnd;
      out.arrival = arrivalBuf;
      out.start = startBuf;
      return;
    }
    t = s + (k === 0 ? chargedService(inst, -1, x) : chargedService(inst, nodes[k - 1]!, x));
    prev = l;
  }
  const end = t + travelTime(inst, v, prev, inst.vehicleEnd[v]!, t);
  if (end > inst.vehicleLatest[v]!) feasible = false;
  out.feasible = feasible;
  out.departure = departure;
  out.end = end;
  out.arrival = arrivalBuf;
  out.start = startBuf;
}

/**
 * The earliest service start at node x for arrival `arr`, or Infinity when every window has closed
 * (windowStartFor, and a start past the last window's end; one window without the loop, so that
 * schedule loops can inline it).
 */
export function serviceStart(inst: Instance, x: number, arr: number): number {
  if (inst.nodeWindowCount[x] === 1) {
    const w = inst.nodeWindowOffset[x]!;
    const s = arr >= inst.windowStart[w]! ? arr : inst.windowStart[w]!;
    return arr > inst.windowEnd[w]! || s > inst.windowEnd[w]! ? Infinity : s;
  }
  const s = windowStartFor(inst, x, arr);
  return s > lastWindowEnd(inst, x) ? Infinity : s;
}

/** End of the window a service start falls in (a later departure may not push it past that). */
export function currentWindowEnd(inst: Instance, node: number, s: number): number {
  const off = inst.nodeWindowOffset[node]!;
  // One window (the common case): no loop, so that callers' hot loops can inline it.
  if (inst.nodeWindowCount[node] === 1)
    return s >= inst.windowStart[off]! && s <= inst.windowEnd[off]! ? inst.windowEnd[off]! : s;
  for (let w = off; w < off + inst.nodeWindowCount[node]!; w++) {
    if (s >= inst.windowStart[w]! && s <= inst.windowEnd[w]!) return inst.windowEnd[w]!;
  }
  return s;
}

const scratch: RouteTimes = {
  feasible: false,
  departure: 0,
  end: 0,
  arrival: arrivalBuf,
  start: startBuf,
  breaks: 0,
  breakGap: new Int32Array(4),
  breakReady: new Float64Array(4),
  breakStart: new Float64Array(4),
};

/**
 * The schedule of a stop sequence: as early as possible, then departing as late as possible
 * without arriving later at the end (waiting before the first stop is not route time). Feasible
 * when every window, the shift end and maxDuration (end - departure) hold. The one definition of
 * a route's timing, shared by the search's exact checks and the reported solution.
 */
export function planRoute(inst: Instance, v: number, nodes: ArrayLike<number>, count: number): RouteTimes {
  if (count > 0 && inst.vehicleBreakCount[v]! > 0) return planRouteWithBreaks(inst, v, nodes, count);
  scratch.breaks = 0;
  const earliest = inst.vehicleEarliest[v]!;
  forward(inst, v, nodes, count, earliest, scratch);
  if (!scratch.feasible) return scratch;
  let totalWait = 0;
  let delay = Infinity;
  for (let k = 0; k < count; k++) {
    const s = scratch.start[k]!;
    totalWait += s - scratch.arrival[k]!;
    delay = Math.min(delay, totalWait + currentWindowEnd(inst, nodes[k]!, s) - s);
  }
  delay = Math.max(0, Math.min(delay, totalWait));
  if (delay > 0) {
    saveEarliest(count);
    departLater(inst, v, nodes, count, scratch.end, delay);
  }
  if (needsWindowSearch(inst, nodes, count)) tryLaterWindows(inst, v, nodes, count);
  const maxDuration = inst.vehicleMaxDuration[v]!;
  if (scratch.end - scratch.departure > maxDuration) scratch.feasible = false;
  return scratch;
}

/** earliestBuffers' answer (one object, so that asking allocates nothing). */
const earliestSchedule = { arrival: earliestArrival, start: earliestStart };

/**
 * The buffers of the schedule from the earliest departure (grown to `count` stops), for a caller
 * that writes it itself (plannedDuration in insertion.ts, from a route's cached schedule) and then
 * calls durationFromEarliest.
 */
export function earliestBuffers(count: number): { readonly arrival: Float64Array; readonly start: Float64Array } {
  if (earliestArrival.length < count) {
    earliestArrival = new Float64Array(2 * count);
    earliestStart = new Float64Array(2 * count);
    earliestSchedule.arrival = earliestArrival;
    earliestSchedule.start = earliestStart;
  }
  return earliestSchedule;
}

/**
 * planRoute's duration (end - departure; Infinity when infeasible) for a sequence whose feasible
 * schedule from the earliest departure is in earliestBuffers, ending at `end`, that may leave
 * `delay` later (computed as planRoute does). Not for sequences that get the multi-window search
 * (needsWindowSearch) or vehicles with breaks.
 */
export function durationFromEarliest(
  inst: Instance,
  v: number,
  nodes: ArrayLike<number>,
  count: number,
  end: number,
  delay: number,
): number {
  if (delay <= 0)
    return end - inst.vehicleEarliest[v]! > inst.vehicleMaxDuration[v]! ? Infinity : end - inst.vehicleEarliest[v]!;
  departLater(inst, v, nodes, count, end, delay);
  const duration = scratch.end - scratch.departure;
  return duration > inst.vehicleMaxDuration[v]! ? Infinity : duration;
}

/**
 * Into scratch: the schedule departing `delay` after the earliest departure, whose feasible
 * schedule (ending at `end`) is in earliestBuffers; the earliest one again when the later departure
 * would arrive later at the end or break a window.
 */
function departLater(
  inst: Instance,
  v: number,
  nodes: ArrayLike<number>,
  count: number,
  end: number,
  delay: number,
): void {
  const earliest = inst.vehicleEarliest[v]!;
  earliestEnd = end;
  forward(inst, v, nodes, count, earliest + delay, scratch, true);
  // Sliding exactly to a window's end can overshoot it by a rounding error: back off a hair.
  if (!scratch.feasible || scratch.end > end + 1e-9)
    forward(inst, v, nodes, count, earliest + delay - 1e-6, scratch, true);
  if (!scratch.feasible || scratch.end > end + 1e-9) forward(inst, v, nodes, count, earliest, scratch, true);
}

/** Whether planRoute searches departures over window boundaries for this sequence. */
export function needsWindowSearch(inst: Instance, nodes: ArrayLike<number>, count: number): boolean {
  return count <= MULTI_WINDOW_SEARCH_MAX_STOPS && hasMultipleWindows(inst, nodes, count);
}

/** Keeps the schedule just planned (from the earliest departure, feasible) for forward's joinEarliest. */
function saveEarliest(count: number): void {
  earliestBuffers(count);
  for (let q = 0; q < count; q++) {
    earliestArrival[q] = arrivalBuf[q]!;
    earliestStart[q] = startBuf[q]!;
  }
}

/** Short routes through stops with several windows: departure search over window boundaries. */
const MULTI_WINDOW_SEARCH_MAX_STOPS = 12;

/** Per instance (its window counts): whether any stop has more than one window. */
const multipleWindows = new WeakMap<Int32Array, boolean>();

function hasMultipleWindows(inst: Instance, nodes: ArrayLike<number>, count: number): boolean {
  let any = multipleWindows.get(inst.nodeWindowCount);
  if (any === undefined) {
    any = inst.nodeWindowCount.some((c) => c > 1);
    multipleWindows.set(inst.nodeWindowCount, any);
  }
  if (!any) return false;
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
    offset += chargedService(inst, k === 0 ? -1 : nodes[k - 1]!, x);
    prev = l;
  }
  for (const t of candidates) {
    forward(inst, v, nodes, count, t, scratch);
    if (scratch.feasible && scratch.end - t < bestDuration - 1e-9) {
      bestDuration = scratch.end - t;
      bestDeparture = t;
    }
  }
  forward(inst, v, nodes, count, bestDeparture, scratch);
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

function forwardWithBreaks(
  inst: Instance,
  v: number,
  nodes: ArrayLike<number>,
  count: number,
  departure: number,
  out: RouteTimes,
): void {
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
  if (arrivalBuf.length < count) {
    arrivalBuf = new Float64Array(2 * count);
    startBuf = new Float64Array(2 * count);
  }
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
    // Breaks are taken where the vehicle is: they do not make the next stop a new arrival.
    const svc = chargedService(inst, g === 0 ? -1 : nodes[g - 1]!, x);
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
      offset += chargedService(inst, g === 0 ? -1 : nodes[g - 1]!, x);
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
