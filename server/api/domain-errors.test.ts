import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { AccountsError } from '@/server/accounts/errors';
import { BookingError } from '@/server/booking/errors';
import { RoutingError } from '@/server/routing/errors';
import { toApiError } from '@/server/http/errors';
import { trpcErrorOfDomainError } from './domain-errors';

/** tRPC's name for each HTTP status the domain tables use. */
const STATUS_OF_TRPC_CODE: Record<string, number> = {
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

describe('domain errors as tRPC errors', () => {
  it('gives each domain error the status the /v1 API gives it', () => {
    const errors = [
      new AccountsError('invalid_input', 'name: required', 'name'),
      new AccountsError('not_found', 'userId: no user 7 among your accounts', 'userId'),
      new AccountsError('conflict', 'email: already used by another user', 'email'),
      new BookingError('date_blackout', 'The date is a blackout date.', 'date'),
      new BookingError('branch_out_of_scope', 'Not your branch.', 'accountId'),
      new BookingError('job_not_found', 'No such job.'),
      new BookingError('rate_limited', 'Too many searches.', undefined, 3),
      new BookingError('optimization_failed', 'The solver failed.'),
      new RoutingError('invalid_routing_input', 'fleet is required for plan mode', 'fleet'),
      new RoutingError('account_mismatch', 'Not your account.', 'accountId'),
      new RoutingError('itinerary_not_found', 'No itinerary.', 'id'),
      new RoutingError('book_failed', 'Could not book.'),
    ];
    for (const error of errors) {
      const mapped = trpcErrorOfDomainError(error);
      expect(mapped, error.code).toBeInstanceOf(TRPCError);
      expect({ code: error.code, status: STATUS_OF_TRPC_CODE[mapped?.code ?? ''] }).toEqual({
        code: error.code,
        status: toApiError(error, 'req').status,
      });
    }
  });

  it('maps the codes the console relies on as the contract tables say', () => {
    expect(trpcErrorOfDomainError(new AccountsError('conflict', 'email: taken', 'email'))?.code).toBe('CONFLICT');
    expect(trpcErrorOfDomainError(new BookingError('lead_time_not_met', 'Too soon.', 'date'))?.code).toBe(
      'BAD_REQUEST',
    );
    expect(trpcErrorOfDomainError(new BookingError('rate_limited', 'Slow down.', undefined, 2))?.code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(trpcErrorOfDomainError(new RoutingError('job_not_found', 'No such job.', 'jobId'))?.code).toBe('NOT_FOUND');
    expect(trpcErrorOfDomainError(new RoutingError('optimization_failed', 'The solver failed.'))?.code).toBe(
      'INTERNAL_SERVER_ERROR',
    );
  });

  it('keeps the message and the domain error (its code and param) as the cause', () => {
    const error = new AccountsError('conflict', 'externalUserId: a user u1 already exists', 'externalUserId');
    const mapped = trpcErrorOfDomainError(error);
    expect(mapped?.message).toBe('externalUserId: a user u1 already exists');
    expect(mapped?.cause).toBe(error);
  });

  it('recognises a domain error from another copy of its module by name', () => {
    const copy = Object.assign(new Error('Not your branch.'), {
      name: 'BookingError',
      code: 'branch_out_of_scope',
      param: 'accountId',
    });
    expect(trpcErrorOfDomainError(copy)?.code).toBe('FORBIDDEN');
  });

  it('leaves other errors alone', () => {
    expect(trpcErrorOfDomainError(new Error('connection refused'))).toBeUndefined();
    expect(trpcErrorOfDomainError(new TRPCError({ code: 'UNAUTHORIZED' }))).toBeUndefined();
    expect(
      trpcErrorOfDomainError(Object.assign(new Error('x'), { name: 'OtherError', code: 'conflict' })),
    ).toBeUndefined();
    expect(trpcErrorOfDomainError('a string')).toBeUndefined();
  });
});
