/**
 * POST-to-200 of routing requests over real HTTP with the default solver budget, next to the result
 * with a long budget:
 *
 *   npx next build && npm run bench:plan-latency -- [--sizes 5,20,50,200,1000] [--repeats 3]
 *     [--compare-seconds 10] [--seed 1] [--engine pglite] [--settle-seconds 0]
 *
 * Starts the built app (its own data directory, embedded database unless `--engine postgres`), makes
 * a tenant, then for the request examples in docs/examples (the plans, book-create, and book-update
 * against the itineraries that book-create wrote) and for seeded city plans of the given sizes:
 *
 * - `repeats` requests with the default budget (no `solverTimeLimitSeconds`), each with a fresh
 *   problemId, timed from sending the POST until its 200 arrives (`Prefer: wait=120`, so the answer
 *   comes in the same response); the first is reported apart (a cold thread), the median over all;
 * - one request with `solverTimeLimitSeconds` = `compare-seconds`, for the result to compare with.
 *
 * The first request goes out as soon as the tenant exists (`settle-seconds` later when given): it
 * shows what the first caller after a start waits for, while the job thread still loads the handlers.
 *
 * The result is compared by orders left out, vehicles used, and total route duration (the
 * MIN_DURATION objective the plans use) and distance, from the answer's `summary`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchPostgresDatabase } from '@/server/db/testing';
import { createTenant } from '../../tests/api/helpers';
import { startSecondServer } from '../../tests/api/second-server';
import { cityPlan } from './city-plan';
import { median } from './stats';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '5,20,50,200,1000' },
    repeats: { type: 'string', default: '3' },
    'compare-seconds': { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    engine: { type: 'string', default: 'pglite' },
    /** Seconds to wait after the server is ready before the first request (0: the first request meets a thread still loading). */
    'settle-seconds': { type: 'string', default: '0' },
    /** Only the named cases (comma separated: same-day-plan, multi-depot-plan, book-create, book-update, city-N). */
    only: { type: 'string', default: '' },
  },
});

const sizes = values.sizes
  .split(',')
  .filter(Boolean)
  .map((s) => Number(s));
const repeats = Number(values.repeats);
const compareSeconds = Number(values['compare-seconds']);
const seed = Number(values.seed);
const settleSeconds = Number(values['settle-seconds']);
if (
  sizes.some((n) => !(Number.isInteger(n) && n > 0)) ||
  !(settleSeconds >= 0) ||
  !(repeats >= 1) ||
  !(compareSeconds > 0) ||
  !Number.isInteger(seed)
) {
  throw new Error('bad --sizes, --repeats, --compare-seconds, --settle-seconds or --seed');
}
const only = new Set(values.only.split(',').filter(Boolean));
const wanted = (name: string) => only.size === 0 || only.has(name);

type Json = Record<string, unknown>;
const ROOT = path.join(import.meta.dirname, '..', '..');
let counter = 0;
const freshId = (name: string) => `bench-${name}-${Date.now().toString(36)}-${counter++}`;

function example(name: string): Json {
  return JSON.parse(readFileSync(path.join(ROOT, 'docs', 'examples', `${name}.json`), 'utf8')) as Json;
}

/** The book-create example with order ids of its own: booking the same orders twice is refused as a double booking. */
function freshBookCreate(): Json {
  const body = example('book-create');
  const suffix = `-${counter++}`;
  const orders = (body.orders as Json[]).map((o) => ({ ...o, externalId: `${String(o.externalId)}${suffix}` }));
  return { ...body, orders, problemId: freshId('book-create') };
}

interface Answer {
  ms: number;
  leftOut: number;
  vehicles: number;
  durationSeconds: number;
  distanceMeters: number;
  body: Json;
}

async function send(baseUrl: string, auth: string, endpoint: string, body: Json): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${endpoint}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json', prefer: 'wait=120' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${endpoint} answered ${response.status}: ${text.slice(0, 500)}`);
  const parsed = JSON.parse(text) as Json;
  const summary = (parsed.summary ?? {}) as {
    durationSeconds?: number;
    distanceMeters?: number;
    vehiclesUsed?: number;
  };
  return {
    ms,
    leftOut: ((parsed.unassigned ?? []) as unknown[]).length,
    vehicles: summary.vehiclesUsed ?? NaN,
    durationSeconds: summary.durationSeconds ?? NaN,
    distanceMeters: summary.distanceMeters ?? NaN,
    body: parsed,
  };
}

const fmtMs = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const fmtResult = (a: Answer) =>
  `${a.leftOut} left out, ${a.vehicles} vehicles, ${(a.durationSeconds / 3600).toFixed(2)} h, ${(a.distanceMeters / 1000).toFixed(1)} km`;

async function main(): Promise<void> {
  const scratch = values.engine === 'postgres' ? await createScratchPostgresDatabase() : null;
  const server = await startSecondServer({
    label: 'bench-plan-latency',
    databaseUrl: scratch?.databaseUrl ?? '',
    readyTimeoutMs: 120_000,
  });
  try {
    const tenant = await createTenant();
    const auth = tenant.basicAuthHeader('live');
    if (settleSeconds > 0) await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    console.log(
      `bench:plan-latency  engine ${values.engine}  repeats ${repeats}  compare budget ${compareSeconds} s  seed ${seed}  sizes ${sizes.join(',')}`,
    );
    console.log(
      '| case | orders | first POST-to-200 | median POST-to-200 (all runs) | default budget: result | ' +
        `${compareSeconds} s budget: result |`,
    );
    console.log('|---|---|---|---|---|---|');

    // Itinerary ids written by book-create, for book-update.
    let bookedIds: number[] = [];
    const cases: { name: string; endpoint: string; body: () => Json }[] = [
      { name: 'same-day-plan', endpoint: '/v1/routing/plan', body: () => example('same-day-plan') },
      { name: 'multi-depot-plan', endpoint: '/v1/routing/plan', body: () => example('multi-depot-plan') },
      { name: 'book-create', endpoint: '/v1/routing/book', body: freshBookCreate },
      {
        name: 'book-update',
        endpoint: '/v1/routing/book',
        body: () => ({ ...example('book-update'), targetItineraryIds: bookedIds }),
      },
      ...sizes.map((n) => ({ name: `city-${n}`, endpoint: '/v1/routing/plan', body: () => cityPlan(n, seed) })),
    ];
    for (const c of cases) {
      if (!wanted(c.name) && !(c.name === 'book-create' && wanted('book-update'))) continue;
      const times: number[] = [];
      let last: Answer | null = null;
      for (let r = 0; r < repeats; r++) {
        if (c.name === 'book-update') {
          // Each update needs its own freshly booked itineraries (an update moves them on).
          const created = await send(server.baseUrl, auth, '/v1/routing/book', freshBookCreate());
          bookedIds = ((created.body.itineraries ?? []) as { id: number }[]).map((i) => i.id);
        }
        last = await send(server.baseUrl, auth, c.endpoint, { ...c.body(), problemId: freshId(c.name) });
        times.push(last.ms);
      }
      const base = c.body();
      const longBody: Json = {
        ...base,
        problemId: freshId(`${c.name}-long`),
        options: { ...(base.options as Json), solverTimeLimitSeconds: compareSeconds },
      };
      if (c.name === 'book-update') {
        const created = await send(server.baseUrl, auth, '/v1/routing/book', freshBookCreate());
        longBody.targetItineraryIds = ((created.body.itineraries ?? []) as { id: number }[]).map((i) => i.id);
      }
      const long = await send(server.baseUrl, auth, c.endpoint, longBody);
      const orders = (base.orders as unknown[]).length;
      console.log(
        `| ${c.name} | ${orders} | ${fmtMs(times[0]!)} | ${fmtMs(median(times))} | ${fmtResult(last!)} | ${fmtResult(long)} (${fmtMs(long.ms)}) |`,
      );
    }
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

await main();
