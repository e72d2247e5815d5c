import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDb, type Db, type DbHandle, type DbKind } from './client';

export interface TestDb {
  db: Db;
  kind: DbKind;
  /** The raw driver handle (PGlite instance or postgres.js client), e.g. for LISTEN/NOTIFY or a queue. */
  handle: DbHandle;
  /** Set on PostgreSQL: the fresh database's URL (for a child process or a second client). */
  databaseUrl?: string;
  pglite?: DbHandle['pglite'];
  close(): Promise<void>;
}

export function testDbKind(): DbKind {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, got ${kind}`);
  return kind;
}

export function pgAdminUrl(): string {
  return process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Creates an empty, uniquely named PostgreSQL database; returns its URL and a function that drops it. */
export async function createScratchPostgresDatabase(): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const adminUrl = pgAdminUrl();
  const name = `rbs_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}

/**
 * A fresh, migrated database for one test file, on the engine TEST_DB names: `pglite` (default) is
 * in memory; `postgres` is a new database on PG_ADMIN_URL's server, dropped on close.
 */
export async function createTestDb(): Promise<TestDb> {
  if (testDbKind() === 'pglite') {
    const handle = await createDb({ inMemory: true });
    return { db: handle.db, kind: 'pglite', handle, pglite: handle.pglite, close: () => handle.close() };
  }
  const scratch = await createScratchPostgresDatabase();
  let handle: DbHandle;
  try {
    handle = await createDb({ databaseUrl: scratch.databaseUrl, maxConnections: 5 });
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return {
    db: handle.db,
    kind: 'postgres',
    handle,
    databaseUrl: scratch.databaseUrl,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await scratch.drop();
      }
    },
  };
}
