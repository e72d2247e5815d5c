import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, isUniqueViolation, schema, type DbOrTx } from '@/server/db';
import { accountIdSchema, getAccount } from './accounts';
import { AccountsError, parseOrThrow } from './errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';

const { users, userRoles } = schema;

/** What a password chosen by its user must be; generated ones are longer anyway. */
export const newPasswordSchema = z.string().min(12, 'must be at least 12 characters').max(1024);
export type UserRole = (typeof userRoles)[number];
type User = typeof users.$inferSelect;
/** A user without its password hash: what leaves this module. */
export type PublicUser = Omit<User, 'passwordHash'>;

export const createUserInputSchema = z
  .strictObject({
    externalUserId: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(200)
      .regex(/^[^:\s]+$/, 'must not contain ":" or spaces'),
    defaultAccountId: accountIdSchema.optional(),
    email: z.email().max(320).optional(),
    password: newPasswordSchema.optional(),
    role: z.enum(userRoles).optional(),
    /** The password was made up by someone else (an admin's invite): the console asks for a new one first. */
    passwordChangeRequired: z.boolean().optional(),
  })
  .superRefine((u, ctx) => {
    const login = [u.email, u.password, u.role].filter((v) => v !== undefined).length;
    if (login > 0 && login < 3) {
      const missing = u.email === undefined ? 'email' : u.password === undefined ? 'password' : 'role';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'a console login needs email, password and role together',
      });
    }
  });
export type CreateUserInput = z.input<typeof createUserInputSchema>;

function toPublicUser(user: User): PublicUser {
  const { passwordHash: _hidden, ...rest } = user;
  return rest;
}

/** Creates a user; with email, password and role it can also sign in to the console. */
export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<PublicUser> {
  const parsed = parseOrThrow(createUserInputSchema, input);
  if (parsed.defaultAccountId !== undefined && !(await getAccount(db, parsed.defaultAccountId))) {
    throw new AccountsError(
      'invalid_input',
      `defaultAccountId: no account ${parsed.defaultAccountId}`,
      'defaultAccountId',
    );
  }
  if (await getUserByExternalId(db, parsed.externalUserId)) {
    throw new AccountsError(
      'conflict',
      `externalUserId: a user ${parsed.externalUserId} already exists`,
      'externalUserId',
    );
  }
  const email = parsed.email?.toLowerCase();
  if (email && (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0) {
    throw new AccountsError('conflict', 'email: already used by another user', 'email');
  }
  const passwordHash = parsed.password ? await hashPassword(parsed.password) : null;
  const [created] = await db
    .insert(users)
    .values({
      externalUserId: parsed.externalUserId,
      defaultAccountId: parsed.defaultAccountId ?? null,
      email: email ?? null,
      passwordHash,
      role: parsed.role ?? null,
      passwordChangeRequired: parsed.passwordChangeRequired ?? false,
    })
    .returning()
    .catch((error: unknown) => {
      // A concurrent create won the race between the checks above and this insert.
      if (isUniqueViolation(error))
        throw new AccountsError('conflict', 'externalUserId or email: already exists', 'externalUserId');
      throw error;
    });
  if (!created) throw new Error('user insert returned no row');
  return toPublicUser(created);
}

export async function getUserByExternalId(db: DbOrTx, externalUserId: string): Promise<PublicUser | undefined> {
  const rows = await db.select().from(users).where(eq(users.externalUserId, externalUserId));
  return rows[0] && toPublicUser(rows[0]);
}

/** A console user after a successful login. */
export interface ConsoleLoginUser {
  userId: number;
  externalUserId: string;
  email: string;
  role: UserRole;
  /** The account the console opens on (the user's default account). */
  accountId: number;
}

/**
 * The console user with this email and password, or null (also for a user without a default
 * account: the console would have nothing to show). Takes the same time whether or not the email
 * exists, so the answer does not reveal which emails have logins.
 */
export async function verifyConsoleLogin(
  email: string,
  password: string,
  db?: DbOrTx,
): Promise<ConsoleLoginUser | null> {
  const database = db ?? (await getDb());
  const rows = await database.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  const user = rows[0];
  const stored = user?.passwordHash ?? (await decoyPasswordHash());
  const matches = await verifyPassword(password, stored);
  if (!matches || !user?.passwordHash || !user.role || !user.email || user.defaultAccountId === null || user.disabledAt)
    return null;
  return {
    userId: user.id,
    externalUserId: user.externalUserId,
    email: user.email,
    role: user.role,
    accountId: user.defaultAccountId,
  };
}

/**
 * A console user replaces their own password (the generated one of an invite or reset, or any time):
 * the current one must match, the new one must differ. Every session signed in before, this one
 * included, ends: the user signs in again with the new password.
 */
export async function changeOwnPassword(
  db: DbOrTx,
  input: { userId: number; currentPassword: string; newPassword: string },
): Promise<void> {
  const parsed = parseOrThrow(
    z.strictObject({
      userId: z.number().int().positive(),
      currentPassword: z.string().min(1, 'is required').max(1024),
      newPassword: newPasswordSchema,
    }),
    input,
  );
  const [user] = await db.select().from(users).where(eq(users.id, parsed.userId));
  if (!user?.passwordHash || user.disabledAt)
    throw new AccountsError('not_found', 'userId: no console login', 'userId');
  if (!(await verifyPassword(parsed.currentPassword, user.passwordHash))) {
    throw new AccountsError(
      'invalid_input',
      'currentPassword: does not match your current password',
      'currentPassword',
    );
  }
  if (parsed.newPassword === parsed.currentPassword) {
    throw new AccountsError('invalid_input', 'newPassword: must differ from the current password', 'newPassword');
  }
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(parsed.newPassword),
      passwordChangeRequired: false,
      sessionsRevokedAt: new Date(),
    })
    .where(eq(users.id, parsed.userId));
}

/**
 * Ends every console session of the user signed in up to now (sign-out): session tokens are signed
 * cookies that stay valid until they expire, so the server keeps the moment instead, and a token
 * signed in before it is refused (`getConsoleUser`). Sessions are revoked per user, not per token:
 * signing out on one device signs out the others too.
 */
export async function revokeConsoleSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ sessionsRevokedAt: new Date() }).where(eq(users.id, userId));
}
