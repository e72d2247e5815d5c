import { spawn, type ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type ApiPrincipal } from '@/server/accounts';
import { parseConfig } from '@/server/config';
import { createTestDb, testDbKind, type TestDb } from '@/server/db/testing';
import { routingRequestSchema, submitRoutingRequest } from '@/server/routing';
import { createJobs, type Jobs } from './index';

/**
 * A job's answer does not depend on where or when it ran: for random valid routing plans (default
 * solver budget, counted in search work), an idle pool (the job handed to its thread as it is
 * written), a busy pool (the job waits, then is read back from its row) and queue mode (a real
 * `npm run worker` process; PostgreSQL only) give the same plan.
 */
const onPostgres = testDbKind() === 'postgres';
const config = parseConfig({ LOG_LEVEL: 'silent' });
const STORE = { addressLine1: '55 Water St', city: 'Brooklyn', state: 'NY', postalCode: '11201', latitude: '40.7033', longitude: '-73.9881' };

const coordinate = (min: number, max: number) => fc.integer({ min: Math.round(min * 1e4), max: Math.round(max * 1e4) }).map((n) => (n / 1e4).toFixed(4));

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
      dropoffAddress: {
        addressLine1: `${i + 1} Main St`,
        city: 'New York',
        state: 'NY',
        postalCode: '10118',
        latitude: order.latitude,
        longitude: order.longitude,
      },
      dropoffWindowOpen: `2026-11-23T${String(order.openHour).padStart(2, '0')}:00:00-05:00`,
      dropoffWindowClose: `2026-11-23T${String(order.openHour + order.hours).padStart(2, '0')}:00:00-05:00`,
      payloadItems: [{ description: 'box', height: order.side, length: order.side, width: order.side, weight: order.weight, quantity: order.quantity }],
    })),
    fleet: Array.from({ length: vans }, (_, i) => ({
      driverExternalId: `driver-${i + 1}`,
      vehicleExternalId: `van-${i + 1}`,
      vehicleType: 'cargo-van',
      scheduledStart: '2026-11-23T08:00:00-05:00',
      startAddress: STORE,
    })),
  }));

function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts', '--concurrency', '1'], {
    cwd: process.cwd(),
    env: { ...process.env, JOBS_MODE: 'queue', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker did not start')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('job worker')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

describe(`the same plan in every mode (${testDbKind()})`, () => {
  let testDb: TestDb;
  let idlePool: Jobs;
  let busyPool: Jobs;
  let queue: Jobs | undefined;
  let worker: ChildProcess | undefined;
  let run = 0;

  beforeAll(async () => {
    testDb = await createTestDb();
    idlePool = await createJobs({ handle: testDb.handle, mode: 'pool', poolSize: 1, sweepIntervalMs: 0, config });
    busyPool = await createJobs({ handle: testDb.handle, mode: 'pool', poolSize: 1, sweepIntervalMs: 0, config });
    if (onPostgres) {
      queue = await createJobs({
        handle: testDb.handle,
        mode: 'queue',
        sweepIntervalMs: 0,
        config: parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: testDb.databaseUrl }),
      });
      worker = await startWorker(testDb.databaseUrl!);
    }
  }, 90_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await Promise.all([idlePool?.stop(), busyPool?.stop(), queue?.stop()]);
    await testDb?.close();
  });

  /** Plans the body as a new account of its own (same problemId everywhere) and answers the result. */
  async function planIn(jobs: Jobs, body: object, beforeSubmit?: () => Promise<void>): Promise<unknown> {
    const account = await createAccount(testDb.db, { name: `mode ${++run}` });
    const principal: ApiPrincipal = { userId: 1, externalUserId: 'modes', accountId: account.id, environment: 'live', via: 'api_key' };
    const request = routingRequestSchema({ maxOrders: 2000, maxFleet: 300 }, 'plan').parse({ problemId: 'same-everywhere', ...body });
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
            spins.push((await busyPool.submit({ kind: 'jobs.probe', accountId: 1, environment: 'live', key: `spin-${run}-${i}`, input: { spinMs: 150 } })).job);
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
});
