import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { getUserByExternalId, revokeConsoleSessions, verifyConsoleLogin } from '@/server/accounts';
import { getConfig } from '@/server/config';
import { getDb, getOrCreateServiceSecret } from '@/server/db';
import { log } from '@/server/log';
import { findUnsafeInput } from '@/server/validation';
import { clientAddressOf } from './client-address';

/**
 * Console sign-in (next-auth v5, Credentials provider, JWT sessions). The session carries the
 * console user below; API callers never use it (they authenticate per request under /v1).
 */
const consoleUserSchema = z.object({
  userId: z.number().int(),
  externalUserId: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'dispatcher']),
  accountId: z.number().int(),
});
/** The signed-in user as pages and procedures see it, read again from the database on each request. */
export type ConsoleUser = z.infer<typeof consoleUserSchema> & {
  /** Signed in with a password an admin generated: nothing but choosing a new one until then. */
  passwordChangeRequired: boolean;
};

/** What the session token carries: the user at sign-in and when that was (epoch ms). */
const sessionUserSchema = consoleUserSchema.extend({ signedInAt: z.number().optional() });

/** An email with a NUL or a lone surrogate matches no user (and the database could not even compare it): a wrong login. */
const loginSchema = z
  .object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) })
  .refine((login) => findUnsafeInput(login) === undefined);

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** Failed sign-ins allowed per (email, client address) in the window before sign-in is refused. */
const MAX_FAILED_SIGN_INS = 10;
/** And per email from all addresses together, since a client behind a trusted proxy can vary its address. */
const MAX_FAILED_SIGN_INS_PER_EMAIL = 100;
const FAILED_SIGN_IN_WINDOW_SECONDS = 15 * 60;

/** Refused while an email has too many recent failures from one address; the form says so. */
class TooManySignInAttempts extends CredentialsSignin {
  override code = 'too_many_attempts';
}

// Per process, on globalThis because Next bundles the auth route and the login action separately.
const LIMITERS = Symbol.for('routing-booking-service.console-sign-in-limiters');
interface SignInLimiters {
  /** Attempts per (email, client address). */
  perAddress: RateLimiterMemory;
  /** Attempts per email from all addresses. */
  perEmail: RateLimiterMemory;
}
type GlobalWithLimiters = typeof globalThis & { [LIMITERS]?: SignInLimiters };
function signInLimiters(): SignInLimiters {
  const g = globalThis as GlobalWithLimiters;
  g[LIMITERS] ??= {
    perAddress: new RateLimiterMemory({ points: MAX_FAILED_SIGN_INS, duration: FAILED_SIGN_IN_WINDOW_SECONDS }),
    perEmail: new RateLimiterMemory({ points: MAX_FAILED_SIGN_INS_PER_EMAIL, duration: FAILED_SIGN_IN_WINDOW_SECONDS }),
  };
  return g[LIMITERS];
}

/**
 * Counts an attempt as failed before its password is checked, so that concurrent guesses cannot
 * all be verified while none has been counted yet: with N attempts left, at most N are ever in
 * verification at once. False when the limit is already spent. A sign-in that succeeds gives the
 * attempt back (`settleSignInAttempt`).
 */
async function reserveSignInAttempt(email: string, address: string): Promise<boolean> {
  const { perAddress, perEmail } = signInLimiters();
  // Both counters move in this same tick (the memory store counts synchronously); refusals count too.
  const outcomes = await Promise.allSettled([perAddress.consume(`${email}|${address}`), perEmail.consume(email)]);
  return outcomes.every((outcome) => outcome.status === 'fulfilled');
}

/** After a right password: the address's failures are forgotten and the email's reserved attempt returned. */
async function settleSignInAttempt(email: string, address: string): Promise<void> {
  const { perAddress, perEmail } = signInLimiters();
  await Promise.all([perAddress.delete(`${email}|${address}`), perEmail.reward(email, 1)]);
}

function clientAddress(request: Request | undefined): string {
  return (request && clientAddressOf(request)) ?? 'unknown';
}

let secret: Promise<string> | undefined;

/**
 * AUTH_SECRET when configured; otherwise one generated on first use and kept in the database, so
 * every instance signs and reads the same session cookies and restarts keep people signed in.
 */
function consoleAuthSecret(): Promise<string> {
  const configured = getConfig().AUTH_SECRET;
  if (configured) return Promise.resolve(configured);
  secret ??= getDb()
    .then((db) => getOrCreateServiceSecret(db, 'console_auth_secret'))
    .catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
  return secret;
}

async function consoleAuthConfig(): Promise<NextAuthConfig> {
  return {
    secret: await consoleAuthSecret(),
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login' },
    logger: {
      error: (error) => {
        // Wrong passwords and stale or forged session cookies are routine; anything else deserves a
        // look. (Auth.js errors carry `type`; class names are minified in production builds.)
        const type = 'type' in error && typeof error.type === 'string' ? error.type : undefined;
        if (type === 'CredentialsSignin') log.info('console sign-in refused');
        else if (type === 'JWTSessionError') log.info('console session cookie rejected');
        else log.warn('console auth', { type, error });
      },
      warn: (code) => log.warn('console auth', { code }),
      debug: () => undefined,
    },
    providers: [
      Credentials({
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(raw, request) {
          const parsed = loginSchema.safeParse(raw);
          if (!parsed.success) return null;
          // Password guessing: after MAX_FAILED_SIGN_INS failures, even the right password is refused until the window passes.
          const email = parsed.data.email.toLowerCase();
          const address = clientAddress(request);
          if (!(await reserveSignInAttempt(email, address))) {
            log.warn('console sign-in refused: too many failed attempts', { email });
            throw new TooManySignInAttempts();
          }
          const user = await verifyConsoleLogin(parsed.data.email, parsed.data.password);
          if (!user) return null;
          await settleSignInAttempt(email, address);
          const consoleUser = consoleUserSchema.safeParse(user);
          if (!consoleUser.success) return null;
          return {
            id: String(consoleUser.data.userId),
            email: consoleUser.data.email,
            consoleUser: { ...consoleUser.data, signedInAt: Date.now() },
          };
        },
      }),
    ],
    events: {
      // Sign-out ends the session on the server too: a copy of the cookie taken before is refused.
      async signOut(message) {
        const signedIn = 'token' in message ? sessionUserSchema.safeParse(message.token?.consoleUser) : undefined;
        if (signedIn?.success) await revokeConsoleSessions(await getDb(), signedIn.data.userId);
      },
    },
    callbacks: {
      jwt({ token, user }) {
        // `user` is present only at sign-in: copy the console user into the token once.
        if (user && 'consoleUser' in user) token.consoleUser = user.consoleUser;
        return token;
      },
      session({ session, token }) {
        const withUser: typeof session & { consoleUser?: unknown } = session;
        withUser.consoleUser = token.consoleUser;
        return withUser;
      },
    },
  };
}

const nextAuth = NextAuth(consoleAuthConfig);
export const { handlers, signIn, signOut } = nextAuth;
const { auth } = nextAuth;

/**
 * The signed-in console user, or null. The session only names the user: role, email and account
 * are read again from the database, so a demoted or removed user loses access at once rather than
 * when the session expires.
 */
export async function getConsoleUser(): Promise<ConsoleUser | null> {
  const session: unknown = await auth();
  if (!session || typeof session !== 'object' || !('consoleUser' in session)) return null;
  const parsed = sessionUserSchema.safeParse(session.consoleUser);
  if (!parsed.success) return null;
  const current = await getUserByExternalId(await getDb(), parsed.data.externalUserId);
  if (
    current?.id !== parsed.data.userId ||
    !current.role ||
    !current.email ||
    current.defaultAccountId === null ||
    current.disabledAt
  )
    return null;
  // Disabling a user or resetting their password ends the sessions signed in before it.
  if (current.sessionsRevokedAt && (parsed.data.signedInAt ?? 0) <= current.sessionsRevokedAt.getTime()) return null;
  return {
    userId: current.id,
    externalUserId: current.externalUserId,
    email: current.email,
    role: current.role,
    accountId: current.defaultAccountId,
    passwordChangeRequired: current.passwordChangeRequired,
  };
}
