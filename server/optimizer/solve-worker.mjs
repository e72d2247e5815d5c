// Worker-thread entry: plain JavaScript so Node can start it anywhere; it registers the TypeScript
// loader and then runs the TypeScript worker body.
import { register } from 'tsx/esm/api';

register();
await import('./solve-worker-body.ts');
