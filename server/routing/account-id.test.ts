import { describe, expect, it } from 'vitest';
import { resolveAccountId } from './account-id';

describe('resolveAccountId', () => {
  const principal = { accountId: 42 };

  it("defaults to the credential's account", () => {
    expect(resolveAccountId(principal, undefined)).toBe(42);
    expect(resolveAccountId(principal, null)).toBe(42);
    expect(resolveAccountId(principal, 42)).toBe(42);
  });

  it('rejects a string account id with its own code', () => {
    expect(() => resolveAccountId(principal, '42')).toThrow(
      expect.objectContaining({ name: 'RoutingError', code: 'string_account_id_unsupported', param: 'accountId' }),
    );
  });

  it('rejects another account with account_mismatch', () => {
    expect(() => resolveAccountId(principal, 43)).toThrow(
      expect.objectContaining({ name: 'RoutingError', code: 'account_mismatch', param: 'accountId' }),
    );
  });
});
