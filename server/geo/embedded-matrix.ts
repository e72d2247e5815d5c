import { preparePoints, preparedDistance, type LatLng } from './distance';
import { emptyMatrix, type MatrixProvider, type TravelMatrix, type VehicleProfile } from './matrix';

/**
 * The embedded travel-time model: no road network, no network access.
 *
 * Road distance = ellipsoidal surface distance x CIRCUITY. US road circuity averages about 1.2 for
 * long trips and rises toward 1.4 and above for short urban ones (Boscoe, Henry & Zdeb 2012,
 * "A nationwide comparison of driving distance versus straight-line distance"); 1.3 sits between.
 *
 * Travel time integrates a speed that rises with distance: the first kilometers of any trip run at
 * street speed, later ones at arterial and finally highway speed. Because each band is faster than
 * the one before, time is a concave function of distance: short hops are slow per kilometer, long
 * runs fast, and the triangle inequality still holds (a detour never saves time).
 */
export const CIRCUITY = 1.3;

/** Upper end of each distance band, in meters of road distance; the last band is open. */
export const DISTANCE_BAND_LIMITS_METERS: readonly number[] = [2_000, 10_000, 40_000];

/** Free-flow speed in km/h per band (street, suburban, arterial, highway) for each profile. */
export const BAND_SPEEDS_KMH: Readonly<Record<VehicleProfile, readonly number[]>> = {
  car: [25, 40, 60, 95],
  van: [23, 37, 56, 88],
  truck: [20, 33, 50, 80],
};

interface BandTable {
  /** Band start in meters. */
  starts: Float64Array;
  /** Seconds needed to reach each band start. */
  secondsAtStart: Float64Array;
  /** Seconds per meter inside each band. */
  pace: Float64Array;
}

function bandTable(profile: VehicleProfile): BandTable {
  const speeds = BAND_SPEEDS_KMH[profile];
  const bands = speeds.length;
  const table: BandTable = {
    starts: new Float64Array(bands),
    secondsAtStart: new Float64Array(bands),
    pace: new Float64Array(bands),
  };
  for (let b = 0; b < bands; b++) {
    table.pace[b] = 3.6 / speeds[b]!;
    if (b > 0) {
      const start = DISTANCE_BAND_LIMITS_METERS[b - 1]!;
      table.starts[b] = start;
      table.secondsAtStart[b] = table.secondsAtStart[b - 1]! + (start - table.starts[b - 1]!) * table.pace[b - 1]!;
    }
  }
  return table;
}

const BAND_TABLES: Record<VehicleProfile, BandTable> = {
  car: bandTable('car'),
  van: bandTable('van'),
  truck: bandTable('truck'),
};

/** Free-flow seconds to drive `roadMeters` with `profile`. */
export function travelSeconds(roadMeters: number, profile: VehicleProfile): number {
  const t = BAND_TABLES[profile];
  let band = t.starts.length - 1;
  while (band > 0 && roadMeters < t.starts[band]!) band--;
  return t.secondsAtStart[band]! + (roadMeters - t.starts[band]!) * t.pace[band]!;
}

/** Synchronous embedded table: for the optimizer's benchmarks and for the provider below. */
export function embeddedTable(
  sources: readonly LatLng[],
  destinations: readonly LatLng[],
  profile: VehicleProfile,
): TravelMatrix {
  const result = emptyMatrix(sources.length, destinations.length);
  const a = preparePoints(sources);
  const b = sources === destinations ? a : preparePoints(destinations);
  const m = destinations.length;
  for (let i = 0; i < sources.length; i++) {
    const row = i * m;
    for (let j = 0; j < m; j++) {
      const meters = preparedDistance(a, i, b, j) * CIRCUITY;
      result.distances[row + j] = meters;
      result.durations[row + j] = travelSeconds(meters, profile);
    }
  }
  return result;
}

/** Synchronous square matrix: the symmetric model lets each pair be computed once. */
export function embeddedMatrix(points: readonly LatLng[], profile: VehicleProfile): TravelMatrix {
  const n = points.length;
  const result = emptyMatrix(n, n);
  const p = preparePoints(points);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const meters = preparedDistance(p, i, p, j) * CIRCUITY;
      const seconds = travelSeconds(meters, profile);
      result.distances[i * n + j] = meters;
      result.distances[j * n + i] = meters;
      result.durations[i * n + j] = seconds;
      result.durations[j * n + i] = seconds;
    }
  }
  return result;
}

export class EmbeddedMatrixProvider implements MatrixProvider {
  readonly name = 'embedded';

  async matrix(points: readonly LatLng[], profile: VehicleProfile): Promise<TravelMatrix> {
    return embeddedMatrix(points, profile);
  }

  async table(
    sources: readonly LatLng[],
    destinations: readonly LatLng[],
    profile: VehicleProfile,
  ): Promise<TravelMatrix> {
    return embeddedTable(sources, destinations, profile);
  }
}
