import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getConfig } from '@/server/config';
import { getOrCreateServiceSecret, schema, type Db, type DbOrTx } from '@/server/db';
import { accountIdSchema, getAccount } from './accounts';
import { AccountsError, parseOrThrow } from './errors';
import { getUserByExternalId, type PublicUser } from './users';

const { apiKeys, users, apiKeyEnvironments } = schema;
export type ApiKeyEnvironment = (typeof apiKeyEnvironments)[number];
type ApiKeyRecord = typeof apiKeys.$inferSelect;

/**
 * Keys look like `rk_live_<43 base64url chars>` (256 random bits); the environment is readable in
 * the key, and its first 12 random characters are the lookup prefix.
 */
const KEY_PATTERN = /^rk_(live|sandbox)_[A-Za-z0-9_-]{43}$/;
const PREFIX_RANDOM_CHARS = 12;

function keyPrefix(key: string): string {
  const environment = key.startsWith('rk_live_') ? 'rk_live_' : 'rk_sandbox_';
  return key.slice(0, environment.length + PREFIX_RANDOM_CHARS);
}

// The pepper: API_KEY_PEPPER when set; else one generated into the database, shared by every
// instance on it. Changing it later invalidates every existing key.
const PEPPER_SECRET_NAME = 'api_key_pepper';
const peppers = new WeakMap<object, Promise<string>>();
function pepperFor(db: DbOrTx): Promise<string> {
  const configured = getConfig().API_KEY_PEPPER;
  if (configured) return Promise.resolve(configured);
  let pepper = peppers.get(db);
  if (!pepper) {
    pepper = getOrCreateServiceSecret(db, PEPPER_SECRET_NAME);
    pepper.catch(() => peppers.delete(db));
    peppers.set(db, pepper);
  }
  return pepper;
}

function hashKey(pepper: string, key: string): string {
  return createHmac('sha256', pepper).update(key).digest('hex');
}

const createApiKeyInputSchema = z.strictObject({
  accountId: accountIdSchema,
  externalUserId: z.string().trim().min(1, 'must not be empty'),
  environment: z.enum(apiKeyEnvironments, { error: 'must be live or sandbox' }),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

export interface CreatedApiKey {
  id: number;
  /** The secret: shown once, stored only as a hash. */
  key: string;
  accountId: number;
  userId: number;
  environment: ApiKeyEnvironment;
}

/** Issues a key for a user on an account. */
export async function createApiKey(db: DbOrTx, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const parsed = parseOrThrow(createApiKeyInputSchema, input);
  if (!(await getAccount(db, parsed.accountId))) {
    throw new AccountsError('invalid_input', `accountId: no account ${parsed.accountId}`, 'accountId');
  }
  const user = await getUserByExternalId(db, parsed.externalUserId);
  if (!user)
    throw new AccountsError('invalid_input', `externalUserId: no user ${parsed.externalUserId}`, 'externalUserId');
  const key = `rk_${parsed.environment}_${randomBytes(32).toString('base64url')}`;
  const pepper = await pepperFor(db);
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: parsed.accountId,
      userId: user.id,
      environment: parsed.environment,
      prefix: keyPrefix(key),
      hash: hashKey(pepper, key),
    })
    .returning();
  if (!row) throw new Error('api key insert returned no row');
  return { id: row.id, key, accountId: row.accountId, userId: row.userId, environment: row.environment };
}

/**
 * Keys verified in this process, per database, when the process is the database's only user (the
 * embedded database: no other process can revoke a key behind its back). Keyed by the user and the
 * key's HMAC, never the key itself. On globalThis: Next may load this module more than once, and a
 * revocation through any copy must reach the one cache.
 *
 * `epoch` counts forgets: a verification that was reading the database while a key was revoked or a
 * user disabled may have read the row as it was before, so it is remembered only when no forget
 * happened between its start and its end.
 */
const VERIFIED_CACHE = Symbol.for('routing-booking-service.verified-api-keys');
const VERIFIED_CACHE_MAX_ENTRIES = 10_000;
interface VerifiedCache {
  entries: Map<string, VerifiedApiKey & { lastUsedAt: number }>;
  epoch: number;
}
type GlobalWithCache = typeof globalThis & { [VERIFIED_CACHE]?: WeakMap<object, VerifiedCache> };
const verifiedCaches = ((globalThis as GlobalWithCache)[VERIFIED_CACHE] ??= new WeakMap());

/** Remember verified keys for `db` in this process. Only for a database no other process writes. */
export function rememberVerifiedApiKeys(db: Db): void {
  if (!verifiedCaches.has(db)) verifiedCaches.set(db, { entries: new Map(), epoch: 0 });
}

/**
 * Drops remembered verifications that `match` selects (a revoked key, a disabled user's keys), and
 * keeps verifications in flight from remembering what they read. Call it before the write (so the
 * memory stops answering at once) and again after it has committed (so nothing read before the
 * commit is remembered).
 */
export function forgetVerifiedApiKeys(db: DbOrTx, match: (verified: VerifiedApiKey) => boolean): void {
  const cache = verifiedCaches.get(db);
  if (!cache) return;
  cache.epoch += 1;
  for (const [cacheKey, verified] of cache.entries) if (match(verified)) cache.entries.delete(cacheKey);
}

/** The stored record of a presented key whose hash matches, revoked or not; undefined otherwise. */
async function findKey(
  db: DbOrTx,
  key: string,
  presentedHash?: string,
): Promise<(ApiKeyRecord & { user: PublicUser }) | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const rows = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.prefix, keyPrefix(key)));
  const row = rows[0];
  if (!row) return undefined;
  const presented = Buffer.from(presentedHash ?? hashKey(await pepperFor(db), key), 'hex');
  const stored = Buffer.from(row.key.hash, 'hex');
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return undefined;
  const { passwordHash: _hidden, ...user } = row.user;
  return { ...row.key, user };
}

/** Revokes a key (idempotent). An unknown key is an AccountsError `not_found`. */
export async function revokeApiKey(db: DbOrTx, key: string): Promise<{ id: number; revokedAt: Date }> {
  const found = await findKey(db, key.trim());
  if (!found) throw new AccountsError('not_found', 'key: no such API key', 'key');
  return revokeApiKeyById(db, found.id);
}

/** Revokes a key by id (idempotent; the caller has checked it may). The next request with it answers 401. */
export async function revokeApiKeyById(db: DbOrTx, id: number): Promise<{ id: number; revokedAt: Date }> {
  const revoked = (verified: VerifiedApiKey) => verified.id === id;
  forgetVerifiedApiKeys(db, revoked);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning({ id: apiKeys.id, revokedAt: apiKeys.revokedAt });
  forgetVerifiedApiKeys(db, revoked);
  if (!row?.revokedAt) throw new AccountsError('not_found', `keyId: no API key ${id}`, 'keyId');
  return { id: row.id, revokedAt: row.revokedAt };
}

export interface VerifiedApiKey {
  id: number;
  accountId: number;
  environment: ApiKeyEnvironment;
  user: PublicUser;
}

/**
 * The key, when it exists, is unrevoked and belongs to `externalUserId`; undefined for every other
 * case alike (unknown, revoked, wrong user, malformed).
 */
export async function verifyApiKey(db: Db, externalUserId: string, key: string): Promise<VerifiedApiKey | undefined> {
  const cache = verifiedCaches.get(db);
  const epochAtStart = cache?.epoch;
  const presentedHash = cache && KEY_PATTERN.test(key) ? hashKey(await pepperFor(db), key) : undefined;
  const cacheKey = presentedHash === undefined ? undefined : `${externalUserId}\u0000${presentedHash}`;
  const cached = cacheKey === undefined ? undefined : cache?.entries.get(cacheKey);
  if (cached && Date.now() - cached.lastUsedAt <= 60_000) {
    const { lastUsedAt: _lastUsedAt, ...verified } = cached;
    return verified;
  }
  const found = await findKey(db, key, presentedHash);
  if (!found || found.revokedAt || found.user.disabledAt || found.user.externalUserId !== externalUserId)
    return undefined;
  // Recorded at most once a minute per key, so authentication is not a write per request.
  let lastUsedAt = found.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUsedAt > 60_000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, found.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
    lastUsedAt = Date.now();
  }
  const verified = { id: found.id, accountId: found.accountId, environment: found.environment, user: found.user };
  if (cache && cacheKey !== undefined && cache.epoch === epochAtStart) {
    if (cache.entries.size >= VERIFIED_CACHE_MAX_ENTRIES) cache.entries.clear();
    cache.entries.set(cacheKey, { ...verified, lastUsedAt });
  }
  return verified;
}
