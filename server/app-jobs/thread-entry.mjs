// Worker-thread entry of the application's job pool: registers every domain's job kinds inside the
// thread, then serves the jobs layer's runner. Plain JavaScript so Node can start it without a
// bundler; tsx then loads the TypeScript (with the project's `@/` paths).
import { register } from 'tsx/esm/api';

register();
await import('./kinds.ts');
const { runJobInThread } = await import('../jobs/thread.ts');

export default runJobInThread;
