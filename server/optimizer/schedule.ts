import { type Instance, lastWindowEnd, travelTime, windowStartFor } from './instance';

/** Scratch buffers for schedules (grown on demand, so checks in the search allocate nothing). */
let arrivalBuf = new Float64Array(64);
let startBuf = new Float64Array(64);

export interface RouteTimes {
  feasible: boolean;
  /** Departure from the start location. */
  departure: number;
  /** Arrival at the end (open routes: end of the last service). */
  end: number;
  /** Arrival and service start per stop; valid until the next call. */
  arrival: Float64Array;
  start: Float64Array;
}

function forward(inst: Instance, v: number, nodes: ArrayLike<number>, count: number, departure: number, out: RouteTimes): void {
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
    let s = windowStartFor(inst, x, arr);
    if (s === Infinity || s > lastWindowEnd(inst, x)) {
      feasible = false;
      s = arr;
    }
    arrivalBuf[k] = arr;
    startBuf[k] = s;
    t = s + inst.nodeService[x]!;
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

/** End of the window a service start falls in (a later departure may not push it past that). */
function currentWindowEnd(inst: Instance, node: number, s: number): number {
  const off = inst.nodeWindowOffset[node]!;
  for (let w = off; w < off + inst.nodeWindowCount[node]!; w++) {
    if (s >= inst.windowStart[w]! && s <= inst.windowEnd[w]!) return inst.windowEnd[w]!;
  }
  return s;
}

const scratch: RouteTimes = { feasible: false, departure: 0, end: 0, arrival: arrivalBuf, start: startBuf };

/**
 * The schedule of a stop sequence: as early as possible, then departing as late as possible
 * without arriving later at the end (waiting before the first stop is not route time). Feasible
 * when every window, the shift end and maxDuration (end - departure) hold. The one definition of
 * a route's timing, shared by the search's exact checks and the reported solution.
 */
export function planRoute(inst: Instance, v: number, nodes: ArrayLike<number>, count: number): RouteTimes {
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
    const end = scratch.end;
    forward(inst, v, nodes, count, earliest + delay, scratch);
    // Sliding exactly to a window's end can overshoot it by a rounding error: back off a hair.
    if (!scratch.feasible || scratch.end > end + 1e-9) forward(inst, v, nodes, count, earliest + delay - 1e-6, scratch);
    if (!scratch.feasible || scratch.end > end + 1e-9) forward(inst, v, nodes, count, earliest, scratch);
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
    forward(inst, v, nodes, count, t, scratch);
    if (scratch.feasible && scratch.end - t < bestDuration - 1e-9) {
      bestDuration = scratch.end - t;
      bestDeparture = t;
    }
  }
  forward(inst, v, nodes, count, bestDeparture, scratch);
}
