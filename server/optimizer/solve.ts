import { Worker } from 'node:worker_threads';
import { screenJobs } from './explain';
import { compileInstance } from './instance';
import type { Problem, Solution, SolveOptions, SolveProgress } from './model';
import { isVehiclesFirst } from './objective';
import { Search, type SearchParams, threadSearchParams } from './search';
import { buildSolution } from './solution';
import { PlanBoard, type PlanBoardHandle, createPlanBoard } from './plan-board';
import { PRIORITY_LEVELS, compareLeftOut, priorityLevel } from './priority';

/** Default search time when neither a time nor an iteration limit is given. */
export const DEFAULT_TIME_LIMIT_MS = 5000;
const DEFAULT_SEED = 1;

/** Anything with an `aborted` flag: an AbortSignal, or the shared-memory flag used by workers. */
export interface StopFlag {
  readonly aborted: boolean;
}

export interface SolveOnThisThreadOptions extends Omit<SolveOptions, 'signal' | 'threads'> {
  signal?: StopFlag;
  /** How this thread searches (see SearchParams; the defaults where not given). */
  params?: Partial<SearchParams>;
  /** The budget is counted in work: the time limit only stops the search (see BudgetLimits.timeOnlyStops). */
  timeOnlyStops?: boolean;
  /** Solving on several threads: the board they share their best plans on, and this thread's slot. */
  planBoard?: { handle: PlanBoardHandle; slot: number };
}

/** What a solver thread is asked to do (the options solve() gives each thread). */
export type ThreadSolveOptions = Pick<
  SolveOnThisThreadOptions,
  'timeLimitMs' | 'maxIterations' | 'untilConverged' | 'maxRunMoves' | 'params' | 'timeOnlyStops' | 'planBoard'
> & {
  seed: number;
};

/** The compiled problem, each order's screening verdict, and a search over the orders that passed it. */
export function prepareSearch(problem: Problem, seed: number) {
  const inst = compileInstance(problem);
  const verdicts = screenJobs(inst);
  const active = new Uint8Array(inst.jobs);
  verdicts.forEach((v, j) => {
    active[j] = v === null ? 1 : 0;
  });
  return { inst, verdicts, search: new Search(inst, active, seed) };
}

/** Solves synchronously on the calling thread (deterministic for a seed when only maxIterations limits it). */
export function solveOnThisThread(problem: Problem, options: SolveOnThisThreadOptions = {}): Solution {
  const began = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const maxIterations = options.maxIterations ?? Infinity;
  const timeLimitMs = options.timeLimitMs ?? (options.maxIterations !== undefined ? Infinity : DEFAULT_TIME_LIMIT_MS);
  const { inst, verdicts, search } = prepareSearch(problem, seed);
  const result = search.run({
    timeLimitMs: Math.max(0, timeLimitMs - (performance.now() - began)),
    maxIterations,
    untilConverged: options.untilConverged ?? false,
    maxRunMoves: options.maxRunMoves,
    params: options.params,
    timeOnlyStops: options.timeOnlyStops,
    ...(options.planBoard
      ? { exchange: { board: new PlanBoard(options.planBoard.handle), slot: options.planBoard.slot } }
      : {}),
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
    const c = new Array<number>(PRIORITY_LEVELS).fill(0);
    for (const u of s.unassigned) c[priorityLevel(problem.shipments[u.shipment]?.priority ?? 0)]!++;
    return c;
  };
  const leftOut = compareLeftOut(counts(a), counts(b));
  if (leftOut !== 0) return leftOut;
  if (isVehiclesFirst(problem.objective) && a.routes.length !== b.routes.length)
    return a.routes.length - b.routes.length;
  if (a.cost !== b.cost) return a.cost - b.cost;
  return a.distance - b.distance;
}

/** The problem with its matrices in shared memory, so solver threads read them without a copy each. */
function shareProblem(problem: Problem): Problem {
  const durations = shareMatrix(problem.durations);
  // One matrix for both (travel time = distance, as in the benchmarks) stays one: the threads'
  // caches then hold half as much.
  const distances = problem.distances === problem.durations ? durations : shareMatrix(problem.distances);
  return { ...problem, durations, distances };
}

function shareMatrix(m: Float64Array): Float64Array {
  if (m.buffer instanceof SharedArrayBuffer) return m;
  const shared = new Float64Array(new SharedArrayBuffer(m.byteLength));
  shared.set(m);
  return shared;
}

interface WorkerMessage {
  type: 'ready' | 'progress' | 'done' | 'error';
  id: number;
  progress?: SolveProgress;
  solution?: Solution;
  error?: string;
}

interface WorkerTask {
  problem: Problem;
  options: ThreadSolveOptions;
  stop: Int32Array;
  onProgress: (p: SolveProgress) => void;
  resolve: (s: Solution) => void;
  reject: (e: Error) => void;
}

/**
 * Reusable solver threads: starting a thread (and its TypeScript loader) costs far more than a
 * short solve, so threads stay alive between solves, unreferenced while idle so they never keep
 * the process running.
 */
class SolverThread {
  private readonly worker: Worker;
  private task: WorkerTask | null = null;
  private taskId = 0;
  broken = false;
  /** Resolves once the thread has loaded the solver. */
  readonly ready: Promise<void>;

  constructor() {
    this.worker = new Worker(new URL('./solve-worker.mjs', import.meta.url));
    this.worker.unref();
    let markReady = (): void => {};
    this.ready = new Promise((resolve) => {
      markReady = resolve;
    });
    this.worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'ready') markReady();
      const task = this.task;
      if (!task || msg.id !== this.taskId) return;
      if (msg.type === 'progress' && msg.progress) task.onProgress(msg.progress);
      else if (msg.type === 'done' && msg.solution) this.finish(() => task.resolve(msg.solution!));
      else if (msg.type === 'error') this.finish(() => task.reject(new Error(msg.error ?? 'solver thread failed')));
    });
    const fail = (err: Error): void => {
      this.broken = true;
      markReady();
      const task = this.task;
      if (task) this.finish(() => task.reject(err));
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`solver thread exited with code ${code}`)));
  }

  get idle(): boolean {
    return this.task === null && !this.broken;
  }

  private finish(settle: () => void): void {
    this.task = null;
    this.worker.unref();
    settle();
  }

  run(
    problem: Problem,
    options: WorkerTask['options'],
    stop: Int32Array,
    onProgress: (p: SolveProgress) => void,
  ): Promise<Solution> {
    return new Promise((resolve, reject) => {
      this.task = { problem, options, stop, onProgress, resolve, reject };
      this.taskId++;
      this.worker.ref();
      this.worker.postMessage({ type: 'solve', id: this.taskId, problem, options, stop });
    });
  }
}

const threadPool: SolverThread[] = [];

function idleThreads(count: number): SolverThread[] {
  for (let i = threadPool.length - 1; i >= 0; i--) if (threadPool[i]!.broken) threadPool.splice(i, 1);
  const idle = threadPool.filter((t) => t.idle).slice(0, count);
  while (idle.length < count) {
    const t = new SolverThread();
    threadPool.push(t);
    idle.push(t);
  }
  return idle;
}

/** Solver threads alive in this thread's pool (tests). */
export function solverThreadsAlive(): number {
  return threadPool.filter((t) => !t.broken).length;
}

/** Starts (or reuses) solver threads and waits until they have loaded, so later solves start at once. */
export async function prepareSolverThreads(count: number): Promise<void> {
  await Promise.all(idleThreads(Math.max(0, Math.floor(count))).map((t) => t.ready));
}

/** The warm-up under way (see warmUpSolverThreads): its stop flag, and its end. */
let warmUp: { stop: Int32Array; done: Promise<void> } | null = null;
/** Solves under way on this thread (solve()): a warm-up neither starts nor goes on beside one. */
let solvesRunning = 0;

/**
 * Compiles the search's hot code on solver threads before the first solve needs it: `threads`
 * threads (started if need be) each solve each of `problems` `runs` times, as a small plan is solved
 * (one converged run per thread). A solve asked for meanwhile stops the warm-up and waits for its threads
 * (they stop within a move), so it neither waits for the warm-up nor shares the cores with it. Until
 * V8 has compiled the search, a 20-order plan took two to three times as long (bench:plan-latency).
 */
export function warmUpSolverThreads(
  problems: readonly Problem[],
  options: { threads: number; runs: number; seed?: number },
): Promise<void> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const seed = options.seed ?? DEFAULT_SEED;
  const run = async (): Promise<void> => {
    // A plan got here first: its threads are busy, and new ones would take its cores.
    if (solvesRunning > 0) return;
    let workers: SolverThread[];
    try {
      workers = idleThreads(options.threads);
    } catch {
      return;
    }
    await Promise.all(workers.map((t) => t.ready));
    // One stop flag for them all: a solve that stops the warm-up ends it, not just its current problem.
    for (const problem of problems) {
      const shared = shareProblem(problem);
      for (let k = 0; k < options.runs && Atomics.load(stop, 0) === 0; k++) {
        await Promise.allSettled(
          workers.map((w, t) =>
            w.run(shared, threadSolveOptions({ untilConverged: true }, seed + k, t, null), stop, () => {}),
          ),
        );
      }
    }
  };
  const previous = warmUp;
  const entry = {
    stop,
    done: (async () => {
      await stopWarmUp(previous);
      await run();
    })(),
  };
  warmUp = entry;
  return entry.done.finally(() => {
    if (warmUp === entry) warmUp = null;
  });
}

async function stopWarmUp(entry = warmUp): Promise<void> {
  if (entry === null) return;
  Atomics.store(entry.stop, 0, 1);
  await entry.done;
}

/** What thread k of a solve on several threads is asked to do (`board`: the plans they share, null when they share none). */
export function threadSolveOptions(
  options: SolveOptions,
  seed: number,
  k: number,
  board: PlanBoardHandle | null,
): ThreadSolveOptions {
  // Searching against a time limit the threads share their best plans (converged runs stay
  // independent, and so deterministic: see Search.run).
  const sharing = board !== null && !options.untilConverged;
  return {
    seed: seed + 7919 * k,
    timeLimitMs: options.timeLimitMs,
    maxIterations: options.maxIterations,
    untilConverged: options.untilConverged,
    ...(options.maxRunMoves !== undefined ? { maxRunMoves: options.maxRunMoves } : {}),
    params: threadSearchParams(k, { sharing, untilConverged: options.untilConverged ?? false }),
    // A fixed number of converged runs is a budget in work: the time limit only stops it.
    ...(fixedRuns(options) !== null ? { timeOnlyStops: true } : {}),
    ...(sharing ? { planBoard: { handle: board, slot: k } } : {}),
  };
}

/**
 * Solves off the calling thread when threads > 1: each worker searches with its own seed and the
 * best solution wins. threads <= 1 runs on this thread (still returns a Promise).
 */
export async function solve(problem: Problem, options: SolveOptions = {}): Promise<Solution> {
  solvesRunning++;
  try {
    await stopWarmUp();
    return await solveOnThreads(problem, options);
  } finally {
    solvesRunning--;
  }
}

/** The number of independent runs a solve makes (SolveOptions.independentRuns), or null when it stops by itself. */
function fixedRuns(options: SolveOptions): number | null {
  if (!options.untilConverged || options.independentRuns === undefined) return null;
  return Math.max(1, Math.floor(options.independentRuns));
}

/** The best of the solutions, the earliest among equals (the order of the runs, not of their ends). */
function bestOf(problem: Problem, solutions: readonly Solution[]): Solution {
  let best = solutions[0]!;
  for (const s of solutions.slice(1)) if (compareSolutions(problem, s, best) < 0) best = s;
  return best;
}

/** SolveOptions.independentRuns on this thread, one run after the other. */
function solveRunsOnThisThread(problem: Problem, options: SolveOptions, runs: number): Solution {
  const began = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const deadline = began + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  const solutions: Solution[] = [];
  for (let k = 0; k < runs && (k === 0 || (performance.now() < deadline && !options.signal?.aborted)); k++) {
    const { planBoard: _planBoard, ...run } = threadSolveOptions(options, seed, k, null);
    solutions.push(
      solveOnThisThread(problem, {
        ...run,
        timeLimitMs: Math.max(0, deadline - performance.now()),
        signal: options.signal,
        onProgress: options.onProgress,
      }),
    );
  }
  const best = bestOf(problem, solutions);
  best.stats = {
    ...best.stats,
    iterations: solutions.reduce((n, s) => n + s.stats.iterations, 0),
    elapsedMs: performance.now() - began,
    seed,
    threads: 1,
  };
  return best;
}

async function solveOnThreads(problem: Problem, options: SolveOptions): Promise<Solution> {
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const seed = options.seed ?? DEFAULT_SEED;
  const runs = fixedRuns(options);
  if (threads <= 1)
    return runs === null ? solveOnThisThread(problem, options) : solveRunsOnThisThread(problem, options, runs);

  const began = performance.now();
  const shared = shareProblem(problem);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  // The time limit counts from here: threads stop when it has passed, whenever they started.
  const timer =
    options.timeLimitMs !== undefined ? setTimeout(() => Atomics.store(stop, 0, 1), options.timeLimitMs) : undefined;
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
    let workers: SolverThread[];
    try {
      workers = idleThreads(threads);
    } catch {
      // Threads cannot start here (e.g. a bundler left the worker file behind): search on this thread.
      return solveOnThisThread(problem, { ...options, seed });
    }
    const board = options.untilConverged
      ? null
      : createPlanBoard(workers.length, 2 * problem.shipments.length, problem.vehicles.length);
    // Fixed runs: each worker takes the next run until all are made (run k's plan depends on k only).
    const ofRun: (Solution | undefined)[] = [];
    let nextRun = workers.length;
    const runOn = async (w: SolverThread, first: number): Promise<void> => {
      const last = runs ?? first + 1;
      for (let k = first; k < last && (k === first || Atomics.load(stop, 0) === 0); k = nextRun++) {
        ofRun[k] = await w.run(shared, threadSolveOptions(options, seed, k, board), stop, forward);
      }
    };
    await Promise.allSettled(workers.map((w, k) => (k < (runs ?? workers.length) ? runOn(w, k) : Promise.resolve())));
    const solutions = ofRun.filter((s): s is Solution => s !== undefined);
    if (solutions.length === 0) {
      // Workers unavailable (e.g. a bundler hid the worker file): search here instead.
      return solveOnThisThread(problem, { ...options, seed });
    }
    const best = bestOf(problem, solutions);
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
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
