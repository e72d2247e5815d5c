import type { Instance } from './instance';

/** Closeness of two jobs: the shortest distance between any of their stops (either direction). */
function jobGap(inst: Instance, a: number, b: number): number {
  const n = inst.locations;
  let best = Infinity;
  for (let x = 0; x < 2; x++) {
    const la = inst.nodeLocation[2 * a + x]!;
    if (la < 0) continue;
    for (let y = 0; y < 2; y++) {
      const lb = inst.nodeLocation[2 * b + y]!;
      if (lb < 0) continue;
      const d = Math.min(inst.distances[la * n + lb]!, inst.distances[lb * n + la]!);
      if (d < best) best = d;
    }
  }
  return best;
}

/** Per job, its nearest jobs (up to 64, by jobGap): the instance's neighbors and neighborCount. */
export function buildNeighbors(inst: Instance): void {
  const J = inst.jobs;
  const K = Math.min(Math.max(J - 1, 0), 64);
  inst.neighborCount = K;
  inst.neighbors = new Int32Array(J * K);
  if (K === 0) return;
  const gaps = new Float64Array(J);
  const order = new Int32Array(J);
  for (let a = 0; a < J; a++) {
    for (let b = 0; b < J; b++) {
      gaps[b] = a === b ? Infinity : jobGap(inst, a, b);
      order[b] = b;
    }
    order.sort((x, y) => gaps[x]! - gaps[y]!);
    for (let k = 0; k < K; k++) inst.neighbors[a * K + k] = order[k]!;
  }
}
