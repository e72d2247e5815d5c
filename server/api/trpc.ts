import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { AccountsError } from '@/server/accounts';
import { getDb, type Db } from '@/server/db';
import { log } from '@/server/log';
import { getConsoleUser, type ConsoleUser } from '@/server/http/console-auth';
import { describeIssues } from '@/server/validation';
import { refuseUnsafeInput } from './input-rules';

/**
 * tRPC for the console: the context is the signed-in console user (from the next-auth session)
 * and the database. Procedures validate their input with zod like the /v1 routes do.
 */
export interface TrpcContext {
  user: ConsoleUser | null;
  db: Db;
}

export async function createTrpcContext(): Promise<TrpcContext> {
  const [user, db] = await Promise.all([getConsoleUser(), getDb()]);
  return { user, db };
}

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : undefined;
    // Worded as the /v1 API words it (field path, unknown fields named, how many more issues),
    // not zod's raw list, so a form can show the message as it is.
    const described = zodError ? describeIssues(zodError.issues) : undefined;
    const domainError =
      error.cause instanceof AccountsError || error.cause?.name === 'BookingError' || error.cause?.name === 'RoutingError'
        ? (error.cause as { param?: string })
        : undefined;
    const accountsParam = domainError?.param;
    // Stack traces stay on the server.
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      // Internal failures (a database error, a bug) keep their details in the server log.
      message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Something went wrong on the server; try again.' : (described?.message ?? shape.message),
      data: {
        ...data,
        // The field at fault, as the /v1 API names it (`stops[2].address`), for forms to highlight.
        ...(described?.param !== undefined ? { param: described.param } : accountsParam ? { param: accountsParam } : {}),
      },
    };
  },
});

export const router = t.router;

/** Unexpected errors are logged with the procedure path; the client sees a generic message. */
const logged = t.middleware(async ({ path, type, next }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    log.error('trpc procedure failed', { path, type, error: result.error.cause ?? result.error });
  }
  return result;
});

/** Every procedure's input meets the /v1 text rules first (./input-rules). */
export const publicProcedure = t.procedure.use(logged).use(refuseUnsafeInput);

/** A signed-in console user (admin or dispatcher). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to the console.' });
  if (ctx.user.passwordChangeRequired) throw new TRPCError({ code: 'FORBIDDEN', message: 'Choose a new password first (/login/password).' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in console admin. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Administrators only.' });
  return next({ ctx });
});

const trpcCodeOfAccountsError = { invalid_input: 'BAD_REQUEST', not_found: 'NOT_FOUND', conflict: 'CONFLICT' } as const;

/** Refusals from the accounts module keep their message and `param` (see the error formatter). */
export async function accountsCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AccountsError) throw new TRPCError({ code: trpcCodeOfAccountsError[error.code], message: error.message, cause: error });
    throw error;
  }
}
