import { type Instance, isDeliveryNode } from './instance';
import { fitsWithSize, detourDistance } from './insertion-bounds';
import { type InsertionCandidate, takeCandidate } from './insertion-candidate';
import type { RouteState } from './route';

/**
 * evaluateSingle with soft windows, in a used route of a distance-only cost model without traffic
 * (see softWindowsApply): every position the capacity allows, at its added distance plus the
 * penalty of the time warp it adds, in constant time from the route's warp arrays.
 */
export function evaluateSingleSoft(
  inst: Instance,
  inserter: { blink(): boolean },
  route: RouteState,
  r: number,
  job: number,
  x: number,
  best: InsertionCandidate,
): boolean {
  const n = route.size;
  const v = route.vehicle;
  const isDelivery = isDeliveryNode(x);
  const locX = inst.nodeLocation[x]!;
  const svc = inst.nodeService[x]!;
  const w = inst.nodeWindowOffset[x]!;
  const open = inst.windowStart[w]!;
  const close = inst.windowEnd[w]!;
  const loc = route.loc;
  const maxLoad = isDelivery ? route.loadPrefixMax : route.loadSuffixMax;
  const distances = inst.distances;
  const durations = inst.durations;
  const L = inst.locations;
  const speed = inst.vehicleSpeed[v]!;
  const penalty = route.warpPenalty;
  const departure = route.warpDeparture;
  const before = route.warpBefore;
  const after = route.warpAfter;
  const latest = route.warpLatest;
  const warpNow = route.warp;
  let improved = false;
  for (let k = 0; k <= n; k++) {
    if (!fitsWithSize(inst, maxLoad, k, job, v)) {
      if (isDelivery) break;
      continue;
    }
    const here = loc[k]!;
    const next = loc[k + 1]!;
    const added = detourDistance(distances, L, here, locX, next);
    if (added >= best.cost) continue;
    const arr = departure[k]! + (here < 0 ? 0 : durations[here * L + locX]! * speed);
    let warp = before[k]! + (arr > close ? arr - close : 0);
    const s = arr > close ? close : arr < open ? open : arr;
    const arrNext = s + svc + (next < 0 ? 0 : durations[locX * L + next]! * speed);
    warp += after[k + 1]! + (arrNext > latest[k + 1]! ? arrNext - latest[k + 1]! : 0);
    const delta = added + penalty * (warp - warpNow);
    if (delta >= best.cost) continue;
    if (inserter.blink()) continue;
    takeCandidate(best, delta, r, k, -1, s, added, 0);
    improved = true;
  }
  return improved;
}
