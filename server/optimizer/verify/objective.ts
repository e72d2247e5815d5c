/**
 * The objectives of model.ts as comparable values, computed from routes (never from a solver's
 * reported cost). Order of comparison: shipments served per priority level, highest level first
 * (a lower-priority shipment is never served at the cost of a higher one); then, where the
 * objective counts them, vehicles used; then the objective's own cost terms.
 */
import type { Objective, Problem, Solution } from '../model';

const PRIORITY_LEVELS = 6;

export interface ObjectiveValue {
  /** served[k] = shipments served with priority 5 - k (index 0 is priority 5). */
  served: number[];
  /** Vehicles with at least one stop; only compared when the objective counts vehicles. */
  vehicles: number;
  /** The objective's cost terms, compared in order. Empty when the objective has no formula (tour overlap). */
  costs: number[];
}

export interface RouteTotals {
  vehicle: number;
  stops: number;
  distance: number;
  duration: number;
}

export function countsVehicles(objective: Objective): boolean {
  return (
    objective === 'MIN_VEHICLE_UTILIZATION' ||
    objective === 'MIN_VEHICLE_AVOID_TOUR_OVERLAP' ||
    objective === 'MIN_VEHICLES_THEN_DISTANCE'
  );
}

/** Cost of one route under MIN_COST. */
export function routeCost(problem: Problem, route: RouteTotals): number {
  const v = problem.vehicles[route.vehicle]!;
  return v.fixedCost + (v.costPerHour * route.duration) / 3600 + v.costPerMeter * route.distance;
}

export function objectiveValue(
  problem: Problem,
  routes: readonly RouteTotals[],
  servedShipments: Iterable<number>,
): ObjectiveValue {
  const served = new Array<number>(PRIORITY_LEVELS).fill(0);
  for (const s of servedShipments) {
    const priority = problem.shipments[s]!.priority;
    served[PRIORITY_LEVELS - 1 - priority]!++;
  }
  const used = routes.filter((r) => r.stops > 0);
  const totalDistance = used.reduce((sum, r) => sum + r.distance, 0);
  const totalDuration = used.reduce((sum, r) => sum + r.duration, 0);
  let costs: number[];
  switch (problem.objective) {
    case 'MIN_DURATION':
    case 'MIN_VEHICLE_UTILIZATION':
      costs = [totalDuration];
      break;
    case 'MIN_MAX_TRAVEL_COST_DISTANCE':
      costs = [used.reduce((max, r) => Math.max(max, r.distance), 0), totalDistance];
      break;
    case 'MIN_VEHICLES_THEN_DISTANCE':
      costs = [totalDistance];
      break;
    case 'MIN_COST':
      costs = [used.reduce((sum, r) => sum + routeCost(problem, r), 0)];
      break;
    case 'MIN_VEHICLE_AVOID_TOUR_OVERLAP':
      costs = [];
      break;
  }
  return { served, vehicles: used.length, costs };
}

export function solutionObjective(problem: Problem, solution: Solution): ObjectiveValue {
  const servedShipments = new Set<number>();
  for (const route of solution.routes) for (const s of route.stops) servedShipments.add(s.shipment);
  const routes = solution.routes.map((r) => ({
    vehicle: r.vehicle,
    stops: r.stops.length,
    distance: r.distance,
    duration: r.duration,
  }));
  return objectiveValue(problem, routes, servedShipments);
}

/**
 * Negative when a is better. Costs compare with a relative tolerance so equal optima computed in
 * different orders of summation count as equal.
 */
export function compareObjective(
  objective: Objective,
  a: ObjectiveValue,
  b: ObjectiveValue,
  relativeTolerance = 1e-9,
): number {
  for (let k = 0; k < PRIORITY_LEVELS; k++) {
    const diff = b.served[k]! - a.served[k]!;
    if (diff !== 0) return diff;
  }
  if (countsVehicles(objective) && a.vehicles !== b.vehicles) return a.vehicles - b.vehicles;
  for (let k = 0; k < Math.min(a.costs.length, b.costs.length); k++) {
    const x = a.costs[k]!;
    const y = b.costs[k]!;
    if (Math.abs(x - y) > relativeTolerance * Math.max(1, Math.abs(x), Math.abs(y))) return x - y;
  }
  return 0;
}

export function describeObjective(value: ObjectiveValue): string {
  const served = value.served.map((n, k) => `p${PRIORITY_LEVELS - 1 - k}:${n}`).join(' ');
  return `served {${served}} vehicles ${value.vehicles} costs [${value.costs.map((c) => c.toFixed(6)).join(', ')}]`;
}
