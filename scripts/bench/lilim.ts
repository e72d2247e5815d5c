// Li & Lim PDPTW benchmark: npm run bench:lilim -- --time-limit 2 --threads 2 [--iterations MOVES_PER_THREAD] [--instances lc101,lr201] [--out FILE] [--solutions DIR] [--dir DIR]
import { runBenchmarkCli } from '../../server/optimizer/benchmarks/run';

await runBenchmarkCli('lilim', process.argv.slice(2));
