import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Accounts form a tree: a parent account and its branches (children), any depth. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => accounts.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    // Branch location: where pickups start when a request names no origin.
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_parent_id_idx').on(t.parentId)],
);

export const userRoles = ['admin', 'dispatcher'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    externalUserId: text('external_user_id').notNull().unique(),
    defaultAccountId: integer('default_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    // Console login (optional): lower-cased email, scrypt hash, role.
    email: text('email').unique(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: userRoles }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin disables the user: no console sign-in, no session, no API key works. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Console sessions signed in before this are void (set on disable and on a password reset). */
    sessionsRevokedAt: timestamp('sessions_revoked_at', { withTimezone: true }),
  },
  (t) => [check('users_role_check', sql`${t.role} is null or ${t.role} in ('admin', 'dispatcher')`)],
);

export const apiKeyEnvironments = ['live', 'sandbox'] as const;
export type ApiKeyEnvironment = (typeof apiKeyEnvironments)[number];

export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    environment: text('environment', { enum: apiKeyEnvironments }).notNull(),
    // The key's first characters, unique, so a presented key is found without scanning hashes.
    prefix: text('prefix').notNull().unique(),
    // HMAC-SHA256(pepper, key), hex. The key itself is never stored.
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_account_id_idx').on(t.accountId), check('api_keys_environment_check', sql`${t.environment} in ('live', 'sandbox')`)],
);

export const settingsKinds = ['optimization', 'booking', 'slot_policy', 'pickup_override'] as const;
export type SettingsKind = (typeof settingsKinds)[number];

/** One row per (account, kind); an absent row means "inherit". */
export const accountSettings = pgTable(
  'account_settings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: settingsKinds }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind] }),
    check('account_settings_kind_check', sql`${t.kind} in ('optimization', 'booking', 'slot_policy', 'pickup_override')`),
  ],
);
