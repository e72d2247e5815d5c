/**
 * Booking search benchmark over real HTTP, on the embedded database and on PostgreSQL:
 *
 *   npx next build && npm run bench:booking -- [--engines pglite,postgres] [--routes 50] [--orders-per-route 15]
 *     [--phases steady,ramp,mixed] [--rate 20] [--steady-seconds 20] [--ramp 20,40,60,80,100,130,160] [--step-seconds 8]
 *     [--mixed-plans 3] [--mixed-solver-seconds 45] [--mixed-orders 150] [--mixed-rate 10] [--mixed-seconds 40]
 *
 * For each engine it starts the built app (its own data directory; a scratch PostgreSQL database from
 * PG_ADMIN_URL), books `routes` routes of 2 x `orders-per-route` stops on one branch through
 * /v1/routing/book, then sends booking searches with random destinations, carts and buckets:
 *
 * - latency: POST-to-complete (from sending the POST until the poll answers 200; the poll asks the
 *   server to wait for the result with `Prefer: wait=10`, so it answers the moment the search is done)
 *   at a steady `rate` searches/s, open loop;
 * - throughput: open-loop steps of the `ramp` rates; a rate is sustained when every search completes,
 *   none fails, completions keep pace (>= 95% of the offered rate) and p95 stays under 1 s;
 * - mixed (checkout while the same account plans): the searching account submits `mixed-plans`
 *   routing plans of `mixed-orders` orders with a solver limit of `mixed-solver-seconds` each, then
 *   searches at `mixed-rate`/s for `mixed-seconds` while they solve. Prints the searches'
 *   POST-to-complete p50/p95/p99 and, per plan, POST-to-complete split (from its job row, read once
 *   the server has stopped) into its queued wait (submitted to started: waiting for the account's
 *   share of solver threads) and its own run (started to finished) against its limit: whether the
 *   solves still finish inside their limits while searches are served.
 *
 * Searches come from two accounts in turn (the parent and the branch itself); they run in the jobs
 * layer's latency lane, outside the tenants' solver shares. The per-account rate limit is raised by configuration
 * (BOOKING_RATE_LIMIT_PER_SECOND / _BURST) for the run; everything else is the default configuration.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tmpdir } from 'node:os';
import { inArray } from 'drizzle-orm';
import { createDb } from '@/server/db/client';
import { jobs } from '@/server/db/schema/jobs';
import { createScratchPostgresDatabase } from '@/server/db/testing';
import { seededRandom } from '@/server/optimizer/verify';
import { setBookingClock } from '../../tests/api/booking/clock';
import { accountAuth, createTenant } from '../../tests/api/helpers';
import { startSecondServer } from '../../tests/api/second-server';
import { numberOptions, stringOptions } from './args';
import { percentile } from './stats';

const { values } = parseArgs({
  options: stringOptions({
    engines: 'pglite,postgres',
    routes: '50',
    'orders-per-route': '15',
    rate: '20',
    'steady-seconds': '20',
    ramp: '20,40,60,80,100,130,160',
    'step-seconds': '8',
    phases: 'steady,ramp,mixed',
    'mixed-plans': '3',
    'mixed-solver-seconds': '45',
    'mixed-orders': '150',
    'mixed-rate': '10',
    'mixed-seconds': '40',
    seed: '7',
    /** Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=prof" to see where its time goes. */
    'server-node-args': '',
  }),
});

const engines = values.engines.split(',').map((e) => e.trim()) as ('pglite' | 'postgres')[];
const args = numberOptions(values, 'positive', {
  routeCount: 'routes',
  ordersPerRoute: 'orders-per-route',
  steadyRate: 'rate',
  steadySeconds: 'steady-seconds',
  stepSeconds: 'step-seconds',
  mixedPlans: 'mixed-plans',
  mixedSolverSeconds: 'mixed-solver-seconds',
  mixedOrders: 'mixed-orders',
  mixedRate: 'mixed-rate',
  mixedSeconds: 'mixed-seconds',
});
const ramp = values.ramp.split(',').map(Number);
if (!ramp.every((rate) => Number.isFinite(rate) && rate > 0)) throw new Error(`bad --ramp: ${values.ramp}`);
const phases = new Set(values.phases.split(',').map((p) => p.trim()));
for (const phase of phases) if (!['steady', 'ramp', 'mixed'].includes(phase)) throw new Error(`unknown phase ${phase}`);

const DATE = '2026-11-23';
const OFFSET = '-05:00';
const RATE_LIMIT = '100000';
const ROOT = path.join(import.meta.dirname, '..', '..');

// The same routes and searches every run.
const random = seededRandom(Number(values.seed));

/** Points in Brooklyn and Queens, given with coordinates (no geocoding in the setup). */
function place(n: number): Record<string, string> {
  const latitude = 40.62 + random() * 0.16;
  const longitude = -74.02 + random() * 0.17;
  return {
    addressLine1: `${n} Bench St`,
    city: 'Brooklyn',
    state: 'NY',
    postalCode: '11201',
    latitude: latitude.toFixed(5),
    longitude: longitude.toFixed(5),
  };
}

const DESTINATION_ZIPS = [
  '11201',
  '11205',
  '11206',
  '11211',
  '11215',
  '11217',
  '11222',
  '11101',
  '11102',
  '11104',
  '11238',
  '10003',
  '10011',
  '10016',
  '10118',
];
const BUCKETS = ['MORNING', 'AFTERNOON', 'EVENING', 'FLEXIBLE'];

async function call(url: string, init: RequestInit & { auth: string }): Promise<Response> {
  return fetch(url, { ...init, headers: { authorization: init.auth, 'content-type': 'application/json' } });
}

interface Setup {
  baseUrl: string;
  /** The calling accounts' credentials, used in turn. */
  auths: string[];
  branchId: number;
  routes: number;
  stops: number;
}

/** Books the branch's routes: one createItinerary per route, four at a time. */
async function bookRoutes(baseUrl: string, auth: string): Promise<{ routes: number; stops: number }> {
  let routes = 0;
  let stops = 0;
  let next = 0;
  const bookOne = async (r: number) => {
    const orders = Array.from({ length: args.ordersPerRoute }, (_, o) => {
      const open = 8 + Math.floor(random() * 6);
      const width = random() < 0.5 ? 2 : 4;
      return {
        externalId: `r${r}-o${o}`,
        pickupAddress: place(1000 + o),
        dropoffAddress: place(2000 + o),
        dropoffWindowOpen: `${DATE}T${String(open).padStart(2, '0')}:00:00${OFFSET}`,
        dropoffWindowClose: `${DATE}T${String(open + width).padStart(2, '0')}:00:00${OFFSET}`,
        payloadItems: [{ description: 'parcel', height: 10, length: 12, width: 12, weight: 8, quantity: 1 }],
      };
    });
    const body = {
      problemId: `bench-route-${r}-${Date.now()}`,
      mode: 'createItinerary',
      orders,
      fleet: [
        {
          driverExternalId: `driver-${r}`,
          vehicleExternalId: `van-${r}`,
          vehicleType: 'cargo-van',
          scheduledStart: `${DATE}T07:00:00${OFFSET}`,
          startAddress: place(r),
        },
      ],
      options: { solverTimeLimitSeconds: 1 },
    };
    const response = await call(`${baseUrl}/v1/routing/book`, { method: 'POST', auth, body: JSON.stringify(body) });
    const result = (await response.json()) as { itineraries?: { itineraryStops?: unknown[] }[] };
    if (response.status !== 200)
      throw new Error(`booking route ${r} failed (${response.status}): ${JSON.stringify(result)}`);
    for (const itinerary of result.itineraries ?? []) {
      routes++;
      stops += (itinerary.itineraryStops ?? []).length;
    }
  };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < args.routeCount) await bookOne(next++);
    }),
  );
  return { routes, stops };
}

function searchBody(branchId: number, n: number): string {
  return JSON.stringify({
    cart: {
      items: [
        {
          description: 'Chair',
          dimensionsCm: { height: 40 + Math.floor(random() * 60), length: 60, width: 50 },
          quantity: 1 + Math.floor(random() * 2),
          weightKg: 5 + Math.floor(random() * 30),
        },
      ],
      orderValueCents: 5_000 + Math.floor(random() * 50_000),
    },
    contact: { email: 'buyer@example.com', name: 'A Buyer' },
    date: DATE,
    deliveryMethod: 'cargo-van',
    destination: {
      addressLine1: `${n} Bench Ave`,
      city: 'New York',
      state: 'NY',
      postalCode: DESTINATION_ZIPS[Math.floor(random() * DESTINATION_ZIPS.length)]!,
    },
    fulfillingBranchId: String(branchId),
    timeframeBucket: BUCKETS[Math.floor(random() * BUCKETS.length)],
  });
}

interface Outcome {
  ok: boolean;
  ms: number;
  windows: number;
  detail?: string;
}

let searchCounter = 0;

/** One search: POST, then a poll that waits for the result (`Prefer: wait=10`), repeated while processing. */
async function search(setup: Setup): Promise<Outcome> {
  const started = performance.now();
  const n = ++searchCounter;
  const auth = setup.auths[n % setup.auths.length]!;
  if (!auth) throw new Error('no calling account');
  const posted = await call(`${setup.baseUrl}/v1/booking/recommend`, {
    method: 'POST',
    auth,
    body: searchBody(setup.branchId, n),
  });
  const handle = (await posted.json()) as { jobId?: string; error?: { code: string } };
  if (posted.status !== 202 || !handle.jobId)
    return {
      ok: false,
      ms: performance.now() - started,
      windows: 0,
      detail: `POST ${posted.status} ${handle.error?.code ?? ''}`,
    };
  while (true) {
    const polled = await fetch(`${setup.baseUrl}/v1/booking/jobs/${handle.jobId}`, {
      headers: { authorization: auth, prefer: 'wait=10' },
    });
    if (polled.status === 200) {
      const result = (await polled.json()) as { windows: unknown[] };
      return { ok: true, ms: performance.now() - started, windows: result.windows.length };
    }
    if (polled.status !== 202)
      return {
        ok: false,
        ms: performance.now() - started,
        windows: 0,
        detail: `poll ${polled.status} ${await polled.text()}`,
      };
    await polled.arrayBuffer();
  }
}

interface Run {
  offered: number;
  seconds: number;
  outcomes: Outcome[];
  completedPerSecond: number;
}

interface PlanRun {
  problemId: string;
  /** Seconds from the POST until the poll answered 200 (null: it did not complete). */
  completeSeconds: number | null;
  detail?: string;
}

/** A plan of `orders` orders from four depots to Brooklyn and Queens, 10 vans, solved for `seconds`. */
function planBody(problemId: string, orders: number, seconds: number): string {
  const depots = [0, 1, 2, 3].map((d) => place(9000 + d));
  return JSON.stringify({
    problemId,
    orders: Array.from({ length: orders }, (_, o) => {
      const open = 8 + Math.floor(random() * 8);
      return {
        externalId: `plan-o${o}`,
        pickupAddress: depots[o % depots.length],
        dropoffAddress: place(3000 + o),
        dropoffWindowOpen: `${DATE}T${String(open).padStart(2, '0')}:00:00${OFFSET}`,
        dropoffWindowClose: `${DATE}T${String(open + 3).padStart(2, '0')}:00:00${OFFSET}`,
        payloadItems: [{ description: 'parcel', height: 10, length: 12, width: 12, weight: 8, quantity: 1 }],
      };
    }),
    fleet: Array.from({ length: 10 }, (_, v) => ({
      driverExternalId: `plan-driver-${v}`,
      vehicleExternalId: `plan-van-${v}`,
      vehicleType: 'cargo-van',
      scheduledStart: `${DATE}T07:00:00${OFFSET}`,
      startAddress: depots[v % depots.length],
    })),
    options: { solverTimeLimitSeconds: seconds },
  });
}

/**
 * Submits a plan without waiting (`Prefer: wait=0`); resolves once it is accepted with a promise of
 * its completion (polled; seconds from the POST).
 */
async function submitPlan(
  baseUrl: string,
  auth: string,
  problemId: string,
  giveUpSeconds: number,
): Promise<{ completion: Promise<PlanRun> }> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const posted = await fetch(`${baseUrl}/v1/routing/plan`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json', prefer: 'wait=0' },
    body: planBody(problemId, args.mixedOrders, args.mixedSolverSeconds),
  });
  const postedText = await posted.text();
  if (posted.status === 200) return { completion: Promise.resolve({ problemId, completeSeconds: elapsed() }) };
  if (posted.status !== 202)
    return {
      completion: Promise.resolve({
        problemId,
        completeSeconds: null,
        detail: `POST ${posted.status} ${postedText.slice(0, 200)}`,
      }),
    };
  const poll = async (): Promise<PlanRun> => {
    while (elapsed() < giveUpSeconds) {
      const polled = await fetch(`${baseUrl}/v1/routing/jobs/${encodeURIComponent(problemId)}`, {
        headers: { authorization: auth, prefer: 'wait=5' },
      });
      const text = await polled.text();
      if (polled.status === 200) return { problemId, completeSeconds: elapsed() };
      if (polled.status !== 202)
        return { problemId, completeSeconds: null, detail: `poll ${polled.status} ${text.slice(0, 200)}` };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { problemId, completeSeconds: null, detail: `still processing after ${giveUpSeconds} s` };
  };
  return { completion: poll() };
}

/** A routing job's row as it tells its time: queued (submitted to started) and its own run (started to finished). */
interface OwnRun {
  queuedSeconds: number;
  runSeconds: number;
  progress: { elapsedMs?: number; iterations?: number } | null;
}

/** Where the bench reads the server's job rows once the server has stopped: its embedded data directory or its PostgreSQL database. */
type DatabaseOf = { dataDir: string } | { databaseUrl: string };

/** Each routing job's queued wait and own run, read from the jobs table. */
async function planRuns(database: DatabaseOf, problemIds: string[]): Promise<Map<string, OwnRun>> {
  const runs = new Map<string, OwnRun>();
  if (problemIds.length === 0) return runs;
  const handle = await createDb({ ...database, maxConnections: 1 });
  try {
    const rows = await handle.db
      .select({
        key: jobs.key,
        createdAt: jobs.createdAt,
        startedAt: jobs.startedAt,
        finishedAt: jobs.finishedAt,
        progress: jobs.progress,
      })
      .from(jobs)
      .where(inArray(jobs.key, problemIds));
    for (const row of rows) {
      if (!row.startedAt || !row.finishedAt) continue;
      runs.set(row.key, {
        queuedSeconds: (row.startedAt.getTime() - row.createdAt.getTime()) / 1000,
        runSeconds: (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000,
        progress: row.progress as OwnRun['progress'],
      });
    }
  } finally {
    await handle.close();
  }
  return runs;
}

interface MixedPlans {
  problemIds: string[];
  finished: PlanRun[];
}

/**
 * The mixed run: the searching account's routing plans solve while its searches arrive. Prints the
 * searches' figures and returns the plans, whose rows are read once the server has stopped.
 */
async function mixedRun(setup: Setup, engine: 'pglite' | 'postgres'): Promise<MixedPlans> {
  const stamp = Date.now().toString(36);
  const problemIds = Array.from({ length: args.mixedPlans }, (_, k) => `bench-mixed-${stamp}-${k}`);
  const giveUp = args.mixedPlans * (args.mixedSolverSeconds + 30) + args.mixedSeconds;
  const plans: Promise<PlanRun>[] = [];
  for (const id of problemIds) plans.push((await submitPlan(setup.baseUrl, setup.auths[0]!, id, giveUp)).completion);
  // Let the plans be accepted and start before the searches arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const searchesOfPlanner: Setup = { ...setup, auths: [setup.auths[0]!] };
  const searches = await openLoop(searchesOfPlanner, args.mixedRate, args.mixedSeconds);
  const finished = await Promise.all(plans);
  const d = describeRun(searches);
  console.log(
    `[${engine}] mixed: ${searches.outcomes.length} searches at ${args.mixedRate}/s for ${args.mixedSeconds} s from the account that runs ${args.mixedPlans} plans of ${args.mixedOrders} orders (solver limit ${args.mixedSolverSeconds} s): ${d.failed} failed, ${d.withWindows} with windows; POST-to-complete p50 ${fmt(d.p50)}, p95 ${fmt(d.p95)}, p99 ${fmt(d.p99)}`,
  );
  if (d.failed > 0) console.log(`[${engine}]   first failure: ${searches.outcomes.find((o) => !o.ok)?.detail}`);
  return { problemIds, finished };
}

/**
 * Per plan: POST-to-complete, its queued wait and its own run. A plan counts as inside its limit
 * when its own run is at most the limit plus 5 s (reading the problem, writing the result).
 */
async function reportPlans(engine: 'pglite' | 'postgres', mixed: MixedPlans, database: DatabaseOf): Promise<void> {
  const own = await planRuns(database, mixed.problemIds);
  for (const [k, plan] of mixed.finished.entries()) {
    const run = own.get(plan.problemId);
    const progress = run?.progress
      ? ` (solver's last progress: ${((run.progress.elapsedMs ?? 0) / 1000).toFixed(1)} s, ${run.progress.iterations ?? '?'} iterations)`
      : '';
    const verdict =
      plan.completeSeconds === null
        ? `did not complete (${plan.detail ?? ''})`
        : run === undefined
          ? `complete ${plan.completeSeconds.toFixed(1)} s after its POST (no start recorded)`
          : `complete ${plan.completeSeconds.toFixed(1)} s after its POST: queued ${run.queuedSeconds.toFixed(1)} s, ran ${run.runSeconds.toFixed(1)} s, ${run.runSeconds <= args.mixedSolverSeconds + 5 ? 'inside' : 'OVER'} its ${args.mixedSolverSeconds} s limit${progress}`;
    console.log(`[${engine}]   plan ${k + 1}: ${verdict}`);
  }
}

/** Open loop: one search every 1/rate seconds for `seconds`, whatever the answers do. */
async function openLoop(setup: Setup, rate: number, seconds: number): Promise<Run> {
  const total = Math.round(rate * seconds);
  const startedAt = performance.now();
  const pending: Promise<Outcome>[] = [];
  for (let i = 0; i < total; i++) {
    const due = startedAt + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(search(setup));
  }
  const outcomes = await Promise.all(pending);
  const elapsed = (performance.now() - startedAt) / 1000;
  return { offered: rate, seconds, outcomes, completedPerSecond: outcomes.filter((o) => o.ok).length / elapsed };
}

function describeRun(run: Run): { p50: number; p95: number; p99: number; failed: number; withWindows: number } {
  const times = run.outcomes.filter((o) => o.ok).map((o) => o.ms);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failed: run.outcomes.filter((o) => !o.ok).length,
    withWindows: run.outcomes.filter((o) => o.ok && o.windows > 0).length,
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/**
 * CPU seconds used so far by the server process (every thread) and by its main thread, the event
 * loop (Linux /proc; null elsewhere). Per completed search this is a figure that, unlike latency,
 * barely depends on what else runs on the machine.
 */
function serverCpuSeconds(pid: number | undefined): { total: number; eventLoop: number } | null {
  if (pid === undefined) return null;
  const seconds = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    // utime and stime, fields 14 and 15, after the parenthesised command name; in clock ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  try {
    return { total: seconds(`/proc/${pid}/stat`), eventLoop: seconds(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by every process named `postgres` on this machine (the local PostgreSQL
 * server's backends; a backend that exits meanwhile takes its seconds with it, so this can only
 * undercount). Null where /proc is missing.
 */
function databaseCpuSeconds(): number | null {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // The process ended while we looked.
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Runs `run` and describes the server's CPU per completed search during it (and, on PostgreSQL, the database server's). */
async function withServerCpu<T extends Run>(
  pid: number | undefined,
  run: () => Promise<T>,
  engine: 'pglite' | 'postgres',
): Promise<{ run: T; cpu: string }> {
  const before = serverCpuSeconds(pid);
  const databaseBefore = engine === 'postgres' ? databaseCpuSeconds() : null;
  const client = process.cpuUsage();
  const result = await run();
  const after = serverCpuSeconds(pid);
  const databaseAfter = engine === 'postgres' ? databaseCpuSeconds() : null;
  const clientUsed = process.cpuUsage(client);
  const n = Math.max(1, result.outcomes.length);
  const clientMs = ((clientUsed.user + clientUsed.system) / 1000 / n).toFixed(1);
  if (!before || !after) return { run: result, cpu: `; bench client CPU ${clientMs} ms a search` };
  const perSearch = (seconds: number) => ((seconds * 1000) / n).toFixed(1);
  const database =
    databaseBefore !== null && databaseAfter !== null
      ? `, PostgreSQL server ${perSearch(databaseAfter - databaseBefore)} ms`
      : '';
  return {
    run: result,
    cpu: `; server CPU ${perSearch(after.total - before.total)} ms a search (event loop ${perSearch(after.eventLoop - before.eventLoop)} ms)${database}, bench client ${clientMs} ms`,
  };
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<void> {
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = '';
  if (engine === 'postgres') {
    const scratch = await createScratchPostgresDatabase();
    databaseUrl = scratch.databaseUrl;
    drop = scratch.drop;
  }
  // Kept past the server's stop: the mixed run's job rows are read from it then.
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-booking-${engine}-`));
  let mixed: MixedPlans | undefined;
  const server = await startSecondServer({
    label: `bench-booking-${engine}`,
    databaseUrl,
    dataDir,
    nodeArgs: values['server-node-args'].split(' ').filter(Boolean),
    env: {
      BOOKING_RATE_LIMIT_PER_SECOND: RATE_LIMIT,
      BOOKING_RATE_LIMIT_BURST: RATE_LIMIT,
      BOOKING_TEST_CLOCK: 'true',
      LOG_LEVEL: 'error',
    },
  });
  try {
    const tenant = await createTenant();
    const auth = tenant.basicAuthHeader('live');
    const branchId = tenant.branchIds[0]!;
    // The routes are booked by the branch itself (routing writes to the credential's account).
    const branchAuth = await accountAuth(branchId);
    const booking = performance.now();
    const booked = await bookRoutes(server.baseUrl, branchAuth);
    console.log(
      `[${engine}] booked ${booked.routes} routes with ${booked.stops} stops (${(booked.stops / Math.max(1, booked.routes)).toFixed(1)} per route) in ${((performance.now() - booking) / 1000).toFixed(1)} s`,
    );
    // The day before the delivery date, mid-morning: every bucket of the date is bookable.
    setBookingClock(tenant.parentId, `2026-11-22T10:00:00${OFFSET}`);
    setBookingClock(branchId, `2026-11-22T10:00:00${OFFSET}`);
    // Searches come from the parent and from the branch in turn (both may search the branch), each
    // with its own rate-limit bucket.
    const setup: Setup = { baseUrl: server.baseUrl, auths: [auth, branchAuth], branchId, ...booked };

    await openLoop(setup, 10, 4); // warm-up: both worker threads started, code paths compiled, routes cached
    if (phases.has('steady')) {
      const { run: steady, cpu: steadyCpu } = await withServerCpu(
        server.pid,
        () => openLoop(setup, args.steadyRate, args.steadySeconds),
        engine,
      );
      const s = describeRun(steady);
      console.log(
        `[${engine}] steady ${args.steadyRate}/s for ${args.steadySeconds} s: ${steady.outcomes.length} searches, ${s.failed} failed, ${s.withWindows} with windows; POST-to-complete p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}, p99 ${fmt(s.p99)}${steadyCpu}`,
      );
      if (s.failed > 0) console.log(`[${engine}]   first failure: ${steady.outcomes.find((o) => !o.ok)?.detail}`);
    }
    if (phases.has('mixed')) mixed = await mixedRun(setup, engine);

    if (!phases.has('ramp')) return;
    let sustained = 0;
    for (const rate of ramp) {
      const { run, cpu } = await withServerCpu(server.pid, () => openLoop(setup, rate, args.stepSeconds), engine);
      const d = describeRun(run);
      const keepsPace = run.completedPerSecond >= 0.95 * rate;
      const ok = d.failed === 0 && keepsPace && d.p95 <= 1000;
      console.log(
        `[${engine}] offered ${rate}/s: completed ${run.completedPerSecond.toFixed(1)}/s, ${d.failed} failed, p50 ${fmt(d.p50)}, p95 ${fmt(d.p95)}, p99 ${fmt(d.p99)}${cpu}${ok ? '' : '  <- not sustained'}`,
      );
      if (!ok) break;
      sustained = rate;
    }
    console.log(
      `[${engine}] highest sustained: ${sustained} searches/s (two calling accounts; rate limit raised to ${RATE_LIMIT}/s by configuration)`,
    );
  } finally {
    await server.stop();
    try {
      if (mixed) await reportPlans(engine, mixed, engine === 'postgres' ? { databaseUrl } : { dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await drop?.();
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('build the app first: npx next build');
  for (const engine of engines) await benchEngine(engine);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
