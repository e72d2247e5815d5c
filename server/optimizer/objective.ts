import type { Objective } from './model';
import type { Instance } from './instance';

/**
 * Scalar search cost per objective. Serving orders is handled before this (lexicographically by
 * priority, see search/plan-state.ts); here vehicles-first objectives add VEHICLE_WEIGHT per used vehicle, which
 * dwarfs any distance or duration so one fewer vehicle always wins.
 */
export const VEHICLE_WEIGHT = 1e9;
/** MIN_MAX_TRAVEL_COST_DISTANCE: weight of the longest route's distance against the total. */
export const MAX_ROUTE_WEIGHT = 1000;
/**
 * MIN_VEHICLE_AVOID_TOUR_OVERLAP: weight of a route's spread (see routeSpread) against its duration
 * plus distance. Spread is in distance units, like distance, and is the only term that depends on
 * which stops share a route rather than on their order, so it decides assignment (which cluster a
 * stop joins) while duration and distance still decide sequencing. At 1, moving a stop to a route
 * whose stops are on average 1 km closer to it pays for up to about 2000 of extra meters plus seconds
 * (the stop's own mean falls and so does each route-mate's). Vehicles and served orders stay first: unserved
 * orders are compared before cost (search/incumbent.ts) and VEHICLE_WEIGHT dwarfs the spread of any realistic
 * plan (a thousand stops each 100 km from their route-mates on average: 1e8).
 */
export const SPREAD_WEIGHT = 1;

/**
 * Spread of a route: sum over its stops of the mean matrix distance from the stop to the route's
 * stops, (1/n) * sum_x sum_y d(x, y) over the route's n stops (ordered pairs, so both directions of
 * an asymmetric matrix count). The matrix stand-in for "sum of distances to the route's centroid"
 * (the problem has no coordinates): for Euclidean distances it lies between that sum and twice it,
 * and for squared distances it is exactly twice the within-cluster sum of squares. Routes whose
 * stops sit in one area have a small spread; a route that also serves another route's area gains
 * the distance between the areas for each of its stops, so interleaved tours cost more than
 * separated ones. Order-independent; O(n^2) here, O(n) to update per inserted stop (insertion.ts).
 * `locs` holds location indices at positions first..first+count-1.
 */
export function routeSpread(inst: Instance, locs: ArrayLike<number>, first: number, count: number): number {
  if (count < 2) return 0;
  const L = inst.locations;
  const dist = inst.distances;
  let sum = 0;
  for (let a = first; a < first + count; a++) {
    const row = locs[a]! * L;
    for (let b = first; b < first + count; b++) if (b !== a) sum += dist[row + locs[b]!]!;
  }
  return sum / count;
}

export interface CostModel {
  objective: Objective;
  /** Whether route duration enters the cost (else insertion skips duration estimates). */
  usesDuration: boolean;
  /** Whether the longest route distance enters the cost. */
  usesMaxDistance: boolean;
  /** Whether the number of used vehicles is minimized first. */
  vehiclesFirst: boolean;
  /** Whether route spread (routeSpread) enters the cost (MIN_VEHICLE_AVOID_TOUR_OVERLAP only). */
  usesSpread: boolean;
  /** MIN_COST: each vehicle's rates (empty for the other objectives). */
  vehicleRates: readonly { fixedCost: number; costPerHour: number; costPerMeter: number }[];
  /** `spread` is routeSpread of the route; 0 unless usesSpread. */
  routeCost(vehicle: number, distance: number, duration: number, spread: number): number;
}

export function isVehiclesFirst(objective: Objective): boolean {
  return (
    objective === 'MIN_VEHICLE_UTILIZATION' ||
    objective === 'MIN_VEHICLE_AVOID_TOUR_OVERLAP' ||
    objective === 'MIN_VEHICLES_THEN_DISTANCE'
  );
}

/**
 * The route cost of each objective, made once per thread: a cost model made per solve then calls
 * the same function as the solves before it. (A function made per solve is a new call target each
 * time, and optimized code expecting the previous one deoptimized over and over, each route update
 * paying for it, on threads that had solved another plan before.)
 */
const durationCost = (_v: number, distance: number, duration: number): number => duration + 1e-3 * distance;
const distanceCost = (_v: number, distance: number): number => distance;
const utilizationCost = (_v: number, distance: number, duration: number): number =>
  VEHICLE_WEIGHT + duration + 1e-3 * distance;
const overlapCost = (_v: number, distance: number, duration: number, spread: number): number =>
  VEHICLE_WEIGHT + duration + distance + SPREAD_WEIGHT * spread;
const vehiclesThenDistanceCost = (_v: number, distance: number): number => VEHICLE_WEIGHT + distance;
function vehicleCost(this: CostModel, v: number, distance: number, duration: number): number {
  const veh = this.vehicleRates[v]!;
  return veh.fixedCost + (veh.costPerHour * duration) / 3600 + veh.costPerMeter * distance;
}

/** A model made by a constructor, not an object literal, for the reason CompiledInstance (instance.ts) gives. */
class ObjectiveModel implements CostModel {
  declare objective: Objective;
  declare usesDuration: boolean;
  declare usesMaxDistance: boolean;
  declare vehiclesFirst: boolean;
  declare usesSpread: boolean;
  declare vehicleRates: CostModel['vehicleRates'];
  declare routeCost: CostModel['routeCost'];

  constructor(
    objective: Objective,
    flags: { usesDuration: boolean; usesMaxDistance: boolean; vehiclesFirst: boolean; usesSpread: boolean },
    routeCost: CostModel['routeCost'],
    vehicleRates: CostModel['vehicleRates'] = [],
  ) {
    this.objective = objective;
    this.usesDuration = flags.usesDuration;
    this.usesMaxDistance = flags.usesMaxDistance;
    this.vehiclesFirst = flags.vehiclesFirst;
    this.usesSpread = flags.usesSpread;
    this.vehicleRates = vehicleRates;
    this.routeCost = routeCost;
  }
}

export function costModel(inst: Instance): CostModel {
  const objective = inst.objective;
  switch (objective) {
    case 'MIN_DURATION':
      // A small distance term breaks ties between equally long schedules.
      return new ObjectiveModel(
        objective,
        { usesDuration: true, usesMaxDistance: false, vehiclesFirst: false, usesSpread: false },
        durationCost,
      );
    case 'MIN_MAX_TRAVEL_COST_DISTANCE':
      return new ObjectiveModel(
        objective,
        { usesDuration: false, usesMaxDistance: true, vehiclesFirst: false, usesSpread: false },
        distanceCost,
      );
    case 'MIN_VEHICLE_UTILIZATION':
      return new ObjectiveModel(
        objective,
        { usesDuration: true, usesMaxDistance: false, vehiclesFirst: true, usesSpread: false },
        utilizationCost,
      );
    case 'MIN_VEHICLE_AVOID_TOUR_OVERLAP':
      // Compact, non-overlapping tours: each route's spread (how far its stops lie from each other)
      // is charged explicitly; distance weighs as much as duration, which also pulls tours together.
      return new ObjectiveModel(
        objective,
        { usesDuration: true, usesMaxDistance: false, vehiclesFirst: true, usesSpread: true },
        overlapCost,
      );
    case 'MIN_VEHICLES_THEN_DISTANCE':
      return new ObjectiveModel(
        objective,
        { usesDuration: false, usesMaxDistance: false, vehiclesFirst: true, usesSpread: false },
        vehiclesThenDistanceCost,
      );
    case 'MIN_COST':
      return new ObjectiveModel(
        objective,
        { usesDuration: true, usesMaxDistance: false, vehiclesFirst: false, usesSpread: false },
        vehicleCost,
        inst.problem.vehicles,
      );
  }
}
