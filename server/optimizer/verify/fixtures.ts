import type { Objective, Problem, Shipment, Stop, Vehicle } from '../model';
import { euclideanMatrices } from './generators';

/**
 * Small hand-made test instances, the one builder the optimizer's tests share: points on a line
 * (meters from the origin), a vehicle and a shipment given by what differs from plain defaults
 * (a vehicle at location 0 with a 10-hour day and room for 100 of each dimension; a shipment of
 * size 1 from location 1, no windows, priority 0). With the default 1 m/s a leg's seconds equal
 * its meters, so expected numbers are easy to read.
 */
export interface LineInstanceSpec {
  /** Each location's position on the line, in meters. */
  points: readonly number[];
  vehicles: Partial<Vehicle>[];
  shipments: (Partial<Omit<Shipment, 'pickup' | 'delivery'>> & {
    pickup?: Partial<Stop> | null;
    delivery?: Partial<Stop> | null;
  })[];
  objective?: Objective;
  /** Capacity dimensions (default 2). */
  dimensions?: number;
  metersPerSecond?: number;
}

export function lineInstance(spec: LineInstanceSpec): Problem {
  const dimensions = spec.dimensions ?? 2;
  const points = spec.points.map((x): [number, number] => [x, 0]);
  const stop = (partial: Partial<Stop> | null | undefined): Stop | null =>
    partial === null ? null : { location: 1, serviceSeconds: 0, timeWindows: [], ...partial };
  return {
    locationCount: points.length,
    ...euclideanMatrices(points, spec.metersPerSecond ?? 1),
    dimensions,
    vehicles: spec.vehicles.map((v, i) => ({
      id: `v${i}`,
      startLocation: 0,
      endLocation: 0,
      earliestStart: 0,
      latestEnd: 36_000,
      capacity: new Array<number>(dimensions).fill(100),
      skills: [],
      fixedCost: 0,
      costPerHour: 0,
      costPerMeter: 0,
      speedFactor: 1,
      ...v,
    })),
    shipments: spec.shipments.map((s, i) => ({
      id: `s${i}`,
      size: new Array<number>(dimensions).fill(1),
      requiredSkills: [],
      priority: 0,
      ...s,
      pickup: stop(s.pickup),
      delivery: stop(s.delivery),
    })),
    objective: spec.objective ?? 'MIN_DURATION',
  };
}
