import type { Problem, Shipment, Vehicle } from '../model';

/** Full Euclidean matrix in double precision (the benchmark convention: travel time = distance). */
export function euclideanMatrix(xs: readonly number[], ys: readonly number[]): Float64Array {
  const n = xs.length;
  const m = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      m[a * n + b] = Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!);
    }
  }
  return m;
}

/**
 * The benchmark problem shared by the Li & Lim and Solomon formats: identical vehicles at depot 0
 * (its window as the shift), one capacity dimension, travel time = distance, vehicles first.
 */
export function benchmarkProblem(options: {
  locationCount: number;
  matrix: Float64Array;
  vehicleCount: number;
  capacity: number;
  depotWindow: { start: number; end: number };
  shipments: Shipment[];
}): Problem {
  const vehicles: Vehicle[] = Array.from({ length: options.vehicleCount }, (_, k) => ({
    id: `vehicle-${k + 1}`,
    startLocation: 0,
    endLocation: 0,
    earliestStart: options.depotWindow.start,
    latestEnd: options.depotWindow.end,
    capacity: [options.capacity],
    skills: [],
    fixedCost: 0,
    costPerHour: 0,
    costPerMeter: 1,
    speedFactor: 1,
  }));
  return {
    locationCount: options.locationCount,
    durations: options.matrix,
    distances: options.matrix,
    dimensions: 1,
    vehicles,
    shipments: options.shipments,
    objective: 'MIN_VEHICLES_THEN_DISTANCE',
  };
}
