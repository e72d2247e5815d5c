import { z } from 'zod';
import { databaseIdSchema } from '@/server/validation';
import { RoutingError } from './errors';

export const accountIdField = z.union([databaseIdSchema, z.string()]).optional().meta({
  description:
    "Numeric internal account ID. Defaults to the authenticated credential's account; a different account gives 403 account_mismatch; a string gives 400 string_account_id_unsupported.",
  example: 1042,
});

/**
 * The account a request acts on: the credential's own account when `requested` is absent; a string
 * is `string_account_id_unsupported`, another number is `account_mismatch`.
 */
export function resolveAccountId(principal: { accountId: number }, requested: unknown, param = 'accountId'): number {
  if (requested === undefined || requested === null) return principal.accountId;
  if (typeof requested === 'string') {
    throw new RoutingError(
      'string_account_id_unsupported',
      'accountId must be the numeric internal account ID; send the number or omit the field.',
      param,
    );
  }
  if (typeof requested !== 'number' || requested !== principal.accountId) {
    throw new RoutingError('account_mismatch', "accountId differs from the credential's account.", param);
  }
  return requested;
}
