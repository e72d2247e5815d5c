import { exportJWK, exportSPKI, generateKeyPair, SignJWT, base64url } from 'jose';
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateApiRequest,
  createAccount,
  createApiKey,
  createJwtVerifier,
  createUser,
  revokeApiKey,
  type JwtVerifier,
} from '@/server/accounts';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';
import { basicAuthorization as basic } from './testing';

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });
const now = () => Math.floor(Date.now() / 1000);

describe(`API keys on ${testDbKind()}`, () => {
  const testDb = useTestDb();
  let accountId: number;
  beforeAll(async () => {
    const account = await createAccount(testDb.db, { name: 'Keys' });
    accountId = account.id;
    await createUser(testDb.db, { externalUserId: 'key-owner', defaultAccountId: accountId });
    await createUser(testDb.db, { externalUserId: 'someone-else', defaultAccountId: accountId });
  });
  it('creates, authenticates and revokes a key; revoked, unknown and wrong keys fail alike', async () => {
    const { db } = testDb;
    const live = await createApiKey(db, { accountId, externalUserId: 'key-owner', environment: 'live' });
    const sandbox = await createApiKey(db, { accountId, externalUserId: 'key-owner', environment: 'sandbox' });
    expect(live.key).toMatch(/^rk_live_[A-Za-z0-9_-]{43}$/);
    expect(sandbox.key).toMatch(/^rk_sandbox_[A-Za-z0-9_-]{43}$/);

    const ok = await authenticateApiRequest(db, basic('key-owner', live.key), { allowJwt: false });
    expect(ok).toEqual({
      ok: true,
      principal: {
        userId: live.userId,
        externalUserId: 'key-owner',
        accountId,
        environment: 'live',
        via: 'api_key',
        apiKeyId: live.id,
      },
    });
    const sandboxResult = await authenticateApiRequest(db, basic('key-owner', sandbox.key), { allowJwt: true });
    expect(sandboxResult.ok && sandboxResult.principal.environment).toBe('sandbox');

    const unauthenticated = { ok: false, code: 'unauthenticated' };
    // The key only for its own user.
    expect(await authenticateApiRequest(db, basic('someone-else', live.key), { allowJwt: false })).toEqual(
      unauthenticated,
    );
    // A key with one character changed, a well-formed unknown key, junk, no header, other schemes.
    const flipped = live.key.slice(0, -1) + (live.key.endsWith('A') ? 'B' : 'A');
    expect(await authenticateApiRequest(db, basic('key-owner', flipped), { allowJwt: false })).toEqual(unauthenticated);
    expect(
      await authenticateApiRequest(db, basic('key-owner', `rk_live_${'x'.repeat(43)}`), { allowJwt: false }),
    ).toEqual(unauthenticated);
    expect(await authenticateApiRequest(db, basic('key-owner', 'hunter2'), { allowJwt: false })).toEqual(
      unauthenticated,
    );
    expect(await authenticateApiRequest(db, new Headers(), { allowJwt: false })).toEqual(unauthenticated);
    expect(await authenticateApiRequest(db, new Headers({ authorization: 'Basic !!!' }), { allowJwt: false })).toEqual(
      unauthenticated,
    );
    expect(
      await authenticateApiRequest(db, new Headers({ authorization: `Digest ${live.key}` }), { allowJwt: false }),
    ).toEqual(unauthenticated);

    await revokeApiKey(db, live.key);
    expect(await authenticateApiRequest(db, basic('key-owner', live.key), { allowJwt: false })).toEqual(
      unauthenticated,
    );
    // Revoking again is harmless; an unknown key is not found.
    await expect(revokeApiKey(db, live.key)).resolves.toMatchObject({ id: live.id });
    await expect(revokeApiKey(db, `rk_live_${'y'.repeat(43)}`)).rejects.toMatchObject({
      code: 'not_found',
      param: 'key',
    });
    // The other key is unaffected.
    expect((await authenticateApiRequest(db, basic('key-owner', sandbox.key), { allowJwt: false })).ok).toBe(true);
  });

  it('refuses key creation for unknown accounts, users and environments', async () => {
    const { db } = testDb;
    await expect(
      createApiKey(db, { accountId: 999_999, externalUserId: 'key-owner', environment: 'live' }),
    ).rejects.toMatchObject({ param: 'accountId' });
    await expect(createApiKey(db, { accountId, externalUserId: 'ghost', environment: 'live' })).rejects.toMatchObject({
      param: 'externalUserId',
    });
    await expect(
      createApiKey(db, { accountId, externalUserId: 'key-owner', environment: 'prod' as never }),
    ).rejects.toMatchObject({ param: 'environment' });
  });
});

describe(`JWT authentication on ${testDbKind()}`, () => {
  const secret = 'a-test-secret-that-is-long-enough-for-hs256';
  const testDb = useTestDb();
  let accountId: number;
  let hsVerifier: JwtVerifier;
  beforeAll(async () => {
    accountId = (await createAccount(testDb.db, { name: 'JWT' })).id;
    await createUser(testDb.db, { externalUserId: 'jwt-user', defaultAccountId: accountId });
    await createUser(testDb.db, { externalUserId: 'homeless-user' });
    hsVerifier = (await createJwtVerifier({ secret, issuer: 'https://issuer.test', audience: 'routing-api' }))!;
  });
  const auth = (token: string, verifier: JwtVerifier, allowJwt = true) =>
    authenticateApiRequest(testDb.db, bearer(token), { allowJwt, jwtVerifier: verifier });
  const hsToken = (claims: Record<string, unknown> = {}, key: Uint8Array = new TextEncoder().encode(secret)) =>
    // Claims given here override the defaults (the setters would override them otherwise).
    new SignJWT({ sub: 'jwt-user', iss: 'https://issuer.test', aud: 'routing-api', exp: now() + 300, ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);

  it("accepts a valid HS256 token as a live principal on the user's default account", async () => {
    expect(await auth(await hsToken(), hsVerifier)).toMatchObject({
      ok: true,
      principal: { externalUserId: 'jwt-user', accountId, environment: 'live', via: 'jwt' },
    });
    const sandbox = await auth(await hsToken({ environment: 'sandbox' }), hsVerifier);
    expect(sandbox.ok && sandbox.principal.environment).toBe('sandbox');
  });

  it('rejects bad tokens', async () => {
    const unauthenticated = { ok: false, code: 'unauthenticated' };
    const header = (h: object) => base64url.encode(JSON.stringify(h));
    const payload = base64url.encode(
      JSON.stringify({ sub: 'jwt-user', exp: now() + 300, iss: 'https://issuer.test', aud: 'routing-api' }),
    );
    const cases: Record<string, string> = {
      'alg none': `${header({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      expired: await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('jwt-user')
        .setIssuer('https://issuer.test')
        .setAudience('routing-api')
        .setExpirationTime(now() - 120)
        .sign(new TextEncoder().encode(secret)),
      'nbf in the future': await hsToken({ nbf: now() + 600 }),
      'no exp': await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('jwt-user')
        .setIssuer('https://issuer.test')
        .setAudience('routing-api')
        .sign(new TextEncoder().encode(secret)),
      'wrong iss': await hsToken({ iss: 'https://evil.test' }),
      'wrong aud': await hsToken({ aud: 'another-api' }),
      'bad signature': await hsToken({}, new TextEncoder().encode('another-secret-that-is-long-enough-too')),
      'unknown environment': await hsToken({ environment: 'staging' }),
      garbage: 'not.a.jwt',
    };
    for (const [name, token] of Object.entries(cases)) {
      expect(await auth(token, hsVerifier), name).toEqual(unauthenticated);
    }
    // Unknown subject.
    const stranger = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('stranger')
      .setIssuer('https://issuer.test')
      .setAudience('routing-api')
      .setExpirationTime(now() + 60)
      .sign(new TextEncoder().encode(secret));
    expect(await auth(stranger, hsVerifier)).toEqual(unauthenticated);
    // Booking does not take JWTs.
    expect(await auth(await hsToken(), hsVerifier, false)).toEqual(unauthenticated);
  });

  it('allows 60 s of clock skew', async () => {
    const justExpired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('jwt-user')
      .setIssuer('https://issuer.test')
      .setAudience('routing-api')
      .setExpirationTime(now() - 30)
      .sign(new TextEncoder().encode(secret));
    expect((await auth(justExpired, hsVerifier)).ok).toBe(true);
  });

  it('answers no_account_for_user for a user without a default account', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('homeless-user')
      .setIssuer('https://issuer.test')
      .setAudience('routing-api')
      .setExpirationTime(now() + 60)
      .sign(new TextEncoder().encode(secret));
    expect(await auth(token, hsVerifier)).toEqual({ ok: false, code: 'no_account_for_user' });
  });

  it('verifies RS256 with a public key and rejects algorithm confusion', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const publicKeyPem = await exportSPKI(publicKey);
    const verifier = (await createJwtVerifier({ publicKeyPem }))!;
    const good = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('jwt-user')
      .setExpirationTime(now() + 60)
      .sign(privateKey);
    expect(await auth(good, verifier)).toMatchObject({ ok: true, principal: { via: 'jwt', accountId } });

    // An HS256 token whose HMAC key is the public key PEM: accepted only by a verifier that lets the
    // token's header pick the algorithm.
    const confused = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('jwt-user')
      .setExpirationTime(now() + 60)
      .sign(new TextEncoder().encode(publicKeyPem));
    expect(await auth(confused, verifier)).toEqual({ ok: false, code: 'unauthenticated' });
    // Also when an HS256 secret is configured beside the public key: HS256 uses only that secret.
    const both = (await createJwtVerifier({ publicKeyPem, secret }))!;
    expect(await auth(confused, both)).toEqual({ ok: false, code: 'unauthenticated' });
    expect((await auth(good, both)).ok).toBe(true);
    // Manual confusion check: the same HMAC computed by hand.
    const [h, p] = [
      base64url.encode(JSON.stringify({ alg: 'HS256' })),
      base64url.encode(JSON.stringify({ sub: 'jwt-user', exp: now() + 60 })),
    ];
    const signature = createHmac('sha256', publicKeyPem).update(`${h}.${p}`).digest('base64url');
    expect(await auth(`${h}.${p}.${signature}`, verifier)).toEqual({ ok: false, code: 'unauthenticated' });
  });

  it('verifies ES256 from a public key and from a local JWKS', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('jwt-user')
      .setExpirationTime(now() + 60)
      .sign(privateKey);
    const fromPem = (await createJwtVerifier({ publicKeyPem: await exportSPKI(publicKey) }))!;
    expect((await auth(token, fromPem)).ok).toBe(true);
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const fromJwks = (await createJwtVerifier({ jwks: { keys: [jwk] } }))!;
    expect((await auth(token, fromJwks)).ok).toBe(true);
    // A key the JWKS does not hold.
    const other = await generateKeyPair('ES256');
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('jwt-user')
      .setExpirationTime(now() + 60)
      .sign(other.privateKey);
    expect(await auth(foreign, fromJwks)).toEqual({ ok: false, code: 'unauthenticated' });
  });

  it('accepts no JWT at all when none is configured', async () => {
    expect(await createJwtVerifier({})).toBeUndefined();
  });
});
