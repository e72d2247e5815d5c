import { z } from 'zod';
import { jobProbeWrites } from '@/server/db/schema/jobs';
import { JobError, type JobHandler } from './types';

/**
 * `jobs.probe`: a diagnostic kind that does real CPU work on a worker thread and writes one row in
 * its completion transaction, so a duplicate execution that committed would be visible. Used by the
 * crash and load tests, and to check a deployment's workers end to end.
 */
const probeInput = z.strictObject({
  /** Busy CPU work for this long (capped by the job's deadline). */
  spinMs: z.number().int().min(0).max(3_600_000),
  /** false: ignore the deadline, as a runaway handler would (checks the runner's backstop). */
  honorDeadline: z.boolean().default(true),
});
export type ProbeInput = z.input<typeof probeInput>;

export interface ProbeResult {
  [key: string]: number;
  iterations: number;
  checksum: number;
}

/** Deterministic integer work (xorshift) until `until`; the checksum depends only on the iteration count. */
function spin(until: number): ProbeResult {
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

export const probeHandler: JobHandler<ProbeInput, ProbeResult> = {
  run(rawInput, context) {
    const parsed = probeInput.safeParse(rawInput);
    if (!parsed.success) throw new JobError('invalid_input', parsed.error.message);
    const until = Date.now() + parsed.data.spinMs;
    return spin(parsed.data.honorDeadline ? Math.min(until, context.deadline) : until);
  },

  async commit({ tx, job, attempt }) {
    await tx.insert(jobProbeWrites).values({ jobId: job.id, leaseOwner: job.leaseOwner, attempt });
  },
};
