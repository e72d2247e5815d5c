// Worker-thread entry of the application's job pool: registers every domain's job kinds inside the
// thread, then serves the jobs layer's runner. Plain JavaScript so Node can start it without a
// bundler; tsx then loads the TypeScript (with the project's `@/` paths).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

/** A job thread started this soon after its process is the one the pool starts with it. */
const STARTUP_SECONDS = 10;

register();
await import('./kinds.ts');
const { runJobInThread } = await import('../jobs/thread.ts');
// Every kind's handler of this thread's lane loads in the background now, not when the thread's first
// job arrives: the pool starts a thread at boot, so the first request after a start is answered as
// fast as later ones.
// The thread the pool starts with its process also warms the handlers up (compiles the solver);
// one started later, under load, would take cores from the jobs it was started for.
const { preloadJobHandlers } = await import('../jobs/handlers.ts');
preloadJobHandlers({ warmUp: process.uptime() < STARTUP_SECONDS, lane: workerData?.lane });

export default runJobInThread;
