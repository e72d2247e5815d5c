import { parentPort } from 'node:worker_threads';
import type { Problem, SolveProgress } from './model';
import { solveOnThisThread, type ThreadSolveOptions } from './solve';

interface SolveRequest {
  type: 'solve';
  id: number;
  problem: Problem;
  options: ThreadSolveOptions;
  /** Shared flag set to 1 by the parent to stop the search early. */
  stop: Int32Array;
}

const port = parentPort;
if (!port) throw new Error('solve-worker-body must run in a worker thread');

port.on('message', (request: SolveRequest) => {
  if (request.type !== 'solve') return;
  const { id, stop } = request;
  try {
    const solution = solveOnThisThread(request.problem, {
      ...request.options,
      signal: {
        get aborted() {
          return Atomics.load(stop, 0) === 1;
        },
      },
      onProgress: (progress: SolveProgress) => port.postMessage({ type: 'progress', id, progress }),
    });
    port.postMessage({ type: 'done', id, solution });
  } catch (err) {
    port.postMessage({ type: 'error', id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});

port.postMessage({ type: 'ready', id: 0 });
