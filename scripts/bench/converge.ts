/**
 * The default budget's stop on convergence against a fixed time budget, on seeded instances:
 *
 *   npm run bench:converge -- [--sizes 5,10,20] [--instances 6] [--seeds 1,2] [--reference-seconds 2]
 *     [--kinds store,depot] [--exhaustive 40] [--threads 1] [--reference-threads 1] [--rounds 1]
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
 * default budget does for small plans; their time is then wall time. `--reference-threads 2`: the
 * references run on two threads sharing their plans, as the service solves with a time budget, so
 * that the comparison is the default budget against the service's own 2 s answer. `--rounds R`
 * (R > 1): also what R rounds of two converged runs side by side would give (the best of the first 2,
 * 4, ... 2R runs, run k with the settings and seed of solver thread k, one after another on this
 * thread), against the same references: the quality that more time would buy a small plan.
 */
import { parseArgs } from 'node:util';
import {
  compareSolutions,
  OBJECTIVES,
  prepareSolverThreads,
  solve,
  solveOnThisThread,
  type Problem,
  type Solution,
} from '@/server/optimizer';
import { threadSolveOptions } from '@/server/optimizer/solve';
import {
  cityInstance,
  compareObjective,
  randomInstance,
  solutionObjective,
  solveExhaustively,
} from '@/server/optimizer/verify';
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
    'reference-threads': { type: 'string', default: '1' },
    rounds: { type: 'string', default: '1' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const instances = Number(values.instances);
const seeds = values.seeds.split(',').map(Number);
const referenceMs = Number(values['reference-seconds']) * 1000;
const kinds = values.kinds.split(',').filter(Boolean);
const exhaustiveCount = Number(values.exhaustive);
const threads = Number(values.threads);
const referenceThreads = Number(values['reference-threads']);
const rounds = Number(values.rounds);
if (
  sizes.some((n) => !(n > 0)) ||
  !(instances >= 1) ||
  seeds.some((s) => !Number.isInteger(s)) ||
  !(referenceMs > 0) ||
  !(exhaustiveCount >= 0)
) {
  throw new Error('bad --sizes, --instances, --seeds, --reference-seconds or --exhaustive');
}
if (!(Number.isInteger(threads) && threads >= 1) || !(Number.isInteger(referenceThreads) && referenceThreads >= 1))
  throw new Error('bad --threads or --reference-threads');
if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error('bad --rounds');
if (Math.max(threads, referenceThreads) > 1) await prepareSolverThreads(Math.max(threads, referenceThreads));
/** The search under test: stopping on convergence, on `threads` threads. */
const converge = (problem: Problem, seed: number) =>
  solve(problem, { seed, timeLimitMs: 60_000, untilConverged: true, threads });
/** What it is compared with: the reference time budget, on `referenceThreads` threads. */
const referenceSolve = async (problem: Problem, seed: number) =>
  referenceThreads > 1
    ? solve(problem, { seed, timeLimitMs: referenceMs, threads: referenceThreads })
    : solveOnThisThread(problem, { seed, timeLimitMs: referenceMs });

console.log(
  `bench:converge  sizes ${sizes.join(',')}  instances ${instances}  seeds ${seeds.join(',')}  reference ${referenceMs / 1000} s  kinds ${kinds.join(',')}  converging on ${threads} thread(s), references on ${referenceThreads}`,
);
/** Solutions compared with their references: how many are the same, better and worse, and the summed cost gap. */
interface Tally {
  same: number;
  better: number;
  worse: number;
  gapSum: number;
}
const newTally = (): Tally => ({ same: 0, better: 0, worse: 0, gapSum: 0 });
/** Counts `solution` against `reference` in `tally`; returns the comparison and the cost gap (0 when they leave out different counts). */
function count(tally: Tally, problem: Problem, solution: Solution, reference: Solution): { cmp: number; gap: number } {
  const cmp = compareSolutions(problem, solution, reference);
  if (cmp === 0) tally.same++;
  else if (cmp < 0) tally.better++;
  else tally.worse++;
  const gap = solution.unassigned.length === reference.unassigned.length ? solution.cost / reference.cost - 1 : 0;
  tally.gapSum += gap;
  return { cmp, gap };
}

const summary: string[] = [];
const roundsSummary: string[] = [];
for (const kind of kinds) {
  for (const n of sizes) {
    const converging = newTally();
    let iterations = 0;
    let ms = 0;
    let runs = 0;
    // Per number of rounds r (index r - 1): same / better / worse than the reference, and the gap.
    const byRounds = Array.from({ length: rounds }, newTally);
    for (let instance = 1; instance <= instances; instance++) {
      const problem =
        kind === 'store'
          ? await storeProblem(n, instance)
          : cityInstance(instance, { orders: n, vehicles: Math.max(2, Math.ceil(n / 8)), traffic: true });
      for (const seed of seeds) {
        const reference = await referenceSolve(problem, seed);
        const began = performance.now();
        const converged = await converge(problem, seed);
        const took = performance.now() - began;
        const { cmp, gap } = count(converging, problem, converged, reference);
        iterations += converged.stats.iterations;
        ms += took;
        runs++;
        console.log(
          `${kind} ${n} #${instance} seed ${seed}: reference ${reference.cost.toFixed(0)} (${reference.unassigned.length} out, ${reference.stats.iterations} moves)` +
            `  converged ${converged.cost.toFixed(0)} (${converged.unassigned.length} out, ${converged.stats.iterations} moves, ${took.toFixed(0)} ms)  ${cmp === 0 ? 'same' : cmp < 0 ? 'better' : 'worse'} ${(gap * 100).toFixed(2)}%`,
        );
        if (rounds > 1) {
          let best: Solution | null = null;
          for (let k = 0; k < 2 * rounds; k++) {
            const run = solveOnThisThread(
              problem,
              threadSolveOptions({ untilConverged: true, timeLimitMs: 60_000 }, seed, k, null),
            );
            if (best === null || compareSolutions(problem, run, best) < 0) best = run;
            if (k % 2 === 0) continue;
            count(byRounds[(k - 1) / 2]!, problem, best, reference);
          }
        }
      }
    }
    if (rounds > 1)
      byRounds.forEach((tally, r) =>
        roundsSummary.push(
          `| ${kind} | ${n} | ${r + 1} | ${2 * (r + 1)} | ${tally.same} / ${tally.better} / ${tally.worse} | ${((tally.gapSum / runs) * 100).toFixed(3)}% |`,
        ),
      );
    summary.push(
      `| ${kind} | ${n} | ${runs} | ${converging.same} / ${converging.better} / ${converging.worse} | ${((converging.gapSum / runs) * 100).toFixed(2)}% | ${Math.round(iterations / runs).toLocaleString('en-US')} | ${Math.round(ms / runs)} ms |`,
    );
  }
}
console.log(
  '\n| kind | orders | runs | converged vs reference: same / better / worse | mean cost gap | mean moves | mean time |',
);
console.log('|---|---|---|---|---|---|---|');
for (const line of summary) console.log(line);
if (rounds > 1) {
  console.log(
    '\n| kind | orders | rounds of two runs | runs | best of them vs reference: same / better / worse | mean cost gap |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const line of roundsSummary) console.log(line);
}

if (exhaustiveCount > 0) {
  let missed = 0;
  for (let seed = 1; seed <= exhaustiveCount; seed++) {
    const problem = randomInstance(seed * 7_919 + 3, {
      shipments: 3 + (seed % 3),
      vehicles: 2 + (seed % 2),
      objective: OBJECTIVES[seed % OBJECTIVES.length]!,
    });
    const exact = solveExhaustively(problem);
    const solution = await converge(problem, 1);
    if (compareObjective(problem.objective, solutionObjective(problem, solution), exact.value, 1e-6) !== 0) {
      missed++;
      console.log(`exhaustive seed ${seed} ${problem.objective}: converged run misses the optimum`);
    }
  }
  console.log(
    `\nexhaustive: ${exhaustiveCount - missed} of ${exhaustiveCount} tiny instances at the exact optimum when stopping on convergence`,
  );
}
