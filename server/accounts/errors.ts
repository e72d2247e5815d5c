import type { z } from 'zod';
import { jsonPath } from '@/server/validation';

export type AccountsErrorCode = 'invalid_input' | 'not_found' | 'conflict';

/**
 * A refused accounts operation. `param` names the field at fault as a JSON path
 * (`optimization.tagPriorities[0][1]`); callers map `code` to their own error envelope.
 */
export class AccountsError extends Error {
  constructor(
    public readonly code: AccountsErrorCode,
    message: string,
    public readonly param?: string,
  ) {
    super(message);
    this.name = 'AccountsError';
  }
}

/** The first zod issue as an AccountsError naming its field. */
export function fromZodError(error: z.ZodError, root?: string): AccountsError {
  const issue = error.issues[0];
  if (!issue) return new AccountsError('invalid_input', 'invalid input', root);
  // Unknown keys are reported on the object; name the key itself.
  const path = issue.code === 'unrecognized_keys' && issue.keys[0] ? [...issue.path, issue.keys[0]] : issue.path;
  const param = jsonPath(path, root);
  return new AccountsError('invalid_input', param ? `${param}: ${issue.message}` : issue.message, param || undefined);
}

/** Parses with a schema or throws an AccountsError naming the field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, root?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, root);
  return parsed.data;
}
