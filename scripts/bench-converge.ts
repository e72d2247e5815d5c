/**
 * The default budget's stop on convergence against a fixed time budget, on seeded instances:
 *
 *   npm run bench:converge -- [--sizes 5,10,20] [--instances 6] [--seeds 1,2] [--reference-seconds 2]
 *     [--kinds store,depot] [--exhaustive 40] [--threads 1]
 *
 * Kinds of instance:
 * - `store`: the seeded store-to-customer plans of bench:plan-latency (`cityPlan`: pickups at three
 *   Atlanta stores, dropoffs over the metro, three-hour windows, one vehicle per 12 orders and at
 *   least two, MIN_DURATION with rush-hour traffic), translated by the routing module as the API
 *   does (embedded geocoder and matrix);
 * - `depot`: the solver's own city instances (`cityInstance`: mostly depot deliveries, four depots,
 *   one vehicle per 8 orders and at least two).
 *
 * Each instance is solved on one thread with every seed, once stopping on convergence (capped at 60 s,
 * which none reaches) and once with the reference time budget. A line per instance and seed, then a
 * summary per kind and size: how often convergence is as good, better or worse (orders left out, then
 * cost), the mean cost gap, and the mean iterations and milliseconds of the converged runs.
 * `--exhaustive N` also solves N seeded tiny instances (3 to 5 shipments, every objective) stopping on
 * convergence and counts the ones that miss the exhaustive optimum. `--threads 2`: the converged
 * searches (not the references) run on two threads, their first two runs side by side, as the routing
 * default budget does for small plans; their time is then wall time.
 */
import { parseArgs } from 'node:util';
import { compareSolutions, OBJECTIVES, prepareSolverThreads, solve, solveOnThisThread, type Problem } from '@/server/optimizer';
import { cityInstance, compareObjective, randomInstance, solutionObjective, solveExhaustively } from '@/server/optimizer/verify';
import { storeProblem } from './store-problem';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '5,10,20' },
    instances: { type: 'string', default: '6' },
    seeds: { type: 'string', default: '1,2' },
    'reference-seconds': { type: 'string', default: '2' },
    kinds: { type: 'string', default: 'store,depot' },
    exhaustive: { type: 'string', default: '40' },
    threads: { type: 'string', default: '1' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const instances = Number(values.instances);
const seeds = values.seeds.split(',').map(Number);
const referenceMs = Number(values['reference-seconds']) * 1000;
const kinds = values.kinds.split(',').filter(Boolean);
const exhaustiveCount = Number(values.exhaustive);
const threads = Number(values.threads);
if (sizes.some((n) => !(n > 0)) || !(instances >= 1) || seeds.some((s) => !Number.isInteger(s)) || !(referenceMs > 0) || !(exhaustiveCount >= 0)) {
  throw new Error('bad --sizes, --instances, --seeds, --reference-seconds or --exhaustive');
}
if (!(Number.isInteger(threads) && threads >= 1)) throw new Error('bad --threads');
if (threads > 1) await prepareSolverThreads(threads);
/** The search under test: stopping on convergence, on `threads` threads. */
const converge = (problem: Problem, seed: number) => solve(problem, { seed, timeLimitMs: 60_000, untilConverged: true, threads });

console.log(
  `bench:converge  sizes ${sizes.join(',')}  instances ${instances}  seeds ${seeds.join(',')}  reference ${referenceMs / 1000} s  kinds ${kinds.join(',')}  converging on ${threads} thread(s), references on one`,
);
const summary: string[] = [];
for (const kind of kinds) {
  for (const n of sizes) {
    let same = 0;
    let better = 0;
    let worse = 0;
    let gapSum = 0;
    let iterations = 0;
    let ms = 0;
    let runs = 0;
    for (let instance = 1; instance <= instances; instance++) {
      const problem =
        kind === 'store' ? await storeProblem(n, instance) : cityInstance(instance, { orders: n, vehicles: Math.max(2, Math.ceil(n / 8)), traffic: true });
      for (const seed of seeds) {
        const reference = solveOnThisThread(problem, { seed, timeLimitMs: referenceMs });
        const began = performance.now();
        const converged = await converge(problem, seed);
        const took = performance.now() - began;
        const cmp = compareSolutions(problem, converged, reference);
        if (cmp === 0) same++;
        else if (cmp < 0) better++;
        else worse++;
        const gap = converged.unassigned.length === reference.unassigned.length ? converged.cost / reference.cost - 1 : 0;
        gapSum += gap;
        iterations += converged.stats.iterations;
        ms += took;
        runs++;
        console.log(
          `${kind} ${n} #${instance} seed ${seed}: reference ${reference.cost.toFixed(0)} (${reference.unassigned.length} out, ${reference.stats.iterations} moves)` +
            `  converged ${converged.cost.toFixed(0)} (${converged.unassigned.length} out, ${converged.stats.iterations} moves, ${took.toFixed(0)} ms)  ${cmp === 0 ? 'same' : cmp < 0 ? 'better' : 'worse'} ${(gap * 100).toFixed(2)}%`,
        );
      }
    }
    summary.push(
      `| ${kind} | ${n} | ${runs} | ${same} / ${better} / ${worse} | ${((gapSum / runs) * 100).toFixed(2)}% | ${Math.round(iterations / runs).toLocaleString('en-US')} | ${Math.round(ms / runs)} ms |`,
    );
  }
}
console.log('\n| kind | orders | runs | converged vs reference: same / better / worse | mean cost gap | mean moves | mean time |');
console.log('|---|---|---|---|---|---|---|');
for (const line of summary) console.log(line);

if (exhaustiveCount > 0) {
  let missed = 0;
  for (let seed = 1; seed <= exhaustiveCount; seed++) {
    const problem = randomInstance(seed * 7_919 + 3, { shipments: 3 + (seed % 3), vehicles: 2 + (seed % 2), objective: OBJECTIVES[seed % OBJECTIVES.length]! });
    const exact = solveExhaustively(problem);
    const solution = await converge(problem, 1);
    if (compareObjective(problem.objective, solutionObjective(problem, solution), exact.value, 1e-6) !== 0) {
      missed++;
      console.log(`exhaustive seed ${seed} ${problem.objective}: converged run misses the optimum`);
    }
  }
  console.log(`\nexhaustive: ${exhaustiveCount - missed} of ${exhaustiveCount} tiny instances at the exact optimum when stopping on convergence`);
}
