import { describe, expect, it } from 'vitest';
import {
  readOutcome,
  resultWindowCount,
  resultWindows,
  type BookingSearchOutcome,
  type StoredBookingOutcome,
} from './outcome';

const price = { amountCents: 1250, currency: 'usd' as const, model: 'pass_through' as const, billedToAccount: false };
// 2026-11-23 14:00 and 15:00 in New York (UTC-5).
const h14 = Date.UTC(2026, 10, 23, 19) / 1000;
const h15 = h14 + 3600;

const stored: StoredBookingOutcome = {
  format: 2,
  timeZone: 'America/New_York',
  price,
  routes: [
    [7, 'van-7', 'cargo-van'],
    [3, 'van-3', 'cargo-van'],
  ],
  hours: [
    { start: h14, end: h15, windows: [0, h14 + 1200, 1, h14 + 1200], reason: null, routeReasons: '' },
    { start: h15, end: h15 + 3600, windows: [], reason: 'capacity', routeReasons: 'cw' },
  ],
  clockOffsetMs: 5,
  date: '2026-11-23',
  bucket: 'AFTERNOON',
  computedAt: Date.UTC(2026, 10, 22, 15),
};
const context = {
  timeZone: 'America/New_York',
  date: '2026-11-23',
  timeframeBucket: 'AFTERNOON',
  computedAt: '2026-11-22T15:00:00.000Z',
};

describe('stored booking outcome', () => {
  it('renders the windows sorted by start, end, each with the one price; identical windows of two routes once', () => {
    const window = {
      deliveryWindowStart: '2026-11-23T14:20:00-05:00',
      deliveryWindowEnd: '2026-11-23T15:00:00-05:00',
      price,
    };
    expect(resultWindows(stored)).toEqual({ windows: [window], ...context });
    const later = { ...stored, hours: [{ ...stored.hours[0]!, windows: [0, h14 + 1500, 1, h14 + 1200] }] };
    expect(resultWindows(later).windows.map((w) => w.deliveryWindowStart)).toEqual([
      '2026-11-23T14:20:00-05:00',
      '2026-11-23T14:25:00-05:00',
    ]);
    expect(resultWindowCount(stored)).toBe(2);
    const outcome = readOutcome(stored);
    expect(outcome.hours[0]!.windows.map((w) => w.routeId)).toEqual([7, 3]);
    expect(outcome.hours[1]).toEqual({
      start: '2026-11-23T15:00:00-05:00',
      end: '2026-11-23T16:00:00-05:00',
      windows: [],
      reason: 'capacity',
      routeReasons: [
        { routeId: 7, reason: 'capacity' },
        { routeId: 3, reason: 'stop_window' },
      ],
    });
    expect(outcome.clockOffsetMs).toBe(5);
  });

  it('answers asap with the reason when no hour has a window', () => {
    const empty: StoredBookingOutcome = {
      ...stored,
      price: null,
      hours: [{ ...stored.hours[1]! }],
      fallbackReason: 'no_feasible_insertion',
    };
    expect(resultWindows(empty)).toEqual({
      windows: [],
      fallback: 'asap',
      fallbackReason: 'no_feasible_insertion',
      ...context,
    });
    expect(readOutcome(empty).fallback).toBe('asap');
  });

  it('reads a result stored in the earlier, rendered form as it was (results written before an upgrade)', () => {
    const legacy: BookingSearchOutcome = {
      windows: [
        { deliveryWindowStart: '2026-11-23T14:20:00-05:00', deliveryWindowEnd: '2026-11-23T15:00:00-05:00', price },
      ],
      price,
      hours: [],
      clockOffsetMs: 0,
    };
    expect(resultWindows(legacy)).toEqual({ windows: legacy.windows });
    expect(resultWindowCount(legacy)).toBe(1);
    expect(readOutcome(legacy)).toBe(legacy);
    expect(resultWindows({ ...legacy, windows: [], fallback: 'asap' })).toEqual({ windows: [], fallback: 'asap' });
  });
});
