import { z } from 'zod';
import type { Db } from '@/server/db';
import { createAccount } from './accounts';
import { createApiKey, revokeApiKey } from './api-keys';
import { AccountsError, parseOrThrow } from './errors';
import { getEffectiveSettings, getOwnSettings, setSettings } from './settings';
import { createUser } from './users';

/**
 * Administrative operations, one per command, shared by the admin CLI (direct database access) and
 * the running server's internal admin endpoint (forwarded commands). Each returns one JSON object.
 */
export const adminCommandNames = [
  'account.create',
  'user.create',
  'key.create',
  'key.revoke',
  'settings.set',
  'settings.get',
] as const;
export type AdminCommandName = (typeof adminCommandNames)[number];

export const adminCommandSchema = z.strictObject({
  command: z.enum(adminCommandNames, { error: `must be one of ${adminCommandNames.join(', ')}` }),
  /** The use case's input; validated by the use case itself. */
  args: z.record(z.string(), z.unknown()).default({}),
});
export type AdminCommand = z.input<typeof adminCommandSchema>;

const accountIdArg = z.coerce.number({ error: 'must be a numeric account id' }).int().positive();

export async function runAdminCommand(db: Db, input: unknown): Promise<Record<string, unknown>> {
  const { command, args } = parseOrThrow(adminCommandSchema, input);
  switch (command) {
    case 'account.create': {
      const account = await createAccount(db, args as never);
      return { id: account.id, name: account.name, parentId: account.parentId };
    }
    case 'user.create': {
      const user = await createUser(db, args as never);
      return {
        id: user.id,
        externalUserId: user.externalUserId,
        defaultAccountId: user.defaultAccountId,
        email: user.email,
        role: user.role,
      };
    }
    case 'key.create': {
      const created = await createApiKey(db, args as never);
      return { key: created.key, id: created.id, accountId: created.accountId, environment: created.environment };
    }
    case 'key.revoke': {
      const { key } = parseOrThrow(z.strictObject({ key: z.string().min(1, 'must not be empty') }), args);
      const revoked = await revokeApiKey(db, key);
      return { id: revoked.id, revoked: true, revokedAt: revoked.revokedAt.toISOString() };
    }
    case 'settings.set': {
      const { accountId, settings } = parseOrThrow(
        z.strictObject({ accountId: accountIdArg, settings: z.unknown() }),
        args,
      );
      if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
        throw new AccountsError('invalid_input', 'settings: must be a JSON object', 'settings');
      }
      return db.transaction(async (tx) => {
        const own = await setSettings(tx, accountId, settings);
        return { accountId, settings: own, effective: await getEffectiveSettings(tx, accountId) };
      });
    }
    case 'settings.get': {
      const { accountId } = parseOrThrow(z.strictObject({ accountId: accountIdArg }), args);
      return {
        accountId,
        settings: await getOwnSettings(db, accountId),
        effective: await getEffectiveSettings(db, accountId),
      };
    }
  }
}
