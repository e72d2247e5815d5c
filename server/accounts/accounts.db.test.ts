import { describe, expect, it } from 'vitest';
import {
  AccountsError,
  createAccount,
  createUser,
  getAccount,
  isInSubtree,
  listAncestry,
  listSubtree,
  verifyConsoleLogin,
} from '@/server/accounts';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { DEMO_BRANCHES } from './demo-seed';

describe(`account tree and users on ${testDbKind()}`, () => {
  const testDb = useTestDb();

  it('builds a tree and answers subtree questions', async () => {
    const { db } = testDb;
    const root = await createAccount(db, { name: 'Root' });
    const east = await createAccount(db, {
      name: 'East',
      parentId: root.id,
      location: DEMO_BRANCHES[0]!.location,
    });
    const west = await createAccount(db, { name: 'West', parentId: root.id });
    const eastDepot = await createAccount(db, { name: 'East depot', parentId: east.id });
    const other = await createAccount(db, { name: 'Other root' });

    expect((await getAccount(db, east.id))?.city).toBe('Brooklyn');
    expect((await listSubtree(db, root.id)).map((a) => a.name)).toEqual(['Root', 'East', 'West', 'East depot']);
    expect((await listSubtree(db, east.id)).map((a) => a.id)).toEqual([east.id, eastDepot.id]);
    expect((await listAncestry(db, eastDepot.id)).map((a) => a.id)).toEqual([eastDepot.id, east.id, root.id]);

    expect(await isInSubtree(db, root.id, eastDepot.id)).toBe(true);
    expect(await isInSubtree(db, east.id, east.id)).toBe(true);
    expect(await isInSubtree(db, east.id, west.id)).toBe(false);
    expect(await isInSubtree(db, eastDepot.id, east.id)).toBe(false);
    expect(await isInSubtree(db, root.id, other.id)).toBe(false);
    expect(await isInSubtree(db, root.id, 999_999)).toBe(false);
    expect(await listSubtree(db, 999_999)).toEqual([]);
  });

  it('refuses bad account input naming the field', async () => {
    const { db } = testDb;
    await expect(createAccount(db, { name: '  ' })).rejects.toMatchObject({ code: 'invalid_input', param: 'name' });
    await expect(createAccount(db, { name: 'Orphan', parentId: 999_999 })).rejects.toMatchObject({ param: 'parentId' });
    await expect(
      createAccount(db, { name: 'Half', location: { postalCode: '11201', latitude: 40.7 } }),
    ).rejects.toMatchObject({ param: 'location.longitude' });
    await expect(createAccount(db, { name: 'Typo', colour: 'red' } as never)).rejects.toMatchObject({
      param: 'colour',
    });
  });

  it('creates users, refuses duplicates, and checks console logins', async () => {
    const { db } = testDb;
    const account = await createAccount(db, { name: 'Console' });
    const admin = await createUser(db, {
      externalUserId: 'console-admin',
      defaultAccountId: account.id,
      email: 'Admin@Example.test',
      password: 'correct horse battery staple',
      role: 'admin',
    });
    expect(admin).not.toHaveProperty('passwordHash');
    expect(admin.email).toBe('admin@example.test');

    await expect(createUser(db, { externalUserId: 'console-admin' })).rejects.toMatchObject({
      code: 'conflict',
      param: 'externalUserId',
    });
    await expect(
      createUser(db, {
        externalUserId: 'x',
        email: 'ADMIN@example.test',
        password: 'another long password',
        role: 'dispatcher',
      }),
    ).rejects.toMatchObject({
      code: 'conflict',
      param: 'email',
    });
    await expect(createUser(db, { externalUserId: 'half-login', email: 'h@example.test' })).rejects.toMatchObject({
      param: 'password',
    });
    await expect(createUser(db, { externalUserId: 'bad:id' })).rejects.toBeInstanceOf(AccountsError);
    // Two creates racing for one id: one wins, the other is a conflict (not a raw database error).
    const race = await Promise.allSettled([
      createUser(db, { externalUserId: 'racer' }),
      createUser(db, { externalUserId: 'racer' }),
    ]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(race.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'conflict' } });

    const login = await verifyConsoleLogin('admin@example.test', 'correct horse battery staple', db);
    expect(login).toEqual({
      userId: admin.id,
      externalUserId: 'console-admin',
      email: 'admin@example.test',
      role: 'admin',
      accountId: account.id,
    });
    expect(await verifyConsoleLogin('admin@example.test', 'wrong password entirely', db)).toBeNull();
    expect(await verifyConsoleLogin('nobody@example.test', 'correct horse battery staple', db)).toBeNull();
  });
});
