/**
 * The optimizer: framework-free vehicle routing (pickup-and-delivery with time windows, capacities,
 * skills, priorities, locks, open routes, traffic). Plain objects and typed arrays in, plain
 * objects out; no I/O.
 *
 * Vocabulary: the public model (model.ts) speaks of shipments, as callers send them; inside the
 * solver each shipment is a job, and the solver's code says job throughout. A job has a pickup
 * node, a delivery node or both (indices.ts: JobIndex, NodeIndex, VehicleIndex, and pickupNode,
 * deliveryNode, jobOf in place of node arithmetic); route r of a search is vehicle r's.
 *
 * How it searches (search/search.ts, one concern per file in search/): greedy construction, then
 * for vehicles-first objectives route elimination with absence counters, then simulated annealing
 * over SISR ruin-and-recreate (string removals, blink insertions; Christiaens & Vanden Berghe).
 * Insertion checks are constant-time per position pair on cached forward/backward schedules
 * (route.ts, insertion.ts); exact route timing (schedule.ts) settles traffic, maxDuration and, on
 * short routes, duration costs. Jobs are always served highest priority first; explain.ts proves
 * why the rest cannot be. The tuned constants are described in docs/benchmarks.md#solver-parameters.
 */
export * from './model';
export {
  solve,
  solveOnThisThread,
  prepareSolverThreads,
  warmUpSolverThreads,
  compareSolutions,
  DEFAULT_TIME_LIMIT_MS,
} from './solve';
export type { StopFlag, SolveOnThisThreadOptions } from './solve';
export { compileInsertionQuery, queryInsertions, queryInsertionsForWindows } from './insertion-query';
export type {
  CompiledInsertionQuery,
  FixedRoute,
  InsertionQuery,
  InsertionOption,
  InsertionRelaxation,
  RetargetedShipment,
} from './insertion-query';
export { findFixes } from './fixes';
export type { FixOptions } from './fixes';
