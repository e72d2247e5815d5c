import { DELIVERY, type Instance, PICKUP, deliveryNode, hasStop, leastTrafficFactor, pickupNode } from '../instance';

/** The time bound compares every pair of stops: beyond this many it gives no bound. See docs/benchmarks.md#solver-parameters. */
const TIME_BOUND_MAX_STOPS = 3000;

/**
 * Vehicles any plan of the active jobs needs, where route elimination stops: single-stop jobs ride
 * from the start (or to the end) together, so their total size must fit into the largest
 * capacities; and the stops' time must fit into the vehicles' shifts (vehiclesForTime).
 */
export function vehicleLowerBound(inst: Instance, active: Uint8Array): number {
  const D = inst.dims;
  let bound = 1;
  for (let d = 0; d < D; d++) {
    // Jobs with a stop on one side only: delivery-only jobs ride from the start, pickup-only to the end.
    for (const missing of [PICKUP, DELIVERY]) {
      let total = 0;
      for (let j = 0; j < inst.jobs; j++) {
        if (!active[j]) continue;
        if (hasStop(inst, j, missing) || !hasStop(inst, j, 1 - missing)) continue;
        total += inst.size[j * D + d]!;
      }
      if (total <= 0) continue;
      const caps = Array.from({ length: inst.vehicles }, (_, v) => inst.vehicleCapacity[v * D + d]!).sort(
        (a, b) => b - a,
      );
      let k = 0;
      while (total > 1e-9 && k < caps.length) total -= caps[k++]!;
      bound = Math.max(bound, k);
    }
  }
  return Math.max(bound, vehiclesForTime(inst, active));
}

/**
 * A lower bound on the vehicles by time: every stop takes its service and a leg into it no
 * shorter than the shortest from any other stop or start, every place with stops one setup, every
 * route a leg back no shorter than the shortest from any stop to its end, and no route lasts longer
 * than its vehicle's shift (or maximum duration). Capacity alone bounds pickup-and-delivery plans at one vehicle. 1 where the
 * stops are too many to compare pairwise.
 */
function vehiclesForTime(inst: Instance, active: Uint8Array): number {
  const stops: number[] = [];
  for (let j = 0; j < inst.jobs; j++) {
    if (!active[j]) continue;
    for (const x of [pickupNode(j), deliveryNode(j)]) if (inst.nodeLocation[x]! >= 0) stops.push(x);
  }
  if (stops.length === 0 || stops.length > TIME_BOUND_MAX_STOPS) return 1;
  const L = inst.locations;
  const durations = inst.durations;
  let fastest = Infinity;
  let openStart = false;
  for (let v = 0; v < inst.vehicles; v++) {
    // Traffic: the least factor within the shift (as insertion's duration bound takes it).
    fastest = Math.min(
      fastest,
      inst.vehicleSpeed[v]! * leastTrafficFactor(inst.traffic, inst.vehicleEarliest[v]!, inst.vehicleLatest[v]!),
    );
    if (inst.vehicleStart[v]! < 0) openStart = true;
  }
  // The least time the stops take: service, and the shortest leg in (none where a route may start anywhere).
  let needed = 0;
  for (const x of stops) {
    const to = inst.nodeLocation[x]!;
    let shortest = Infinity;
    if (!openStart) {
      for (let v = 0; v < inst.vehicles; v++) shortest = Math.min(shortest, durations[inst.vehicleStart[v]! * L + to]!);
      for (const y of stops) if (y !== x) shortest = Math.min(shortest, durations[inst.nodeLocation[y]! * L + to]!);
    }
    needed += inst.nodeService[x]! + (Number.isFinite(shortest) && !openStart ? fastest * shortest : 0);
  }
  // Setups: every place with stops is arrived at at least once, paying the least setup among them.
  if (inst.hasSetup) {
    const leastSetup = new Map<number, number>();
    for (const x of stops) {
      const place = inst.nodePlace[x]!;
      leastSetup.set(place, Math.min(leastSetup.get(place) ?? Infinity, inst.nodeSetup[x]!));
    }
    for (const setup of leastSetup.values()) needed += setup;
  }
  // What each vehicle's route can hold: its shift, less the shortest leg from a stop to its end.
  const room: number[] = [];
  for (let v = 0; v < inst.vehicles; v++) {
    let back = 0;
    const end = inst.vehicleEnd[v]!;
    if (end >= 0) {
      back = Infinity;
      for (const x of stops) back = Math.min(back, durations[inst.nodeLocation[x]! * L + end]!);
      back *= fastest;
    }
    room.push(Math.min(inst.vehicleLatest[v]! - inst.vehicleEarliest[v]!, inst.vehicleMaxDuration[v]!) - back);
  }
  room.sort((a, b) => b - a);
  // A hair less than needed: rounding must never make the bound exceed the truth.
  let left = needed * (1 - 1e-9) - 1e-6;
  let k = 0;
  while (left > 0 && k < room.length && room[k]! > 0) left -= room[k++]!;
  return Math.max(1, k);
}
