import {
  type Instance,
  chargedService,
  lastWindowEnd,
  latestDeparture,
  travelTime,
  windowLatestFor,
  windowStartFor,
} from './instance';
import type { RouteState } from './route';
import { currentWindowEnd } from './schedule';

/** RouteState.lateAt when no window is closed. */
export const NO_STOP = 0x3fffffff;

/**
 * The schedule passes of RouteState.update(). travelTime, distanceBetween and latestDeparture are
 * written out where there is no traffic (the same arithmetic; location -1, an open route's end, has
 * no leg): these passes run after every insertion and removal.
 */

/**
 * RouteState.update's forward pass from position `first` (the schedule before it is unchanged):
 * arrival, earliest service start, cumulative distance and waiting, and (slideBound) planRoute's
 * slide bound. Returns the first stop whose window is closed, the least of it and `lateAt`.
 */
export function forwardPass(
  inst: Instance,
  route: RouteState,
  first: number,
  lateAt: number,
  slideBound: boolean,
): number {
  const v = route.vehicle;
  const n = route.size;
  const node = route.node;
  const loc = route.loc;
  const start = route.start;
  if (lateAt >= first) lateAt = NO_STOP;
  const cumDistance = route.cumDistance;
  const cumWait = route.cumWait;
  const arrival = route.arrival;
  const delayPrefix = route.delayPrefix;
  const service = route.service;
  const nodeService = inst.nodeService;
  const hasSetup = inst.hasSetup;
  const noTraffic = inst.traffic === null;
  const L = inst.locations;
  const durations = inst.durations;
  const distances = inst.distances;
  const speed = inst.vehicleSpeed[v]!;
  const windowCount = inst.nodeWindowCount;
  const windowOffset = inst.nodeWindowOffset;
  const windowStart = inst.windowStart;
  const windowEnd = inst.windowEnd;
  for (let k = first; k <= n + 1; k++) {
    const dep = k === 1 ? start[0]! : start[k - 1]! + service[k - 1]!;
    const from = loc[k - 1]!;
    const to = loc[k]!;
    const noLeg = from < 0 || to < 0;
    const arr = dep + (noLeg ? 0 : noTraffic ? durations[from * L + to]! * speed : travelTime(inst, v, from, to, dep));
    cumDistance[k] = cumDistance[k - 1]! + (noLeg ? 0 : distances[from * L + to]!);
    if (k <= n) {
      const x = node[k]!;
      service[k] = hasSetup ? chargedService(inst, node[k - 1]!, x) : nodeService[x]!;
      // windowStartFor and lastWindowEnd written out for a stop with one window (the common case).
      let s: number;
      let close: number;
      if (windowCount[x] === 1) {
        const w = windowOffset[x]!;
        close = windowEnd[w]!;
        const open = windowStart[w]!;
        s = arr <= close ? (arr >= open ? arr : open) : Infinity;
      } else {
        s = windowStartFor(inst, x, arr);
        close = lastWindowEnd(inst, x);
      }
      start[k] = Number.isFinite(s) ? s : arr;
      if ((!Number.isFinite(s) || start[k]! > close) && k < lateAt) lateAt = k;
      cumWait[k] = cumWait[k - 1]! + (start[k]! - arr);
      // planRoute's slide bound, the same arithmetic (read by exact insertion plans, which price
      // durations only).
      if (slideBound)
        delayPrefix[k] = Math.min(delayPrefix[k - 1]!, cumWait[k]! + currentWindowEnd(inst, x, start[k]!) - start[k]!);
    } else {
      start[k] = arr;
      cumWait[k] = cumWait[k - 1]!;
    }
    arrival[k] = arr;
  }
  return lateAt;
}

/** RouteState.update's backward pass: latest service starts from position `from` down, and the latest departure. */
export function backwardPass(inst: Instance, route: RouteState, from: number): void {
  const v = route.vehicle;
  const n = route.size;
  const node = route.node;
  const loc = route.loc;
  const service = route.service;
  const noTraffic = inst.traffic === null;
  const L = inst.locations;
  const durations = inst.durations;
  const speed = inst.vehicleSpeed[v]!;
  const windowCount = inst.nodeWindowCount;
  const windowOffset = inst.nodeWindowOffset;
  const windowStart = inst.windowStart;
  const windowEnd = inst.windowEnd;
  const latest = route.latest;
  latest[n + 1] = inst.vehicleLatest[v]!;
  for (let k = from; k >= 1; k--) {
    const x = node[k]!;
    const here = loc[k]!;
    const next = loc[k + 1]!;
    const arriveBy = latest[k + 1]!;
    const dep = noTraffic
      ? here < 0 || next < 0
        ? arriveBy
        : arriveBy - durations[here * L + next]! * speed
      : latestDeparture(inst, v, here, next, arriveBy);
    const t = dep - service[k]!;
    if (windowCount[x] === 1) {
      // windowLatestFor written out for one window.
      const w = windowOffset[x]!;
      latest[k] = windowStart[w]! <= t ? (t <= windowEnd[w]! ? t : windowEnd[w]!) : -Infinity;
    } else latest[k] = windowLatestFor(inst, x, t);
  }
  route.latest[0] = latestDeparture(inst, v, loc[0]!, loc[1]!, route.latest[1]!);
}
