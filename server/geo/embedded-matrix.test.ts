import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { surfaceDistance, type LatLng } from './distance';
import {
  BAND_SPEEDS_KMH,
  CIRCUITY,
  EmbeddedMatrixProvider,
  embeddedMatrix,
  embeddedTable,
  travelSeconds,
} from './embedded-matrix';
import { VEHICLE_PROFILES } from './matrix';

/**
 * Reference: Vincenty's inverse solution on the WGS84 ellipsoid (iterative, sub-millimeter for
 * non-antipodal points), written here independently of the module under test.
 */
function vincentyMeters(p: LatLng, q: LatLng): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const b = a * (1 - f);
  const rad = Math.PI / 180;
  const L = (q.longitude - p.longitude) * rad;
  const U1 = Math.atan((1 - f) * Math.tan(p.latitude * rad));
  const U2 = Math.atan((1 - f) * Math.tan(q.latitude * rad));
  const sinU1 = Math.sin(U1);
  const cosU1 = Math.cos(U1);
  const sinU2 = Math.sin(U2);
  const cosU2 = Math.cos(U2);
  let lambda = L;
  for (let iteration = 0; iteration < 200; iteration++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const sinSigma = Math.hypot(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda);
    if (sinSigma === 0) return 0;
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    const cosSqAlpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cosSqAlpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cosSqAlpha;
    const C = (f / 16) * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha));
    const previous = lambda;
    lambda =
      L +
      (1 - C) *
        f *
        sinAlpha *
        (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda - previous) < 1e-12) {
      const uSq = (cosSqAlpha * (a * a - b * b)) / (b * b);
      const A = 1 + (uSq / 16384) * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)));
      const B = (uSq / 1024) * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)));
      const deltaSigma =
        B *
        sinSigma *
        (cos2SigmaM +
          (B / 4) *
            (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) -
              (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)));
      return b * A * (sigma - deltaSigma);
    }
  }
  throw new Error('Vincenty did not converge');
}

const usPoint = fc.record({
  latitude: fc.double({ min: 17.5, max: 71.5, noNaN: true }),
  longitude: fc.double({ min: -170, max: -64, noNaN: true }),
});

describe('surface distance', () => {
  it('agrees with Vincenty on known city pairs within 0.5% (in fact within a few meters)', () => {
    const pairs: [LatLng, LatLng][] = [
      [
        { latitude: 42.3576, longitude: -71.0684 },
        { latitude: 40.7484, longitude: -73.9967 },
      ], // Boston - New York
      [
        { latitude: 18.4, longitude: -66.06 },
        { latitude: 18.01, longitude: -66.61 },
      ], // San Juan - Ponce
      [
        { latitude: 61.2116, longitude: -149.8761 },
        { latitude: 64.8378, longitude: -147.7164 },
      ], // Anchorage - Fairbanks
      [
        { latitude: 47.6062, longitude: -122.3321 },
        { latitude: 25.7617, longitude: -80.1918 },
      ], // Seattle - Miami
      [
        { latitude: 40, longitude: -100 },
        { latitude: 40.0001, longitude: -100 },
      ], // 11 m
    ];
    for (const [p, q] of pairs) {
      const reference = vincentyMeters(p, q);
      const ours = surfaceDistance(p, q);
      expect(Math.abs(ours - reference) / reference).toBeLessThan(0.005);
      expect(Math.abs(ours - reference)).toBeLessThan(Math.max(0.05, reference * 1e-4));
    }
  });

  it('agrees with Vincenty within 0.5% for random US pairs, short and long', () => {
    fc.assert(
      fc.property(usPoint, usPoint, fc.double({ min: 0.0005, max: 0.5, noNaN: true }), (p, q, nearby) => {
        for (const target of [q, { latitude: p.latitude + nearby, longitude: p.longitude - nearby }]) {
          const reference = vincentyMeters(p, target);
          if (reference < 1) continue;
          expect(Math.abs(surfaceDistance(p, target) - reference) / reference).toBeLessThan(0.005);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is zero for identical points and symmetric', () => {
    const p = { latitude: 33.45, longitude: -112.07 };
    const q = { latitude: 33.5, longitude: -112.0 };
    expect(surfaceDistance(p, p)).toBe(0);
    expect(surfaceDistance(p, q)).toBe(surfaceDistance(q, p));
  });
});

describe('embedded matrix', () => {
  const points: LatLng[] = [
    { latitude: 42.3576, longitude: -71.0684 },
    { latitude: 42.3601, longitude: -71.0589 },
    { latitude: 42.3736, longitude: -71.1097 },
    { latitude: 42.2626, longitude: -71.8023 },
    { latitude: 40.7484, longitude: -73.9967 },
  ];

  it('distance = Vincenty distance x circuity (within 0.5%), row-major, zero diagonal', async () => {
    const m = await new EmbeddedMatrixProvider().matrix(points, 'van');
    expect(m.sources).toBe(points.length);
    expect(m.destinations).toBe(points.length);
    expect(m.durations).toBeInstanceOf(Float64Array);
    expect(m.distances.length).toBe(points.length ** 2);
    for (let i = 0; i < points.length; i++) {
      for (let j = 0; j < points.length; j++) {
        const value = m.distances[i * points.length + j]!;
        if (i === j) {
          expect(value).toBe(0);
          expect(m.durations[i * points.length + j]).toBe(0);
          continue;
        }
        const reference = vincentyMeters(points[i]!, points[j]!);
        expect(Math.abs(value / CIRCUITY - reference) / reference).toBeLessThan(0.005);
      }
    }
  });

  it('rectangular table matches the square matrix', async () => {
    const square = embeddedMatrix(points, 'truck');
    const rect = await new EmbeddedMatrixProvider().table(points.slice(0, 2), points.slice(2), 'truck');
    expect(rect.sources).toBe(2);
    expect(rect.destinations).toBe(3);
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 3; j++) {
        expect(rect.distances[i * 3 + j]).toBeCloseTo(square.distances[i * points.length + j + 2]!, 6);
        expect(rect.durations[i * 3 + j]).toBeCloseTo(square.durations[i * points.length + j + 2]!, 6);
      }
    }
    expect(embeddedTable([], points, 'car').durations.length).toBe(0);
  });

  it('short urban hops are slower per km than long runs; trucks slower than vans slower than cars', () => {
    for (const profile of VEHICLE_PROFILES) {
      const shortPace = travelSeconds(1_000, profile) / 1_000;
      const longPace = travelSeconds(200_000, profile) / 200_000;
      expect(shortPace).toBeGreaterThan(longPace * 2);
      // The first band runs at exactly the documented street speed.
      expect(travelSeconds(1_000, profile)).toBeCloseTo(3600 / BAND_SPEEDS_KMH[profile][0]!, 9);
    }
    for (const meters of [500, 5_000, 50_000, 500_000]) {
      expect(travelSeconds(meters, 'truck')).toBeGreaterThan(travelSeconds(meters, 'van'));
      expect(travelSeconds(meters, 'van')).toBeGreaterThan(travelSeconds(meters, 'car'));
    }
  });

  it('travel time is continuous, increasing and subadditive (no shortcut through a detour)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (x, y) => {
          for (const profile of VEHICLE_PROFILES) {
            expect(travelSeconds(x + y, profile)).toBeLessThanOrEqual(
              travelSeconds(x, profile) + travelSeconds(y, profile) + 1e-6,
            );
            expect(travelSeconds(x + y, profile)).toBeGreaterThanOrEqual(travelSeconds(Math.max(x, y), profile));
          }
        },
      ),
    );
    for (const limit of [2_000, 10_000, 40_000]) {
      expect(travelSeconds(limit + 1e-6, 'car') - travelSeconds(limit - 1e-6, 'car')).toBeLessThan(1e-3);
    }
  });
});
