import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateApiRequest, handleAdminRequest, openAdminChannel } from '@/server/accounts';
import { createDb, type Db, type DbHandle } from '@/server/db';
import { createScratchPostgresDatabase, testDbKind } from '@/server/db/testing';
import { basicAuthorization as basic } from './testing';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

interface CliResult {
  exitCode: number;
  json: Record<string, unknown>;
}

/** Runs the real admin CLI in a child process. */
function runCli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      tsx,
      ['scripts/admin.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', API_KEY_PEPPER: '', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const lines = stdout.trim().split('\n');
        if (lines.length !== 1 || !lines[0])
          return reject(new Error(`expected one line of JSON, got:\n${stdout}\n${stderr}`));
        try {
          resolve({
            exitCode: error ? Number(error.code ?? 1) : 0,
            json: JSON.parse(lines[0]) as Record<string, unknown>,
          });
        } catch {
          reject(new Error(`not JSON: ${stdout}\n${stderr}`));
        }
      },
    );
  });
}

/** The whole admin story through the CLI; `db` sees the same database to check the outcome. */
async function exerciseCli(env: Record<string, string>, db: Db, workDir: string): Promise<void> {
  const parent = await runCli(env, 'account', 'create', '--name', 'CLI Parent');
  expect(parent).toMatchObject({ exitCode: 0, json: { id: expect.any(Number), name: 'CLI Parent', parentId: null } });
  const parentId = String(parent.json.id);

  const branch = await runCli(
    env,
    ...[
      'account',
      'create',
      '--name',
      'CLI Branch',
      '--parent',
      parentId,
      '--address-line1',
      '1 Main St',
      '--city',
      'Dallas',
    ],
    ...['--state', 'TX', '--postal-code', '75201', '--latitude', '32.7876', '--longitude', '-96.7994'],
  );
  expect(branch.json).toMatchObject({ parentId: Number(parentId) });

  expect((await runCli(env, 'user', 'create', '--external-id', 'cli-user', '--account', parentId)).json).toMatchObject({
    externalUserId: 'cli-user',
    defaultAccountId: Number(parentId),
  });

  const created = await runCli(env, 'key', 'create', '--account', parentId, '--user', 'cli-user', '--env', 'sandbox');
  expect(created.json.key).toMatch(/^rk_sandbox_/);
  const key = String(created.json.key);
  const authenticated = await authenticateApiRequest(db, basic('cli-user', key), { allowJwt: false });
  expect(authenticated).toMatchObject({
    ok: true,
    principal: { accountId: Number(parentId), environment: 'sandbox', via: 'api_key' },
  });

  const settingsFile = path.join(workDir, 'settings.json');
  writeFileSync(
    settingsFile,
    JSON.stringify({ optimization: { objective: 'MIN_DURATION' }, slotPolicy: { horizonDays: 7 } }),
  );
  const set = await runCli(env, 'settings', 'set', '--account', parentId, '--file', settingsFile);
  expect(set.json).toMatchObject({ settings: { optimization: { objective: 'MIN_DURATION' } } });
  const got = await runCli(env, 'settings', 'get', '--account', String(branch.json.id));
  expect(got.json).toMatchObject({
    effective: {
      optimization: { objective: 'MIN_DURATION' },
      slotPolicy: { horizonDays: 7 },
      branchLocation: { city: 'Dallas' },
    },
  });

  // Booking: pricing with rate cards, the slot policy (a blackout date), the pickup override and a new branch location.
  const booking = {
    booking: {
      pricing: { model: 'markup', markupPercent: 12 },
      rateCards: { 'cargo-van': { baseFeeCents: 900, perMileCents: 150, perMinuteCents: 20 } },
    },
    slotPolicy: {
      blackoutDates: ['2026-12-25'],
      sameDayCutoff: '14:00',
      availableBuckets: ['MORNING', 'AFTERNOON'],
      defaultBucket: 'AFTERNOON',
    },
    pickupOverride: { addressLine1: '2 Elm St', city: 'Dallas', state: 'TX', postalCode: '75202' },
  };
  writeFileSync(settingsFile, JSON.stringify(booking));
  expect((await runCli(env, 'settings', 'set', '--account', parentId, '--file', settingsFile)).exitCode).toBe(0);
  writeFileSync(
    settingsFile,
    JSON.stringify({ branchLocation: { postalCode: '75204', latitude: 32.8, longitude: -96.79 } }),
  );
  expect(
    (await runCli(env, 'settings', 'set', '--account', String(branch.json.id), '--file', settingsFile)).exitCode,
  ).toBe(0);
  const bookingView = await runCli(env, 'settings', 'get', '--account', String(branch.json.id));
  expect(bookingView.json).toMatchObject({
    effective: {
      booking: booking.booking,
      slotPolicy: {
        blackoutDates: ['2026-12-25'],
        sameDayCutoff: '14:00',
        availableBuckets: ['MORNING', 'AFTERNOON'],
        defaultBucket: 'AFTERNOON',
        horizonDays: 30,
      },
      branchLocation: { postalCode: '75204', latitude: 32.8, longitude: -96.79 },
      // The pickup override belongs to the parent only (not inherited).
      pickupOverride: null,
    },
  });
  writeFileSync(
    settingsFile,
    JSON.stringify({
      booking: { rateCards: { 'cargo-van': { baseFeeCents: -1, perMileCents: 0, perMinuteCents: 0 } } },
    }),
  );
  expect(await runCli(env, 'settings', 'set', '--account', parentId, '--file', settingsFile)).toMatchObject({
    exitCode: 1,
    json: { error: { code: 'invalid_input', param: 'booking.rateCards["cargo-van"].baseFeeCents' } },
  });

  writeFileSync(settingsFile, JSON.stringify({ optimization: { tagPriorities: [['vip', 7]] } }));
  expect(await runCli(env, 'settings', 'set', '--account', parentId, '--file', settingsFile)).toMatchObject({
    exitCode: 1,
    json: { error: { code: 'invalid_input', param: 'optimization.tagPriorities[0][1]' } },
  });
  expect(await runCli(env, 'account', 'create', '--name', 'Orphan', '--parent', '999999')).toMatchObject({
    exitCode: 1,
    json: { error: { param: 'parentId' } },
  });

  expect((await runCli(env, 'key', 'revoke', '--key', key)).json).toMatchObject({ revoked: true });
  expect(await authenticateApiRequest(db, basic('cli-user', key), { allowJwt: false })).toEqual({
    ok: false,
    code: 'unauthenticated',
  });
}

describe.runIf(testDbKind() === 'postgres')('admin CLI on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let handle: DbHandle;
  let workDir: string;
  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    handle = await createDb({ databaseUrl: scratch.databaseUrl, maxConnections: 2 });
    workDir = mkdtempSync(path.join(os.tmpdir(), 'rbs-cli-'));
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('runs every command against the database directly', async () => {
    await exerciseCli({ DATABASE_URL: scratch.databaseUrl, DATA_DIR: workDir }, handle.db, workDir);
  });
});

describe.runIf(testDbKind() === 'pglite')('admin CLI on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'rbs-cli-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the data directory itself when no server holds it', async () => {
    const result = await runCli({ DATA_DIR: dataDir }, 'account', 'create', '--name', 'Direct');
    expect(result).toMatchObject({ exitCode: 0, json: { name: 'Direct' } });
    const handle = await createDb({ dataDir });
    await handle.close();
  });

  describe('while a server owns the data directory', () => {
    let handle: DbHandle;
    let server: Server;
    beforeAll(async () => {
      handle = await createDb({ dataDir });
      // A minimal stand-in for the app's route: the same handler, on a loopback port.
      const serve = async (req: IncomingMessage, res: ServerResponse) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const request = new Request(`http://127.0.0.1${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        });
        const response = await handleAdminRequest(request, { db: handle.db, remoteAddress: req.socket.remoteAddress });
        res.writeHead(response.status, { 'content-type': 'application/json' });
        res.end(await response.text());
      };
      server = createServer((req, res) => {
        serve(req, res).catch((error: unknown) =>
          res.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      openAdminChannel(dataDir, (server.address() as AddressInfo).port);
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await handle?.close();
    });

    it('forwards every command to the server', async () => {
      await exerciseCli({ DATA_DIR: dataDir }, handle.db, dataDir);
    });

    it('refuses forwarded commands without the token', async () => {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/internal/admin`, {
        method: 'POST',
        headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'settings.get', args: { accountId: 1 } }),
      });
      expect(response.status).toBe(401);
    });
  });
});
