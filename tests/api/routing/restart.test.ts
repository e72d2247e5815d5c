/**
 * Graceful restarts are not failed attempts (pool mode, a second server on either engine): a plan
 * interrupted by three SIGTERM restarts (as many as JOBS_MAX_ATTEMPTS) is given back each time,
 * its attempt not counted, and completes after the last start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@/server/db';
import { jobs as jobRows } from '@/server/db/schema/jobs';
import { createTenant } from '../helpers';
import { secondServerDb, startSecondServer, type SecondServer, type SecondServerDb } from '../second-server';
import { post, pollUntilDone, smallPlan, uniqueId } from '../client';

const MAX_SOLVER_SECONDS = 6;

let dataDir: string | undefined;
let database: SecondServerDb | undefined;
let server: SecondServer | undefined;

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The job row of a problemId, read with the server stopped (the embedded database has one user at a time). */
async function jobRow(databaseUrl: string, problemId: string) {
  const handle = await createDb(databaseUrl ? { databaseUrl } : { dataDir: dataDir! });
  try {
    const [row] = await handle.db.select().from(jobRows).where(eq(jobRows.key, problemId));
    return row;
  } finally {
    await handle.close();
  }
}

describe('graceful restarts (pool mode)', () => {
  it('gives a running plan back on SIGTERM without counting an attempt, three times, and it then completes', async () => {
    database = await secondServerDb();
    const { databaseUrl } = database;
    dataDir = mkdtempSync(path.join(tmpdir(), 'restart-'));
    const start = () =>
      startSecondServer({
        label: 'restart',
        databaseUrl,
        dataDir,
        env: { WORKER_POOL_SIZE: '1', ROUTING_MAX_SOLVER_SECONDS: String(MAX_SOLVER_SECONDS) },
      });
    server = await start();
    const tenant = await createTenant();
    const auth = tenant.basicAuthHeader();
    const problemId = uniqueId('restarted');
    const body = { ...smallPlan({ problemId, orders: 12, vehicles: 2 }), options: { solverTimeLimitSeconds: 600 } };
    expect((await post('/v1/routing/plan', body, { auth, prefer: 'wait=0' })).status).toBe(202);

    for (let restart = 1; restart <= 3; restart++) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await server.stop();
      server = undefined;
      const released = await jobRow(databaseUrl, problemId);
      expect(released, `after restart ${restart}`).toMatchObject({
        status: 'processing',
        attempts: 0,
        leaseToken: null,
        leaseOwner: null,
      });
      server = await start();
    }
    const done = await pollUntilDone(problemId, auth, 60_000);
    expect(done.status).toBe(200);
    await done.body?.cancel();
    await server.stop();
    server = undefined;
    expect(await jobRow(databaseUrl, problemId)).toMatchObject({ status: 'complete', attempts: 1 });
  }, 240_000);
});
