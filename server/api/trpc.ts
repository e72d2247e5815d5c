import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { getDb, type Db } from '@/server/db';
import { log } from '@/server/log';
import { getConsoleUser, type ConsoleUser } from '@/server/http/console-auth';
import { isDomainError } from '@/server/http/errors';
import { describeIssues } from '@/server/validation';
import { trpcErrorOfDomainError } from './domain-errors';
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
    const domainError = isDomainError(error.cause) ? error.cause : undefined;
    // Stack traces stay on the server.
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      // Internal failures (a database error, a bug) keep their details in the server log.
      message:
        error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Something went wrong on the server; try again.'
          : (described?.message ?? shape.message),
      data: {
        ...data,
        // The field at fault, as the /v1 API names it (`stops[2].address`), for forms to highlight.
        ...(described?.param !== undefined
          ? { param: described.param }
          : domainError?.param
            ? { param: domainError.param }
            : {}),
        // The domain's contract code (`date_blackout`, `conflict`), for pages that act on it.
        ...(domainError ? { domainCode: domainError.code } : {}),
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

/** Domain errors thrown by a procedure become tRPC errors (inside `logged`: only those that are 500s get logged). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = trpcErrorOfDomainError(result.error.cause);
    if (mapped) throw mapped;
  }
  return result;
});

/** Every procedure's input meets the /v1 text rules first (./input-rules); domain errors map in one place. */
const publicProcedure = t.procedure.use(logged).use(refuseUnsafeInput).use(domainErrors);

/** A signed-in console user (admin or dispatcher). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to the console.' });
  if (ctx.user.passwordChangeRequired)
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Choose a new password first (/login/password).' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in console admin. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Administrators only.' });
  return next({ ctx });
});
