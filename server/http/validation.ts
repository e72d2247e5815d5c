import type { z } from 'zod';
import { describeIssues } from '@/server/validation';
import { ApiError } from './errors';

/** The part of the request the value came from; names the place in messages about the root. */
export type RequestPart = 'body' | 'query' | 'path';

/** The first issue of a failed parse as a 400 `invalid_input` (or the given code), described by `describeIssues`. */
export function issuesToApiError(
  issues: readonly z.core.$ZodIssue[],
  part: RequestPart,
  code = 'invalid_input',
): ApiError {
  const { message, param } = describeIssues(issues, part);
  return ApiError.badRequest(code, message, param);
}

/** Parses `value`; on failure throws ApiError from the first issue. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: RequestPart,
  code = 'invalid_input',
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw issuesToApiError(result.error.issues, part, code);
  return result.data;
}
