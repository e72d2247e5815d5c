import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@/server/db';
import { useTestDb } from '@/server/db/testing-hooks';
import { BookingError } from './errors';
import { createBookingRateLimiter } from './rate-limit';

async function refusal(attempt: Promise<void>): Promise<BookingError | null> {
  try {
    await attempt;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(BookingError);
    return error as BookingError;
  }
}

describe('booking rate limit', () => {
  const testDb = useTestDb();
  let second: DbHandle | undefined;
  beforeAll(async () => {
    // On PostgreSQL a second connection pool stands for a second app instance.
    if (testDb.databaseUrl) second = await createDb({ databaseUrl: testDb.databaseUrl, maxConnections: 2 });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('allows the burst, then refuses with the seconds to wait; accounts and environments have separate buckets', async () => {
    const limiter = createBookingRateLimiter(testDb.handle, { ratePerSecond: 1, burst: 3 });
    for (let i = 0; i < 3; i++) await limiter.consume(101, 'live');
    const refused = await refusal(limiter.consume(101, 'live'));
    expect(refused?.code).toBe('rate_limited');
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(3);
    expect(await refusal(limiter.consume(102, 'live'))).toBeNull();
    // The same account's sandbox bucket is untouched by its live burst.
    expect(await refusal(limiter.consume(101, 'sandbox'))).toBeNull();
  });

  it.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL two instances share one bucket per account', async () => {
    const a = createBookingRateLimiter(testDb.handle, { ratePerSecond: 1, burst: 4 });
    const b = createBookingRateLimiter(second!, { ratePerSecond: 1, burst: 4 });
    await a.consume(201, 'live');
    await b.consume(201, 'live');
    await a.consume(201, 'live');
    await b.consume(201, 'live');
    expect((await refusal(a.consume(201, 'live')))?.code).toBe('rate_limited');
    expect((await refusal(b.consume(201, 'live')))?.code).toBe('rate_limited');
  });
});
