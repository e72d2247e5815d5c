import type { LatLng } from './distance';

/** Road-vehicle classes the travel-time providers distinguish. */
export type VehicleProfile = 'car' | 'van' | 'truck';
export const VEHICLE_PROFILES: readonly VehicleProfile[] = ['car', 'van', 'truck'];

/**
 * Travel times and distances from each source to each destination, row-major:
 * entry [s * destinations + d]. Seconds and meters. A pair the road network cannot connect is
 * Infinity in both arrays (never NaN), so any route using it is infeasible rather than free.
 */
export interface TravelMatrix {
  sources: number;
  destinations: number;
  durations: Float64Array;
  distances: Float64Array;
}

export interface MatrixProvider {
  /** 'embedded', 'osrm' or 'valhalla': appears in logs and cache keys. */
  readonly name: string;
  /**
   * n x n matrix over `points`. `departureTime` (epoch seconds) is passed to engines that support
   * time-dependent tables; time-of-day traffic otherwise comes from a TrafficProfile (see traffic.ts).
   */
  matrix(points: readonly LatLng[], profile: VehicleProfile, departureTime?: number): Promise<TravelMatrix>;
  /** Rectangular sources x destinations table. */
  table(
    sources: readonly LatLng[],
    destinations: readonly LatLng[],
    profile: VehicleProfile,
    departureTime?: number,
  ): Promise<TravelMatrix>;
}

/** A provider whose n x n matrix is its table of the points against themselves. */
export abstract class TableMatrixProvider implements MatrixProvider {
  abstract readonly name: string;

  abstract table(
    sources: readonly LatLng[],
    destinations: readonly LatLng[],
    profile: VehicleProfile,
    departureTime?: number,
  ): Promise<TravelMatrix>;

  matrix(points: readonly LatLng[], profile: VehicleProfile, departureTime?: number): Promise<TravelMatrix> {
    return this.table(points, points, profile, departureTime);
  }
}

export function emptyMatrix(sources: number, destinations: number): TravelMatrix {
  return {
    sources,
    destinations,
    durations: new Float64Array(sources * destinations),
    distances: new Float64Array(sources * destinations),
  };
}
