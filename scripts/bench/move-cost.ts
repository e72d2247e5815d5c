/**
 * CPU cost of the converged search on the seeded store-to-customer plans (bench:converge's `store`
 * kind), in process, one thread:
 *
 *   npm run bench:move-cost -- [--sizes 20] [--instances 6] [--seeds 1,2] [--rounds 3] [--moves 0] [--fold-setups]
 *
 * For every instance and seed: moves, cost and the CPU time of the process per move (the best of
 * `rounds` repeats, so work by other processes on the machine inflates it less). `--moves N`: a fixed
 * number of moves and no time limit instead of stopping on convergence. Searches without a time
 * limit are deterministic, so the costs printed are then a fingerprint: a change that only makes
 * moves cheaper must print the same ones. Converged runs repeated their moves and costs here too,
 * except once on a saturated machine (the first moves of a run cool by the larger of its time and
 * move shares), so fingerprints use `--moves`. Two versions are best compared running at the same
 * time (each in its own checkout), so that both see the same load. `--fold-setups`: every stop pays
 * its setup (folded into its handling time), as plans were made before setups were shared at a place,
 * so that fingerprints compare with versions from before.
 */
import { parseArgs } from 'node:util';
import { solveOnThisThread, type Problem, type Stop } from '@/server/optimizer';
import { storeProblem } from './store-problem';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '20' },
    instances: { type: 'string', default: '6' },
    seeds: { type: 'string', default: '1,2' },
    rounds: { type: 'string', default: '3' },
    moves: { type: 'string', default: '0' },
    'fold-setups': { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const instances = Number(values.instances);
const seeds = values.seeds.split(',').map(Number);
const rounds = Number(values.rounds);
const fixedMoves = Number(values.moves);

const folded = (stop: Stop | null): Stop | null =>
  stop && { ...stop, serviceSeconds: stop.serviceSeconds + (stop.setupSeconds ?? 0), setupSeconds: 0 };
const foldSetups = (problem: Problem): Problem => ({
  ...problem,
  shipments: problem.shipments.map((s) => ({ ...s, pickup: folded(s.pickup), delivery: folded(s.delivery) })),
});

for (const n of sizes) {
  let moves = 0;
  let cpu = 0;
  let costSum = 0;
  let runs = 0;
  for (let instance = 1; instance <= instances; instance++) {
    const built = await storeProblem(n, instance);
    const problem = values['fold-setups'] ? foldSetups(built) : built;
    for (const seed of seeds) {
      let best = Infinity;
      let solution: ReturnType<typeof solveOnThisThread> | undefined;
      for (let round = 0; round < rounds; round++) {
        const before = process.cpuUsage();
        solution = solveOnThisThread(
          problem,
          fixedMoves > 0 ? { seed, maxIterations: fixedMoves } : { seed, timeLimitMs: 60_000, untilConverged: true },
        );
        const used = process.cpuUsage(before);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      const s = solution!;
      moves += s.stats.iterations;
      cpu += best;
      costSum += s.cost;
      runs++;
      console.log(
        `store ${n} #${instance} seed ${seed}: ${s.stats.iterations} moves, cost ${s.cost.toFixed(3)}, ${s.unassigned.length} out, ${best.toFixed(0)} ms CPU, ${((best * 1000) / s.stats.iterations).toFixed(1)} µs/move`,
      );
    }
  }
  console.log(
    `store ${n}: mean ${Math.round(moves / runs)} moves, mean ${(cpu / runs).toFixed(0)} ms CPU, ${((cpu * 1000) / moves).toFixed(1)} µs/move, cost sum ${costSum.toFixed(3)}`,
  );
}
