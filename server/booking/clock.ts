import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig } from '@/server/config';

/**
 * Booking's clock: lead time, same-day cutoff, the dedupe window and result retention all read
 * it. It is the real time unless the server was started with BOOKING_TEST_CLOCK=true (tests only),
 * in which case `DATA_DIR/booking-test-clock.json` (`{ "<accountId>": offsetSeconds }`) moves it
 * forward per account. No request can move it: only someone who can start the server with that
 * setting and write into its data directory.
 */
export const TEST_CLOCK_FILE = 'booking-test-clock.json';

export type BookingClock = (accountId: number) => number;

function testOffsetSeconds(dataDir: string, accountId: number): number {
  try {
    const offsets = JSON.parse(readFileSync(path.join(path.resolve(dataDir), TEST_CLOCK_FILE), 'utf8')) as Record<
      string,
      unknown
    >;
    const offset = offsets[String(accountId)];
    return typeof offset === 'number' && Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}

/** Epoch milliseconds for an account's booking decisions. */
export const bookingNow: BookingClock = (accountId) => {
  const config = getConfig();
  if (!config.BOOKING_TEST_CLOCK) return Date.now();
  return Date.now() + testOffsetSeconds(config.DATA_DIR, accountId) * 1000;
};
