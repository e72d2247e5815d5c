import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, schema, type DbOrTx } from '@/server/db';
import { MAX_INT32 } from '@/server/validation';
import { AccountsError, parseOrThrow } from './errors';
import { locationSchema, type Location } from './settings-schemas';

const { accounts } = schema;
export type Account = typeof accounts.$inferSelect;

export const accountIdSchema = z.coerce
  .number({ error: 'must be a numeric account id' })
  .int('must be a numeric account id')
  .positive('must be a numeric account id')
  .max(MAX_INT32, 'must be a numeric account id');

export const createAccountInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(200),
  parentId: accountIdSchema.optional(),
  location: locationSchema.optional(),
});
export type CreateAccountInput = z.input<typeof createAccountInputSchema>;

/** Creates an account, under `parentId` when given (a branch). */
export async function createAccount(db: DbOrTx, input: CreateAccountInput): Promise<Account> {
  const { name, parentId, location } = parseOrThrow(createAccountInputSchema, input);
  if (parentId !== undefined && !(await getAccount(db, parentId))) {
    throw new AccountsError('invalid_input', `parentId: no account ${parentId}`, 'parentId');
  }
  const [created] = await db
    .insert(accounts)
    .values({ name, parentId: parentId ?? null, ...locationColumns(location) })
    .returning();
  if (!created) throw new Error('account insert returned no row');
  return created;
}

export function locationColumns(location: Location | null | undefined) {
  return {
    addressLine1: location?.addressLine1 ?? null,
    city: location?.city ?? null,
    state: location?.state ?? null,
    postalCode: location?.postalCode ?? null,
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
  };
}

/** An account's branch location, or null when none is configured. */
export function branchLocationOf(account: Account): Location | null {
  const location: Location = {};
  if (account.addressLine1) location.addressLine1 = account.addressLine1;
  if (account.city) location.city = account.city;
  if (account.state) location.state = account.state;
  if (account.postalCode) location.postalCode = account.postalCode;
  if (account.latitude !== null && account.longitude !== null) {
    location.latitude = account.latitude;
    location.longitude = account.longitude;
  }
  return Object.keys(location).length > 0 ? location : null;
}

export async function getAccount(db: DbOrTx, id: number): Promise<Account | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
  const rows = await db.select().from(accounts).where(eq(accounts.id, id));
  return rows[0];
}

/** The account and its ancestors, nearest first (the account itself, its parent, ..., the root). */
export async function listAncestry(db: DbOrTx, id: number): Promise<Account[]> {
  if (!(await getAccount(db, id))) return [];
  const rows = await queryRows<{ id: number; depth: number }>(
    db,
    sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from ${accounts} where id = ${id}
      union all
      select a.id, a.parent_id, c.depth + 1 from ${accounts} a join chain c on a.id = c.parent_id
    )
    select id, depth from chain order by depth`,
  );
  const ids = rows.map((r) => Number(r.id));
  const found = await db.select().from(accounts).where(inArray(accounts.id, ids));
  const byId = new Map(found.map((a) => [a.id, a]));
  return ids.map((i) => byId.get(i)).filter((a): a is Account => a !== undefined);
}

/** The account and all its descendants, the account first, then by depth and id. */
export async function listSubtree(db: DbOrTx, rootId: number): Promise<Account[]> {
  if (!(await getAccount(db, rootId))) return [];
  const rows = await queryRows<{ id: number; depth: number }>(
    db,
    sql`
    with recursive tree(id, depth) as (
      select id, 0 from ${accounts} where id = ${rootId}
      union all
      select a.id, t.depth + 1 from ${accounts} a join tree t on a.parent_id = t.id
    )
    select id, depth from tree order by depth, id`,
  );
  const ids = rows.map((r) => Number(r.id));
  const found = await db.select().from(accounts).where(inArray(accounts.id, ids));
  const byId = new Map(found.map((a) => [a.id, a]));
  return ids.map((i) => byId.get(i)).filter((a): a is Account => a !== undefined);
}

/** Whether `id` is `ancestorId` itself or one of its descendants. */
export async function isInSubtree(db: DbOrTx, ancestorId: number, id: number): Promise<boolean> {
  const chain = await listAncestry(db, id);
  return chain.some((a) => a.id === ancestorId);
}
