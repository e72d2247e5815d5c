import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { jobThreadEntry, type JobLane } from './handlers';
import type { ThreadOutcome, ThreadTask } from './thread';
import type { Json } from './types';

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

/** Why a task's thread was stopped before it returned. */
type StopReason = 'canceled' | 'deadline';

export class ThreadStopped extends Error {
  constructor(public readonly reason: StopReason) {
    super(`job thread stopped: ${reason}`);
    this.name = 'ThreadStopped';
  }
}

/** What a thread learns about its pool when it starts (node:worker_threads `workerData`). */
export interface JobThreadData {
  lane: JobLane;
}

/**
 * Worker threads for CPU-bound handlers, so the process's event loop stays free. One pool per lane:
 * the latency lane's threads run at the process's priority and are all started with the pool (a
 * checkout must not wait for a thread to start); throughput threads are scheduled below them.
 */
export class JobThreadPool {
  private readonly piscina: Piscina<ThreadTask, ThreadOutcome>;

  constructor(
    readonly size: number,
    readonly lane: JobLane = 'throughput',
  ) {
    const workerData: JobThreadData = { lane };
    this.piscina = new Piscina<ThreadTask, ThreadOutcome>({
      filename: jobThreadEntry(),
      workerData,
      maxThreads: size,
      minThreads: lane === 'latency' ? size : Math.min(size, 1),
      idleTimeout: 60_000,
      // Piscina's default parks an idle thread in Atomics.wait, which also stops its event loop:
      // what a thread starts in the background (loading the handlers, warming them up) would then
      // wait for the first job. A job's hand-over costs a message event instead (microseconds).
      atomics: 'disabled',
    });
  }

  /**
   * Runs one execution. The thread is terminated (and replaced) when `signal` aborts or when the
   * handler overruns its deadline by `graceMs`: either frees the worker at once.
   */
  async run(
    task: Omit<ThreadTask, 'port'>,
    options: { signal: AbortSignal; graceMs: number; onProgress?: (progress: Json) => void },
  ): Promise<ThreadOutcome> {
    const channel = new MessageChannel();
    channel.port1.on('message', (message: { progress: Json }) => options.onProgress?.(message.progress));
    const stop = new AbortController();
    let reason: StopReason | undefined;
    const onCancel = () => {
      reason ??= 'canceled';
      stop.abort();
    };
    if (options.signal.aborted) onCancel();
    options.signal.addEventListener('abort', onCancel, { once: true });
    const overrun = setTimeout(
      () => {
        reason ??= 'deadline';
        stop.abort();
      },
      Math.max(0, task.deadline - Date.now()) + options.graceMs,
    );
    try {
      return await this.piscina.run(
        { ...task, port: channel.port2 },
        { signal: stop.signal, transferList: [channel.port2] },
      );
    } catch (error) {
      if (reason) throw new ThreadStopped(reason);
      throw error;
    } finally {
      clearTimeout(overrun);
      options.signal.removeEventListener('abort', onCancel);
      channel.port1.close();
    }
  }

  get threads(): number {
    return this.piscina.threads.length;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
