import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_BRANCHES } from '@/server/accounts/demo-seed';

/**
 * Helpers for API tests against the running server at BASE_URL. Accounts, users, keys and settings
 * are created through the server's internal admin endpoint (the same commands as the admin CLI),
 * authenticated with the token the server wrote under DATA_DIR.
 */
export function baseUrl(): string {
  const url = process.env.BASE_URL;
  if (!url) throw new Error('BASE_URL is not set: API tests run against a server started by scripts/test-all.sh');
  return url.replace(/\/$/, '');
}

function adminToken(): string {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set: API tests need the server data directory for its admin token');
  const file = path.join(path.resolve(dataDir), 'admin-endpoint.json');
  const endpoint = JSON.parse(readFileSync(file, 'utf8')) as { token?: unknown };
  if (typeof endpoint.token !== 'string') throw new Error(`${file} has no admin token`);
  return endpoint.token;
}

/** Runs one admin command on the server; throws with the server's error body on failure. */
export async function adminCommand<T extends Record<string, unknown> = Record<string, unknown>>(
  command: 'account.create' | 'user.create' | 'key.create' | 'key.revoke' | 'settings.set' | 'settings.get',
  args: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/internal/admin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ command, args }),
  });
  const body = (await response.json()) as T;
  if (response.status !== 200) throw new Error(`admin ${command} failed (${response.status}): ${JSON.stringify(body)}`);
  return body;
}

type Environment = 'live' | 'sandbox';

/** `Authorization` header value for HTTP Basic with an API key. */
export function basicAuth(externalUserId: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${externalUserId}:${apiKey}`).toString('base64')}`;
}

interface BranchSpec {
  name?: string;
  location?: {
    addressLine1?: string;
    city?: string;
    state?: string;
    postalCode?: string;
    latitude?: number;
    longitude?: number;
  };
}

/**
 * Real US addresses used when a test does not name its own: the demo tree's branches, named without
 * "Demo" so that a test can tell a tenant's tree from the seeded demo account's.
 */
const DEFAULT_BRANCHES: readonly BranchSpec[] = DEMO_BRANCHES.map((branch) => ({
  ...branch,
  name: branch.name.replace(/^Demo Logistics /, ''),
}));

interface TenantOptions {
  /** Branches under the parent (default: two in New York City). */
  branches?: BranchSpec[];
  /** Settings for the parent account (same shape as `settings set`). */
  parentSettings?: Record<string, unknown>;
}

export interface Tenant {
  parentId: number;
  branchIds: number[];
  externalUserId: string;
  liveKey: string;
  sandboxKey: string;
  /** The Basic `Authorization` header for this tenant's live or sandbox key. */
  basicAuthHeader(environment?: Environment): string;
}

/**
 * A fresh tenant on the running server: a parent account with branches, a user whose default
 * account is the parent, and a live and a sandbox key on the parent. Names are unique per call.
 */
export async function createTenant(options: TenantOptions = {}): Promise<Tenant> {
  const suffix = randomBytes(4).toString('hex');
  const parent = await adminCommand<{ id: number }>('account.create', { name: `Test tenant ${suffix}` });
  const branchIds: number[] = [];
  for (const [i, branch] of (options.branches ?? DEFAULT_BRANCHES).entries()) {
    const created = await adminCommand<{ id: number }>('account.create', {
      name: `${branch.name ?? `Branch ${i + 1}`} ${suffix}`,
      parentId: parent.id,
      ...(branch.location ? { location: branch.location } : {}),
    });
    branchIds.push(created.id);
  }
  if (options.parentSettings) await setAccountSettings(parent.id, options.parentSettings);
  const externalUserId = `test-user-${suffix}`;
  await adminCommand('user.create', { externalUserId, defaultAccountId: parent.id });
  const liveKey = await createKey(parent.id, externalUserId, 'live');
  const sandboxKey = await createKey(parent.id, externalUserId, 'sandbox');
  return {
    parentId: parent.id,
    branchIds,
    externalUserId,
    liveKey,
    sandboxKey,
    basicAuthHeader: (environment = 'live') => basicAuth(externalUserId, environment === 'live' ? liveKey : sandboxKey),
  };
}

/** A fresh tenant and the Basic auth header of its live key, as most endpoint tests call. */
export async function liveTenant(options: TenantOptions = {}): Promise<{ tenant: Tenant; auth: string }> {
  const tenant = await createTenant(options);
  return { tenant, auth: tenant.basicAuthHeader('live') };
}

/**
 * A fresh tenant as the booking tests start from: its live auth, its first branch, and the branch's
 * own auth (what seeds booked routes on the branch).
 */
export async function bookingTenant(options: TenantOptions = {}) {
  const { tenant, auth } = await liveTenant(options);
  const branchId = tenant.branchIds[0]!;
  return { tenant, auth, branchId, seeder: await accountAuth(branchId) };
}

/** Creates a user (no console login unless email, password and role are given). */
export async function createUser(args: {
  externalUserId: string;
  defaultAccountId?: number;
  email?: string;
  password?: string;
  role?: 'admin' | 'dispatcher';
}): Promise<{ id: number }> {
  return adminCommand('user.create', args);
}

export interface ConsoleLogin {
  email: string;
  password: string;
}

/**
 * A console user `<name>-<the tenant's suffix>` with `role` on `accountId` (default: the tenant's parent account);
 * returns the user's id and the email and password to sign in with.
 */
export async function createConsoleUser(
  tenant: Tenant,
  name: string,
  role: 'admin' | 'dispatcher',
  accountId = tenant.parentId,
): Promise<ConsoleLogin & { id: number }> {
  const suffix = tenant.externalUserId.replace('test-user-', '');
  const login = { email: `${name}-${suffix}@example.test`, password: `a long passphrase ${suffix}` };
  const { id } = await createUser({ externalUserId: `${name}-${suffix}`, defaultAccountId: accountId, ...login, role });
  return { id, ...login };
}

/** The Basic `Authorization` header of a new user's live key on `accountId` (a branch books and searches as itself). */
export async function accountAuth(accountId: number): Promise<string> {
  const externalUserId = `account-user-${randomBytes(5).toString('hex')}`;
  await createUser({ externalUserId, defaultAccountId: accountId });
  return basicAuth(externalUserId, await createKey(accountId, externalUserId, 'live'));
}

/** Issues an API key; returns the secret. */
export async function createKey(accountId: number, externalUserId: string, environment: Environment): Promise<string> {
  const created = await adminCommand<{ key: string }>('key.create', { accountId, externalUserId, environment });
  return created.key;
}

export async function revokeKey(key: string): Promise<void> {
  await adminCommand('key.revoke', { key });
}

/** Replaces the given kinds of an account's own settings (see server/accounts settings). */
export async function setAccountSettings(accountId: number, settings: Record<string, unknown>): Promise<void> {
  await adminCommand('settings.set', { accountId, settings });
}
