/**
 * Scale benchmark: seeded city instances (Atlanta metro, 1,000 orders x 50 vehicles and 2,000 x 100
 * by default) solved with the real solver, every answer checked by the independent checker.
 *
 *   npm run bench:scale -- --time-limit 60 --threads 1 --sizes 1000x50,2000x100 --seed 1
 *   npm run bench:scale -- --break-minutes 30   (every driver takes a 30-min break 3-6 h into the shift)
 *
 * Prints, per size: time to first feasible solution, final cost, orders served, vehicles used,
 * the checker's verdict, and peak memory (maxRSS covers every thread of the process).
 */
import { parseArgs } from 'node:util';
import { embeddedMatrix } from '@/server/geo';
import { OBJECTIVES, type Objective, type SolveProgress } from '@/server/optimizer/model';
import { solve } from '@/server/optimizer';
import {
  CITY,
  checkSolution,
  cityInstance,
  missedInsertions,
  priorityInversions,
  reasonMismatches,
} from '@/server/optimizer/verify';

const { values } = parseArgs({
  options: {
    'time-limit': { type: 'string', default: '60' },
    threads: { type: 'string', default: '1' },
    sizes: { type: 'string', default: '1000x50,2000x100' },
    seed: { type: 'string', default: '1' },
    objective: { type: 'string', default: 'MIN_DURATION' },
    'no-traffic': { type: 'boolean', default: false },
    /** A driver break of this many minutes for every vehicle (0: none). */
    'break-minutes': { type: 'string', default: '0' },
    /** Unassigned shipments the insertion audit examines (it is quadratic in route length). */
    'audit-limit': { type: 'string', default: '200' },
  },
});

const timeLimitSeconds = Number(values['time-limit']);
const threads = Number(values.threads);
const seed = Number(values.seed);
const auditLimit = Number(values['audit-limit']);
const objective = values.objective as Objective;
const breakMinutes = Number(values['break-minutes']);
if (!Number.isInteger(breakMinutes) || breakMinutes < 0)
  throw new Error('--break-minutes is a whole number of minutes');
if (!OBJECTIVES.includes(objective)) throw new Error(`--objective must be one of ${OBJECTIVES.join(', ')}`);
if (!(timeLimitSeconds > 0) || !(threads >= 1) || !Number.isInteger(seed))
  throw new Error('bad --time-limit, --threads or --seed');
const sizes = values.sizes.split(',').map((s) => {
  const match = /^(\d+)x(\d+)$/.exec(s.trim());
  if (!match) throw new Error(`--sizes entries look like 1000x50, got ${s}`);
  return { orders: Number(match[1]), vehicles: Number(match[2]) };
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

console.log(
  `bench:scale  ${CITY.name}  seed ${seed}  time limit ${timeLimitSeconds} s  threads ${threads}  objective ${objective}` +
    `  traffic ${values['no-traffic'] ? 'none' : 'rush hour'}  breaks ${breakMinutes > 0 ? `${breakMinutes} min per driver` : 'none'}  node ${process.version}`,
);
for (const size of sizes) {
  const built = performance.now();
  const problem = cityInstance(seed, {
    orders: size.orders,
    vehicles: size.vehicles,
    objective,
    traffic: !values['no-traffic'],
    ...(breakMinutes > 0 ? { breakMinutes } : {}),
    matrix: (points) => embeddedMatrix(points, 'van'),
  });
  const buildMs = performance.now() - built;

  let firstFeasibleMs: number | null = null;
  let lastProgress: SolveProgress | null = null;
  const started = performance.now();
  const solution = await solve(problem, {
    seed,
    timeLimitMs: timeLimitSeconds * 1000,
    threads,
    onProgress: (progress) => {
      lastProgress = progress;
      firstFeasibleMs ??= performance.now() - started;
    },
  });
  const wallMs = performance.now() - started;

  const checkStarted = performance.now();
  const verdict = checkSolution(problem, solution);
  const checkMs = performance.now() - checkStarted;
  const auditStarted = performance.now();
  const missed = missedInsertions(problem, solution, auditLimit);
  const inversions = priorityInversions(problem, { ...solution, unassigned: solution.unassigned.slice(0, auditLimit) });
  const wrongReasons = reasonMismatches(problem, solution);
  const auditMs = performance.now() - auditStarted;

  const used = solution.routes.filter((r) => r.stops.length > 0);
  const served = problem.shipments.length - solution.unassigned.length;
  const reasons = new Map<string, number>();
  for (const u of solution.unassigned) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  const longest = used.reduce((max, r) => Math.max(max, r.duration), 0);
  const farthest = used.reduce((max, r) => Math.max(max, r.distance), 0);

  console.log(
    `\n== ${size.orders} orders x ${size.vehicles} vehicles (${problem.locationCount} locations, instance built in ${buildMs.toFixed(0)} ms)`,
  );
  console.log(
    `time to first feasible   ${solution.stats.timeToFirstFeasibleMs.toFixed(0)} ms (solver stats); first progress report at ${firstFeasibleMs === null ? 'none' : `${(firstFeasibleMs as number).toFixed(0)} ms`}`,
  );
  console.log(`wall time                ${(wallMs / 1000).toFixed(1)} s, ${solution.stats.iterations} iterations`);
  console.log(`final cost               ${solution.cost.toFixed(1)} (${objective})`);
  console.log(
    `orders served            ${served} / ${problem.shipments.length}` +
      (reasons.size ? `  unassigned: ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')}` : ''),
  );
  console.log(`vehicles used            ${used.length} / ${problem.vehicles.length}`);
  console.log(
    `distance, duration       ${(solution.distance / 1000).toFixed(1)} km, ${(solution.duration / 3600).toFixed(1)} vehicle-hours (longest route ${(longest / 3600).toFixed(2)} h, farthest ${(farthest / 1000).toFixed(1)} km)`,
  );
  console.log(
    `checker                  ${verdict.feasible ? 'feasible' : `INFEASIBLE, ${verdict.violations.length} violations`} (${checkMs.toFixed(0)} ms)`,
  );
  for (const v of verdict.violations.slice(0, 5)) console.log(`  - ${v}`);
  console.log(
    `audit                    ${missed.length} missed insertions, ${inversions.length} priority inversions among ${Math.min(auditLimit, solution.unassigned.length)} unassigned examined; ` +
      `${wrongReasons.length} reasons contradicted (${(auditMs / 1000).toFixed(1)} s)`,
  );
  for (const w of wrongReasons.slice(0, 3)) console.log(`  - ${w}`);
  console.log(
    `peak memory              maxRSS ${mb(process.resourceUsage().maxRSS * 1024)}, heap used now ${mb(process.memoryUsage().heapUsed)}`,
  );
  if (lastProgress) {
    const p = lastProgress as SolveProgress;
    console.log(
      `last progress            ${p.elapsedMs} ms, ${p.vehicles} vehicles, ${p.unassigned} unassigned, cost ${p.cost.toFixed(1)}`,
    );
  }
}
