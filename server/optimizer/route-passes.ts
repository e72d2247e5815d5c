import { type Instance, isDeliveryNode, jobOf } from './instance';
import type { RouteState } from './route';

/** Passes of RouteState.update() over the whole route that do not touch the schedule: soft-window warp, loads, locks. */

/**
 * The time-warp arrays of soft windows (one window per stop, no traffic): per position, departure
 * under time warp and the warp up to it (forward), the least warp and latest start of the rest of
 * the route (backward). Returns the route's warp.
 */
export function warpPasses(inst: Instance, route: RouteState): number {
  const v = route.vehicle;
  const n = route.size;
  const node = route.node;
  const loc = route.loc;
  const L = inst.locations;
  const durations = inst.durations;
  const speed = inst.vehicleSpeed[v]!;
  const service = inst.nodeService;
  const windowOffset = inst.nodeWindowOffset;
  const open = inst.windowStart;
  const close = inst.windowEnd;
  const departure = route.warpDeparture;
  const before = route.warpBefore;
  const after = route.warpAfter;
  const latest = route.warpLatest;
  departure[0] = inst.vehicleEarliest[v]!;
  before[0] = 0;
  for (let k = 1; k <= n + 1; k++) {
    const from = loc[k - 1]!;
    const to = loc[k]!;
    const arr = departure[k - 1]! + (from < 0 || to < 0 ? 0 : durations[from * L + to]! * speed);
    const w = k <= n ? windowOffset[node[k]!]! : -1;
    const o = k <= n ? open[w]! : inst.vehicleEarliest[v]!;
    const c = k <= n ? close[w]! : inst.vehicleLatest[v]!;
    before[k] = before[k - 1]! + (arr > c ? arr - c : 0);
    const s = arr > c ? c : arr < o ? o : arr;
    departure[k] = k <= n ? s + service[node[k]!]! : s;
  }
  after[n + 1] = 0;
  latest[n + 1] = inst.vehicleLatest[v]!;
  for (let k = n; k >= 1; k--) {
    const here = loc[k]!;
    const next = loc[k + 1]!;
    const w = windowOffset[node[k]!]!;
    const delta = service[node[k]!]! + (here < 0 || next < 0 ? 0 : durations[here * L + next]! * speed);
    const extra = Math.max(open[w]! + delta - latest[k + 1]!, 0);
    after[k] = after[k + 1]! + extra;
    latest[k] = Math.min(latest[k + 1]! - delta, close[w]!) + extra;
  }
  return before[n + 1]!;
}

/** Loads after each stop in every capacity dimension, their prefix and suffix maxima. Returns false when a load exceeds a capacity. */
export function loadPasses(inst: Instance, route: RouteState): boolean {
  const n = route.size;
  const D = inst.dims;
  const node = route.node;
  const load = route.load;
  let feasible = true;
  for (let d = 0; d < D; d++) {
    const cap = inst.vehicleCapacity[route.vehicle * D + d]!;
    let m = -Infinity;
    for (let k = 0; k <= n; k++) {
      if (k > 0) {
        const x = node[k]!;
        load[k * D + d] = load[(k - 1) * D + d]! + (isDeliveryNode(x) ? -1 : 1) * inst.size[jobOf(x) * D + d]!;
      }
      const l = load[k * D + d]!;
      if (l > cap) feasible = false;
      if (l > m) m = l;
      route.loadPrefixMax[k * D + d] = m;
    }
    m = -Infinity;
    for (let k = n; k >= 0; k--) {
      const l = load[k * D + d]!;
      if (l > m) m = l;
      route.loadSuffixMax[k * D + d] = m;
    }
  }
  return feasible;
}

/**
 * The load passes of update() for one capacity dimension, the common case, without the
 * per-dimension indexing: loads after each stop, their prefix and suffix maxima. Returns false
 * when a load exceeds the capacity.
 */
export function singleLoadPasses(inst: Instance, route: RouteState): boolean {
  const n = route.size;
  const node = route.node;
  const size = inst.size;
  const load = route.load;
  const prefixMax = route.loadPrefixMax;
  const suffixMax = route.loadSuffixMax;
  const cap = inst.vehicleCapacity[route.vehicle]!;
  let l = load[0]!;
  let m = l;
  prefixMax[0] = m;
  for (let k = 1; k <= n; k++) {
    const x = node[k]!;
    l = isDeliveryNode(x) ? l - size[jobOf(x)]! : l + size[jobOf(x)]!;
    load[k] = l;
    if (l > m) m = l;
    prefixMax[k] = m;
  }
  m = -Infinity;
  for (let k = n; k >= 0; k--) {
    const value = load[k]!;
    if (value > m) m = value;
    suffixMax[k] = m;
  }
  return prefixMax[n]! <= cap;
}

/** Lock ranks around each position (lockBefore, lockAfter); false when locked stops are out of order. */
export function lockPasses(inst: Instance, route: RouteState): boolean {
  const n = route.size;
  const node = route.node;
  let ordered = true;
  let rank = -1;
  for (let k = 0; k <= n + 1; k++) {
    if (k >= 1 && k <= n) {
      const r = inst.nodeLockRank[node[k]!]!;
      if (r >= 0) {
        if (r < rank) ordered = false;
        rank = r;
      }
    }
    route.lockBefore[k] = rank;
  }
  rank = 0x7fffffff;
  for (let k = n + 1; k >= 0; k--) {
    if (k >= 1 && k <= n) {
      const r = inst.nodeLockRank[node[k]!]!;
      if (r >= 0) rank = r;
    }
    route.lockAfter[k] = rank;
  }
  return ordered;
}
