import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireDataDirLock, type DataDirLock } from './lock';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;

/**
 * The database as every module sees it: drizzle's PostgreSQL dialect with our schema, whichever
 * driver is underneath (postgres.js or embedded PGlite). Queries and transactions typecheck the same.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The `tx` handed to `db.transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction on it: what use-case functions accept. */
export type DbOrTx = Db | DbTransaction;

export type DbKind = 'pglite' | 'postgres';

/** An open database plus the raw driver, for modules that need LISTEN/NOTIFY or a queue on it. */
export type DbHandle =
  | {
      kind: 'pglite';
      db: Db;
      pglite: PGlite;
      sql?: undefined;
      databaseUrl?: undefined;
      /** The PGlite data directory; undefined when in memory. */
      pgliteDir?: string;
      close(): Promise<void>;
    }
  | {
      kind: 'postgres';
      db: Db;
      sql: postgres.Sql;
      databaseUrl: string;
      pglite?: undefined;
      pgliteDir?: undefined;
      close(): Promise<void>;
    };

export interface CreateDbOptions {
  /** A PostgreSQL URL; when set, the server is used and the other options are ignored. */
  databaseUrl?: string;
  /** Directory for local state; the embedded database lives in `<dataDir>/pglite`. */
  dataDir?: string;
  /** An embedded database in memory (tests). */
  inMemory?: boolean;
  /** Defaults to `<cwd>/drizzle`. */
  migrationsFolder?: string;
  /** Connection pool size for PostgreSQL. */
  maxConnections?: number;
}

/** Where the embedded database of a data directory lives. */
export function pgliteDirOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pglite');
}

function defaultMigrationsFolder(): string {
  return path.join(process.cwd(), 'drizzle');
}

// Any constant works: it only has to be the same for every instance migrating this database.
const MIGRATION_ADVISORY_LOCK = 7_310_254_118;

async function openPostgres(databaseUrl: string, options: CreateDbOptions): Promise<DbHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  // Instances starting together must not run the same migration twice: one connection holds an
  // advisory lock while migrating; closing it releases the lock.
  const migrationClient = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migrationClient`select pg_advisory_lock(${MIGRATION_ADVISORY_LOCK})`;
    await migratePostgres(drizzlePostgres(migrationClient, { schema }), { migrationsFolder });
  } finally {
    await migrationClient.end({ timeout: 5 });
  }
  const sql = postgres(databaseUrl, { max: options.maxConnections ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(sql, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    sql,
    databaseUrl,
    close: () => sql.end({ timeout: 5 }),
  };
}

async function openPglite(options: CreateDbOptions): Promise<DbHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  let lock: DataDirLock | undefined;
  let pgliteDir: string | undefined;
  let pglite: PGlite;
  if (options.inMemory) {
    pglite = await PGlite.create();
  } else {
    const dataDir = path.resolve(options.dataDir ?? './data');
    mkdirSync(dataDir, { recursive: true });
    // PGlite has no protection against a second process opening the same files: guard them.
    lock = acquireDataDirLock(dataDir);
    pgliteDir = pgliteDirOf(dataDir);
    try {
      pglite = await PGlite.create(pgliteDir);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const drizzleDb = drizzlePglite(pglite, { schema });
  try {
    await migratePglite(drizzleDb, { migrationsFolder });
  } catch (error) {
    await pglite.close();
    lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    db: drizzleDb as unknown as Db,
    pglite,
    pgliteDir,
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Opens and migrates a database. Scripts and tests use this directly; the app uses `getDb()`.
 * The caller owns the handle and must `close()` it.
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}
