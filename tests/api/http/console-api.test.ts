import { describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../helpers';
import { baseUrl, demoCredentials } from './http';

// The console's tRPC API behind the next-auth session, driven over HTTP as a browser would.
const demo = demoCredentials() as ReturnType<typeof demoCredentials> & { parentAccountId: number; branches: { id: number; name: string }[] };

interface TrpcResult {
  result?: { data: { json: unknown } };
  error?: { json: { message: string; code: number; data: { code: string; httpStatus: number } } };
}

/** Cookie header value from a response's Set-Cookie headers. */
function cookiesOf(response: Response, jar: Map<string, string>): Map<string, string> {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar.entries()].map(([k, v]) => `${k}=${v}`).join('; ');

/** Signs in with the Credentials provider the way the auth.js client does: CSRF token, then the callback. */
async function signIn(email: string, password: string): Promise<{ jar: Map<string, string>; location: string | null }> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar) },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${baseUrl}/console` }),
  });
  cookiesOf(callback, jar);
  return { jar, location: callback.headers.get('location') };
}

async function query(path: string, jar?: Map<string, string>): Promise<{ status: number; body: TrpcResult }> {
  const response = await fetch(`${baseUrl}/api/trpc/${path}`, { headers: jar ? { Cookie: cookieHeader(jar) } : {} });
  return { status: response.status, body: (await response.json()) as TrpcResult };
}

const hasSession = (jar: Map<string, string>) => [...jar.keys()].some((name) => name.endsWith('authjs.session-token'));

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
    expect(me.body.result?.data.json).toMatchObject({ email: demo.console.email, role: 'admin', account: { id: demo.parentAccountId } });

    const tree = await query('accounts.tree', jar);
    expect(tree.status).toBe(200);
    const root = tree.body.result?.data.json as { id: number; children: { id: number; name: string }[] };
    expect(root.id).toBe(demo.parentAccountId);
    expect(root.children.map((c) => c.id).sort()).toEqual(demo.branches.map((b) => b.id).sort());
  });

  it("shows each user only their own account's subtree, with their role", async () => {
    const tenant = await createTenant();
    const suffix = tenant.externalUserId.replace('test-user-', '');
    const password = `a long passphrase ${suffix}`;
    const branchId = tenant.branchIds[0] ?? 0;
    await createUser({ externalUserId: `disp-${suffix}`, defaultAccountId: branchId, email: `disp-${suffix}@example.test`, password, role: 'dispatcher' });
    await createUser({ externalUserId: `adm-${suffix}`, defaultAccountId: tenant.parentId, email: `adm-${suffix}@example.test`, password, role: 'admin' });

    const dispatcher = (await signIn(`disp-${suffix}@example.test`, password)).jar;
    expect((await query('me', dispatcher)).body.result?.data.json).toMatchObject({ role: 'dispatcher', account: { id: branchId } });
    const branchTree = (await query('accounts.tree', dispatcher)).body.result?.data.json as { id: number; children: unknown[] };
    expect(branchTree).toMatchObject({ id: branchId, children: [] });

    const admin = (await signIn(`ADM-${suffix}@example.test`, password)).jar; // emails are case-insensitive
    const tenantTree = (await query('accounts.tree', admin)).body.result?.data.json as { id: number; children: { id: number }[] };
    expect(tenantTree.id).toBe(tenant.parentId);
    expect(tenantTree.children.map((c) => c.id).sort()).toEqual([...tenant.branchIds].sort());
    expect(JSON.stringify(tenantTree)).not.toContain('Demo');
  });

  it('stops password guessing: after 10 failures even the right password is refused for a while', async () => {
    const tenant = await createTenant({ branches: [] });
    const suffix = tenant.externalUserId.replace('test-user-', '');
    const email = `guessed-${suffix}@example.test`;
    const password = `a long passphrase ${suffix}`;
    await createUser({ externalUserId: `guessed-${suffix}`, defaultAccountId: tenant.parentId, email, password, role: 'admin' });
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
    const jar = new Map([['authjs.session-token', 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..forged.forged.forged']]);
    expect((await query('me', jar)).status).toBe(401);
  });
});
