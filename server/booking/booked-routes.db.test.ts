import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/server/accounts';
import { createTestDb, type TestDb } from '@/server/db/testing';
import { bookedRoutesSnapshot, bookedRoutesVersion } from './booked-routes';

describe("a search's booked routes", () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('are taken without a statement when this process holds the version the submit read, and read anew otherwise', async () => {
    const branch = await createAccount(testDb.db, { name: 'Branch' });
    const scope = { accountIds: [branch.id], environment: 'live' as const, date: '2026-11-23' };
    const { version } = await bookedRoutesVersion(testDb.db, scope);
    expect((await bookedRoutesSnapshot(testDb.db, scope)).version).toBe(version);
    // A version this process does not hold (another instance's write, say): the current one is read.
    const current = await bookedRoutesSnapshot(testDb.db, scope, 'a version not held here');
    expect(current.version).toBe(version);
    // In a transaction where every statement fails, only an answer that needs none succeeds.
    const done = new Error('roll back');
    const outcome = testDb.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      expect(await bookedRoutesSnapshot(tx, scope, version)).toBe(current);
      await expect(bookedRoutesSnapshot(tx, scope)).rejects.toThrow();
      throw done;
    });
    await expect(outcome).rejects.toBe(done);
  });
});
