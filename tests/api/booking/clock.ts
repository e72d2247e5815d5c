/** Booking's test clock (no test-runner imports: the browser tests use it too). */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function clockFile(): string {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set');
  return path.join(path.resolve(dataDir), 'booking-test-clock.json');
}

/**
 * Sets the booking clock of an account (the server runs with BOOKING_TEST_CLOCK=true) so that
 * "now" is `instant` for it; returns a function that moves it on by some seconds.
 */
export function setBookingClock(accountId: number, instant: string | Date): { advance(seconds: number): void } {
  // Millisecond precision: the server's clock is then `instant` plus the time since this call, never earlier.
  let offsetSeconds = (new Date(instant).getTime() - Date.now()) / 1000;
  const write = () => {
    let offsets: Record<string, number> = {};
    try {
      offsets = JSON.parse(readFileSync(clockFile(), 'utf8')) as Record<string, number>;
    } catch {
      offsets = {};
    }
    offsets[String(accountId)] = offsetSeconds;
    writeFileSync(clockFile(), JSON.stringify(offsets), { mode: 0o600 });
  };
  write();
  return {
    advance(seconds) {
      offsetSeconds += seconds;
      write();
    },
  };
}
