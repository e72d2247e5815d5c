import { prepareSolverThreads } from '@/server/optimizer';
const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const before = mb();
await prepareSolverThreads(2);
await new Promise((r) => setTimeout(r, 500));
console.log(`rss before ${before} MB, with two solver threads ${mb()} MB`);
