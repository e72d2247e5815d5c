import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableTrafficFactor, trafficFactor, trafficTableFor } from './instance';
import type { TrafficProfile } from './model';

/** The definition trafficFactor must match bit for bit: the time of day by the floating remainder. */
function byRemainder(traffic: TrafficProfile, t: number): number {
  let tod = (t + traffic.offsetSeconds) % 86400;
  if (tod < 0) tod += 86400;
  const idx = Math.min(traffic.factors.length - 1, Math.floor(tod / traffic.bucketSeconds));
  return traffic.factors[idx] ?? 1;
}

const profile: TrafficProfile = {
  offsetSeconds: -5 * 3600,
  bucketSeconds: 900,
  factors: Float64Array.from({ length: 96 }, (_, i) => 1 + i / 100),
};

describe('trafficFactor', () => {
  it('picks the same bucket as the floating remainder, at bucket and day edges and anywhere else', () => {
    const day = 86400;
    const edges: number[] = [];
    for (const base of [0, 1_795_000_000, 1_795_442_400, -day * 3])
      for (let k = -2; k <= 2; k++)
        for (const b of [0, 900, day - 900, day])
          for (const e of [0, 1e-6, -1e-6, 0.5, -0.5]) edges.push(base + k * day + b + e + 5 * 3600);
    for (const t of edges) expect(trafficFactor(profile, t), String(t)).toBe(byRemainder(profile, t));
    fc.assert(
      fc.property(
        fc.double({ min: -4e9, max: 4e9, noNaN: true }),
        fc.integer({ min: -14 * 3600, max: 14 * 3600 }),
        (t, offset) => {
          const p = { ...profile, offsetSeconds: offset };
          expect(trafficFactor(p, t)).toBe(byRemainder(p, t));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

/** The next double above (up = true) or below x. */
function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, up === x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

describe('tableTrafficFactor', () => {
  const day = 86400;
  const horizons: [number, number][] = [
    [1_795_442_400, 1_795_442_400 + 14 * 3600], // a shift on 2026-11-23
    [1_795_000_000, 1_795_000_000 + 5 * day],
    [0, 12 * 3600], // tests' small times
    [3 * day, 4 * day], // the table starts at 0
    [-2 * day, -day], // before 0: no table, or times off it
  ];
  const profiles: TrafficProfile[] = [
    profile,
    {
      offsetSeconds: 3600,
      bucketSeconds: 3600,
      factors: Float64Array.from({ length: 24 }, (_, i) => 1 + ((i * 7) % 5) / 10),
    },
    { offsetSeconds: -19_800, bucketSeconds: 600, factors: Float64Array.from({ length: 144 }, (_, i) => 1 + i / 1000) },
    // Fewer factors than buckets in a day: the last stands for the rest (as in trafficFactor).
    { offsetSeconds: 0, bucketSeconds: 1800, factors: Float64Array.from({ length: 40 }, (_, i) => 1.5 - i / 100) },
  ];

  it('gives trafficFactor bit for bit: on the table, at every bucket edge and the doubles beside it, and off the table', () => {
    let onTable = 0;
    for (const traffic of profiles)
      for (const horizon of horizons) {
        const table = trafficTableFor(traffic, horizon);
        if (table === null) continue;
        const check = (t: number): void => {
          const r = t + table.offsetSeconds - table.anchor;
          if (r >= 0 && r < table.span) onTable++;
          expect(
            tableTrafficFactor(table, traffic, t),
            `${t} (offset ${traffic.offsetSeconds}, bucket ${traffic.bucketSeconds})`,
          ).toBe(trafficFactor(traffic, t));
          expect(trafficFactor(traffic, t)).toBe(byRemainder(traffic, t));
        };
        // Every bucket edge of the table and a little past both ends, with its neighbouring doubles.
        for (let k = -3; k * traffic.bucketSeconds <= table.span + 3 * traffic.bucketSeconds; k++) {
          const edge = table.anchor + k * traffic.bucketSeconds - traffic.offsetSeconds;
          for (const t of [edge, nextDouble(edge, true), nextDouble(edge, false), edge + 1e-7, edge - 1e-7, edge + 0.5])
            check(t);
        }
        fc.assert(
          fc.property(fc.double({ min: horizon[0] - 3 * day, max: horizon[1] + 3 * day, noNaN: true }), (t) =>
            check(t),
          ),
          { numRuns: 5_000 },
        );
      }
    // The tables were used, not only their fallback.
    expect(onTable).toBeGreaterThan(50_000);
  });

  it('is made only where it is exact: whole-second buckets that tile the day, and some finite time', () => {
    expect(trafficTableFor({ ...profile, bucketSeconds: 700 }, horizons[0]!)).toBeNull();
    expect(trafficTableFor({ ...profile, bucketSeconds: 900.5 }, horizons[0]!)).toBeNull();
    expect(trafficTableFor(profile, [NaN, NaN])).toBeNull();
    const table = trafficTableFor(profile, horizons[0]!)!;
    // A day before the shift's day to two days after it; the anchor at least the span (x - anchor exact).
    expect(table.anchor).toBeGreaterThanOrEqual(table.span);
    expect(table.anchor).toBeLessThanOrEqual(horizons[0]![0] + profile.offsetSeconds - day);
    expect(table.anchor + table.span).toBeGreaterThanOrEqual(horizons[0]![1] + profile.offsetSeconds + 2 * day);
  });
});
