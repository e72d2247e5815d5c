/**
 * Jobs: CPU-bound work (routing solves, booking searches) off the request path. One interface in
 * both modes: `pool` (default) runs jobs on worker threads of the app process; `queue` sends them
 * through pg-boss on PostgreSQL to `npm run worker` processes on any number of machines.
 */
import { getConfig, processWide } from '@/server/config';
import { getDbHandle } from '@/server/db';
import { createJobs, type Jobs } from './service';

export {
  createJobs,
  startJobWorker,
  JobEnqueueError,
  type Jobs,
  type JobListRequest,
  type JobsMode,
  type JobsOptions,
  type JobWorker,
} from './service';
export {
  registerJobKinds,
  registerJobTenancy,
  type JobKindDefinition,
  type JobKinds,
  type JobLane,
  type JobTenancy,
} from './handlers';
export { JobPayloadError } from './payload';
export { canonicalJson, hashInput } from './store';
export {
  JobConflictError,
  JobError,
  type AnyJobHandler,
  type JobAnswer,
  type JobCommitContext,
  type JobEnvironment,
  type JobErrorBody,
  type JobHandler,
  type JobPrepareContext,
  type JobRecord,
  type JobRunContext,
  type JobScope,
  type JobStatus,
  type Json,
  type SubmitOutcome,
  type SubmitRequest,
} from './types';

const processJobs = processWide<Jobs>('jobs');

/** How long a signalled process waits for its jobs to be given back before it exits anyway. */
const RELEASE_ON_EXIT_TIMEOUT_MS = 5_000;

/** Exit status of a process ended by a signal it did not otherwise handle (128 + the signal's number). */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * A graceful restart (SIGTERM, SIGINT) gives the jobs running here back, so that they are not
 * counted as failed attempts. The server's own signal handler (Next's) calls process.exit as soon
 * as its HTTP server has closed, usually before the release has reached the database: until the
 * release is done (at most RELEASE_ON_EXIT_TIMEOUT_MS) that exit is held back, then made as asked.
 * Where nothing else handles the signal, the process exits after the release as the signal would
 * have made it.
 */
function stopJobsOnSignals(): void {
  let signalled = false;
  const onSignal = (signal: keyof typeof SIGNAL_EXIT_CODES) => {
    if (signalled) return;
    signalled = true;
    const alone = process.listenerCount(signal) === 0;
    const exit = process.exit.bind(process);
    let exitCode: Parameters<typeof process.exit>[0] | null = alone ? SIGNAL_EXIT_CODES[signal] : null;
    let released = false;
    const exitNow = () => {
      released = true;
      process.exit = exit;
      if (exitCode !== null) exit(exitCode);
    };
    process.exit = (code?: Parameters<typeof process.exit>[0]) => {
      exitCode = code ?? process.exitCode ?? 0;
      if (released) exitNow();
      return undefined as never;
    };
    const timer = setTimeout(exitNow, RELEASE_ON_EXIT_TIMEOUT_MS);
    timer.unref();
    void stopJobs()
      .catch((error: unknown) => console.error('jobs could not be stopped', error))
      .finally(() => {
        clearTimeout(timer);
        exitNow();
      });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => onSignal(signal));
}

/**
 * The process's job service on the process's database, started on first use (pool mode adopts
 * jobs a previous process left unfinished at that moment).
 */
export function getJobs(): Promise<Jobs> {
  return processJobs.get(() => {
    stopJobsOnSignals();
    return getDbHandle().then((handle) => createJobs({ handle, config: getConfig() }));
  });
}

/** Stops the process's job service, if started. */
export async function stopJobs(): Promise<void> {
  const jobs = await processJobs.take();
  await jobs?.stop();
}
