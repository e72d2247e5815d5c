import type { Objective } from './model';
import type { Instance } from './instance';

/**
 * Scalar search cost per objective. Serving orders is handled before this (lexicographically by
 * priority, see search.ts); here vehicles-first objectives add VEHICLE_WEIGHT per used vehicle, which
 * dwarfs any distance or duration so one fewer vehicle always wins.
 */
export const VEHICLE_WEIGHT = 1e9;
/** MIN_MAX_TRAVEL_COST_DISTANCE: weight of the longest route's distance against the total. */
export const MAX_ROUTE_WEIGHT = 1000;

export interface CostModel {
  objective: Objective;
  /** Whether route duration enters the cost (else insertion skips duration estimates). */
  usesDuration: boolean;
  /** Whether the longest route distance enters the cost. */
  usesMaxDistance: boolean;
  /** Whether the number of used vehicles is minimized first. */
  vehiclesFirst: boolean;
  routeCost(vehicle: number, distance: number, duration: number): number;
}

export function isVehiclesFirst(objective: Objective): boolean {
  return (
    objective === 'MIN_VEHICLE_UTILIZATION' ||
    objective === 'MIN_VEHICLE_AVOID_TOUR_OVERLAP' ||
    objective === 'MIN_VEHICLES_THEN_DISTANCE'
  );
}

export function costModel(inst: Instance): CostModel {
  const objective = inst.objective;
  const vehicles = inst.problem.vehicles;
  switch (objective) {
    case 'MIN_DURATION':
      return {
        objective, usesDuration: true, usesMaxDistance: false, vehiclesFirst: false,
        // A small distance term breaks ties between equally long schedules.
        routeCost: (_v, distance, duration) => duration + 1e-3 * distance,
      };
    case 'MIN_MAX_TRAVEL_COST_DISTANCE':
      return {
        objective, usesDuration: false, usesMaxDistance: true, vehiclesFirst: false,
        routeCost: (_v, distance) => distance,
      };
    case 'MIN_VEHICLE_UTILIZATION':
      return {
        objective, usesDuration: true, usesMaxDistance: false, vehiclesFirst: true,
        routeCost: (_v, distance, duration) => VEHICLE_WEIGHT + duration + 1e-3 * distance,
      };
    case 'MIN_VEHICLE_AVOID_TOUR_OVERLAP':
      // Compact tours: travel distance weighs as much as duration, which pulls each tour together
      // and away from its neighbours (crossing tours are always longer than uncrossed ones).
      return {
        objective, usesDuration: true, usesMaxDistance: false, vehiclesFirst: true,
        routeCost: (_v, distance, duration) => VEHICLE_WEIGHT + duration + distance,
      };
    case 'MIN_VEHICLES_THEN_DISTANCE':
      return {
        objective, usesDuration: false, usesMaxDistance: false, vehiclesFirst: true,
        routeCost: (_v, distance) => VEHICLE_WEIGHT + distance,
      };
    case 'MIN_COST':
      return {
        objective, usesDuration: true, usesMaxDistance: false, vehiclesFirst: false,
        routeCost: (v, distance, duration) => {
          const veh = vehicles[v]!;
          return veh.fixedCost + (veh.costPerHour * duration) / 3600 + veh.costPerMeter * distance;
        },
      };
  }
}
