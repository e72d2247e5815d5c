/** Small, fast, seedable PRNG (mulberry32) so a solve is reproducible for a given seed. */
export class Random {
  /** The generator's whole state: saved and restored to replay a stretch of draws. */
  state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Shuffles `items` in place (Fisher-Yates, from the last item down). */
  shuffle(items: number[]): void {
    for (let k = items.length - 1; k > 0; k--) {
      const m = this.int(k + 1);
      const t = items[k]!;
      items[k] = items[m]!;
      items[m] = t;
    }
  }
}
