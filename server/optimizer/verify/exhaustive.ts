/**
 * An exact solver for tiny problems, by enumeration: for every vehicle and every subset of
 * shipments, every stop order that keeps each pickup before its delivery; then every assignment of
 * shipments to a vehicle or to nobody. Its only purpose is to be obviously right, so it shares no
 * code with the real solver. Exact for problems without traffic; with traffic the departure time
 * of each route is chosen from the candidates bestSchedule tries.
 */
import type { Problem, Solution, Stop } from '../model';
import { compareObjective, objectiveValue, routeCost, type ObjectiveValue, type RouteTotals } from './objective';
import {
  bestSchedule,
  earliestServiceStart,
  legDuration,
  matrixDistance,
  routeFromSchedule,
  serviceAfter,
  stopOf,
  stopsOfShipment,
  structuralFailure,
  type Schedule,
  type StopRef,
} from './schedule';

export const EXHAUSTIVE_MAX_SHIPMENTS = 5;
export const EXHAUSTIVE_MAX_VEHICLES = 3;

interface ExhaustiveRoute {
  vehicle: number;
  sequence: StopRef[];
  schedule: Schedule;
}

export interface ExhaustiveResult {
  value: ObjectiveValue;
  routes: ExhaustiveRoute[];
  unassigned: number[];
}

interface BestRoute {
  sequence: StopRef[];
  schedule: Schedule;
}

/** The measure a single route minimizes for the problem's objective (all objectives are sums or maxima of it). */
function routeMeasure(problem: Problem, vehicle: number, schedule: Schedule): number {
  switch (problem.objective) {
    case 'MIN_DURATION':
    case 'MIN_VEHICLE_UTILIZATION':
      return schedule.duration;
    case 'MIN_COST':
      return routeCost(problem, {
        vehicle,
        stops: schedule.stops.length,
        distance: schedule.distance,
        duration: schedule.duration,
      });
    default:
      return schedule.distance;
  }
}

/**
 * Every order of `stops` in which each shipment's pickup comes before its delivery. Without
 * traffic, prefixes that already break a window or the capacity when leaving as early as possible
 * are cut: leaving later only makes every arrival later, so no extension can recover.
 */
function* orders(problem: Problem, vehicleIndex: number, stops: StopRef[]): Generator<StopRef[]> {
  const n = stops.length;
  const vehicle = problem.vehicles[vehicleIndex]!;
  const prune = !problem.traffic;
  const dims = problem.dimensions;
  const load = new Array<number>(dims).fill(0);
  for (const ref of stops) {
    const shipment = problem.shipments[ref.shipment]!;
    if (!shipment.pickup) for (let d = 0; d < dims; d++) load[d]! += shipment.size[d] ?? 0;
  }
  if (prune && load.some((x, d) => x > vehicle.capacity[d]!)) return;
  const used = new Array<boolean>(n).fill(false);
  const sequence: StopRef[] = [];
  function* extend(location: number, time: number, previous: Stop | null): Generator<StopRef[]> {
    if (sequence.length === n) {
      yield sequence.slice();
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      const ref = stops[i]!;
      if (ref.kind === 'delivery') {
        const pickupIndex = stops.findIndex((s) => s.shipment === ref.shipment && s.kind === 'pickup');
        if (pickupIndex >= 0 && !used[pickupIndex]) continue;
      }
      const shipment = problem.shipments[ref.shipment]!;
      const stop = stopOf(shipment, ref.kind)!;
      const serviceStart = earliestServiceStart(
        stop.timeWindows,
        time + legDuration(problem, vehicle, location, stop.location, time),
      );
      const sign = ref.kind === 'pickup' ? 1 : -1;
      for (let d = 0; d < dims; d++) load[d]! += sign * (shipment.size[d] ?? 0);
      const fits = serviceStart !== null && load.every((x, d) => x <= vehicle.capacity[d]!);
      if (fits || !prune) {
        used[i] = true;
        sequence.push(ref);
        yield* extend(stop.location, (serviceStart ?? time) + serviceAfter(problem, previous, stop), stop);
        sequence.pop();
        used[i] = false;
      }
      for (let d = 0; d < dims; d++) load[d]! -= sign * (shipment.size[d] ?? 0);
    }
  }
  yield* extend(vehicle.startLocation, vehicle.earliestStart, null);
}

const distanceOnly = (problem: Problem) =>
  problem.objective === 'MIN_MAX_TRAVEL_COST_DISTANCE' ||
  problem.objective === 'MIN_VEHICLES_THEN_DISTANCE' ||
  problem.objective === 'MIN_VEHICLE_AVOID_TOUR_OVERLAP';

function sequenceDistance(problem: Problem, vehicleIndex: number, sequence: readonly StopRef[]): number {
  const vehicle = problem.vehicles[vehicleIndex]!;
  let location = vehicle.startLocation;
  let distance = 0;
  for (const ref of sequence) {
    const next = stopOf(problem.shipments[ref.shipment]!, ref.kind)!.location;
    distance += matrixDistance(problem, location, next);
    location = next;
  }
  return vehicle.endLocation === null ? distance : distance + matrixDistance(problem, location, vehicle.endLocation);
}

function bestRouteFor(problem: Problem, vehicle: number, shipments: number[]): BestRoute | null {
  const stops = shipments.flatMap((s) => stopsOfShipment(problem.shipments[s]!, s));
  let best: BestRoute | null = null;
  let bestMeasure = Infinity;
  for (const sequence of orders(problem, vehicle, stops)) {
    // Distance objectives need only feasibility, and distance depends on the order alone.
    if (distanceOnly(problem) && sequenceDistance(problem, vehicle, sequence) >= bestMeasure - 1e-9) continue;
    if (structuralFailure(problem, vehicle, sequence)) continue;
    const schedule = bestSchedule(problem, vehicle, sequence);
    if (!schedule.feasible) continue;
    const measure = routeMeasure(problem, vehicle, schedule);
    if (measure < bestMeasure - 1e-9) {
      best = { sequence, schedule };
      bestMeasure = measure;
    }
  }
  return best;
}

export function solveExhaustively(problem: Problem): ExhaustiveResult {
  const n = problem.shipments.length;
  const m = problem.vehicles.length;
  if (n > EXHAUSTIVE_MAX_SHIPMENTS || m > EXHAUSTIVE_MAX_VEHICLES) {
    throw new Error(
      `exhaustive search is for at most ${EXHAUSTIVE_MAX_SHIPMENTS} shipments and ${EXHAUSTIVE_MAX_VEHICLES} vehicles`,
    );
  }
  // best[v][mask]: the best route of vehicle v serving exactly the shipments in mask (undefined = not computed).
  const best: (BestRoute | null | undefined)[][] = Array.from(
    { length: m },
    () => new Array<BestRoute | null | undefined>(1 << n),
  );
  const routeFor = (v: number, mask: number): BestRoute | null => {
    let cached = best[v]![mask];
    if (cached === undefined) {
      const shipments = [...Array(n).keys()].filter((s) => mask & (1 << s));
      cached = bestRouteFor(problem, v, shipments);
      best[v]![mask] = cached;
    }
    return cached;
  };

  let result: ExhaustiveResult | null = null;
  const assignment = new Array<number>(n).fill(-1);
  const visit = (s: number) => {
    if (s === n) {
      const masks = new Array<number>(m).fill(0);
      for (let i = 0; i < n; i++) if (assignment[i]! >= 0) masks[assignment[i]!]! |= 1 << i;
      const routes: ExhaustiveRoute[] = [];
      for (let v = 0; v < m; v++) {
        if (masks[v] === 0) continue;
        const route = routeFor(v, masks[v]!);
        if (!route) return;
        routes.push({ vehicle: v, ...route });
      }
      const totals: RouteTotals[] = routes.map((r) => ({
        vehicle: r.vehicle,
        stops: r.sequence.length,
        distance: r.schedule.distance,
        duration: r.schedule.duration,
      }));
      const served = [...Array(n).keys()].filter((i) => assignment[i]! >= 0);
      const value = objectiveValue(problem, totals, served);
      if (!result || compareObjective(problem.objective, value, result.value) < 0) {
        result = { value, routes, unassigned: [...Array(n).keys()].filter((i) => assignment[i]! < 0) };
      }
      return;
    }
    for (let v = -1; v < m; v++) {
      assignment[s] = v;
      visit(s + 1);
    }
  };
  visit(0);
  return result!;
}

/** The exhaustive optimum as a model Solution (reasons are not decided here: every miss is INSUFFICIENT_FLEET). */
export function toSolution(problem: Problem, result: ExhaustiveResult): Solution {
  const routes = result.routes.map((r) => routeFromSchedule(problem, r.vehicle, r.sequence, r.schedule));
  return {
    routes,
    unassigned: result.unassigned.map((shipment) => ({
      shipment,
      reason: 'INSUFFICIENT_FLEET',
      description: 'left out by exhaustive search',
    })),
    cost: result.value.costs[0] ?? 0,
    distance: routes.reduce((s, r) => s + r.distance, 0),
    duration: routes.reduce((s, r) => s + r.duration, 0),
    stats: { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed: 0, threads: 1, progress: [] },
  };
}
