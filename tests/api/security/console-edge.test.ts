/**
 * The console's edge as hard as /v1 (issue 64): tRPC inputs meet the /v1 text rules, cross-origin
 * posts are refused with a 4xx, concurrent password guesses are counted before they are checked, and
 * sign-out ends the session on the server, not only in the browser.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser, createTenant, type ConsoleLogin, type Tenant } from '../helpers';
import { cookieHeader, cookiesOf, hasSession, mutate, query, signIn, type TrpcResult } from '../http/console-client';
import { baseUrl, smallPlan } from '../client';

/** A CSRF token with the cookie it belongs to, as the auth.js client fetches them. */
async function csrf(jar = new Map<string, string>()): Promise<{ jar: Map<string, string>; csrfToken: string }> {
  const response = await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { Cookie: cookieHeader(jar) } });
  cookiesOf(response, jar);
  return { jar, csrfToken: ((await response.json()) as { csrfToken: string }).csrfToken };
}

let tenant: Tenant;
let suffix: string;
let adminLogin: ConsoleLogin;
let admin: Map<string, string>;

beforeAll(async () => {
  tenant = await createTenant();
  suffix = tenant.externalUserId.replace('test-user-', '');
  adminLogin = await createConsoleUser(tenant, 'edge-admin', 'admin');
  admin = (await signIn(adminLogin.email, adminLogin.password)).jar;
  expect(hasSession(admin)).toBe(true);
});

describe('tRPC inputs meet the /v1 text rules', () => {
  const expectRefused = (answer: { status: number; body: TrpcResult }, param: string | undefined, what: RegExp) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error?.json.data.code).toBe('BAD_REQUEST');
    expect(answer.body.error?.json.data.param).toBe(param);
    expect(answer.body.error?.json.message).toMatch(what);
  };

  it('a NUL character is 400 naming the field, in values and keys, where it used to be a 500', async () => {
    const accountId = tenant.parentId;
    expectRefused(
      await mutate('settings.setLocation', admin, {
        accountId,
        branchLocation: { addressLine1: '1 Main\u0000St', postalCode: '11201' },
      }),
      'branchLocation.addressLine1',
      /NUL/,
    );
    expectRefused(
      await mutate('admin.createBranch', admin, { name: 'Branch\u0000', parentId: accountId }),
      'name',
      /NUL/,
    );
    expectRefused(
      await mutate('admin.users.invite', admin, {
        email: 'nul@example.test',
        role: 'dispatcher',
        accountId,
        externalUserId: 'a\u0000b',
      }),
      'externalUserId',
      /NUL/,
    );
    const rateCard = { baseFeeCents: 1, perMileCents: 1, perMinuteCents: 1 };
    expectRefused(
      await mutate('settings.setBooking', admin, {
        accountId,
        booking: { pricing: { model: 'markup' }, rateCards: { 'van\u0000': rateCard } },
      }),
      'booking.rateCards',
      /key must not contain the NUL/,
    );
    expectRefused(await query('itineraries.list', admin, { date: '2026-11-23\u0000' }), 'date', /NUL/);
  });

  it('a lone surrogate is 400 naming the field, where routingJobs.plan used to answer 500', async () => {
    const request = smallPlan();
    (request.orders as { externalId: string }[])[0]!.externalId = 'O-\ud800';
    expectRefused(
      await mutate('routingJobs.plan', admin, { environment: 'live', request }),
      'request.orders[0].externalId',
      /lone UTF-16 surrogate/,
    );
    expectRefused(
      await mutate('admin.createBranch', admin, { name: '\udfffBranch', parentId: tenant.parentId }),
      'name',
      /lone UTF-16 surrogate/,
    );
  });

  it('a NUL or a lone surrogate in a sign-in is a wrong login, not a server error', async () => {
    for (const email of ['a\u0000b@example.test', 'a\ud800b@example.test', `${adminLogin.email}\u0000`]) {
      const { jar, location } = await signIn(email, adminLogin.password);
      expect(hasSession(jar)).toBe(false);
      expect(location, email).toContain('error=CredentialsSignin');
    }
  });

  it('a clean input still goes through', async () => {
    const created = await mutate('admin.createBranch', admin, { name: `Clean ${suffix}`, parentId: tenant.parentId });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });
});

describe('cross-origin posts to the console are refused with 403, not 500', () => {
  const evil = 'https://evil.example';

  async function expectForbiddenOrigin(response: Response): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'forbidden_origin',
        message: expect.any(String) as string,
        param: 'Origin',
      },
    });
  }

  it('the sign-in callback, the login and password-change server actions and tRPC mutations', async () => {
    const { jar, csrfToken } = await csrf();
    await expectForbiddenOrigin(
      await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: evil, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar) },
        body: new URLSearchParams({ email: adminLogin.email, password: adminLogin.password, csrfToken }),
      }),
    );
    for (const page of ['/login', '/login/password']) {
      const form = new FormData();
      form.set('currentPassword', adminLogin.password);
      form.set('newPassword', 'another long passphrase');
      form.set('repeatPassword', 'another long passphrase');
      await expectForbiddenOrigin(
        await fetch(`${baseUrl()}${page}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Origin: evil, 'Next-Action': '0'.repeat(42), Cookie: cookieHeader(admin) },
          body: form,
        }),
      );
    }
    await expectForbiddenOrigin(
      await fetch(`${baseUrl()}/api/trpc/admin.createBranch`, {
        method: 'POST',
        headers: { Origin: 'null', 'Content-Type': 'text/plain', Cookie: cookieHeader(admin) },
        body: JSON.stringify({ json: { name: 'Forged', parentId: tenant.parentId } }),
      }),
    );
    // The admin was neither signed out nor changed: their session still works.
    expect((await query('me', admin)).status).toBe(200);
  });

  it('the same posts from the console itself go through, and /v1 is not subject to the check', async () => {
    const { jar, csrfToken } = await csrf();
    const signedIn = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Origin: new URL(baseUrl()).origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: cookieHeader(jar),
      },
      body: new URLSearchParams({ email: adminLogin.email, password: adminLogin.password, csrfToken }),
    });
    cookiesOf(signedIn, jar);
    expect(signedIn.status).toBe(302);
    expect(hasSession(jar)).toBe(true);
    const plan = await fetch(`${baseUrl()}/v1/routing/plan`, {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        authorization: tenant.basicAuthHeader(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...smallPlan(), problemId: '' }),
    });
    expect(plan.status).toBe(400); // the body's fault, answered by the route: no origin refusal on the API
    expect(((await plan.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
  });
});

describe('the sign-in limiter counts an attempt before checking it', () => {
  it('50 simultaneous wrong guesses: at most 10 are evaluated, and then the right password is refused too', async () => {
    const victim = await createConsoleUser(tenant, 'guessed', 'admin');
    const { jar, csrfToken } = await csrf();
    const guess = async (password: string) => {
      const response = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar) },
        body: new URLSearchParams({ email: victim.email, password, csrfToken, callbackUrl: `${baseUrl()}/console` }),
      });
      await response.body?.cancel();
      expect(
        response.headers
          .getSetCookie()
          .some((line) => line.includes('session-token=') && !line.includes('session-token=;')),
      ).toBe(false);
      return response.headers.get('location') ?? '';
    };
    const locations = await Promise.all(Array.from({ length: 50 }, (_, i) => guess(`wrong guess ${i}`)));
    const evaluated = locations.filter(
      (location) => location.includes('error=CredentialsSignin') && !location.includes('too_many_attempts'),
    );
    const refused = locations.filter((location) => location.includes('code=too_many_attempts'));
    expect(evaluated.length + refused.length, locations.join('\n')).toBe(50);
    expect(evaluated.length).toBeGreaterThanOrEqual(1);
    expect(evaluated.length).toBeLessThanOrEqual(10);
    expect(await guess(victim.password)).toContain('code=too_many_attempts');
  });

  it('a successful sign-in gives its attempt back: a user who signs in often is never locked out by it', async () => {
    const regular = await createConsoleUser(tenant, 'regular', 'admin');
    for (let i = 0; i < 12; i += 1) expect(hasSession((await signIn(regular.email, regular.password)).jar)).toBe(true);
  });
});

describe('sign-out ends the session on the server', () => {
  it('a session cookie copied before sign-out answers 401 on tRPC and a redirect to /login on console pages', async () => {
    const user = await createConsoleUser(tenant, 'leaving', 'dispatcher');
    const { jar } = await signIn(user.email, user.password);
    const copied = new Map(jar);
    expect((await query('me', copied)).status).toBe(200);
    const page = await fetch(`${baseUrl()}/console`, { redirect: 'manual', headers: { Cookie: cookieHeader(copied) } });
    await page.body?.cancel();
    expect(page.status).toBe(200);

    const { csrfToken } = await csrf(jar);
    const signedOut = await fetch(`${baseUrl()}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar) },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${baseUrl()}/login` }),
    });
    await signedOut.body?.cancel();
    expect(signedOut.status).toBe(302);

    const reused = await query('me', copied);
    expect(reused.status).toBe(401);
    expect(reused.body.error?.json.data.code).toBe('UNAUTHORIZED');
    const again = await fetch(`${baseUrl()}/console`, {
      redirect: 'manual',
      headers: { Cookie: cookieHeader(copied) },
    });
    await again.body?.cancel();
    expect([303, 307]).toContain(again.status);
    expect(again.headers.get('location')).toMatch(/\/login/);
    // Signing in again works: the revocation covers sessions signed in before it only.
    expect((await query('me', (await signIn(user.email, user.password)).jar)).status).toBe(200);
  });
});
