/**
 * Load benchmark against a running server: concurrent routing plan submissions and job polls.
 *
 *   BASE_URL=http://127.0.0.1:3000 DATA_DIR=./data npm run bench:load -- --duration 30 --planners 4 --pollers 8
 *
 * Credentials: `--auth "Basic ..."` (or BENCH_AUTH), else a fresh tenant is created through the
 * server's internal admin endpoint, whose token the server keeps under DATA_DIR (same host only).
 * Plans are submitted with `Prefer: wait=0`, so every solve runs in the background while pollers
 * hit `GET /v1/routing/jobs/{problemId}`. Prints throughput and latency percentiles; the poll
 * latency while solves are running shows whether solving blocks the request path.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { smallPlan, type Json } from '../../tests/api/bodies';
import { createTenant } from '../../tests/api/helpers';
import { numberOptions } from './args';
import { percentile } from './stats';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    auth: { type: 'string' },
    duration: { type: 'string', default: '30' },
    planners: { type: 'string', default: '4' },
    pollers: { type: 'string', default: '8' },
    orders: { type: 'string', default: '25' },
    vehicles: { type: 'string', default: '3' },
    'solve-seconds': { type: 'string', default: '3' },
    /** Pause of each planner between submissions, ms (keeps the backlog bounded). */
    'plan-interval': { type: 'string', default: '500' },
    label: { type: 'string', default: '' },
  },
});

// The tests' helpers (createTenant) read the server's address from BASE_URL.
process.env.BASE_URL = (values['base-url'] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const baseUrl = process.env.BASE_URL;
const args = numberOptions(values, 'non-negative', {
  durationSeconds: 'duration',
  planners: 'planners',
  pollers: 'pollers',
  orderCount: 'orders',
  vehicleCount: 'vehicles',
  solveSeconds: 'solve-seconds',
  planIntervalMs: 'plan-interval',
});
const { planners, pollers, orderCount, vehicleCount, solveSeconds, planIntervalMs } = args;
const durationMs = args.durationSeconds * 1000;

async function credentials(): Promise<string> {
  const given = values.auth ?? process.env.BENCH_AUTH;
  if (given) return given;
  return (await createTenant()).basicAuthHeader('live');
}

/** The API tests' small plan with `orderCount` orders on `vehicleCount` vans, with coordinates (no geocoding in the measurement). */
function planBody(problemId: string, seed: number): Json {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const plan = smallPlan({ orders: orderCount, vehicles: vehicleCount, problemId });
  const orders = (plan.orders as Json[]).map((order) => ({
    ...order,
    dropoffAddress: {
      ...(order.dropoffAddress as Json),
      latitude: (40.62 + random() * 0.2).toFixed(5),
      longitude: (-74.05 + random() * 0.2).toFixed(5),
    },
  }));
  return { ...plan, orders, options: { solverTimeLimitSeconds: solveSeconds } };
}

function percentiles(samples: number[]): string {
  if (samples.length === 0) return 'no samples';
  const at = (p: number) => percentile(samples, p).toFixed(1);
  return `n=${samples.length} p50 ${at(50)} ms, p90 ${at(90)} ms, p99 ${at(99)} ms, max ${at(100)} ms`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const auth = await credentials();
  const submitLatency: number[] = [];
  const pollLatency: number[] = [];
  const pollLatencyWhileSolving: number[] = [];
  const completionMs: number[] = [];
  const statusCounts = new Map<string, number>();
  const count = (what: string) => statusCounts.set(what, (statusCounts.get(what) ?? 0) + 1);
  const pending = new Map<string, number>(); // problemId -> submitted at
  let submitted = 0;
  let completed = 0;
  const started = performance.now();
  const stopSubmittingAt = started + durationMs;
  // Pollers continue after submissions stop until every job finished (bounded).
  const giveUpAt = stopSubmittingAt + Math.max(60_000, solveSeconds * 1000 * 20);

  async function planner(index: number): Promise<void> {
    let n = 0;
    while (performance.now() < stopSubmittingAt) {
      const problemId = `load-${index}-${n}-${randomBytes(3).toString('hex')}`;
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/v1/routing/plan`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', prefer: 'wait=0' },
        body: JSON.stringify(planBody(problemId, index * 100_000 + n)),
      });
      await response.arrayBuffer();
      submitLatency.push(performance.now() - t0);
      count(`POST plan ${response.status}`);
      submitted += 1;
      if (response.status === 202) pending.set(problemId, t0);
      else if (response.status === 200) {
        completed += 1;
        completionMs.push(performance.now() - t0);
      }
      n += 1;
      await sleep(planIntervalMs);
    }
  }

  async function poller(): Promise<void> {
    while (performance.now() < giveUpAt && (performance.now() < stopSubmittingAt || pending.size > 0)) {
      const ids = [...pending.keys()];
      if (ids.length === 0) {
        await sleep(20);
        continue;
      }
      const problemId = ids[Math.floor(Math.random() * ids.length)]!;
      const solving = pending.size > 0;
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/v1/routing/jobs/${encodeURIComponent(problemId)}`, {
        headers: { authorization: auth },
      });
      await response.arrayBuffer();
      const latency = performance.now() - t0;
      pollLatency.push(latency);
      if (solving && response.status === 202) pollLatencyWhileSolving.push(latency);
      count(`GET job ${response.status}`);
      if (response.status !== 202 && pending.has(problemId)) {
        if (response.status === 200) {
          completed += 1;
          completionMs.push(performance.now() - pending.get(problemId)!);
        }
        pending.delete(problemId);
      }
      await sleep(20);
    }
  }

  await Promise.all([
    ...Array.from({ length: planners }, (_, i) => planner(i)),
    ...Array.from({ length: pollers }, () => poller()),
  ]);
  const elapsedSeconds = (performance.now() - started) / 1000;

  const label = values.label ? ` (${values.label})` : '';
  console.log(`Load benchmark${label} against ${baseUrl}`);
  console.log(
    `  ${planners} planners (every ${planIntervalMs} ms), ${pollers} pollers, ${orderCount} orders x ${vehicleCount} vehicles, solver limit ${solveSeconds} s`,
  );
  console.log(
    `  plans submitted ${submitted}, completed ${completed}, unfinished ${pending.size}, in ${elapsedSeconds.toFixed(1)} s`,
  );
  console.log(
    `  throughput: ${(completed / elapsedSeconds).toFixed(2)} solves/s, ${(pollLatency.length / elapsedSeconds).toFixed(1)} polls/s`,
  );
  console.log(`  POST /v1/routing/plan (Prefer: wait=0): ${percentiles(submitLatency)}`);
  console.log(`  GET /v1/routing/jobs/{id}, all:          ${percentiles(pollLatency)}`);
  console.log(`  GET /v1/routing/jobs/{id} while solving:  ${percentiles(pollLatencyWhileSolving)}`);
  console.log(`  submit to result:                         ${percentiles(completionMs)}`);
  console.log(`  responses: ${[...statusCounts].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  if (pending.size > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
