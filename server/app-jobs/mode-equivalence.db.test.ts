import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type ApiPrincipal } from '@/server/accounts';
import {
  bookingRequestSchema,
  createBookingRateLimiter,
  pollBookingJob,
  recommendBooking,
  type BookingCaller,
} from '@/server/booking';
import { parseConfig } from '@/server/config';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { localTimeToEpoch } from '@/server/geo';
import { startWorker, stopWorker, type WorkerProcess } from '@/server/jobs/testing';
import { routingRequestSchema, submitRoutingRequest } from '@/server/routing';
import { nycAddress } from '@/server/routing/test-store';
import { createJobs, type Jobs } from './index';
import { BROOKLYN_STORE as STORE } from '@/server/routing/test-store';

/**
 * A job's answer does not depend on where or when it ran: for random valid routing plans (default
 * solver budget, counted in search work) and booking searches, an idle pool (the job handed to its
 * thread as it is written), a busy pool (the job waits, then is read back from its row) and queue
 * mode (a real `npm run worker` process; PostgreSQL only) give the same result.
 */
const onPostgres = testDbKind() === 'postgres';
const config = parseConfig({ LOG_LEVEL: 'silent' });

const coordinate = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 1e4), max: Math.round(max * 1e4) }).map((n) => (n / 1e4).toFixed(4));

/** A valid plan body: 1-6 orders from the store to points in New York City, 1-2 vans, loads and windows varied. */
const planBody = fc
  .record({
    orders: fc.array(
      fc.record({
        latitude: coordinate(40.6, 40.8),
        longitude: coordinate(-74.05, -73.85),
        weight: fc.double({ min: 0.5, max: 400, noNaN: true }),
        quantity: fc.integer({ min: 1, max: 4 }),
        side: fc.integer({ min: 4, max: 30 }),
        openHour: fc.integer({ min: 8, max: 14 }),
        hours: fc.integer({ min: 2, max: 6 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    vans: fc.integer({ min: 1, max: 2 }),
  })
  .map(({ orders, vans }) => ({
    orders: orders.map((order, i) => ({
      externalId: `order-${i + 1}`,
      pickupAddress: STORE,
      dropoffAddress: nycAddress(`${i + 1} Main St`, '10118', { latitude: order.latitude, longitude: order.longitude }),
      dropoffWindowOpen: `2026-11-23T${String(order.openHour).padStart(2, '0')}:00:00-05:00`,
      dropoffWindowClose: `2026-11-23T${String(order.openHour + order.hours).padStart(2, '0')}:00:00-05:00`,
      payloadItems: [
        {
          description: 'box',
          height: order.side,
          length: order.side,
          width: order.side,
          weight: order.weight,
          quantity: order.quantity,
        },
      ],
    })),
    fleet: Array.from({ length: vans }, (_, i) => ({
      driverExternalId: `driver-${i + 1}`,
      vehicleExternalId: `van-${i + 1}`,
      vehicleType: 'cargo-van',
      scheduledStart: '2026-11-23T08:00:00-05:00',
      startAddress: STORE,
    })),
  }));

const NYC_ZIPS = ['10118', '11101', '11238', '10003', '11215', '10016', '11211', '10028'];

/** A valid booking search body (the fulfilling branch is set per test): a random cart, destination and bucket. */
const searchBody = fc.record({
  items: fc.array(
    fc.record({
      weightKg: fc.double({ min: 0.1, max: 300, noNaN: true }),
      quantity: fc.integer({ min: 1, max: 3 }),
      side: fc.integer({ min: 5, max: 120 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  orderValueCents: fc.integer({ min: 0, max: 500_000 }),
  zip: fc.constantFrom(...NYC_ZIPS),
  bucket: fc.constantFrom('MORNING', 'AFTERNOON', 'EVENING', 'FLEXIBLE'),
});

describe(`the same answer in every mode (${testDbKind()})`, () => {
  const testDb = useTestDb();
  let idlePool: Jobs;
  let busyPool: Jobs;
  let queue: Jobs | undefined;
  let worker: WorkerProcess | undefined;
  let run = 0;

  beforeAll(async () => {
    idlePool = await createJobs({ handle: testDb.handle, mode: 'pool', poolSize: 1, sweepIntervalMs: 0, config });
    busyPool = await createJobs({ handle: testDb.handle, mode: 'pool', poolSize: 1, sweepIntervalMs: 0, config });
    if (onPostgres) {
      queue = await createJobs({
        handle: testDb.handle,
        mode: 'queue',
        sweepIntervalMs: 0,
        config: parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: testDb.databaseUrl }),
      });
      worker = await startWorker(testDb.databaseUrl!, 1, {});
    }
  }, 90_000);

  afterAll(async () => {
    if (worker) await stopWorker(worker);
    await Promise.all([idlePool?.stop(), busyPool?.stop(), queue?.stop()]);
  });

  /** Plans the body as a new account of its own (same problemId everywhere) and answers the result. */
  async function planIn(jobs: Jobs, body: object, beforeSubmit?: () => Promise<void>): Promise<unknown> {
    const account = await createAccount(testDb.db, { name: `mode ${++run}` });
    const principal: ApiPrincipal = {
      userId: 1,
      externalUserId: 'modes',
      accountId: account.id,
      environment: 'live',
      via: 'api_key',
    };
    const request = routingRequestSchema({ maxOrders: 2000, maxFleet: 300 }, 'plan').parse({
      problemId: 'same-everywhere',
      ...body,
    });
    await beforeSubmit?.();
    const answer = await submitRoutingRequest({ db: testDb.db, jobs, principal }, request, 'plan', 'wait=120');
    expect(answer.state).toBe('complete');
    return answer.body;
  }

  it('gives the same result for random valid plans: pool idle, pool busy and (PostgreSQL) queue mode', async () => {
    await fc.assert(
      fc.asyncProperty(planBody, async (body) => {
        const idle = await planIn(idlePool, body);
        // Busy: spinning jobs fill the pool's thread and every in-flight place (three per thread), so
        // the plan is not claimed as it is written: it waits in line and is read back from its row.
        let spinning: Promise<unknown> | undefined;
        const busy = await planIn(busyPool, body, async () => {
          const spins = [];
          for (let i = 0; i < 3; i++) {
            spins.push(
              (
                await busyPool.submit({
                  kind: 'jobs.probe',
                  accountId: 1,
                  environment: 'live',
                  key: `spin-${run}-${i}`,
                  input: { spinMs: 150 },
                })
              ).job,
            );
          }
          spinning = Promise.all(spins.map((job) => busyPool.waitFor(job.id, 10_000)));
        });
        await spinning;
        expect(busy).toEqual(idle);
        if (queue) expect(await planIn(queue, body)).toEqual(idle);
      }),
      { numRuns: 4, endOnFailure: true },
    );
  }, 300_000);

  it('gives the same result for random valid booking searches: pool idle, pool busy and (PostgreSQL) queue mode', async () => {
    // One branch with booked routes, searched by three callers of its tree (one per mode), so that
    // each search is a job of its own (a search's key includes the caller).
    const root = await createAccount(testDb.db, { name: 'booking root' });
    const middle = await createAccount(testDb.db, { name: 'booking region', parentId: root.id });
    const branch = await createAccount(testDb.db, {
      name: 'booking branch',
      parentId: middle.id,
      location: { postalCode: '11201', latitude: 40.7033, longitude: -73.9903 },
    });
    const book = routingRequestSchema({ maxOrders: 2000, maxFleet: 300 }, 'book').parse({
      problemId: 'booked-day',
      mode: 'createItinerary',
      orders: ['11101', '11238', '10003'].map((zip, i) => ({
        externalId: `seed-${i + 1}`,
        pickupAddress: STORE,
        dropoffAddress: { addressLine1: `${i + 1} Main St`, city: 'New York', state: 'NY', postalCode: zip },
        dropoffWindowOpen: '2026-11-23T09:00:00-05:00',
        dropoffWindowClose: '2026-11-23T11:00:00-05:00',
        payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
      })),
      fleet: [1, 2].map((i) => ({
        driverExternalId: `driver-${i}`,
        vehicleExternalId: `van-${i}`,
        vehicleType: 'cargo-van',
        scheduledStart: '2026-11-23T08:00:00-05:00',
        startAddress: STORE,
      })),
    });
    const booker: ApiPrincipal = {
      userId: 1,
      externalUserId: 'modes',
      accountId: branch.id,
      environment: 'live',
      via: 'api_key',
    };
    expect(
      (await submitRoutingRequest({ db: testDb.db, jobs: idlePool, principal: booker }, book, 'book', 'wait=120'))
        .state,
    ).toBe('complete');

    const now = localTimeToEpoch('2026-11-22', '10:00', 'America/New_York') * 1000;
    const rateLimiter = createBookingRateLimiter(testDb.handle, { ratePerSecond: 1000, burst: 1000 });
    const callerOf = (jobs: Jobs, accountId: number): BookingCaller => ({
      db: testDb.db,
      principal: { accountId, environment: 'live' },
      jobs,
      now: () => now,
      rateLimiter,
    });
    const modes: [string, BookingCaller][] = [
      ['pool idle', callerOf(idlePool, root.id)],
      ['pool busy', callerOf(busyPool, middle.id)],
      ...(queue ? [['queue', callerOf(queue, branch.id)] as [string, BookingCaller]] : []),
    ];
    let spin = 0;
    let withWindows = 0;

    /** The search's result without what names the job (its handle, when it was computed). */
    async function searchIn(caller: BookingCaller, raw: object): Promise<unknown> {
      const body = bookingRequestSchema({ maxCartItems: 100 }).parse(raw);
      let answer = await recommendBooking(caller, body);
      const { jobId } = answer.body as { jobId: string };
      for (let i = 0; i < 10 && answer.state !== 'complete'; i++)
        answer = await pollBookingJob(caller, jobId, 'wait=30');
      expect(answer.state).toBe('complete');
      const {
        jobId: _jobId,
        problemId: _problemId,
        computedAt: _computedAt,
        ...result
      } = answer.body as Record<string, unknown>;
      return result;
    }

    await fc.assert(
      fc.asyncProperty(searchBody, async (search) => {
        const raw = {
          cart: {
            items: search.items.map((item, i) => ({
              description: `item ${i + 1}`,
              dimensionsCm: { height: item.side, length: item.side, width: item.side },
              quantity: item.quantity,
              weightKg: item.weightKg,
            })),
            orderValueCents: search.orderValueCents,
          },
          date: '2026-11-23',
          deliveryMethod: 'cargo-van',
          destination: { addressLine1: '1 Main St', city: 'New York', state: 'NY', postalCode: search.zip },
          fulfillingBranchId: String(branch.id),
          timeframeBucket: search.bucket,
        };
        const results: unknown[] = [];
        for (const [mode, caller] of modes) {
          let spinning: Promise<unknown> | undefined;
          if (mode === 'pool busy') {
            // Fill the latency lane's thread and places in flight: the search is read back from its row.
            const spins = [];
            for (let i = 0; i < 3; i++) {
              const request = {
                kind: 'jobs.probe.latency',
                accountId: 1,
                environment: 'live' as const,
                key: `lane-spin-${++spin}`,
                input: { spinMs: 150 },
              };
              spins.push((await busyPool.submit(request)).job);
            }
            spinning = Promise.all(spins.map((job) => busyPool.waitFor(job.id, 10_000)));
          }
          results.push(await searchIn(caller, raw));
          await spinning;
        }
        for (const result of results.slice(1)) expect(result).toEqual(results[0]);
        if (((results[0] as { windows?: unknown[] }).windows?.length ?? 0) > 0) withWindows += 1;
      }),
      { numRuns: 6, endOnFailure: true },
    );
    // The property compared searches that found something, not only empty answers.
    expect(withWindows).toBeGreaterThan(0);
  }, 300_000);
});
