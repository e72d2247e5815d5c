import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';
import { findUnsafeInput } from '@/server/validation';

/**
 * The console's procedures meet the same text rules as /v1 bodies (server/validation/text.ts: no
 * NUL, no lone surrogates, bounded nesting) before their own schemas run, so no such string reaches
 * the database and comes back as a 500. Raised as a zod issue so that the error formatter words it
 * like every other invalid input, with `param` naming the field (ZodRealError: the ZodError that is an Error, which tRPC keeps as the cause).
 */
export async function refuseUnsafeInput<Result>({
  getRawInput,
  next,
}: {
  getRawInput: () => Promise<unknown>;
  next: () => Promise<Result>;
}): Promise<Result> {
  const unsafe = findUnsafeInput(await getRawInput());
  if (unsafe) {
    const issue = { code: 'custom' as const, path: unsafe.path, message: unsafe.message, input: undefined };
    throw new TRPCError({ code: 'BAD_REQUEST', message: unsafe.message, cause: new ZodRealError([issue]) });
  }
  return next();
}
