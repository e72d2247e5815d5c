import { describe, expect, it } from 'vitest';
import {
  createAccount,
  getAccount,
  getEffectiveSettings,
  isInSubtree,
  listSubtree,
  readBookingAccounts,
  setSettings,
} from '@/server/accounts';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';

/** readBookingAccounts answers what the separate lookups it replaces answer, and reads current rows. */
describe(`readBookingAccounts on ${testDbKind()}`, () => {
  const testDb = useTestDb();

  it('matches getEffectiveSettings, isInSubtree and listSubtree for every caller and branch of a tree', async () => {
    const { db } = testDb;
    const root = await createAccount(db, { name: 'Root' });
    const a = await createAccount(db, {
      name: 'A',
      parentId: root.id,
      location: { postalCode: '11201', latitude: 40.6938472619, longitude: -73.9912345678 },
    });
    const b = await createAccount(db, { name: 'B', parentId: root.id });
    const a1 = await createAccount(db, { name: 'A1', parentId: a.id });
    const a2 = await createAccount(db, { name: 'A2', parentId: a.id });
    const a11 = await createAccount(db, { name: 'A11', parentId: a1.id });
    const other = await createAccount(db, { name: 'Other' });
    await setSettings(db, root.id, {
      optimization: { objective: 'MIN_DURATION', serviceTime: { setupSeconds: 300 } },
      booking: { pricing: { model: 'markup', markupPercent: 10 } },
      slotPolicy: { leadTimeMinutes: 120 },
    });
    await setSettings(db, a.id, {
      optimization: { serviceTime: { perItemSeconds: 45 } },
      pickupOverride: { postalCode: '11205' },
    });
    await setSettings(db, a1.id, {
      slotPolicy: { availableBuckets: ['MORNING', 'EVENING'], defaultBucket: 'EVENING' },
    });
    const all = [root, a, b, a1, a2, a11, other];
    for (const caller of all) {
      for (const branch of all) {
        const read = await readBookingAccounts(db, caller.id, branch.id);
        expect(read?.branch.id).toBe(branch.id);
        // The account row as drizzle reads it (the read builds it from jsonb): every column, types and values.
        expect(read?.branch).toEqual(await getAccount(db, branch.id));
        expect(read?.inCallerTree).toBe(await isInSubtree(db, caller.id, branch.id));
        if (!read?.inCallerTree) continue;
        expect(read.callerSettings).toEqual(await getEffectiveSettings(db, caller.id));
        expect(read.branchSettings).toEqual(await getEffectiveSettings(db, branch.id));
        expect(read.subtreeIds).toEqual((await listSubtree(db, branch.id)).map((x) => x.id));
      }
    }
    expect(await readBookingAccounts(db, root.id, 2_000_000_000)).toBeNull();
    expect(await readBookingAccounts(db, root.id, 9_999_999_999)).toBeNull();
  });

  it('sees a settings change and a new branch on the next read', async () => {
    const { db } = testDb;
    const root = await createAccount(db, { name: 'Root 2' });
    const branch = await createAccount(db, { name: 'Branch 2', parentId: root.id });
    const before = await readBookingAccounts(db, root.id, branch.id);
    expect(before?.inCallerTree && before.branchSettings.slotPolicy.leadTimeMinutes).not.toBe(7);
    await setSettings(db, root.id, { slotPolicy: { leadTimeMinutes: 7 } });
    const child = await createAccount(db, { name: 'Child 2', parentId: branch.id });
    const after = await readBookingAccounts(db, root.id, branch.id);
    expect(after?.inCallerTree && after.branchSettings.slotPolicy.leadTimeMinutes).toBe(7);
    expect(after?.inCallerTree && after.subtreeIds).toEqual([branch.id, child.id]);
  });
});
