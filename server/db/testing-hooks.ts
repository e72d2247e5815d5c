/**
 * Vitest hooks around createTestDb (kept apart from testing.ts, which scripts import outside
 * vitest).
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestDb, type TestDb } from './testing';

/**
 * For a test file or describe block: a fresh database opened before its tests (ahead of the hooks
 * registered after this call) and closed after them. Read its fields in hooks and tests.
 */
export function useTestDb(): TestDb {
  let current: TestDb | undefined;
  beforeAll(async () => {
    current = await createTestDb();
  });
  afterAll(async () => {
    await current?.close();
  });
  const open = (): TestDb => {
    if (!current) throw new Error('the test database opens in beforeAll');
    return current;
  };
  return {
    get db() {
      return open().db;
    },
    get kind() {
      return open().kind;
    },
    get handle() {
      return open().handle;
    },
    get databaseUrl() {
      return open().databaseUrl;
    },
    get pglite() {
      return open().pglite;
    },
    close: () => open().close(),
  };
}
