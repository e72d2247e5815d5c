import { describe, expect, expectTypeOf, it } from 'vitest';
import type { TrafficProfile as OptimizerTrafficProfile } from '@/server/optimizer/model';
import { localTimeToEpoch } from './timezone';
import { buildTrafficProfile, trafficFactorAt, trafficProfileFor, type TrafficProfile } from './traffic';

const NY = 'America/New_York';

describe('traffic profiles', () => {
  it("has exactly the optimizer's TrafficProfile shape", () => {
    expectTypeOf<TrafficProfile>().toEqualTypeOf<OptimizerTrafficProfile>();
    const profile = buildTrafficProfile('2026-07-15', NY);
    expect(profile.factors).toBeInstanceOf(Float64Array);
    expect(profile.factors.length).toBe(86_400 / profile.bucketSeconds);
  });

  it('offset is the local UTC offset of the day (DST and standard time, and no-DST Phoenix)', () => {
    expect(buildTrafficProfile('2026-07-15', NY).offsetSeconds).toBe(-4 * 3600);
    expect(buildTrafficProfile('2026-01-15', NY).offsetSeconds).toBe(-5 * 3600);
    expect(buildTrafficProfile('2026-07-15', 'America/Phoenix').offsetSeconds).toBe(-7 * 3600);
    expect(buildTrafficProfile('2026-03-08', NY).offsetSeconds).toBe(-4 * 3600);
  });

  it('weekday rush hours are slow, night is free flow, in local time', () => {
    const date = '2026-07-15'; // Wednesday
    const profile = buildTrafficProfile(date, NY);
    const at = (time: string) => trafficFactorAt(profile, localTimeToEpoch(date, time, NY));
    expect(at('03:00')).toBe(1);
    expect(at('23:30')).toBe(1);
    expect(at('08:00')).toBeGreaterThan(1.4);
    expect(at('17:00')).toBeGreaterThan(1.4);
    expect(at('12:30')).toBeGreaterThan(1.1);
    expect(at('12:30')).toBeLessThan(at('08:00'));
    for (const f of profile.factors) {
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThanOrEqual(1.5);
    }
    // The same local hour in Los Angeles is three hours later in absolute time.
    const la = buildTrafficProfile(date, 'America/Los_Angeles');
    expect(trafficFactorAt(la, localTimeToEpoch(date, '08:00', 'America/Los_Angeles'))).toBe(at('08:00'));
  });

  it('neighboring buckets differ by small steps', () => {
    const { factors } = buildTrafficProfile('2026-07-15', NY);
    for (let b = 0; b < factors.length; b++) {
      expect(Math.abs(factors[b]! - factors[(b + 1) % factors.length]!)).toBeLessThanOrEqual(0.07);
    }
  });

  it('weekends have no rush hour', () => {
    const date = '2026-07-18'; // Saturday
    const profile = buildTrafficProfile(date, NY);
    expect(trafficFactorAt(profile, localTimeToEpoch(date, '08:00', NY))).toBeLessThan(1.05);
    expect(trafficFactorAt(profile, localTimeToEpoch(date, '17:00', NY))).toBeLessThan(1.25);
  });

  it('trafficMode none is free flow (no profile)', () => {
    expect(trafficProfileFor('none', '2026-07-15', NY)).toBeUndefined();
    expect(trafficProfileFor('automatic', '2026-07-15', NY)).toEqual(buildTrafficProfile('2026-07-15', NY));
  });
});
