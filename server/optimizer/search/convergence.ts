/**
 * Stopping on convergence: independent runs (a new construction, route elimination, annealing) of a
 * size-based number of moves each, until a run does not beat the best plan of the runs before it.
 */

/** Moves per run per squared planned order (the moves a plan needs to settle grow faster than its size). See docs/benchmarks.md#solver-parameters. */
const CYCLE_ITERATIONS_PER_SQUARED_JOB = 2.5;
/** The fewest moves of a run. See docs/benchmarks.md#solver-parameters. */
const CYCLE_ITERATIONS_MIN = 1500;
/** A run that lowers the best cost by less than this share (and serves no more orders) does not count as better. See docs/benchmarks.md#solver-parameters. */
export const CONVERGED_GAIN = 1e-5;

/** Iterations of one run when stopping on convergence, for this many planned orders. */
export function cycleIterations(plannedJobs: number): number {
  return Math.max(CYCLE_ITERATIONS_MIN, Math.ceil(CYCLE_ITERATIONS_PER_SQUARED_JOB * plannedJobs * plannedJobs));
}
