/** Full Euclidean matrix in double precision (the benchmark convention: travel time = distance). */
export function euclideanMatrix(xs: readonly number[], ys: readonly number[]): Float64Array {
  const n = xs.length;
  const m = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      m[a * n + b] = Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!);
    }
  }
  return m;
}
