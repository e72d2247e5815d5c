import { parentPort, workerData } from 'node:worker_threads';
import type { Problem, SolveProgress } from './model';
import { solveOnThisThread } from './solve';

interface WorkerInput {
  problem: Problem;
  options: { seed: number; timeLimitMs?: number; maxIterations?: number };
  /** Shared flag set to 1 by the parent to stop the search early. */
  stop: Int32Array;
}

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('solve-worker-body must run in a worker thread');

try {
  const solution = solveOnThisThread(input.problem, {
    ...input.options,
    signal: {
      get aborted() {
        return Atomics.load(input.stop, 0) === 1;
      },
    },
    onProgress: (progress: SolveProgress) => port.postMessage({ type: 'progress', progress }),
  });
  port.postMessage({ type: 'done', solution });
} catch (err) {
  port.postMessage({ type: 'error', error: err instanceof Error ? err.stack ?? err.message : String(err) });
}
