/**
 * Worker processes for the queue-mode tests (for tests only): `scripts/worker.ts` run as
 * `npm run worker` runs it, against the test's PostgreSQL database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseConfig } from '@/server/config';
import type { TestDb } from '@/server/db/testing';
import { createJobs, type Jobs } from './service';

/** What every queue-mode test process runs with, under the test's own `env`. */
const QUEUE_MODE = { JOBS_MODE: 'queue', LOG_LEVEL: 'warn' };

/** The fastest recovery pg-boss allows: a dead worker's job is retried 10 s (+1 s) after its last heartbeat. */
export const FAST_RECOVERY = { JOBS_HEARTBEAT_SECONDS: '10', JOBS_MONITOR_SECONDS: '1' };

/** This process's job service in queue mode on the test database, configured as its workers (`env`). */
export function queueModeJobs(testDb: TestDb, env: Record<string, string>): Promise<Jobs> {
  return createJobs({
    handle: testDb.handle,
    config: parseConfig({ ...QUEUE_MODE, ...env, DATABASE_URL: testDb.databaseUrl }),
    sweepIntervalMs: 0,
  });
}

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** What it wrote to stdout and stderr so far. */
  output: string[];
}

/** Starts a worker with `env` over this process's environment; resolves once it says it is up. */
export function startWorker(
  databaseUrl: string,
  concurrency: number,
  env: Record<string, string>,
): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/worker.ts', '--concurrency', String(concurrency)],
    {
      cwd: process.cwd(),
      env: { ...process.env, ...QUEUE_MODE, ...env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output.join('')}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (chunk.toString().includes('job worker')) {
        clearTimeout(timer);
        resolve({ child, pid: child.pid!, output });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output.join('')}`));
    });
  });
}

/** Sends `signal` and waits for the worker to exit (at once when it already has). */
export function stopWorker(worker: WorkerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
    worker.child.once('exit', () => resolve());
    worker.child.kill(signal);
  });
}
