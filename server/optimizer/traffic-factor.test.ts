import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trafficFactor } from './instance';
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
        for (const b of [0, 900, day - 900, day]) for (const e of [0, 1e-6, -1e-6, 0.5, -0.5]) edges.push(base + k * day + b + e + 5 * 3600);
    for (const t of edges) expect(trafficFactor(profile, t), String(t)).toBe(byRemainder(profile, t));
    fc.assert(
      fc.property(fc.double({ min: -4e9, max: 4e9, noNaN: true }), fc.integer({ min: -14 * 3600, max: 14 * 3600 }), (t, offset) => {
        const p = { ...profile, offsetSeconds: offset };
        expect(trafficFactor(p, t)).toBe(byRemainder(p, t));
      }),
      { numRuns: 20_000 },
    );
  });
});
