import type { z } from 'zod';
import { jsonPath } from '@/server/validation';
import { ApiError } from './errors';

/** The part of the request the value came from; names the place in messages about the root. */
export type RequestPart = 'body' | 'query' | 'path';

/**
 * The first issue of a failed parse as a 400 `invalid_input` (or the given code): `param` is the JSON
 * path of the offending field, unknown fields are named (ahead of other issues), and the message says how many more issues
 * there are so a caller fixes them all rather than one per round trip.
 */
export function issuesToApiError(issues: readonly z.core.$ZodIssue[], part: RequestPart, code = 'invalid_input'): ApiError {
  // An unknown field is reported first: a misspelt field (`problemID`) also makes the real one
  // missing, and naming the typo is what lets the caller fix both.
  const first = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  if (!first) return ApiError.badRequest(code, `Invalid request ${part}.`);
  const more = issues.length > 1 ? ` (${issues.length - 1} more issue${issues.length > 2 ? 's' : ''} in the request ${part})` : '';
  if (first.code === 'unrecognized_keys') {
    const keys = first.keys;
    const param = jsonPath([...first.path, keys[0] ?? '']);
    const where = first.path.length > 0 ? ` in ${jsonPath(first.path)}` : part === 'body' ? '' : ` in the ${part}`;
    const names = keys.map((k) => `"${k}"`).join(', ');
    return ApiError.badRequest(
      code,
      `Unknown field${keys.length > 1 ? 's' : ''} ${names}${where}; check the spelling or remove ${keys.length > 1 ? 'them' : 'it'}.${more}`,
      param,
    );
  }
  const param = jsonPath(first.path);
  const subject = param === '' ? `Request ${part}` : param;
  return ApiError.badRequest(code, `${subject}: ${first.message}${more}`, param === '' ? undefined : param);
}

/** Parses `value`; on failure throws ApiError from the first issue. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart, code = 'invalid_input'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw issuesToApiError(result.error.issues, part, code);
  return result.data;
}
