import { describe, expect, it } from 'vitest';
import { createConsoleUser, createTenant } from '../helpers';
import { hasSession, query, signIn } from './console-client';
import { demoCredentials } from '../client';

// The console's tRPC API behind the next-auth session, driven over HTTP as a browser would (./console-client).
const demo = demoCredentials() as ReturnType<typeof demoCredentials> & {
  parentAccountId: number;
  branches: { id: number; name: string }[];
};

describe('console tRPC API', () => {
  it('refuses every procedure without a session', async () => {
    for (const path of ['me', 'accounts.tree']) {
      const { status, body } = await query(path);
      expect(status).toBe(401);
      expect(body.error?.json.data.code).toBe('UNAUTHORIZED');
      expect(JSON.stringify(body)).not.toContain('stack');
    }
  });

  it('refuses a wrong password without issuing a session', async () => {
    const { jar, location } = await signIn(demo.console.email, `${demo.console.password}-wrong`);
    expect(hasSession(jar)).toBe(false);
    expect(location).toContain('error=CredentialsSignin');
    expect((await query('me', jar)).status).toBe(401);
  });

  it('answers me and accounts.tree for a signed-in user', async () => {
    const { jar } = await signIn(demo.console.email, demo.console.password);
    expect(hasSession(jar)).toBe(true);

    const me = await query('me', jar);
    expect(me.status).toBe(200);
    expect(me.body.result?.data.json).toMatchObject({
      email: demo.console.email,
      role: 'admin',
      account: { id: demo.parentAccountId },
    });

    const tree = await query('accounts.tree', jar);
    expect(tree.status).toBe(200);
    const root = tree.body.result?.data.json as { id: number; children: { id: number; name: string }[] };
    expect(root.id).toBe(demo.parentAccountId);
    expect(root.children.map((c) => c.id).sort()).toEqual(demo.branches.map((b) => b.id).sort());
  });

  it("shows each user only their own account's subtree, with their role", async () => {
    const tenant = await createTenant();
    const branchId = tenant.branchIds[0] ?? 0;
    const dispatcherLogin = await createConsoleUser(tenant, 'disp', 'dispatcher', branchId);
    const adminLogin = await createConsoleUser(tenant, 'adm', 'admin');

    const dispatcher = (await signIn(dispatcherLogin.email, dispatcherLogin.password)).jar;
    expect((await query('me', dispatcher)).body.result?.data.json).toMatchObject({
      role: 'dispatcher',
      account: { id: branchId },
    });
    const branchTree = (await query('accounts.tree', dispatcher)).body.result?.data.json as {
      id: number;
      children: unknown[];
    };
    expect(branchTree).toMatchObject({ id: branchId, children: [] });

    const admin = (await signIn(adminLogin.email.toUpperCase(), adminLogin.password)).jar; // emails are case-insensitive
    const tenantTree = (await query('accounts.tree', admin)).body.result?.data.json as {
      id: number;
      children: { id: number }[];
    };
    expect(tenantTree.id).toBe(tenant.parentId);
    expect(tenantTree.children.map((c) => c.id).sort()).toEqual([...tenant.branchIds].sort());
    expect(JSON.stringify(tenantTree)).not.toContain('Demo');
  });

  it('stops password guessing: after 10 failures even the right password is refused for a while', async () => {
    const tenant = await createTenant({ branches: [] });
    const { email, password } = await createConsoleUser(tenant, 'guessed', 'admin');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { jar, location } = await signIn(email, `wrong guess ${attempt}`);
      expect(hasSession(jar)).toBe(false);
      expect(location).toContain('error=CredentialsSignin');
      expect(location).not.toContain('too_many_attempts');
    }
    const locked = await signIn(email, password);
    expect(hasSession(locked.jar)).toBe(false);
    expect(locked.location).toContain('code=too_many_attempts');
    // Other users are not affected.
    expect(hasSession((await signIn(demo.console.email, demo.console.password)).jar)).toBe(true);
  });

  it('rejects a forged session cookie', async () => {
    const jar = new Map([
      ['authjs.session-token', 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..forged.forged.forged'],
    ]);
    expect((await query('me', jar)).status).toBe(401);
  });
});
