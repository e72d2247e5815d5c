import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type DbOrTx } from '@/server/db';
import { branchLocationOf, getAccount, listAncestry, locationColumns } from './accounts';
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
  sources: z.object({ optimization: z.array(z.number().int()), booking: z.number().int().nullable(), slotPolicy: z.number().int().nullable() }),
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

async function storedRows(db: DbOrTx, accountIds: number[]) {
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
  const account = chain[0];
  if (!account) throw new AccountsError('not_found', `accountId: no account ${accountId}`, 'accountId');
  const rows = await storedRows(
    db,
    chain.map((a) => a.id),
  );
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
    sources: { optimization: optimizationSources, booking: booking?.source ?? null, slotPolicy: slotPolicy?.source ?? null },
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
      await db.delete(accountSettings).where(and(eq(accountSettings.accountId, accountId), eq(accountSettings.kind, kind)));
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
