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
const nicenessInThread = async (workerData) => {
  const worker = new Worker(
    "import { register } from 'tsx/esm/api'; import { parentPort } from 'node:worker_threads'; import { getPriority } from 'node:os'; import { readlinkSync } from 'node:fs';" +
      "register(); await import('./server/jobs/thread.ts');" +
      "parentPort.postMessage(getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())));",
    { eval: true, type: 'module', workerData },
  );
  const niceness = await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
  await worker.terminate();
  return niceness;
};
const inWorker = await nicenessInThread({ lane: 'throughput' });
const inLatencyWorker = await nicenessInThread({ lane: 'latency' });
console.log(JSON.stringify({ before, after, inWorker, inLatencyWorker }));
`;

describe.runIf(process.platform === 'linux')('job thread priority', () => {
  it('lowers throughput threads below the event loop and the latency lane, never the main thread that loads the module too', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: process.cwd(),
      encoding: 'utf8',
    });
    const { before, after, inWorker, inLatencyWorker } = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Record<
      string,
      number
    >;
    expect(after).toBe(before);
    expect(inWorker).toBe(Math.min(19, before! + 10));
    expect(inLatencyWorker).toBe(before);
  }, 60_000);
});
