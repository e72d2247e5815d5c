// Li & Lim PDPTW benchmark: npm run bench:lilim -- --time-limit 2 --threads 2 [--iterations MOVES_PER_THREAD] [--instances lc101,lr201] [--out FILE] [--solutions DIR] [--dir DIR]
import path from 'node:path';
import { runBenchmarkCli } from '../server/optimizer/benchmarks/run';

await runBenchmarkCli('lilim', path.resolve(import.meta.dirname, '..'), process.argv.slice(2));
