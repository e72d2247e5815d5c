import type { z } from 'zod';
import { describeIssues } from '@/server/validation';

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

/** A failed parse as an AccountsError naming its field (`describeIssues`, under `root` when given). */
export function fromZodError(error: z.ZodError, root?: string): AccountsError {
  const { message, param } = describeIssues(error.issues, 'input', root);
  return new AccountsError('invalid_input', message, param);
}

/** Parses with a schema or throws an AccountsError naming the field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, root?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, root);
  return parsed.data;
}
