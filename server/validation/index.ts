/**
 * How every module names the field at fault in an error's `param`: the JSON path of a zod issue,
 * `orders[3].dropoffWindowClose`. Keys that are not identifiers are quoted (`rateCards["cargo-van"]`)
 * so that a path is never ambiguous. Framework-free; domains and server/http both use it.
 */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `['a', 0, 'b-c']` -> `a[0]["b-c"]`, under `root` when given (`root.a[0]["b-c"]`). */
export function jsonPath(path: readonly PropertyKey[], root?: string): string {
  let out = root ?? '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      if (IDENTIFIER.test(key)) out += out === '' ? key : `.${key}`;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}
