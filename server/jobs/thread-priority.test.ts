import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Run in a separate Node process, so that "the main thread" is a real process's main thread (the
 * test runner's may be a worker): load the job-thread module on the main thread, then in a worker
 * thread, and report each thread's niceness.
 */
const PROBE = `
import { getPriority } from 'node:os';
import { readlinkSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
const niceness = () => getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()));
const before = niceness();
await import('./server/jobs/thread.ts');
const after = niceness();
const worker = new Worker(
  "import { register } from 'tsx/esm/api'; import { parentPort } from 'node:worker_threads'; import { getPriority } from 'node:os'; import { readlinkSync } from 'node:fs';" +
    "register(); await import('./server/jobs/thread.ts');" +
    "parentPort.postMessage(getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())));",
  { eval: true, type: 'module' },
);
const inWorker = await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
await worker.terminate();
console.log(JSON.stringify({ before, after, inWorker }));
`;

describe.runIf(process.platform === 'linux')('job thread priority', () => {
  it('lowers job threads below the event loop and never lowers the main thread that loads the module too', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { cwd: process.cwd(), encoding: 'utf8' });
    const { before, after, inWorker } = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { before: number; after: number; inWorker: number };
    expect(after).toBe(before);
    expect(inWorker).toBe(Math.min(19, before + 10));
  }, 60_000);
});
