/**
 * What HTTP cannot reach: a canceled search is replaced by a new one under a new jobId (the API has
 * no way to cancel a search), and a first search whose problemId handle was given out before (its
 * job swept, its log row kept) gets a random jobId. Queue mode without a worker keeps the search waiting,
 * so it can be canceled before it runs (PostgreSQL only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/server/accounts';
import { parseConfig } from '@/server/config';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { localTimeToEpoch } from '@/server/geo';
import { createJobs, type Jobs } from '@/server/app-jobs';
import { createBookingRateLimiter } from './rate-limit';
import { bookingRequestSchema } from './request-schema';
import { schema } from '@/server/db';
import { bookingJobRowId, bookingProblemId, findBookingJob, recommendBooking, type BookingCaller } from './service';

describe.runIf(testDbKind() === 'postgres')('booking search: canceled', () => {
  const testDb = useTestDb();
  let jobs: Jobs;
  let caller: BookingCaller;
  let branchId: number;

  beforeAll(async () => {
    jobs = await createJobs({
      handle: testDb.handle,
      mode: 'queue',
      config: parseConfig({ DATABASE_URL: testDb.databaseUrl }),
      sweepIntervalMs: 0,
    });
    const parent = await createAccount(testDb.db, { name: 'Parent' });
    const branch = await createAccount(testDb.db, {
      name: 'Branch',
      parentId: parent.id,
      location: { postalCode: '11201', latitude: 40.7033, longitude: -73.9903 },
    });
    branchId = branch.id;
    const now = localTimeToEpoch('2026-11-22', '10:00', 'America/New_York') * 1000;
    caller = {
      db: testDb.db,
      principal: { accountId: parent.id, environment: 'live' },
      jobs,
      now: () => now,
      rateLimiter: createBookingRateLimiter(testDb.handle, { ratePerSecond: 100, burst: 100 }),
    };
  });
  afterAll(async () => {
    await jobs?.stop();
  });

  const cartItem = (description: string, [height, length, width]: number[], quantity: number, weightKg: number) => ({
    description,
    dimensionsCm: { height, length, width },
    quantity,
    weightKg,
  });
  /** A search for one cart item to 350 5th Ave from the test branch. */
  const searchOf = (item: object, date = '2026-11-23') =>
    bookingRequestSchema({ maxCartItems: 100 }).parse({
      cart: { items: [item], orderValueCents: 100 },
      date,
      destination: { addressLine1: '350 5th Ave', city: 'New York', postalCode: '10118', state: 'NY' },
      fulfillingBranchId: String(branchId),
    });

  it('an identical request after a cancellation starts a new search with a new jobId; the canceled one reads as gone', async () => {
    const body = searchOf(cartItem('Chair', [90, 80, 75], 1, 25));
    const first = (await recommendBooking(caller, body)).body as { jobId: string; problemId: string };
    // In flight (no worker runs it): the same handle.
    expect((await recommendBooking(caller, body)).body).toEqual(first);
    // The first search of an input is pollable under its problemId; its row has an id of its own.
    expect(first.jobId).toBe(first.problemId);
    expect(await jobs.cancel(bookingJobRowId(first.jobId)!)).toBe(true);
    expect((await findBookingJob(caller, first.jobId))?.status).toBe('canceled');

    const second = (await recommendBooking(caller, body)).body as { jobId: string; problemId: string };
    expect(second.problemId).toBe(first.problemId);
    expect(second.jobId).not.toBe(first.jobId);
    expect(await findBookingJob(caller, first.jobId)).toBeNull();
    expect((await findBookingJob(caller, second.jobId))?.status).toBe('processing');
  });

  it("the console's explained search is a search of its own: the same problemId, another jobId, and each deduped on its own", async () => {
    const body = searchOf(cartItem('Lamp', [40, 30, 30], 2, 3));
    const api = (await recommendBooking(caller, body)).body as { jobId: string; problemId: string };
    const console = (await recommendBooking(caller, body, { explain: true })).body as {
      jobId: string;
      problemId: string;
    };
    expect(console.problemId).toBe(api.problemId);
    expect(console.jobId).not.toBe(api.jobId);
    expect((await recommendBooking(caller, body)).body).toEqual(api);
    expect((await recommendBooking(caller, body, { explain: true })).body).toEqual(console);
    expect((await jobs.input(bookingJobRowId(api.jobId)!)) as { explain?: boolean }).toMatchObject({ explain: false });
    expect((await jobs.input(bookingJobRowId(console.jobId)!)) as { explain?: boolean }).toMatchObject({
      explain: true,
    });
  });

  it('a first search whose handle was given out before (the job expired and was swept, its log row remains) gets a new jobId', async () => {
    const body = searchOf(cartItem('Desk', [70, 120, 60], 1, 30), '2026-11-24');
    // No bucket in the request: the default policy's FLEXIBLE.
    const problemId = bookingProblemId(body, 'FLEXIBLE', caller.principal.accountId, 'live');
    await testDb.db.insert(schema.bookingSearches).values({
      jobId: bookingJobRowId(problemId)!,
      accountId: caller.principal.accountId,
      environment: 'live',
      branchId,
      date: '2026-11-24',
      bucket: 'FLEXIBLE',
      windows: 3,
      finishedAt: new Date(),
    });
    const handle = (await recommendBooking(caller, body)).body as { jobId: string; problemId: string };
    expect(handle.problemId).toBe(problemId);
    expect(handle.jobId).not.toBe(problemId);
    expect((await findBookingJob(caller, handle.jobId))?.status).toBe('processing');
    expect(await findBookingJob(caller, problemId)).toBeNull();
  });
});
