import { Worker } from 'node:worker_threads';
import { screenJobs } from './explain';
import { compileInstance } from './instance';
import type { Problem, Solution, SolveOptions, SolveProgress } from './model';
import { isVehiclesFirst } from './objective';
import { Search } from './search';
import { buildSolution } from './solution';

/** Default search time when neither a time nor an iteration limit is given. */
export const DEFAULT_TIME_LIMIT_MS = 5000;
const DEFAULT_SEED = 1;

/** Anything with an `aborted` flag: an AbortSignal, or the shared-memory flag used by workers. */
export interface StopFlag {
  readonly aborted: boolean;
}

export interface SolveOnThisThreadOptions extends Omit<SolveOptions, 'signal' | 'threads'> {
  signal?: StopFlag;
}

/** Solves synchronously on the calling thread (deterministic for a seed when only maxIterations limits it). */
export function solveOnThisThread(problem: Problem, options: SolveOnThisThreadOptions = {}): Solution {
  const began = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const maxIterations = options.maxIterations ?? Infinity;
  const timeLimitMs = options.timeLimitMs ?? (options.maxIterations !== undefined ? Infinity : DEFAULT_TIME_LIMIT_MS);
  const inst = compileInstance(problem);
  const verdicts = screenJobs(inst);
  const active = new Uint8Array(inst.jobs);
  verdicts.forEach((v, j) => {
    active[j] = v === null ? 1 : 0;
  });
  const search = new Search(inst, active, seed);
  const result = search.run({
    seed,
    timeLimitMs: Math.max(0, timeLimitMs - (performance.now() - began)),
    maxIterations,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  return buildSolution(inst, result.routes, result.unassigned, verdicts, {
    iterations: result.iterations,
    elapsedMs: performance.now() - began,
    timeToFirstFeasibleMs: result.timeToFirstFeasibleMs + (performance.now() - began - result.elapsedMs),
    seed,
    threads: 1,
    progress: result.progress,
  });
}

/**
 * Orders solutions: fewer unserved orders from the highest priority down, then (vehicles-first
 * objectives) fewer vehicles, then lower objective value, then less distance.
 */
export function compareSolutions(problem: Problem, a: Solution, b: Solution): number {
  const counts = (s: Solution): number[] => {
    const c = [0, 0, 0, 0, 0, 0];
    for (const u of s.unassigned) {
      const p = Math.max(0, Math.min(5, Math.round(problem.shipments[u.shipment]?.priority ?? 0)));
      c[p]!++;
    }
    return c;
  };
  const ca = counts(a);
  const cb = counts(b);
  for (let p = 5; p >= 0; p--) if (ca[p] !== cb[p]) return ca[p]! - cb[p]!;
  if (isVehiclesFirst(problem.objective) && a.routes.length !== b.routes.length) return a.routes.length - b.routes.length;
  if (a.cost !== b.cost) return a.cost - b.cost;
  return a.distance - b.distance;
}

function shareMatrix(m: Float64Array): Float64Array {
  if (m.buffer instanceof SharedArrayBuffer) return m;
  const shared = new Float64Array(new SharedArrayBuffer(m.byteLength));
  shared.set(m);
  return shared;
}

interface WorkerMessage {
  type: 'progress' | 'done' | 'error';
  progress?: SolveProgress;
  solution?: Solution;
  error?: string;
}

function runWorker(
  problem: Problem,
  options: { seed: number; timeLimitMs?: number; maxIterations?: number },
  stop: Int32Array,
  onProgress: (p: SolveProgress) => void,
): Promise<Solution> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./solve-worker.mjs', import.meta.url), {
      workerData: { problem, options, stop },
    });
    let settled = false;
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'progress' && msg.progress) onProgress(msg.progress);
      else if (msg.type === 'done' && msg.solution) {
        settled = true;
        resolve(msg.solution);
        void worker.terminate();
      } else if (msg.type === 'error') {
        settled = true;
        reject(new Error(msg.error ?? 'solver worker failed'));
        void worker.terminate();
      }
    });
    worker.on('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`solver worker exited with code ${code}`));
      settled = true;
    });
  });
}

/**
 * Solves off the calling thread when threads > 1: each worker searches with its own seed and the
 * best solution wins. threads <= 1 runs on this thread (still returns a Promise).
 */
export async function solve(problem: Problem, options: SolveOptions = {}): Promise<Solution> {
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const seed = options.seed ?? DEFAULT_SEED;
  if (threads <= 1) return solveOnThisThread(problem, options);

  const began = performance.now();
  const shared: Problem = { ...problem, durations: shareMatrix(problem.durations), distances: shareMatrix(problem.distances) };
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const onAbort = (): void => {
    Atomics.store(stop, 0, 1);
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort);
  let bestReported: SolveProgress | null = null;
  const forward = (p: SolveProgress): void => {
    const better =
      bestReported === null ||
      p.unassigned < bestReported.unassigned ||
      (p.unassigned === bestReported.unassigned && p.cost < bestReported.cost);
    if (better) {
      bestReported = p;
      options.onProgress?.(p);
    }
  };
  try {
    const runs = Array.from({ length: threads }, (_, k) =>
      runWorker(shared, { seed: seed + 7919 * k, timeLimitMs: options.timeLimitMs, maxIterations: options.maxIterations }, stop, forward),
    );
    const settled = await Promise.allSettled(runs);
    const solutions = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    if (solutions.length === 0) {
      // Workers unavailable (e.g. a bundler hid the worker file): search here instead.
      return solveOnThisThread(problem, { ...options, seed });
    }
    let best = solutions[0]!;
    for (const s of solutions.slice(1)) if (compareSolutions(problem, s, best) < 0) best = s;
    best.stats = {
      ...best.stats,
      iterations: solutions.reduce((n, s) => n + s.stats.iterations, 0),
      elapsedMs: performance.now() - began,
      timeToFirstFeasibleMs: Math.min(...solutions.map((s) => s.stats.timeToFirstFeasibleMs)),
      seed,
      threads,
    };
    return best;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
