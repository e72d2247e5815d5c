/**
 * A queue-mode job worker: `npm run worker`. Needs DATABASE_URL (the PostgreSQL server the app
 * instances use). Run any number of these on any number of machines; each runs up to
 * WORKER_CONCURRENCY routing solves at once on its own threads (`--concurrency N` overrides it) and
 * booking searches on JOBS_LATENCY_THREADS threads of their own. SIGINT/SIGTERM stop it gracefully:
 * its jobs go to other workers at once, not counted as attempts. A worker killed outright loses
 * nothing either: its jobs run again elsewhere after its heartbeat lapses.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '@/server/config';
import { createDb } from '@/server/db';
import { startJobWorker } from '@/server/app-jobs';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { concurrency: { type: 'string' } } });
  const config = getConfig();
  if (!config.DATABASE_URL) throw new Error('the worker needs DATABASE_URL: a PostgreSQL server shared with the app');
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new Error('--concurrency must be a positive integer');
  }
  const handle = await createDb({ databaseUrl: config.DATABASE_URL, maxConnections: 4 });
  const worker = await startJobWorker({ handle, concurrency, config });
  console.log(
    `job worker ${worker.owner} running ${worker.concurrency} solves and ${worker.latencyConcurrency} booking searches at a time`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
