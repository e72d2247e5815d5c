import { beforeAll, describe, expect, it } from 'vitest';
import {
  AccountsError,
  authenticateApiRequest,
  changeOwnPassword,
  createAccount,
  createApiKey,
  createBranch,
  createManagedApiKey,
  createUser,
  inviteUser,
  listManagedApiKeys,
  listManagedUsers,
  rememberVerifiedApiKeys,
  resetUserPassword,
  revokeApiKeyById,
  revokeManagedApiKey,
  setUserDisabled,
  verifyConsoleLogin,
  type AdminActor,
} from '@/server/accounts';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { basicAuthorization as basic } from './testing';

/** The refusal a call ends with (code and param), or null when it succeeds. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; param: string | undefined } | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof AccountsError) return { code: error.code, param: error.param };
    throw error;
  }
}

describe(`console administration on ${testDbKind()}`, () => {
  const testDb = useTestDb();
  let admin: AdminActor;
  let branchId: number;
  let otherTenantId: number;
  let otherUserId: number;

  beforeAll(async () => {
    const { db } = testDb;
    // Verified keys are remembered in this process, as on the embedded database: revoking and
    // disabling must reach that memory too.
    rememberVerifiedApiKeys(db);
    const root = await createAccount(db, { name: 'Tenant' });
    branchId = (await createAccount(db, { name: 'Branch', parentId: root.id })).id;
    const adminUser = await createUser(db, {
      externalUserId: 'tenant-admin',
      defaultAccountId: root.id,
      email: 'admin@tenant.test',
      password: 'a long admin password',
      role: 'admin',
    });
    admin = { db, accountId: root.id, userId: adminUser.id };
    otherTenantId = (await createAccount(db, { name: 'Other tenant' })).id;
    otherUserId = (await createUser(db, { externalUserId: 'other-user', defaultAccountId: otherTenantId })).id;
  });
  it('invites a console user with a one-time password that signs in; lists only the subtree', async () => {
    const { user, password } = await inviteUser(admin, {
      email: 'Dispatch@Tenant.test',
      role: 'dispatcher',
      accountId: branchId,
    });
    expect(password).toMatch(/^[A-Za-z0-9_-]{18}$/);
    expect(user).toMatchObject({
      email: 'dispatch@tenant.test',
      role: 'dispatcher',
      accountId: branchId,
      accountName: 'Branch',
      disabledAt: null,
      passwordChangeRequired: true,
    });
    expect(await verifyConsoleLogin('dispatch@tenant.test', password, testDb.db)).toMatchObject({
      userId: user.id,
      role: 'dispatcher',
    });
    const listed = await listManagedUsers(admin);
    expect(listed.map((u) => u.externalUserId).sort()).toEqual([user.externalUserId, 'tenant-admin'].sort());
    expect(
      await refusal(inviteUser(admin, { email: 'x@tenant.test', role: 'admin', accountId: otherTenantId })),
    ).toEqual({
      code: 'not_found',
      param: 'accountId',
    });
    expect(
      await refusal(inviteUser(admin, { email: 'not an email', role: 'admin', accountId: branchId })),
    ).toMatchObject({
      code: 'invalid_input',
      param: 'email',
    });
    expect(
      await refusal(inviteUser(admin, { email: 'dispatch@tenant.test', role: 'admin', accountId: branchId })),
    ).toMatchObject({ code: 'conflict' });
  });

  it('resets a password (the old one stops working) and disables a user everywhere: console, API keys, until enabled', async () => {
    const { user, password } = await inviteUser(admin, {
      email: 'driver-lead@tenant.test',
      role: 'dispatcher',
      accountId: branchId,
    });
    const { password: next } = await resetUserPassword(admin, { userId: user.id });
    expect(next).not.toBe(password);
    expect(await verifyConsoleLogin('driver-lead@tenant.test', password, testDb.db)).toBeNull();
    expect(await verifyConsoleLogin('driver-lead@tenant.test', next, testDb.db)).not.toBeNull();

    const key = await createManagedApiKey(admin, { accountId: branchId, userId: user.id, environment: 'sandbox' });
    expect((await authenticateApiRequest(testDb.db, basic(user.externalUserId, key.key), { allowJwt: false })).ok).toBe(
      true,
    );

    const disabled = await setUserDisabled(admin, { userId: user.id, disabled: true });
    expect(disabled.disabledAt).toBeInstanceOf(Date);
    expect(await verifyConsoleLogin('driver-lead@tenant.test', next, testDb.db)).toBeNull();
    // Refused at once, although the key had just been verified (and remembered).
    expect(await authenticateApiRequest(testDb.db, basic(user.externalUserId, key.key), { allowJwt: false })).toEqual({
      ok: false,
      code: 'unauthenticated',
    });
    expect(
      await refusal(createManagedApiKey(admin, { accountId: branchId, userId: user.id, environment: 'live' })),
    ).toMatchObject({ param: 'userId' });

    await setUserDisabled(admin, { userId: user.id, disabled: false });
    expect(await verifyConsoleLogin('driver-lead@tenant.test', next, testDb.db)).not.toBeNull();
    expect((await authenticateApiRequest(testDb.db, basic(user.externalUserId, key.key), { allowJwt: false })).ok).toBe(
      true,
    );

    expect(await refusal(setUserDisabled(admin, { userId: admin.userId, disabled: true }))).toMatchObject({
      code: 'invalid_input',
      param: 'userId',
    });
    expect(await refusal(setUserDisabled(admin, { userId: otherUserId, disabled: true }))).toEqual({
      code: 'not_found',
      param: 'userId',
    });
    expect(await refusal(resetUserPassword(admin, { userId: otherUserId }))).toEqual({
      code: 'not_found',
      param: 'userId',
    });
  });

  it('creates, lists and revokes API keys of the subtree; another tenant’s keys are neither listed nor revocable', async () => {
    const created = await createManagedApiKey(admin, {
      accountId: branchId,
      userId: admin.userId,
      environment: 'live',
    });
    const foreign = await createApiKey(testDb.db, {
      accountId: otherTenantId,
      externalUserId: 'other-user',
      environment: 'live',
    });
    const listed = await listManagedApiKeys(admin);
    expect(listed.map((k) => k.id)).toContain(created.id);
    expect(listed.map((k) => k.id)).not.toContain(foreign.id);
    expect(listed.find((k) => k.id === created.id)).toMatchObject({
      prefix: created.key.slice(0, 20),
      environment: 'live',
      accountName: 'Branch',
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect((await authenticateApiRequest(testDb.db, basic('tenant-admin', created.key), { allowJwt: false })).ok).toBe(
      true,
    );
    const revoked = await revokeManagedApiKey(admin, { keyId: created.id });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await authenticateApiRequest(testDb.db, basic('tenant-admin', created.key), { allowJwt: false })).toEqual({
      ok: false,
      code: 'unauthenticated',
    });
    // Idempotent: the first revocation time stays.
    expect((await revokeManagedApiKey(admin, { keyId: created.id })).revokedAt).toEqual(revoked.revokedAt);
    expect(await refusal(revokeManagedApiKey(admin, { keyId: foreign.id }))).toEqual({
      code: 'not_found',
      param: 'keyId',
    });
    expect((await authenticateApiRequest(testDb.db, basic('other-user', foreign.key), { allowJwt: false })).ok).toBe(
      true,
    );
  });

  it('a generated password is replaced by the user: the current one must match, the new one must differ and be long enough', async () => {
    const { user, password } = await inviteUser(admin, {
      email: 'own-choice@tenant.test',
      role: 'dispatcher',
      accountId: branchId,
    });
    const change = (currentPassword: string, newPassword: string) =>
      changeOwnPassword(testDb.db, { userId: user.id, currentPassword, newPassword });
    expect(await refusal(change('wrong password!', 'a passphrase of mine'))).toEqual({
      code: 'invalid_input',
      param: 'currentPassword',
    });
    expect(await refusal(change(password, 'short'))).toEqual({ code: 'invalid_input', param: 'newPassword' });
    expect(await refusal(change(password, password))).toEqual({ code: 'invalid_input', param: 'newPassword' });
    // Nothing changed by the refusals.
    expect(await verifyConsoleLogin('own-choice@tenant.test', password, testDb.db)).not.toBeNull();

    await change(password, 'a passphrase of mine');
    expect(await verifyConsoleLogin('own-choice@tenant.test', password, testDb.db)).toBeNull();
    expect(await verifyConsoleLogin('own-choice@tenant.test', 'a passphrase of mine', testDb.db)).not.toBeNull();
    const listed = (await listManagedUsers(admin)).find((u) => u.id === user.id);
    expect(listed?.passwordChangeRequired).toBe(false);

    // An admin's reset makes the password a generated one again.
    await resetUserPassword(admin, { userId: user.id });
    expect((await listManagedUsers(admin)).find((u) => u.id === user.id)?.passwordChangeRequired).toBe(true);
  });

  it('forgets a key revoked, or a user disabled, while a verification of it was reading the database', async () => {
    const nextTurns = async (turns: number) => {
      for (let turn = 0; turn < turns; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    // Each head start lets the verification get further (read the row, record its use) before the
    // revocation lands; whatever it read, the next request must be refused.
    for (let headStart = 0; headStart <= 24; headStart += 1) {
      const created = await createManagedApiKey(admin, {
        accountId: branchId,
        userId: admin.userId,
        environment: 'sandbox',
      });
      const inFlight = authenticateApiRequest(testDb.db, basic('tenant-admin', created.key), { allowJwt: false });
      await nextTurns(headStart);
      await revokeApiKeyById(testDb.db, created.id);
      await inFlight;
      expect(
        await authenticateApiRequest(testDb.db, basic('tenant-admin', created.key), { allowJwt: false }),
        `head start ${headStart}`,
      ).toEqual({
        ok: false,
        code: 'unauthenticated',
      });
    }
    const { user } = await inviteUser(admin, { email: 'racing@tenant.test', role: 'dispatcher', accountId: branchId });
    const key = await createManagedApiKey(admin, { accountId: branchId, userId: user.id, environment: 'sandbox' });
    for (let headStart = 0; headStart <= 24; headStart += 1) {
      const inFlight = authenticateApiRequest(testDb.db, basic(user.externalUserId, key.key), { allowJwt: false });
      await nextTurns(headStart);
      await setUserDisabled(admin, { userId: user.id, disabled: true });
      await inFlight;
      expect(
        await authenticateApiRequest(testDb.db, basic(user.externalUserId, key.key), { allowJwt: false }),
        `head start ${headStart}`,
      ).toEqual({
        ok: false,
        code: 'unauthenticated',
      });
      await setUserDisabled(admin, { userId: user.id, disabled: false });
    }
  });

  it('creates branches under accounts of the subtree only, with a validated location', async () => {
    const branch = await createBranch(admin, {
      name: 'Queens',
      parentId: branchId,
      location: { postalCode: '11101', latitude: 40.75, longitude: -73.94 },
    });
    expect(branch).toMatchObject({ name: 'Queens', parentId: branchId, postalCode: '11101', latitude: 40.75 });
    expect(await refusal(createBranch(admin, { name: 'Sneaky', parentId: otherTenantId }))).toEqual({
      code: 'not_found',
      param: 'parentId',
    });
    expect(
      await refusal(createBranch(admin, { name: 'Bad', parentId: branchId, location: { latitude: 95, longitude: 0 } })),
    ).toMatchObject({
      code: 'invalid_input',
      param: 'location.latitude',
    });
  });
});
