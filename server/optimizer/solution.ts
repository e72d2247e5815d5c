import { type Instance, chargedService, distanceBetween, isDeliveryNode, jobOf, partnerNode } from './instance';
import { planRoute } from './schedule';
import type { Objective, Route, RouteBreak, RouteStop, Solution, Unassigned } from './model';
import { type JobVerdict, insufficientFleet } from './explain';
import { SPREAD_WEIGHT, routeSpread } from './objective';

/**
 * Builds one reported route: departs as late as possible without arriving later at the end, so
 * waiting before the first stop is not counted as route duration.
 */
function buildRoute(inst: Instance, v: number, nodes: readonly number[]): Route {
  const D = inst.dims;
  const plan = planRoute(inst, v, nodes, nodes.length);
  const departure = plan.departure;
  const schedule = {
    arrival: Array.from(plan.arrival.subarray(0, nodes.length)),
    start: Array.from(plan.start.subarray(0, nodes.length)),
    end: plan.end,
  };
  const breakOffset = inst.vehicleBreakOffset[v]!;
  const breakPlan = Array.from({ length: plan.breaks }, (_, b) => ({
    gap: plan.breakGap[b]!,
    ready: plan.breakReady[b]!,
    start: plan.breakStart[b]!,
    duration: inst.breakDuration[breakOffset + b]!,
    index: inst.breakIndex[breakOffset + b]!,
  }));
  const load = new Array<number>(D).fill(0);
  for (const x of nodes) {
    if (isDeliveryNode(x) && inst.nodeLocation[partnerNode(x)]! < 0) {
      for (let d = 0; d < D; d++) load[d]! += inst.size[jobOf(x) * D + d]!;
    }
  }
  const stops: RouteStop[] = [];
  const breaks: RouteBreak[] = [];
  let prevLoc = inst.vehicleStart[v]!;
  let prevDep = departure;
  let distance = 0;
  let travel = 0;
  let service = 0;
  let waiting = 0;
  /** Breaks taken in gap k (before stop k) move the departure to the last one's end. */
  const takeBreaks = (k: number): void => {
    for (const b of breakPlan) {
      if (b.gap !== k) continue;
      const end = b.start + b.duration;
      breaks.push({
        break: b.index,
        afterStops: k,
        location: prevLoc,
        arrival: b.ready,
        start: b.start,
        end,
        waitSeconds: b.start - b.ready,
      });
      waiting += b.start - b.ready;
      prevDep = end;
    }
  };
  nodes.forEach((x, k) => {
    takeBreaks(k);
    const j = jobOf(x);
    const l = inst.nodeLocation[x]!;
    const sign = isDeliveryNode(x) ? -1 : 1;
    for (let d = 0; d < D; d++) load[d]! += sign * inst.size[j * D + d]!;
    const legDistance = distanceBetween(inst, prevLoc, l);
    const legDuration = schedule.arrival[k]! - prevDep;
    const svc = chargedService(inst, k === 0 ? -1 : nodes[k - 1]!, x);
    const wait = schedule.start[k]! - schedule.arrival[k]!;
    stops.push({
      shipment: j,
      kind: isDeliveryNode(x) ? 'delivery' : 'pickup',
      location: l,
      arrival: schedule.arrival[k]!,
      serviceStart: schedule.start[k]!,
      departure: schedule.start[k]! + svc,
      serviceSeconds: svc,
      waitSeconds: wait,
      load: load.slice(),
      legDistance,
      legDuration,
    });
    distance += legDistance;
    travel += legDuration;
    service += svc;
    waiting += wait;
    prevLoc = l;
    prevDep = schedule.start[k]! + svc;
  });
  takeBreaks(nodes.length);
  const endLoc = inst.vehicleEnd[v]!;
  distance += distanceBetween(inst, prevLoc, endLoc);
  travel += schedule.end - prevDep;
  return {
    vehicle: v,
    start: departure,
    end: schedule.end,
    stops,
    distance,
    duration: schedule.end - departure,
    travel,
    service,
    waiting,
    ...(breaks.length > 0 ? { breaks } : {}),
  };
}

function objectiveValue(inst: Instance, objective: Objective, routes: readonly Route[]): number {
  let distance = 0;
  let duration = 0;
  let longest = 0;
  let cost = 0;
  let spread = 0;
  for (const r of routes) {
    if (objective === 'MIN_VEHICLE_AVOID_TOUR_OVERLAP') {
      spread += routeSpread(
        inst,
        r.stops.map((s) => s.location),
        0,
        r.stops.length,
      );
    }
    distance += r.distance;
    duration += r.duration;
    longest = Math.max(longest, r.distance);
    const veh = inst.problem.vehicles[r.vehicle]!;
    cost += veh.fixedCost + (veh.costPerHour * r.duration) / 3600 + veh.costPerMeter * r.distance;
  }
  switch (objective) {
    case 'MIN_MAX_TRAVEL_COST_DISTANCE':
      return longest;
    case 'MIN_VEHICLES_THEN_DISTANCE':
      return distance;
    case 'MIN_COST':
      return cost;
    case 'MIN_VEHICLE_AVOID_TOUR_OVERLAP':
      // The search's cost without the per-vehicle term, so threads' results compare on it.
      return duration + distance + SPREAD_WEIGHT * spread;
    default:
      return duration;
  }
}

interface SolutionStats {
  iterations: number;
  elapsedMs: number;
  timeToFirstFeasibleMs: number;
  seed: number;
  threads: number;
  progress: Solution['stats']['progress'];
}

export function buildSolution(
  inst: Instance,
  routeNodes: readonly (readonly number[])[],
  unassignedJobs: readonly number[],
  verdicts: readonly (JobVerdict | null)[],
  stats: SolutionStats,
): Solution {
  const routes: Route[] = [];
  const dropped: number[] = [];
  routeNodes.forEach((nodes, v) => {
    // Last line of defence: the search keeps feasible routes only, but a route whose exact timing
    // breaks a window, the shift or maxDuration is never reported; its last orders are left out
    // until the rest fits.
    let kept = nodes;
    while (kept.length > 0 && !planRoute(inst, v, kept, kept.length).feasible) {
      const job = jobOf(kept[kept.length - 1]!);
      kept = kept.filter((x) => jobOf(x) !== job);
      dropped.push(job);
    }
    if (kept.length > 0) routes.push(buildRoute(inst, v, kept));
  });
  const unassigned: Unassigned[] = [];
  const seen = new Set<number>();
  for (let j = 0; j < inst.jobs; j++) {
    const verdict = verdicts[j];
    if (verdict) {
      unassigned.push({
        shipment: j,
        reason: verdict.reason,
        description: verdict.description,
        detail: verdict.detail,
      });
      seen.add(j);
    }
  }
  for (const j of [...unassignedJobs, ...dropped]) {
    if (seen.has(j)) continue;
    seen.add(j);
    const v = insufficientFleet(inst.priority[j]!);
    unassigned.push({ shipment: j, reason: v.reason, description: v.description, detail: v.detail });
  }
  unassigned.sort((a, b) => a.shipment - b.shipment);
  return {
    routes,
    unassigned,
    cost: objectiveValue(inst, inst.objective, routes),
    distance: routes.reduce((s, r) => s + r.distance, 0),
    duration: routes.reduce((s, r) => s + r.duration, 0),
    stats,
  };
}
