/** Command-line options of the benchmarks. */

/** `parseArgs` options that each take a string, from their defaults (`{ rate: '20' }` declares `--rate`, default 20). */
export function stringOptions<K extends string>(
  defaults: Readonly<Record<K, string>>,
): Record<K, { type: 'string'; default: string }> {
  const entries = Object.entries<string>(defaults).map(([name, value]) => [name, { type: 'string', default: value }]);
  return Object.fromEntries(entries) as Record<K, { type: 'string'; default: string }>;
}

/**
 * Options read as numbers, under the names the script uses (`{ routeCount: 'routes' }` reads `--routes`);
 * throws naming the first that is not a finite number above zero (`positive`) or at least zero (`non-negative`).
 */
export function numberOptions<N extends string>(
  values: Readonly<Record<string, unknown>>,
  range: 'positive' | 'non-negative',
  options: Readonly<Record<N, string>>,
): Record<N, number> {
  const entries = Object.entries<string>(options).map(([name, option]) => {
    const value = Number(values[option]);
    if (!Number.isFinite(value) || value < 0 || (range === 'positive' && value === 0)) {
      throw new Error(`bad --${option}: ${String(values[option])}`);
    }
    return [name, value] as const;
  });
  return Object.fromEntries(entries) as Record<N, number>;
}
