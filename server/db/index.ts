import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { getConfig, processWide } from '@/server/config';
import { createDb, type DbHandle } from './client';
import { serviceSecrets } from './schema';
import type { DbOrTx } from './client';

export {
  createDb,
  pgliteDirOf,
  schema,
  type CreateDbOptions,
  type Db,
  type DbHandle,
  type DbKind,
  type DbOrTx,
  type DbTransaction,
  type Schema,
} from './client';
export { DataDirLockedError, liveLockOwner, lockFileOf, type LockOwner } from './lock';

const processDb = processWide<DbHandle>('db');

/**
 * The process's database with its raw driver, opened (and migrated) on first use: PostgreSQL when
 * DATABASE_URL is set, else the embedded database under DATA_DIR.
 */
export function getDbHandle(): Promise<DbHandle> {
  return processDb.get(() => {
    const config = getConfig();
    return createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  });
}

/** The process's database (see getDbHandle). */
export async function getDb() {
  return (await getDbHandle()).db;
}

/** Throws when the database does not answer. */
export async function pingDb(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`select 1`);
}

/** Closes the process's database, if open; the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const handle = await processDb.take();
  await handle?.close();
}

/**
 * A secret the service generates once and keeps in the database (shared by every instance), unless
 * configuration supplies one. Concurrent first calls agree on the same value.
 */
export async function getOrCreateServiceSecret(db: DbOrTx, name: string, bytes = 32): Promise<string> {
  await db
    .insert(serviceSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing({ target: serviceSecrets.name });
  const rows = await db
    .select({ value: serviceSecrets.value })
    .from(serviceSecrets)
    .where(sql`${serviceSecrets.name} = ${name}`);
  const row = rows[0];
  if (!row) throw new Error(`service secret ${name} could not be stored`);
  return row.value;
}

/**
 * Runs raw SQL and returns its rows, whichever driver is underneath (postgres.js answers with the
 * rows array, PGlite with `{ rows }`). Column names are as SQL spells them; numeric types may come
 * back as strings (bigint, numeric), so convert what you read.
 */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

/** Whether a database error (possibly wrapped by drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
