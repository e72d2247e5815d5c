// Worker-thread entry for the job pool. Plain JavaScript so Node can start it without a bundler;
// tsx then loads the TypeScript handlers (with the project's `@/` paths) inside the thread.
import { register } from 'tsx/esm/api';

register();
const { runJobInThread } = await import('./thread.ts');

export default runJobInThread;
