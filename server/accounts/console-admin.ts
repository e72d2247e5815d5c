import { randomBytes } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type Db } from '@/server/db';
import { MAX_INT32 } from '@/server/validation';
import {
  accountIdSchema,
  createAccount,
  createAccountInputSchema,
  isInSubtree,
  listSubtree,
  type Account,
} from './accounts';
import {
  createApiKey,
  forgetVerifiedApiKeys,
  revokeApiKeyById,
  type CreatedApiKey,
  type VerifiedApiKey,
} from './api-keys';
import { AccountsError, parseOrThrow } from './errors';
import { hashPassword } from './passwords';
import { createUser, createUserInputSchema, type PublicUser } from './users';

/**
 * What a console admin manages in their account subtree: branches, users and their console logins,
 * API keys. Every use case takes the admin's account and refuses anything outside its subtree
 * exactly like something that does not exist (`not_found`), so ids of other tenants reveal nothing.
 */

const { users, apiKeys, apiKeyEnvironments, userRoles } = schema;

export interface AdminActor {
  db: Db;
  /** The admin's own account: the root of everything they may see and change. */
  accountId: number;
  userId: number;
}

const userIdSchema = z.number({ error: 'must be a user id' }).int().positive().max(MAX_INT32, 'must be a user id');

/** A user as the console lists them (never a password hash). */
export const managedUserSchema = z.object({
  id: z.number().int(),
  externalUserId: z.string(),
  email: z.string().nullable(),
  role: z.enum(userRoles).nullable(),
  accountId: z.number().int(),
  accountName: z.string(),
  createdAt: z.date(),
  disabledAt: z.date().nullable(),
  /** Signed in with a generated password that has not been replaced yet (or never signed in). */
  passwordChangeRequired: z.boolean(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedApiKeySchema = z.object({
  id: z.number().int(),
  prefix: z.string(),
  environment: z.enum(apiKeyEnvironments),
  accountId: z.number().int(),
  accountName: z.string(),
  userId: z.number().int(),
  externalUserId: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});
export type ManagedApiKey = z.infer<typeof managedApiKeySchema>;

/** A console login for a new user; the password is generated and shown to the admin once. */
export const inviteUserSchema = z.strictObject({
  email: z.email('must be an email address').max(320),
  role: z.enum(userRoles, { error: 'must be admin or dispatcher' }),
  accountId: accountIdSchema,
  externalUserId: createUserInputSchema.shape.externalUserId.optional(),
});

export const createBranchSchema = createAccountInputSchema.extend({ parentId: accountIdSchema });

export const createKeySchema = z.strictObject({
  accountId: accountIdSchema,
  userId: userIdSchema,
  environment: z.enum(apiKeyEnvironments, { error: 'must be live or sandbox' }),
});

async function requireInSubtree(actor: AdminActor, accountId: number, param: string): Promise<void> {
  if (!(await isInSubtree(actor.db, actor.accountId, accountId))) {
    throw new AccountsError('not_found', `${param}: no account ${accountId} among your accounts`, param);
  }
}

async function subtreeNames(actor: AdminActor): Promise<Map<number, string>> {
  return new Map((await listSubtree(actor.db, actor.accountId)).map((a) => [a.id, a.name]));
}

/** A user whose default account is in the admin's subtree, or `not_found`. */
async function managedUserRow(actor: AdminActor, userId: number) {
  const [user] = await actor.db.select().from(users).where(eq(users.id, userId));
  if (!user?.defaultAccountId || !(await isInSubtree(actor.db, actor.accountId, user.defaultAccountId))) {
    throw new AccountsError('not_found', `userId: no user ${userId} among your accounts`, 'userId');
  }
  return user;
}

/** A password for a console login, shown once: 18 random base64url characters (108 bits). */
function generatedPassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}

function toManagedUser(
  user: typeof users.$inferSelect | PublicUser,
  names: ReadonlyMap<number, string>,
  fallbackAccountId: number,
): ManagedUser {
  const accountId = user.defaultAccountId ?? fallbackAccountId;
  return {
    id: user.id,
    externalUserId: user.externalUserId,
    email: user.email,
    role: user.role,
    accountId,
    accountName: names.get(accountId) ?? '',
    createdAt: user.createdAt,
    disabledAt: user.disabledAt,
    passwordChangeRequired: user.passwordChangeRequired,
  };
}

/** Users of the subtree (with or without a console login), by account then id. */
export async function listManagedUsers(actor: AdminActor): Promise<ManagedUser[]> {
  const names = await subtreeNames(actor);
  const rows = await actor.db
    .select()
    .from(users)
    .where(inArray(users.defaultAccountId, [...names.keys()]))
    .orderBy(users.defaultAccountId, users.id);
  return rows.map((u) => toManagedUser(u, names, actor.accountId));
}

/** Creates a console user on an account of the subtree with a generated password (returned once). */
export async function inviteUser(
  actor: AdminActor,
  input: z.input<typeof inviteUserSchema>,
): Promise<{ user: ManagedUser; password: string }> {
  const parsed = parseOrThrow(inviteUserSchema, input);
  await requireInSubtree(actor, parsed.accountId, 'accountId');
  const password = generatedPassword();
  const externalUserId =
    parsed.externalUserId ??
    `${parsed.email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const created = await createUser(actor.db, {
    externalUserId,
    defaultAccountId: parsed.accountId,
    email: parsed.email,
    password,
    role: parsed.role,
    passwordChangeRequired: true,
  });
  return { user: toManagedUser(created, await subtreeNames(actor), actor.accountId), password };
}

/** Replaces a user's console password with a generated one (returned once, to be changed at the next sign-in) and ends their sessions; needs a console login. */
export async function resetUserPassword(actor: AdminActor, input: { userId: number }): Promise<{ password: string }> {
  const { userId } = parseOrThrow(z.strictObject({ userId: userIdSchema }), input);
  const user = await managedUserRow(actor, userId);
  if (!user.email || !user.role)
    throw new AccountsError('invalid_input', 'userId: this user has no console login (API only)', 'userId');
  const password = generatedPassword();
  await actor.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangeRequired: true, sessionsRevokedAt: new Date() })
    .where(eq(users.id, userId));
  return { password };
}

/**
 * Disables (or enables again) a user: a disabled user cannot sign in, their console sessions end at
 * their next request (also after being enabled again: they sign in anew), and their API keys and
 * JWTs are refused. Admins cannot disable themselves.
 */
export async function setUserDisabled(
  actor: AdminActor,
  input: { userId: number; disabled: boolean },
): Promise<ManagedUser> {
  const { userId, disabled } = parseOrThrow(z.strictObject({ userId: userIdSchema, disabled: z.boolean() }), input);
  await managedUserRow(actor, userId);
  if (userId === actor.userId && disabled)
    throw new AccountsError('invalid_input', 'userId: you cannot disable your own login', 'userId');
  const usersKeys = (verified: VerifiedApiKey) => verified.user.id === userId;
  if (disabled) forgetVerifiedApiKeys(actor.db, usersKeys);
  const [updated] = await actor.db
    .update(users)
    .set(disabled ? { disabledAt: sql`now()`, sessionsRevokedAt: new Date() } : { disabledAt: null })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) throw new Error('the user disappeared while it was updated');
  if (disabled) forgetVerifiedApiKeys(actor.db, usersKeys);
  return toManagedUser(updated, await subtreeNames(actor), actor.accountId);
}

/** API keys of the subtree's accounts, newest first (prefixes only: secrets are never stored). */
export async function listManagedApiKeys(actor: AdminActor): Promise<ManagedApiKey[]> {
  const names = await subtreeNames(actor);
  const rows = await actor.db
    .select({ key: apiKeys, externalUserId: users.externalUserId })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(inArray(apiKeys.accountId, [...names.keys()]))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, externalUserId }) => ({
    id: key.id,
    prefix: key.prefix,
    environment: key.environment,
    accountId: key.accountId,
    accountName: names.get(key.accountId) ?? '',
    userId: key.userId,
    externalUserId,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
  }));
}

/** Issues a key on an account of the subtree for a user of the subtree; the secret is returned once. */
export async function createManagedApiKey(
  actor: AdminActor,
  input: z.input<typeof createKeySchema>,
): Promise<CreatedApiKey & { externalUserId: string }> {
  const parsed = parseOrThrow(createKeySchema, input);
  await requireInSubtree(actor, parsed.accountId, 'accountId');
  const user = await managedUserRow(actor, parsed.userId);
  if (user.disabledAt) throw new AccountsError('invalid_input', 'userId: this user is disabled', 'userId');
  const created = await createApiKey(actor.db, {
    accountId: parsed.accountId,
    externalUserId: user.externalUserId,
    environment: parsed.environment,
  });
  return { ...created, externalUserId: user.externalUserId };
}

/** Revokes a key of the subtree by id (idempotent); the next request with it answers 401. */
export async function revokeManagedApiKey(
  actor: AdminActor,
  input: { keyId: number },
): Promise<{ id: number; revokedAt: Date }> {
  const { keyId } = parseOrThrow(z.strictObject({ keyId: z.number().int().positive() }), input);
  const [key] = await actor.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  if (!key || !(await isInSubtree(actor.db, actor.accountId, key.accountId))) {
    throw new AccountsError('not_found', `keyId: no API key ${keyId} among your accounts`, 'keyId');
  }
  return revokeApiKeyById(actor.db, keyId);
}

/** Creates a branch under an account of the subtree (with its location when given). */
export async function createBranch(actor: AdminActor, input: z.input<typeof createBranchSchema>): Promise<Account> {
  const parsed = parseOrThrow(createBranchSchema, input);
  await requireInSubtree(actor, parsed.parentId, 'parentId');
  return createAccount(actor.db, parsed);
}
