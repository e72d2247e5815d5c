import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKind, type TestDb } from '@/server/db/testing';
import { rememberAccounts, stopRememberingAccounts } from './accounts-memory';
import { createAccount, getAccount, listAncestry, listSubtree } from './accounts';
import { runAdminCommand } from './admin-commands';
import { getEffectiveSettings, setSettings } from './settings';

/**
 * With the account memory on (as on the embedded database), every read after a write sees the
 * write: creating accounts, setting settings directly, through the admin command's transaction, and
 * while a read of the old rows was in flight.
 */
describe(`remembered account reads on ${testDbKind()}`, () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
    rememberAccounts(testDb.db);
  });
  afterAll(async () => {
    stopRememberingAccounts(testDb.db);
    await testDb.close();
  });

  it('answers reads from memory and forgets them on every write', async () => {
    const { db } = testDb;
    const root = await createAccount(db, { name: 'Root' });
    const branch = await createAccount(db, { name: 'Branch', parentId: root.id });
    expect((await listSubtree(db, root.id)).map((a) => a.id)).toEqual([root.id, branch.id]);
    // Remembered: the same object comes back.
    expect(await listSubtree(db, root.id)).toBe(await listSubtree(db, root.id));

    const leaf = await createAccount(db, { name: 'Leaf', parentId: branch.id });
    expect((await listSubtree(db, root.id)).map((a) => a.id)).toEqual([root.id, branch.id, leaf.id]);
    expect((await listAncestry(db, leaf.id)).map((a) => a.id)).toEqual([leaf.id, branch.id, root.id]);

    expect((await getEffectiveSettings(db, leaf.id)).booking).toBeNull();
    await setSettings(db, root.id, { booking: { pricing: { model: 'markup', markupPercent: 10 } } });
    expect((await getEffectiveSettings(db, leaf.id)).booking).toEqual({ pricing: { model: 'markup', markupPercent: 10 } });
    await setSettings(db, branch.id, { branchLocation: { postalCode: '11201', latitude: 40.69, longitude: -73.99 } });
    expect((await getAccount(db, branch.id))?.postalCode).toBe('11201');

    // Through the admin command, whose transaction commits after setSettings returned.
    await runAdminCommand(db, { command: 'settings.set', args: { accountId: branch.id, settings: { booking: { pricing: { model: 'pass_through' } } } } });
    expect((await getEffectiveSettings(db, leaf.id)).booking).toEqual({ pricing: { model: 'pass_through' } });
  });

  it('does not remember a read that overlapped a write', async () => {
    const { db } = testDb;
    const root = await createAccount(db, { name: 'Racing root' });
    // Each head start lets the read get further (account, ancestry, settings rows) before the write lands.
    for (let markup = 1; markup <= 30; markup += 1) {
      const inFlight = getEffectiveSettings(db, root.id);
      for (let turn = 0; turn < markup; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      await setSettings(db, root.id, { booking: { pricing: { model: 'markup', markupPercent: markup } } });
      await inFlight;
      expect((await getEffectiveSettings(db, root.id)).booking, `markup ${markup}`).toEqual({ pricing: { model: 'markup', markupPercent: markup } });
    }
  });
});
