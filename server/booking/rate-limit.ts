import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getConfig, processWide } from '@/server/config';
import { getDbHandle, schema, type DbHandle } from '@/server/db';
import { BookingError } from './errors';

/**
 * Rate limit of booking recommend per (account, live/sandbox) (rate-limiter-flexible): a sandbox
 * load test never throttles the account's live checkout traffic. A bucket of BURST requests
 * refilled every BURST / RATE seconds: bursts up to BURST, RATE per second sustained. On PostgreSQL
 * the counters live in the database (one store for every app instance); on the embedded database,
 * which has one process, in memory.
 */
export interface BookingRateLimiter {
  /** Takes one request from the bucket of the account in that environment, or throws BookingError `rate_limited` with the wait. */
  consume(accountId: number, environment: 'live' | 'sandbox'): Promise<void>;
}

export function createBookingRateLimiter(
  handle: DbHandle,
  limits: { ratePerSecond: number; burst: number },
): BookingRateLimiter {
  const options = { keyPrefix: 'booking', points: limits.burst, duration: limits.burst / limits.ratePerSecond };
  const limiter: RateLimiterAbstract =
    handle.kind === 'postgres'
      ? new RateLimiterDrizzle({ storeClient: handle.db, schema: schema.bookingRateLimits, ...options })
      : new RateLimiterMemory(options);
  return {
    async consume(accountId, environment) {
      try {
        await limiter.consume(`${accountId}:${environment}`);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw new BookingError(
            'rate_limited',
            `Too many booking searches for this account (${environment}).`,
            undefined,
            Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          );
        }
        throw error;
      }
    },
  };
}

const processLimiters = processWide<BookingRateLimiter>('booking-rate-limiter');

/** The process's limiter on the process's database, with the configured limits. */
function processLimiter(): Promise<BookingRateLimiter> {
  return processLimiters.get(() => {
    const config = getConfig();
    return getDbHandle().then((handle) =>
      createBookingRateLimiter(handle, {
        ratePerSecond: config.BOOKING_RATE_LIMIT_PER_SECOND,
        burst: config.BOOKING_RATE_LIMIT_BURST,
      }),
    );
  });
}

export async function consumeBookingRateLimit(accountId: number, environment: 'live' | 'sandbox'): Promise<void> {
  await (await processLimiter()).consume(accountId, environment);
}
