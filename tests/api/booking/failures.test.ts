/**
 * A second server whose road-network engine accepts connections and never answers and whose street
 * geocoder is down: a search stays `processing` until the engine times out and then fails, and an
 * address only the geocoder could locate is a transient `input_resolution_failed`. Its rate limit is
 * raised so that 50 concurrent identical requests all reach the dedupe. The branch's route is booked
 * first on the same database by a server with the embedded engine (a search over no routes needs no
 * travel times, so it would not wait on the engine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../free-port';
import { accountAuth, createTenant, type Tenant } from '../helpers';
import { secondServerDb, startSecondServer, type SecondServer, type SecondServerDb } from '../second-server';
import { expectError, expectJson, get, post } from '../client';
import { pollBooking, recommend, recommendBody, seedBookedRoutes, type BookingHandle } from './fixtures';
import { setBookingClock } from './clock';

const ENGINE_TIMEOUT_MS = 4000;

let server: SecondServer | undefined;
let database: SecondServerDb | undefined;
let dataDir: string | undefined;
let silentEngine: Server | undefined;
const sockets = new Set<Socket>();

async function listenSilently(): Promise<number> {
  silentEngine = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silentEngine!.listen(0, '127.0.0.1', resolve));
  const address = silentEngine.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('booking on a server whose travel-time engine hangs and whose geocoder is down', () => {
  let tenant: Tenant;
  let auth: string;

  beforeAll(async () => {
    database = await secondServerDb();
    const { databaseUrl } = database;
    dataDir = mkdtempSync(path.join(tmpdir(), 'booking-failures-'));
    const seeding = await startSecondServer({ label: 'booking-failures-seed', databaseUrl, dataDir });
    try {
      tenant = await createTenant();
      expect(await seedBookedRoutes(await accountAuth(tenant.branchIds[0]!), '2026-11-23', '-05:00')).toBe(1);
    } finally {
      await seeding.stop();
    }
    server = await startSecondServer({
      label: 'booking-failures',
      databaseUrl,
      dataDir,
      env: {
        ROUTING_ENGINE: 'osrm',
        ROUTING_ENGINE_URL: `http://127.0.0.1:${await listenSilently()}`,
        ROUTING_ENGINE_TIMEOUT_MS: String(ENGINE_TIMEOUT_MS),
        ROUTING_ENGINE_RETRIES: '0',
        GEOCODER_URL: `http://127.0.0.1:${await freePort()}`,
        GEOCODER_TIMEOUT_MS: '500',
        BOOKING_RATE_LIMIT_PER_SECOND: '100',
        BOOKING_RATE_LIMIT_BURST: '100',
        BOOKING_TEST_CLOCK: 'true',
      },
    });
    auth = tenant.basicAuthHeader('live');
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (silentEngine ? silentEngine.close(resolve) : resolve(undefined)));
  });

  it('processing: 50 concurrent identical POSTs get one handle; polls answer 202 with Retry-After: 2; then 500 optimization_failed; an identical POST starts a new search under a new jobId', async () => {
    const body = recommendBody(tenant.branchIds[0]!, '2026-11-23');
    const handles = await Promise.all(
      Array.from({ length: 50 }, async () =>
        expectJson<BookingHandle>(await post('/v1/booking/recommend', body, { auth }), 202),
      ),
    );
    expect(new Set(handles.map((h) => h.jobId)).size).toBe(1);
    const first = handles[0]!;

    const pending = await get(`/v1/booking/jobs/${first.jobId}`, { auth });
    expect(pending.status).toBe(202);
    expect(pending.headers.get('retry-after')).toBe('2');
    expect(await pending.json()).toEqual({ status: 'processing' });

    await expectError(await pollBooking(auth, first.jobId), 500, 'optimization_failed');
    const retry = await recommend(auth, body);
    expect(retry.problemId).toBe(first.problemId);
    expect(retry.jobId).not.toBe(first.jobId);
  });

  it('500 input_resolution_failed when only the (unavailable) street geocoder could locate the origin', async () => {
    const origin = { addressLine1: '1 Main St', city: 'Brooklyn', state: 'NY', postalCode: 'unknown' };
    await expectError(
      await post('/v1/booking/recommend', recommendBody(tenant.branchIds[0]!, '2026-11-23', { origin }), { auth }),
      500,
      'input_resolution_failed',
    );
  });
});
