/**
 * How often route elimination reaches the best known vehicle count, one search at a time:
 *
 *   npm run bench:fleet -- [--instances R112,RC106,R104,RC102] [--seeds 1-16] [--time-limit 2]
 *     [--dir server/optimizer/benchmarks/data/solomon]
 *
 * Each Solomon instance is solved on this thread (no worker threads, no plans shared between
 * threads) with each seed, vehicles first as bench:solomon does; a line per instance gives the
 * vehicles of every run and how many runs reached the best known count (bks.csv). One search of
 * 2 s spends its first half on route elimination. Two of these benchmarks side by side, each on
 * one core, are how the tries compared in docs/benchmarks.md were run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { solveOnThisThread } from '@/server/optimizer';
import { parseSolomon, readReferenceCsv } from '@/server/optimizer/benchmarks';
import { stringOptions } from './args';

const { values } = parseArgs({
  options: stringOptions({
    instances: 'R112,RC106,R104,RC102',
    seeds: '1-16',
    'time-limit': '2',
    dir: 'server/optimizer/benchmarks/data/solomon',
  }),
});
const root = path.resolve(import.meta.dirname, '..', '..');
const dir = path.resolve(root, values.dir);
const names = values.instances.split(',').filter(Boolean);
/** `1-16` (a range) or `1,2,5` (a list). */
function parseSeeds(text: string): number[] {
  if (!text.includes('-')) return text.split(',').map(Number);
  const [from = NaN, to = NaN] = text.split('-').map(Number);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);
}
const seeds = parseSeeds(values.seeds);
const timeLimitMs = Number(values['time-limit']) * 1000;
if (seeds.some((s) => !Number.isInteger(s)) || !(timeLimitMs > 0)) throw new Error('bad --seeds or --time-limit');
const bks = readReferenceCsv(readFileSync(path.join(dir, 'bks.csv'), 'utf8'));

console.log(`bench:fleet  ${names.length} instances  seeds ${seeds.join(',')}  ${timeLimitMs / 1000} s on one thread`);
for (const name of names) {
  const { problem } = parseSolomon(name, readFileSync(path.join(dir, 'instances', `${name}.txt`), 'utf8'));
  const best = bks.get(name)?.vehicles;
  const used = seeds.map((seed) => solveOnThisThread(problem, { seed, timeLimitMs }).routes.length);
  const reached = best === undefined ? 'n/a' : `${used.filter((v) => v <= best).length}/${used.length} at ${best}`;
  console.log(`${name.padEnd(8)} ${reached.padEnd(10)} ${used.join(' ')}`);
}
