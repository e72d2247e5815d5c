import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, schema, type DbOrTx } from '@/server/db';
import { branchLocationOf, getAccount, listAncestry, locationColumns, type Account } from './accounts';
import { AccountsError, parseOrThrow } from './errors';
import {
  bookingSettingsSchema,
  locationSchema,
  mergeOptimizationSettings,
  optimizationSettingsSchema,
  resolvedSlotPolicySchema,
  resolveSlotPolicy,
  settingsUpdateSchema,
  slotPolicySchema,
  type BookingSettings,
  type Location,
  type OptimizationSettings,
  type SettingsUpdate,
  type SlotPolicy,
  type StoredSlotPolicy,
} from './settings-schemas';

const { accountSettings, accounts } = schema;
type SettingsKind = (typeof schema.settingsKinds)[number];

/** The settings an account stores itself and those in force, as schemas (the console API's output). */
export const ownSettingsSchema = z.object({
  optimization: optimizationSettingsSchema.optional(),
  booking: bookingSettingsSchema.optional(),
  slotPolicy: slotPolicySchema.optional(),
  pickupOverride: locationSchema.optional(),
  branchLocation: locationSchema.optional(),
});

export const effectiveSettingsSchema = z.object({
  accountId: z.number().int(),
  optimization: optimizationSettingsSchema,
  booking: bookingSettingsSchema.nullable(),
  slotPolicy: resolvedSlotPolicySchema,
  branchLocation: locationSchema.nullable(),
  pickupOverride: locationSchema.nullable(),
  sources: z.object({
    optimization: z.array(z.number().int()),
    booking: z.number().int().nullable(),
    slotPolicy: z.number().int().nullable(),
  }),
});

/** The settings an account stores itself (absent kinds inherit). */
export interface OwnSettings {
  optimization?: OptimizationSettings;
  booking?: BookingSettings;
  slotPolicy?: StoredSlotPolicy;
  pickupOverride?: Location;
  branchLocation?: Location;
}

/** The settings in force for an account, with where the inherited ones come from. */
export interface EffectiveSettings {
  accountId: number;
  /** Merged from the root down to the account (child keys win); service defaults not included. */
  optimization: OptimizationSettings;
  /** From the nearest account that has booking settings; null when none has. */
  booking: BookingSettings | null;
  /** From the nearest account that has a slot policy, completed with the service defaults. */
  slotPolicy: SlotPolicy;
  /** The account's own branch location (not inherited). */
  branchLocation: Location | null;
  /** The account's own pickup override (not inherited). */
  pickupOverride: Location | null;
  sources: { optimization: number[]; booking: number | null; slotPolicy: number | null };
}

const KIND_BY_FIELD = {
  optimization: 'optimization',
  booking: 'booking',
  slotPolicy: 'slot_policy',
  pickupOverride: 'pickup_override',
} as const satisfies Record<string, SettingsKind>;

// Stored values were validated on write; parsing again guards against rows written by older code.
function parseStored(kind: SettingsKind, value: unknown, accountId: number) {
  const root = `account ${accountId} ${kind} settings`;
  switch (kind) {
    case 'optimization':
      return parseOrThrow(optimizationSettingsSchema, value, root);
    case 'booking':
      return parseOrThrow(bookingSettingsSchema, value, root);
    case 'slot_policy':
      return parseOrThrow(slotPolicySchema, value, root);
    case 'pickup_override':
      return parseOrThrow(locationSchema, value, root);
  }
}

type StoredSettingsRow = typeof accountSettings.$inferSelect;

async function storedRows(db: DbOrTx, accountIds: number[]): Promise<StoredSettingsRow[]> {
  if (accountIds.length === 0) return [];
  return db.select().from(accountSettings).where(inArray(accountSettings.accountId, accountIds));
}

/** What the account itself stores, kind by kind. Unknown account: AccountsError not_found. */
export async function getOwnSettings(db: DbOrTx, accountId: number): Promise<OwnSettings> {
  const account = await getAccount(db, accountId);
  if (!account) throw new AccountsError('not_found', `accountId: no account ${accountId}`, 'accountId');
  const own: OwnSettings = {};
  for (const row of await storedRows(db, [accountId])) {
    const value = parseStored(row.kind, row.value, accountId);
    if (row.kind === 'optimization') own.optimization = value as OptimizationSettings;
    else if (row.kind === 'booking') own.booking = value as BookingSettings;
    else if (row.kind === 'slot_policy') own.slotPolicy = value as StoredSlotPolicy;
    else own.pickupOverride = value as Location;
  }
  const location = branchLocationOf(account);
  if (location) own.branchLocation = location;
  return own;
}

/**
 * The settings in force for an account: optimization merged down the tree, booking and slot policy
 * from the nearest account that has them. Unknown account: AccountsError not_found.
 */
export async function getEffectiveSettings(db: DbOrTx, accountId: number): Promise<EffectiveSettings> {
  const chain = await listAncestry(db, accountId); // nearest first
  if (!chain[0]) throw new AccountsError('not_found', `accountId: no account ${accountId}`, 'accountId');
  return effectiveSettingsOf(
    chain,
    await storedRows(
      db,
      chain.map((a) => a.id),
    ),
  );
}

/**
 * The effective settings of `chain[0]` from its ancestry (nearest first, non-empty) and the stored
 * settings rows of those accounts (rows of other accounts are ignored).
 */
export function effectiveSettingsOf(chain: readonly Account[], rows: readonly StoredSettingsRow[]): EffectiveSettings {
  const account = chain[0];
  if (!account) throw new RangeError('effectiveSettingsOf: empty ancestry');
  const accountId = account.id;
  const valueOf = (id: number, kind: SettingsKind) => {
    const row = rows.find((r) => r.accountId === id && r.kind === kind);
    return row ? parseStored(kind, row.value, id) : undefined;
  };

  let optimization: OptimizationSettings = {};
  const optimizationSources: number[] = [];
  for (const ancestor of [...chain].reverse()) {
    const value = valueOf(ancestor.id, 'optimization') as OptimizationSettings | undefined;
    if (!value) continue;
    optimization = mergeOptimizationSettings(optimization, value);
    optimizationSources.push(ancestor.id);
  }
  const nearest = (kind: SettingsKind) => {
    for (const ancestor of chain) {
      const value = valueOf(ancestor.id, kind);
      if (value) return { value, source: ancestor.id };
    }
    return undefined;
  };
  const booking = nearest('booking');
  const slotPolicy = nearest('slot_policy');
  return {
    accountId,
    optimization,
    booking: (booking?.value as BookingSettings | undefined) ?? null,
    slotPolicy: resolveSlotPolicy(slotPolicy?.value as StoredSlotPolicy | undefined),
    branchLocation: branchLocationOf(account),
    pickupOverride: (valueOf(accountId, 'pickup_override') as Location | undefined) ?? null,
    sources: {
      optimization: optimizationSources,
      booking: booking?.source ?? null,
      slotPolicy: slotPolicy?.source ?? null,
    },
  };
}

/** What a booking search reads of the account tree (see readBookingAccounts). */
export type BookingAccounts =
  /** The branch is neither the caller nor one of its descendants (nothing else is read). */
  | { branch: Account; inCallerTree: false }
  | {
      branch: Account;
      inCallerTree: true;
      callerSettings: EffectiveSettings;
      branchSettings: EffectiveSettings;
      /** The branch and its descendants: the branch first, then by depth and id (as listSubtree). */
      subtreeIds: number[];
    };

const MAX_ACCOUNT_ID = 2_147_483_647;

/**
 * The account reads of one booking search in three statements (the two ancestries and the branch's
 * subtree in one recursive query, then the accounts' rows, then their settings rows) instead of
 * about fifteen separate lookups. Nothing is cached: every search sees the rows as they are, so a
 * settings change takes effect on the next search on every instance. Null when the branch does not
 * exist; the caller must exist.
 */
export async function readBookingAccounts(
  db: DbOrTx,
  callerId: number,
  branchId: number,
): Promise<BookingAccounts | null> {
  if (!Number.isSafeInteger(branchId) || branchId <= 0 || branchId > MAX_ACCOUNT_ID) return null;
  // One statement: both ancestries, the branch's subtree, and the accounts and settings rows of
  // the ancestries (a search is a burst of small reads; each statement costs the embedded
  // database a round through its engine on the event loop).
  const tree = await queryRows<{
    part: string;
    start: number | null;
    id: number;
    depth: number;
    row: Record<string, unknown> | string | null;
  }>(
    db,
    sql`
    with recursive up(start, id, parent_id, depth) as (
      select id, id, parent_id, 0 from ${accounts} where id in (${callerId}, ${branchId})
      union all
      select u.start, a.id, a.parent_id, u.depth + 1 from ${accounts} a join up u on a.id = u.parent_id
    ), down(id, depth) as (
      select id, 0 from ${accounts} where id = ${branchId}
      union all
      select a.id, d.depth + 1 from ${accounts} a join down d on a.parent_id = d.id
    )
    select 'up'::text as part, start, id, depth, null::jsonb as row from up
    union all
    select 'down'::text, null::int, id, depth, null::jsonb from down
    union all
    select 'account'::text, null::int, a.id, 0, jsonb_build_object(
      'id', a.id, 'parentId', a.parent_id, 'name', a.name, 'addressLine1', a.address_line1, 'city', a.city, 'state', a.state,
      'postalCode', a.postal_code, 'latitude', a.latitude, 'longitude', a.longitude, 'createdAt', a.created_at)
    from ${accounts} a where a.id in (select id from up)
    union all
    select 'setting'::text, null::int, s.account_id, 0, jsonb_build_object('accountId', s.account_id, 'kind', s.kind, 'value', s.value, 'updatedAt', s.updated_at)
    from ${accountSettings} s where s.account_id in (select id from up)`,
  );
  const chainIds = (start: number) =>
    tree
      .filter((r) => r.part === 'up' && Number(r.start) === start)
      .sort((a, b) => Number(a.depth) - Number(b.depth))
      .map((r) => Number(r.id));
  const callerIds = chainIds(callerId);
  const branchIds = chainIds(branchId);
  if (branchIds.length === 0) return null;
  if (callerIds.length === 0) throw new AccountsError('not_found', `accountId: no account ${callerId}`, 'accountId');
  // jsonb arrives parsed from postgres.js and PGlite alike; as text only from a driver that does not parse it.
  const objectOf = (row: Record<string, unknown> | string | null) =>
    typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : (row ?? {});
  const found: Account[] = tree
    .filter((r) => r.part === 'account')
    .map((r) => {
      const a = objectOf(r.row);
      return { ...(a as Omit<Account, 'createdAt'>), createdAt: new Date(a.createdAt as string) };
    });
  const rows: StoredSettingsRow[] = tree
    .filter((r) => r.part === 'setting')
    .map((r) => {
      const row = objectOf(r.row);
      return { ...(row as Omit<StoredSettingsRow, 'updatedAt'>), updatedAt: new Date(row.updatedAt as string) };
    });
  const byId = new Map(found.map((a) => [a.id, a]));
  const chainOf = (chain: number[]) => chain.map((i) => byId.get(i)).filter((a): a is Account => a !== undefined);
  const callerChain = chainOf(callerIds);
  const branchChain = chainOf(branchIds);
  const branch = branchChain[0];
  if (branch?.id !== branchId) return null;
  if (callerChain[0]?.id !== callerId)
    throw new AccountsError('not_found', `accountId: no account ${callerId}`, 'accountId');
  if (!branchIds.includes(callerId)) return { branch, inCallerTree: false };
  const callerSettings = effectiveSettingsOf(callerChain, rows);
  const subtreeIds = tree
    .filter((r) => r.part === 'down')
    .sort((a, b) => Number(a.depth) - Number(b.depth) || Number(a.id) - Number(b.id))
    .map((r) => Number(r.id));
  return {
    branch,
    inCallerTree: true,
    callerSettings,
    branchSettings: branchId === callerId ? callerSettings : effectiveSettingsOf(branchChain, rows),
    subtreeIds,
  };
}

/**
 * Replaces the given kinds of an account's own settings (`null` removes one, so it inherits again);
 * kinds not given are untouched. Invalid values are refused with an AccountsError naming the field.
 */
export async function setSettings(db: DbOrTx, accountId: number, update: SettingsUpdate): Promise<OwnSettings> {
  const parsed = parseOrThrow(settingsUpdateSchema, update);
  if (parsed.slotPolicy) {
    const resolved = resolveSlotPolicy(parsed.slotPolicy);
    if (!resolved.availableBuckets.includes(resolved.defaultBucket)) {
      throw new AccountsError(
        'invalid_input',
        `slotPolicy.defaultBucket: ${resolved.defaultBucket} is not one of availableBuckets (${resolved.availableBuckets.join(', ')})`,
        'slotPolicy.defaultBucket',
      );
    }
  }
  if (!(await getAccount(db, accountId))) {
    throw new AccountsError('not_found', `accountId: no account ${accountId}`, 'accountId');
  }
  for (const [field, kind] of Object.entries(KIND_BY_FIELD) as [keyof typeof KIND_BY_FIELD, SettingsKind][]) {
    const value = parsed[field];
    if (value === undefined) continue;
    if (value === null) {
      await db
        .delete(accountSettings)
        .where(and(eq(accountSettings.accountId, accountId), eq(accountSettings.kind, kind)));
    } else {
      await db
        .insert(accountSettings)
        .values({ accountId, kind, value })
        .onConflictDoUpdate({
          target: [accountSettings.accountId, accountSettings.kind],
          set: { value, updatedAt: sql`now()` },
        });
    }
  }
  if (parsed.branchLocation !== undefined) {
    await db.update(accounts).set(locationColumns(parsed.branchLocation)).where(eq(accounts.id, accountId));
  }
  return getOwnSettings(db, accountId);
}
