import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createScratchPostgresDatabase, testDbKind } from '@/server/db/testing';
import { freePort } from '../free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A second server from the same build, started by a test file with its own settings (database, data
 * directory, limits) for behaviour that depends on configuration or on faults in its own database.
 * While it runs, BASE_URL and DATA_DIR name it, so the helpers (createTenant, post, get) talk to it;
 * `stop()` ends it, removes its data directory and points them back at the suite's server.
 */
export interface SecondServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (Next runs in the child itself), e.g. for a benchmark's CPU figures. */
  pid: number | undefined;
  stop(): Promise<void>;
  /** What the server wrote to stdout and stderr so far, when started with `captureOutput`. */
  output(): string;
}

interface SecondServerOptions {
  /** Prefix of the temporary data directory. */
  label: string;
  /** A PostgreSQL URL; empty or absent: the embedded database under the new data directory. */
  databaseUrl?: string;
  /** Settings on top of the defaults below (and of this process's environment). */
  env?: Record<string, string>;
  /** How long to wait for /readyz. */
  readyTimeoutMs?: number;
  /** Reuse this data directory (kept on stop), e.g. to restart on the same embedded database with other settings. */
  dataDir?: string;
  /** Node flags for the server process (e.g. --cpu-prof for a benchmark). */
  nodeArgs?: string[];
  /** Keep the server's stdout and stderr for `output()` instead of passing stderr through. */
  captureOutput?: boolean;
}

export interface SecondServerDb {
  /** For `databaseUrl`: a scratch PostgreSQL database, or '' for each server's embedded one under its data directory. */
  databaseUrl: string;
  /** Drops the scratch database (nothing on the embedded engine). */
  drop(): Promise<void>;
}

/** The database of a test file's second servers, on the engine TEST_DB names (as the suite's own server). */
export async function secondServerDb(): Promise<SecondServerDb> {
  if (testDbKind() === 'pglite') return { databaseUrl: '', drop: async () => undefined };
  return createScratchPostgresDatabase();
}

export async function startSecondServer(options: SecondServerOptions): Promise<SecondServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `${options.label}-`));
  const root = path.join(import.meta.dirname, '..', '..');
  // Node runs Next's CLI itself (no npx wrapper), so this child is the server and stops with it.
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'),
      'start',
      '-p',
      String(port),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ...options.env,
      },
      stdio: options.captureOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
    },
  );
  let captured = '';
  child.stdout?.on('data', (chunk: Buffer) => (captured += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (captured += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const saved = { BASE_URL: process.env.BASE_URL, DATA_DIR: process.env.DATA_DIR };
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.env.BASE_URL = saved.BASE_URL;
    process.env.DATA_DIR = saved.DATA_DIR;
  };

  const giveUpAt = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the second server (${options.label}) exited before it was ready`);
    }
    const ready = await fetch(`${baseUrl}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > giveUpAt) {
      await stop();
      throw new Error(`the second server (${options.label}) was not ready at ${baseUrl}/readyz in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.env.BASE_URL = baseUrl;
  process.env.DATA_DIR = dataDir;
  return { baseUrl, dataDir, pid: child.pid, stop, output: () => captured };
}
