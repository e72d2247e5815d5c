/**
 * The optimizer: framework-free vehicle routing (pickup-and-delivery with time windows, capacities,
 * skills, priorities, locks, traffic). Plain objects and typed arrays in, plain objects out.
 */
export * from './model';
export { solve, solveOnThisThread, prepareSolverThreads, compareSolutions, DEFAULT_TIME_LIMIT_MS } from './solve';
export type { StopFlag, SolveOnThisThreadOptions } from './solve';
export { queryInsertions } from './insertion-query';
export type { FixedRoute, InsertionQuery, InsertionOption } from './insertion-query';
