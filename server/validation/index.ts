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

/** Where an invalid value came from, for messages about its root: `Request body: ...`. */
export type InputPart = 'body' | 'query' | 'path' | 'input';

/** A failed parse, described once for every caller: the /v1 envelope, domain errors, console forms. */
export interface IssueDescription {
  /** `orders[3].dropoffWindowClose: Invalid input (2 more issues in the request body)`. */
  message: string;
  /** JSON path of the field at fault; undefined when it is the whole input. */
  param: string | undefined;
}

interface DescribableIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/**
 * The first issue of a failed zod parse: `param` is the offending field's JSON path (under `root`
 * when given), an unknown field is named ahead of other issues (a misspelt field also makes the real
 * one missing; naming the typo fixes both), and the message counts the other issues so a caller
 * fixes them all rather than one per round trip.
 */
export function describeIssues(
  issues: readonly DescribableIssue[],
  part: InputPart = 'input',
  root?: string,
): IssueDescription {
  const first = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  const whole = part === 'input' ? 'Input' : `Request ${part}`;
  if (!first) return { message: `${whole}: invalid`, param: root };
  const more =
    issues.length > 1
      ? ` (${issues.length - 1} more issue${issues.length > 2 ? 's' : ''} in the ${part === 'input' ? 'input' : `request ${part}`})`
      : '';
  if (first.code === 'unrecognized_keys' && first.keys && first.keys.length > 0) {
    const keys = first.keys.map((key) => jsonPath([...first.path, key], root));
    const where =
      first.path.length === 0 && root === undefined && (part === 'query' || part === 'path') ? ` in the ${part}` : '';
    const plural = keys.length > 1;
    return {
      message: `Unknown field${plural ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}${where}; check the spelling or remove ${plural ? 'them' : 'it'}.${more}`,
      param: keys[0],
    };
  }
  const param = jsonPath(first.path, root);
  return {
    message: `${param === '' ? whole : param}: ${first.message}${more}`,
    param: param === '' ? undefined : param,
  };
}

export { boundedNumber, centsSchema, databaseIdSchema, MAX_CENTS, MAX_INT32, type NumberBounds } from './numbers';
export { findUnsafeInput, hasLoneSurrogate, MAX_INPUT_DEPTH, type UnsafeInput } from './text';
