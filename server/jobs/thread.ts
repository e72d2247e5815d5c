import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread, workerData, type MessagePort } from 'node:worker_threads';
import { loadJobHandler } from './handlers';
import { JobError, type JobErrorBody, type Json } from './types';
import { isErrorNamed } from '@/server/errors';
import type { JobThreadData } from './threads';

/** What the main thread sends a worker thread for one execution. */
export interface ThreadTask {
  kind: string;
  jobId: string;
  attempt: number;
  input: Json;
  deadline: number;
  timeLimitMs: number;
  /** Progress reports go back through this port. */
  port: MessagePort;
}

/** A handler's own failure comes back as a value; a rejected task means the thread itself failed. */
export type ThreadOutcome = { ok: true; result: Json } | { ok: false; error: JobErrorBody };

/**
 * A JobError, also one made by another copy of this module: Next's server bundle can load a module
 * more than once (a domain's handler, imported lazily, may get its own copy of server/jobs), and
 * `instanceof` fails across copies.
 */
function isJobError(error: unknown): error is JobError {
  return isErrorNamed(error, JobError, 'JobError') && typeof (error as { code?: unknown }).code === 'string';
}

export function errorBody(error: unknown): JobErrorBody {
  if (isJobError(error)) return { code: error.code, message: error.message };
  return { code: 'optimization_failed', message: error instanceof Error ? error.message : String(error) };
}

/**
 * How much lower than the process a throughput thread (and the solver threads it starts) is
 * scheduled. At niceness 10 Linux gives it about a tenth of the weight of a thread at the process's
 * own priority: the event loop and the latency lane's threads take a core from a solve when they
 * need one, and solves have every core otherwise.
 */
const THROUGHPUT_THREAD_NICENESS = 10;

/**
 * Requests, polls and latency-lane jobs come first: with every core solving, the event-loop thread
 * and a checkout's search would otherwise wait their turn behind the solver threads. Linux
 * schedules threads separately, so this lowers only this worker thread (its id from
 * /proc/thread-self); elsewhere it does nothing. Never on the main thread (this module is also
 * loaded there, for `errorBody`) nor on a latency-lane thread.
 */
function yieldToTheEventLoopThread(): void {
  if (isMainThread) return;
  if ((workerData as Partial<JobThreadData> | undefined)?.lane === 'latency') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0)
      setPriority(threadId, Math.min(19, getPriority(threadId) + THROUGHPUT_THREAD_NICENESS));
  } catch {
    // Not Linux, or not permitted: the thread keeps the process's priority.
  }
}
yieldToTheEventLoopThread();

export async function runJobInThread(task: ThreadTask): Promise<ThreadOutcome> {
  const controller = new AbortController();
  // Fires only if the handler yields; a CPU-bound handler honours `deadline` itself, and past the
  // deadline plus a grace the main thread terminates this thread.
  const timer = setTimeout(
    () => controller.abort(new JobError('optimization_failed', 'time limit reached')),
    Math.max(0, task.deadline - Date.now()),
  );
  try {
    const handler = await loadJobHandler(task.kind);
    const result: unknown = await handler.run(task.input, {
      jobId: task.jobId,
      attempt: task.attempt,
      signal: controller.signal,
      deadline: task.deadline,
      timeLimitMs: task.timeLimitMs,
      heartbeat: (progress?: Json) => task.port.postMessage({ progress: progress ?? null }),
    });
    return { ok: true, result: (result ?? null) as Json };
  } catch (error) {
    return { ok: false, error: errorBody(error) };
  } finally {
    clearTimeout(timer);
    task.port.close();
  }
}
