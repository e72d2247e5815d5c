import path from 'node:path';

/** The public benchmark instances and best-known solutions shipped with the repository (provenance: data/SOURCES.md). */
const BENCHMARK_DATA_DIR = path.resolve(import.meta.dirname, 'data');
export const LI_LIM_DIR = path.join(BENCHMARK_DATA_DIR, 'li-lim');
export const SOLOMON_DIR = path.join(BENCHMARK_DATA_DIR, 'solomon');
export const SOLOMON_INSTANCES_DIR = path.join(SOLOMON_DIR, 'instances');
