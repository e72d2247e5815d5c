import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  importSPKI,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyResult,
  type JWTVerifyOptions,
} from 'jose';
import { getConfig } from '@/server/config';
import type { ApiKeyEnvironment } from './api-keys';

/**
 * JWT authentication (routing). Tokens are verified with an allow-listed algorithm and key only:
 * HS256 with JWT_SECRET, RS256/ES256 with the public key in JWT_PUBLIC_KEY_FILE, or RS256/ES256
 * with the keys of the local JWKS file JWT_JWKS_FILE. `exp` and `sub` (the externalUserId) are
 * required; `nbf`, `iss` (JWT_ISSUER) and `aud` (JWT_AUDIENCE) are checked when present/configured;
 * clocks may differ by 60 s. An optional claim `environment: "sandbox"` makes the principal sandbox
 * (default live; any other value is refused).
 */
export interface JwtVerifierOptions {
  secret?: string;
  publicKeyPem?: string;
  jwks?: JSONWebKeySet;
  issuer?: string;
  audience?: string;
}

interface VerifiedJwt {
  externalUserId: string;
  environment: ApiKeyEnvironment;
}

export interface JwtVerifier {
  /** The token's subject and environment, or undefined when the token is not acceptable. */
  verify(token: string): Promise<VerifiedJwt | undefined>;
}

type Algorithm = 'HS256' | 'RS256' | 'ES256';
interface KeySource {
  algorithms: Algorithm[];
  verify(token: string, options: JWTVerifyOptions): Promise<JWTVerifyResult>;
}

const CLOCK_TOLERANCE_SECONDS = 60;

function publicKeyAlgorithm(pem: string): Algorithm {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error(
    `JWT public key: unsupported key type ${key.asymmetricKeyType} (use RSA for RS256 or P-256 for ES256)`,
  );
}

/** Builds a verifier; undefined when no key is configured (then JWTs are never accepted). */
export async function createJwtVerifier(options: JwtVerifierOptions): Promise<JwtVerifier | undefined> {
  const sources: KeySource[] = [];
  if (options.secret) {
    if (options.secret.length < 32) throw new Error('JWT secret: must be at least 32 characters');
    const secret = new TextEncoder().encode(options.secret);
    sources.push({ algorithms: ['HS256'], verify: (token, o) => jwtVerify(token, secret, o) });
  }
  if (options.publicKeyPem) {
    const algorithm = publicKeyAlgorithm(options.publicKeyPem);
    const publicKey = await importSPKI(options.publicKeyPem, algorithm);
    sources.push({ algorithms: [algorithm], verify: (token, o) => jwtVerify(token, publicKey, o) });
  }
  if (options.jwks) {
    const keySet = createLocalJWKSet(options.jwks);
    sources.push({ algorithms: ['RS256', 'ES256'], verify: (token, o) => jwtVerify(token, keySet, o) });
  }
  if (sources.length === 0) return undefined;

  const baseOptions: JWTVerifyOptions = {
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp', 'sub'],
    ...(options.issuer ? { issuer: options.issuer } : {}),
    ...(options.audience ? { audience: options.audience } : {}),
  };

  return {
    async verify(token) {
      let alg: string | undefined;
      try {
        alg = decodeProtectedHeader(token).alg;
      } catch {
        return undefined;
      }
      // Each key verifies only its own algorithms: `none`, and an HS256 token "signed" with a
      // public key, find no source.
      for (const source of sources) {
        if (!alg || !(source.algorithms as string[]).includes(alg)) continue;
        try {
          const { payload } = await source.verify(token, { ...baseOptions, algorithms: [alg] });
          const environment = payload.environment ?? 'live';
          if (typeof payload.sub !== 'string' || !payload.sub) return undefined;
          if (environment !== 'live' && environment !== 'sandbox') return undefined;
          return { externalUserId: payload.sub, environment };
        } catch {
          // Try the next source with this algorithm (e.g. the JWKS after the single public key).
        }
      }
      return undefined;
    },
  };
}

// The configured verifier is built once per process (it reads key files).
const CONFIGURED = Symbol.for('routing-booking-service.jwt-verifier');
type GlobalWithVerifier = typeof globalThis & { [CONFIGURED]?: Promise<JwtVerifier | undefined> };

/** The verifier from JWT_* configuration; a missing or unreadable key file is a startup error. */
export function configuredJwtVerifier(): Promise<JwtVerifier | undefined> {
  const g = globalThis as GlobalWithVerifier;
  g[CONFIGURED] ??= (async () => {
    const config = getConfig();
    const readConfigFile = (variable: string, file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch (error) {
        throw new Error(`${variable}: cannot read ${file}: ${(error as Error).message}`);
      }
    };
    let jwks: JSONWebKeySet | undefined;
    if (config.JWT_JWKS_FILE) {
      try {
        jwks = JSON.parse(readConfigFile('JWT_JWKS_FILE', config.JWT_JWKS_FILE)) as JSONWebKeySet;
      } catch (error) {
        throw new Error(`JWT_JWKS_FILE: not a JWKS document: ${(error as Error).message}`);
      }
    }
    return createJwtVerifier({
      secret: config.JWT_SECRET,
      publicKeyPem: config.JWT_PUBLIC_KEY_FILE
        ? readConfigFile('JWT_PUBLIC_KEY_FILE', config.JWT_PUBLIC_KEY_FILE)
        : undefined,
      jwks,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
    });
  })();
  return g[CONFIGURED];
}
