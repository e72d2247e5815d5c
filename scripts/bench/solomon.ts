// Solomon VRPTW benchmark: npm run bench:solomon -- --time-limit 2 --threads 2 [--iterations MOVES_PER_THREAD] [--instances C101,R201] [--out FILE] [--solutions DIR] [--dir DIR]
import { runBenchmarkCli } from '../../server/optimizer/benchmarks/run';

await runBenchmarkCli('solomon', process.argv.slice(2));
