/** Benchmark file parsers (Li & Lim PDPTW, Solomon VRPTW) producing optimizer Problems. */
export { parseLiLim } from './lilim';
export type { BenchmarkInstance } from './lilim';
export { parseSolomon } from './solomon';
export { readReferenceCsv, formatSolutionFile } from './reference';
export type { Reference } from './reference';
