import { LI_LIM_DIR, SOLOMON_DIR } from './data';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs as parseCommandLine } from 'node:util';
import { checkSolution } from '../verify';
import { prepareSolverThreads, solve } from '../solve';
import type { BenchmarkInstance } from './lilim';
import { parseLiLim } from './lilim';
import { type Reference, formatSolutionFile, readReferenceCsv } from './reference';
import { parseSolomon } from './solomon';

type BenchmarkKind = 'lilim' | 'solomon';

interface Args {
  timeLimit: number;
  /** Moves per thread instead of a time limit: deterministic for a seed, whatever the load. */
  iterations?: number;
  threads: number;
  seed: number;
  dir?: string;
  out?: string;
  solutions?: string;
  instances?: string[];
}

function parseArgs(argv: readonly string[]): Args {
  const { values } = parseCommandLine({
    args: [...argv],
    options: {
      'time-limit': { type: 'string', default: '2' },
      iterations: { type: 'string' },
      threads: { type: 'string', default: '2' },
      seed: { type: 'string', default: '1' },
      dir: { type: 'string' },
      out: { type: 'string' },
      solutions: { type: 'string' },
      instances: { type: 'string' },
    },
  });
  return {
    timeLimit: Number(values['time-limit']),
    iterations: values.iterations === undefined ? undefined : Number(values.iterations),
    threads: Number(values.threads),
    seed: Number(values.seed),
    dir: values.dir,
    out: values.out,
    solutions: values.solutions,
    instances: values.instances
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}

interface Setup {
  dir: string;
  hierarchical: Map<string, Reference>;
  distanceOnly: Map<string, Reference>;
  parse: (name: string, text: string) => BenchmarkInstance;
}

function readOptional(file: string, vehicles?: string, distance?: string): Map<string, Reference> {
  return existsSync(file)
    ? readReferenceCsv(readFileSync(file, 'utf8'), vehicles, distance)
    : new Map<string, Reference>();
}

function setup(kind: BenchmarkKind, dirArg?: string): Setup {
  if (kind === 'lilim') {
    const base = LI_LIM_DIR;
    const dir = dirArg ? path.resolve(dirArg) : path.join(base, 'pdp_100');
    const isDefault = !dirArg;
    return {
      dir,
      hierarchical: isDefault ? readOptional(path.join(base, 'bks.csv')) : readOptional(path.join(base, 'bks_200.csv')),
      distanceOnly: isDefault
        ? readOptional(path.join(base, 'bks_distance_only_100.csv'))
        : new Map<string, Reference>(),
      parse: parseLiLim,
    };
  }
  const base = SOLOMON_DIR;
  return {
    dir: dirArg ? path.resolve(dirArg) : path.join(base, 'instances'),
    hierarchical: readOptional(path.join(base, 'bks.csv')),
    distanceOnly: readOptional(
      path.join(base, 'bks_variants.csv'),
      'distance_oriented_vehicles',
      'distance_oriented_distance',
    ),
    parse: parseSolomon,
  };
}

const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(2)}%` : 'n/a');

/** Runs a benchmark set from the command line; prints a table and a summary. */
export async function runBenchmarkCli(kind: BenchmarkKind, argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const s = setup(kind, args.dir);
  let files = readdirSync(s.dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  if (args.instances) {
    const wanted = new Set(args.instances.map((x) => x.toLowerCase()));
    files = files.filter((f) => wanted.has(path.basename(f, '.txt').toLowerCase()));
  }
  if (args.solutions) mkdirSync(args.solutions, { recursive: true });
  const csv = ['instance,vehicles,distance,unassigned,feasible,seconds'];
  let extraVehicles = 0;
  let fewerVehicles = 0;
  let infeasible = 0;
  const equalGaps: number[] = [];
  /** Instance class (letters and first digit: C1, RC2, lr2) -> gaps where vehicles = BKS, and extra vehicles. */
  const byClass = new Map<string, { gaps: number[]; extra: number }>();
  const distanceGaps: number[] = [];
  const seconds: number[] = [];
  if (args.threads > 1) await prepareSolverThreads(args.threads);
  const budget = args.iterations !== undefined ? `${args.iterations} moves per thread` : `${args.timeLimit} s`;
  console.log(`${kind}: ${files.length} instances, ${budget}, ${args.threads} thread(s), seed ${args.seed}`);
  console.log(
    'instance     veh  bks   distance     bks-dist     gap    dist-only-gap  unas  feasible  seconds   moves',
  );
  for (const file of files) {
    const name = path.basename(file, '.txt');
    const instance = s.parse(name, readFileSync(path.join(s.dir, file), 'utf8'));
    const began = performance.now();
    const limit =
      args.iterations !== undefined ? { maxIterations: args.iterations } : { timeLimitMs: args.timeLimit * 1000 };
    const solution = await solve(instance.problem, { ...limit, threads: args.threads, seed: args.seed });
    const secs = (performance.now() - began) / 1000;
    const check = checkSolution(instance.problem, solution);
    const feasible = check.feasible && solution.unassigned.length === 0;
    if (!feasible) infeasible++;
    const vehicles = solution.routes.length;
    const ref = s.hierarchical.get(name);
    const refD = s.distanceOnly.get(name);
    let gap = NaN;
    const cls = /^[a-z]+\d/i.exec(name)?.[0] ?? name;
    const classRow = byClass.get(cls) ?? { gaps: [], extra: 0 };
    byClass.set(cls, classRow);
    if (ref) {
      if (vehicles > ref.vehicles) classRow.extra += vehicles - ref.vehicles;
      if (vehicles > ref.vehicles) extraVehicles += vehicles - ref.vehicles;
      if (vehicles < ref.vehicles) fewerVehicles += ref.vehicles - vehicles;
      if (vehicles === ref.vehicles) {
        gap = solution.distance / ref.distance - 1;
        equalGaps.push(gap);
        classRow.gaps.push(gap);
      }
    }
    const dGap = refD ? solution.distance / refD.distance - 1 : NaN;
    if (refD) distanceGaps.push(dGap);
    seconds.push(secs);
    console.log(
      `${name.padEnd(12)} ${String(vehicles).padStart(3)} ${String(ref?.vehicles ?? '-').padStart(4)} ${solution.distance.toFixed(2).padStart(10)} ${(ref?.distance.toFixed(2) ?? '-').padStart(12)} ${pct(gap).padStart(7)} ${pct(dGap).padStart(14)} ${String(solution.unassigned.length).padStart(5)}  ${feasible ? 'yes' : 'NO '}      ${secs.toFixed(2).padStart(7)} ${String(solution.stats.iterations).padStart(7)}`,
    );
    if (!check.feasible) console.log(`  checker: ${check.violations.slice(0, 3).join('; ')}`);
    csv.push(
      `${name},${vehicles},${solution.distance.toFixed(4)},${solution.unassigned.length},${feasible},${secs.toFixed(3)}`,
    );
    if (args.solutions) writeFileSync(path.join(args.solutions, `${name}.sol`), formatSolutionFile(instance, solution));
  }
  console.log('--- summary');
  console.log(`instances ${files.length}, infeasible or incomplete ${infeasible}`);
  console.log(
    `extra vehicles over BKS (total) ${extraVehicles}${fewerVehicles ? `, fewer than BKS ${fewerVehicles}` : ''}`,
  );
  console.log(`mean distance gap where vehicles = BKS: ${pct(mean(equalGaps))} over ${equalGaps.length} instances`);
  const classes = [...byClass].map(
    ([cls, row]) => `${cls} ${pct(mean(row.gaps))}${row.extra ? ` (+${row.extra} veh)` : ''}`,
  );
  console.log(`by class, mean gap where vehicles = BKS: ${classes.join(', ')}`);
  console.log(`mean gap to distance-only references: ${pct(mean(distanceGaps))} over ${distanceGaps.length} instances`);
  console.log(`seconds: mean ${mean(seconds).toFixed(2)}, max ${Math.max(...seconds).toFixed(2)}`);
  if (args.out) writeFileSync(args.out, csv.join('\n') + '\n');
}
