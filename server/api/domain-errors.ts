import { TRPCError } from '@trpc/server';
import { domainErrorStatus, isDomainError } from '@/server/http/errors';

/**
 * The console's one mapping from domain errors (accounts, booking, routing) to tRPC errors. The
 * status comes from the same per-domain tables as the /v1 API's (server/http/errors.ts), so a
 * refusal means the same on both edges.
 */
const TRPC_CODE_OF_STATUS: Partial<Record<number, TRPCError['code']>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

/** A domain error as a tRPC error keeping its message (and, as the cause, its code and `param`); anything else: undefined. */
export function trpcErrorOfDomainError(error: unknown): TRPCError | undefined {
  if (!isDomainError(error)) return undefined;
  const code = TRPC_CODE_OF_STATUS[domainErrorStatus(error)] ?? 'INTERNAL_SERVER_ERROR';
  return new TRPCError({ code, message: error.message, cause: error });
}
