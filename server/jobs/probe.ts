import { z } from 'zod';
import { jobProbeWrites } from '@/server/db/schema/jobs';
import { solveOnThisThread, type Problem, type Shipment, type Vehicle } from '@/server/optimizer';
import { JobError, type JobHandler, type Json } from './types';

/**
 * `jobs.probe`: a diagnostic kind that does real CPU work on a worker thread (the optimizer on a
 * generated instance, or plain busy work) and writes one row in its completion transaction, so a
 * duplicate execution that committed would be visible. Used by the crash and load tests, and to
 * check a deployment's workers end to end.
 */
const probeInput = z.union([
  z.strictObject({
    /** Solve a generated pickup-and-delivery instance with the real optimizer for about `solveMs`. */
    solve: z.strictObject({
      shipments: z.number().int().min(1).max(500),
      seed: z.number().int().min(0),
      solveMs: z.number().int().min(1).max(3_600_000),
    }),
  }),
  z.strictObject({
    /** Busy CPU work for this long (capped by the job's deadline). */
    spinMs: z.number().int().min(0).max(3_600_000),
    /** false: ignore the deadline, as a runaway handler would (checks the runner's backstop). */
    honorDeadline: z.boolean().default(true),
  }),
]);
export type ProbeInput = z.input<typeof probeInput>;

/** Deterministic integer work (xorshift) until `until`; the checksum depends only on the iteration count. */
function spin(until: number): Record<string, Json> {
  let x = 2463534242;
  let iterations = 0;
  while (Date.now() < until) {
    for (let i = 0; i < 20_000; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
    }
    iterations += 20_000;
  }
  return { iterations, checksum: x >>> 0 };
}

/** A seeded random instance: one depot, `shipments` pickup-delivery pairs in a 20 km square, 4 per vehicle. */
export function probeProblem(shipments: number, seed: number): Problem {
  let state = seed >>> 0 || 1;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const n = 1 + 2 * shipments;
  const xs = Array.from({ length: n }, (_, i) => (i === 0 ? 10_000 : random() * 20_000));
  const ys = Array.from({ length: n }, (_, i) => (i === 0 ? 10_000 : random() * 20_000));
  const distances = new Float64Array(n * n);
  const durations = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const d = Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!);
      distances[a * n + b] = d;
      durations[a * n + b] = d / 10; // 36 km/h
    }
  }
  const vehicles: Vehicle[] = Array.from({ length: Math.ceil(shipments / 4) }, (_, v) => ({
    id: `v${v}`,
    startLocation: 0,
    endLocation: 0,
    earliestStart: 0,
    latestEnd: 12 * 3600,
    capacity: [8],
    skills: [],
    fixedCost: 0,
    costPerHour: 0,
    costPerMeter: 1,
    speedFactor: 1,
  }));
  const stop = (location: number) => ({ location, serviceSeconds: 120, timeWindows: [] });
  const jobs: Shipment[] = Array.from({ length: shipments }, (_, s) => ({
    id: `s${s}`,
    pickup: stop(1 + 2 * s),
    delivery: stop(2 + 2 * s),
    size: [1 + Math.floor(random() * 3)],
    requiredSkills: [],
    priority: 0,
  }));
  return {
    locationCount: n,
    durations,
    distances,
    dimensions: 1,
    vehicles,
    shipments: jobs,
    objective: 'MIN_DURATION',
  };
}

export const probeHandler: JobHandler<ProbeInput, Record<string, Json>> = {
  run(rawInput, context) {
    const parsed = probeInput.safeParse(rawInput);
    if (!parsed.success) throw new JobError('invalid_input', parsed.error.message);
    const input = parsed.data;
    if ('spinMs' in input) {
      const until = Date.now() + input.spinMs;
      return spin(input.honorDeadline ? Math.min(until, context.deadline) : until);
    }
    const { shipments, seed, solveMs } = input.solve;
    const solution = solveOnThisThread(probeProblem(shipments, seed), {
      seed,
      timeLimitMs: Math.max(1, Math.min(solveMs, context.deadline - Date.now())),
      signal: context.signal,
      onProgress: (progress) => context.heartbeat({ ...progress }),
    });
    return {
      routes: solution.routes.length,
      unassigned: solution.unassigned.length,
      distance: Math.round(solution.distance),
      iterations: solution.stats.iterations,
    };
  },

  async commit({ tx, job, attempt }) {
    await tx.insert(jobProbeWrites).values({ jobId: job.id, leaseOwner: job.leaseOwner, attempt });
  },
};
