import type { Db } from '@/server/db';
import { verifyApiKey, type ApiKeyEnvironment } from './api-keys';
import { configuredJwtVerifier, type JwtVerifier } from './jwt';
import { getUserByExternalId } from './users';

/** Who is calling the API, and on which account and environment. */
export interface ApiPrincipal {
  userId: number;
  externalUserId: string;
  /** The API key's account, or (JWT) the user's default account. */
  accountId: number;
  environment: ApiKeyEnvironment;
  via: 'jwt' | 'api_key' | 'console';
  apiKeyId?: number;
}

export type AuthenticationResult =
  { ok: true; principal: ApiPrincipal } | { ok: false; code: 'unauthenticated' | 'no_account_for_user' };

export interface AuthenticateOptions {
  /** Routing accepts JWTs (tried first), booking only API keys. */
  allowJwt: boolean;
  /** Defaults to the verifier from JWT_* configuration. */
  jwtVerifier?: JwtVerifier;
}

const UNAUTHENTICATED = { ok: false, code: 'unauthenticated' } as const;

/** `Basic base64(externalUserId:apiKey)` -> its parts; undefined when malformed. */
function parseBasic(credentials: string): { externalUserId: string; key: string } | undefined {
  let decoded: string;
  try {
    decoded = Buffer.from(credentials, 'base64').toString('utf8');
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { externalUserId: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/**
 * Authenticates an API request from its Authorization header: a Bearer JWT first (when allowed),
 * then HTTP Basic with `externalUserId:apiKey`. Every bad credential gives the same `unauthenticated`.
 */
export async function authenticateApiRequest(
  db: Db,
  headers: Headers,
  options: AuthenticateOptions,
): Promise<AuthenticationResult> {
  const authorization = headers.get('authorization')?.trim();
  if (!authorization) return UNAUTHENTICATED;
  const space = authorization.indexOf(' ');
  if (space < 0) return UNAUTHENTICATED;
  const scheme = authorization.slice(0, space).toLowerCase();
  const credentials = authorization.slice(space + 1).trim();

  if (scheme === 'bearer' && options.allowJwt) {
    const verifier = options.jwtVerifier ?? (await configuredJwtVerifier());
    const verified = await verifier?.verify(credentials);
    if (!verified) return UNAUTHENTICATED;
    const user = await getUserByExternalId(db, verified.externalUserId);
    if (!user || user.disabledAt) return UNAUTHENTICATED;
    if (user.defaultAccountId === null) return { ok: false, code: 'no_account_for_user' };
    return {
      ok: true,
      principal: {
        userId: user.id,
        externalUserId: user.externalUserId,
        accountId: user.defaultAccountId,
        environment: verified.environment,
        via: 'jwt',
      },
    };
  }

  if (scheme === 'basic') {
    const basic = parseBasic(credentials);
    if (!basic) return UNAUTHENTICATED;
    const key = await verifyApiKey(db, basic.externalUserId, basic.key);
    if (!key) return UNAUTHENTICATED;
    return {
      ok: true,
      principal: {
        userId: key.user.id,
        externalUserId: key.user.externalUserId,
        accountId: key.accountId,
        environment: key.environment,
        via: 'api_key',
        apiKeyId: key.id,
      },
    };
  }
  return UNAUTHENTICATED;
}
