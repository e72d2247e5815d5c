/** Local search keeps a move only when it gains more than this (and a route group rebuild likewise). See docs/benchmarks.md#solver-parameters. */
export const LOCAL_SEARCH_MIN_GAIN = 1e-7;
