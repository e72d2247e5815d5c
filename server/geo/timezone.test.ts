import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  epochToLocalIso,
  isValidTimeZone,
  localDateOf,
  localDayBounds,
  localTimeToEpoch,
  parseLocalDate,
  utcOffsetSeconds,
  zoneForCoordinate,
} from './timezone';

const NY = 'America/New_York';
const epochOf = (iso: string): number => Date.parse(iso) / 1000;

describe('localDayBounds', () => {
  it('a normal day is 24 hours from local midnight', () => {
    const [start, end] = localDayBounds('2026-06-15', NY);
    expect(start).toBe(epochOf('2026-06-15T04:00:00Z'));
    expect(end - start).toBe(24 * 3600);
  });

  it('the US spring-forward day (2026-03-08) is 23 hours', () => {
    const [start, end] = localDayBounds('2026-03-08', NY);
    expect(start).toBe(epochOf('2026-03-08T05:00:00Z'));
    expect(end).toBe(epochOf('2026-03-09T04:00:00Z'));
    expect(end - start).toBe(23 * 3600);
  });

  it('the US fall-back day (2026-11-01) is 25 hours', () => {
    const [start, end] = localDayBounds('2026-11-01', NY);
    expect(start).toBe(epochOf('2026-11-01T04:00:00Z'));
    expect(end).toBe(epochOf('2026-11-02T05:00:00Z'));
    expect(end - start).toBe(25 * 3600);
  });

  it('Phoenix has no DST: 24 hours on both change days', () => {
    for (const date of ['2026-03-08', '2026-11-01']) {
      const [start, end] = localDayBounds(date, 'America/Phoenix');
      expect(end - start).toBe(24 * 3600);
    }
    expect(localDayBounds('2026-03-08', 'America/Phoenix')[0]).toBe(epochOf('2026-03-08T07:00:00Z'));
  });

  it('consecutive days tile the timeline', () => {
    let date = '2026-10-25';
    for (let i = 0; i < 14; i++) {
      const next = addDays(date, 1);
      expect(localDayBounds(date, 'America/Chicago')[1]).toBe(localDayBounds(next, 'America/Chicago')[0]);
      date = next;
    }
  });
});

describe('localTimeToEpoch', () => {
  it('converts ordinary local times', () => {
    expect(localTimeToEpoch('2026-01-15', '08:00', NY)).toBe(epochOf('2026-01-15T13:00:00Z'));
    expect(localTimeToEpoch('2026-07-15', '08:00', NY)).toBe(epochOf('2026-07-15T12:00:00Z'));
    expect(localTimeToEpoch('2026-07-15', '08:00', 'Pacific/Honolulu')).toBe(epochOf('2026-07-15T18:00:00Z'));
    expect(localTimeToEpoch('2026-07-15', '08:00:30', 'America/Puerto_Rico')).toBe(epochOf('2026-07-15T12:00:30Z'));
  });

  it('hours around spring forward: 01:00 EST, 02:30 does not exist and moves to 03:30 EDT', () => {
    expect(localTimeToEpoch('2026-03-08', '01:00', NY)).toBe(epochOf('2026-03-08T06:00:00Z'));
    expect(localTimeToEpoch('2026-03-08', '02:30', NY)).toBe(epochOf('2026-03-08T07:30:00Z'));
    expect(epochToLocalIso(localTimeToEpoch('2026-03-08', '02:30', NY), NY)).toBe('2026-03-08T03:30:00-04:00');
    expect(localTimeToEpoch('2026-03-08', '03:00', NY)).toBe(epochOf('2026-03-08T07:00:00Z'));
    // From 01:00 to 09:00 on that day is 7 real hours.
    expect(localTimeToEpoch('2026-03-08', '09:00', NY) - localTimeToEpoch('2026-03-08', '01:00', NY)).toBe(7 * 3600);
  });

  it('hours around fall back: 01:30 happens twice; the first (EDT) is taken', () => {
    expect(localTimeToEpoch('2026-11-01', '01:30', NY)).toBe(epochOf('2026-11-01T05:30:00Z'));
    expect(localTimeToEpoch('2026-11-01', '02:00', NY)).toBe(epochOf('2026-11-01T07:00:00Z'));
    expect(localTimeToEpoch('2026-11-01', '09:00', NY) - localTimeToEpoch('2026-11-01', '00:00', NY)).toBe(10 * 3600);
  });

  it('24:00 is the end of the day', () => {
    expect(localTimeToEpoch('2026-11-01', '24:00', NY)).toBe(localDayBounds('2026-11-01', NY)[1]);
  });

  it('rejects malformed dates and times', () => {
    expect(() => localTimeToEpoch('2026-02-30', '08:00', NY)).toThrow(RangeError);
    expect(() => localTimeToEpoch('2026-2-3', '08:00', NY)).toThrow(RangeError);
    expect(() => localTimeToEpoch('2026-02-03', '8:00', NY)).toThrow(RangeError);
    expect(() => localTimeToEpoch('2026-02-03', '24:30', NY)).toThrow(RangeError);
    expect(() => localTimeToEpoch('2026-02-03', '12:60', NY)).toThrow(RangeError);
  });
});

describe('epochToLocalIso and offsets', () => {
  it('renders ISO 8601 with the offset in force', () => {
    expect(epochToLocalIso(epochOf('2026-03-08T06:59:59Z'), NY)).toBe('2026-03-08T01:59:59-05:00');
    expect(epochToLocalIso(epochOf('2026-03-08T07:00:00Z'), NY)).toBe('2026-03-08T03:00:00-04:00');
    expect(epochToLocalIso(epochOf('2026-11-01T05:30:00Z'), NY)).toBe('2026-11-01T01:30:00-04:00');
    expect(epochToLocalIso(epochOf('2026-11-01T06:30:00Z'), NY)).toBe('2026-11-01T01:30:00-05:00');
    expect(epochToLocalIso(epochOf('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
    expect(epochToLocalIso(epochOf('2026-07-01T12:00:00Z'), 'UTC')).toBe('2026-07-01T12:00:00+00:00');
  });

  it('round-trips through Date.parse', () => {
    for (let t = epochOf('2026-10-31T00:00:00Z'); t < epochOf('2026-11-03T00:00:00Z'); t += 1800) {
      expect(Date.parse(epochToLocalIso(t, 'America/Denver')) / 1000).toBe(t);
    }
  });

  it('utcOffsetSeconds follows DST', () => {
    expect(utcOffsetSeconds(epochOf('2026-01-15T12:00:00Z'), NY)).toBe(-5 * 3600);
    expect(utcOffsetSeconds(epochOf('2026-07-15T12:00:00Z'), NY)).toBe(-4 * 3600);
    expect(utcOffsetSeconds(epochOf('2026-07-15T12:00:00Z'), 'America/Phoenix')).toBe(-7 * 3600);
  });

  it('localDateOf gives the local calendar date', () => {
    expect(localDateOf(epochOf('2026-03-09T03:30:00Z'), NY)).toBe('2026-03-08');
    expect(localDateOf(epochOf('2026-03-09T04:30:00Z'), NY)).toBe('2026-03-09');
  });
});

describe('dates and zones', () => {
  it('addDays crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('parseLocalDate validates the calendar', () => {
    expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(() => parseLocalDate('2026-02-29')).toThrow(RangeError);
  });

  it('isValidTimeZone', () => {
    expect(isValidTimeZone('America/Indiana/Indianapolis')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('zoneForCoordinate', () => {
    expect(zoneForCoordinate(40.7128, -74.006)).toEqual({ ok: true, zone: NY });
    expect(zoneForCoordinate(33.45, -112.07)).toEqual({ ok: true, zone: 'America/Phoenix' });
    expect(zoneForCoordinate(42.33, -83.05)).toEqual({ ok: true, zone: 'America/Detroit' });
    expect(zoneForCoordinate(91, 0)).toEqual({ ok: false, reason: 'timezone_not_found' });
    expect(zoneForCoordinate(Number.NaN, 0)).toEqual({ ok: false, reason: 'timezone_not_found' });
  });
});

describe('round trips over US zones (property)', () => {
  const zones = [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'America/Puerto_Rico',
    'America/Indiana/Indianapolis',
    'America/Detroit',
    'America/Boise',
  ];
  const dateArb = fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const timeArb = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  it('a local time renders back as itself, except inside a spring-forward gap where it moves forward by the gap', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), dateArb, timeArb, (zone, date, time) => {
        const epoch = localTimeToEpoch(date, time, zone);
        const iso = epochToLocalIso(epoch, zone);
        if (iso.slice(0, 16) !== `${date}T${time}`) {
          // Only a skipped hour may differ: the result lies exactly one hour later on the same day.
          const shifted = new Date(Date.parse(`${date}T${time}:00Z`) + 3600_000).toISOString().slice(0, 16);
          expect(iso.slice(0, 16)).toBe(shifted);
          expect(utcOffsetSeconds(epoch - 3600, zone)).toBe(utcOffsetSeconds(epoch, zone) - 3600);
        }
        expect(localDateOf(epoch, zone)).toBe(date);
      }),
      { numRuns: 3000 },
    );
  });

  it('local days are 23, 24 or 25 hours and contain their own instants', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), dateArb, (zone, date) => {
        const [start, end] = localDayBounds(date, zone);
        expect([23, 24, 25]).toContain((end - start) / 3600);
        expect(localDateOf(start, zone)).toBe(date);
        expect(localDateOf(end - 1, zone)).toBe(date);
        expect(localDateOf(end, zone)).toBe(addDays(date, 1));
      }),
      { numRuns: 1000 },
    );
  });
});
