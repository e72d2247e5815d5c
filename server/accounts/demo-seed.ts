import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { schema, type Db } from '@/server/db';
import { createAccount } from './accounts';
import { createApiKey } from './api-keys';
import { setSettings } from './settings';
import { createUser } from './users';

export interface DemoCredentials {
  parentAccountId: number;
  branches: { id: number; name: string }[];
  apiUser: string;
  liveKey: string;
  sandboxKey: string;
  console: { email: string; password: string };
}

// Any constant: serializes the emptiness check when several instances start on one database.
const SEED_ADVISORY_LOCK = 7_310_254_119;
const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

/** The demo parent's branches, at real US addresses. */
export const DEMO_BRANCHES = [
  {
    name: 'Demo Logistics Brooklyn',
    location: {
      addressLine1: '55 Water St',
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11201',
      latitude: 40.7033,
      longitude: -73.9903,
    },
  },
  {
    name: 'Demo Logistics Long Island City',
    location: {
      addressLine1: '30-30 Thomson Ave',
      city: 'Long Island City',
      state: 'NY',
      postalCode: '11101',
      latitude: 40.7447,
      longitude: -73.9366,
    },
  },
];

/**
 * Creates the demo tree in an empty database: a parent account with two branches at real US
 * addresses, an API user with a live and a sandbox key, and a console admin with a generated
 * password. Returns the credentials, or null when the database already had accounts.
 */
export async function seedDemoIfEmpty(db: Db): Promise<DemoCredentials | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_ADVISORY_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(schema.accounts);
    if ((existing?.n ?? 0) > 0) return null;

    const parent = await createAccount(tx, { name: 'Demo Logistics' });
    const branches = [];
    for (const branch of DEMO_BRANCHES) branches.push(await createAccount(tx, { ...branch, parentId: parent.id }));
    await setSettings(tx, parent.id, {
      optimization: {
        objective: 'MIN_DURATION',
        trafficMode: 'automatic',
        serviceTime: { setupSeconds: 300, perItemSeconds: 30 },
      },
      booking: {
        pricing: { model: 'markup', markupPercent: 15 },
        rateCards: {
          'cargo-van': { baseFeeCents: 1500, perMileCents: 150, perMinuteCents: 25 },
          'box-truck': { baseFeeCents: 3500, perMileCents: 250, perMinuteCents: 40 },
        },
      },
      slotPolicy: { horizonDays: 30, leadTimeMinutes: 120, sameDayCutoff: '14:00' },
    });

    const apiUser = 'demo-api';
    await createUser(tx, { externalUserId: apiUser, defaultAccountId: parent.id });
    const live = await createApiKey(tx, { accountId: parent.id, externalUserId: apiUser, environment: 'live' });
    const sandbox = await createApiKey(tx, { accountId: parent.id, externalUserId: apiUser, environment: 'sandbox' });
    const password = randomBytes(12).toString('base64url');
    const email = 'admin@demo.example';
    await createUser(tx, { externalUserId: 'demo-admin', defaultAccountId: parent.id, email, password, role: 'admin' });

    return {
      parentAccountId: parent.id,
      branches: branches.map(({ id, name }) => ({ id, name })),
      apiUser,
      liveKey: live.key,
      sandboxKey: sandbox.key,
      console: { email, password },
    };
  });
}

/** Writes the demo credentials to `<dataDir>/demo-credentials.json` (owner-only) and returns the path. */
export function writeDemoCredentials(dataDir: string, credentials: DemoCredentials): string {
  const file = path.join(path.resolve(dataDir), DEMO_CREDENTIALS_FILE);
  writeFileSync(file, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** The credentials as a block for the server's first start. */
export function formatDemoCredentials(credentials: DemoCredentials, file: string): string {
  const basic = (key: string) => Buffer.from(`${credentials.apiUser}:${key}`).toString('base64');
  return [
    '',
    '================ Demo account created (shown once) ================',
    `Parent account ${credentials.parentAccountId}; branches ${credentials.branches.map((b) => `${b.id} (${b.name})`).join(', ')}`,
    `API user:      ${credentials.apiUser}`,
    `Live key:      ${credentials.liveKey}`,
    `Sandbox key:   ${credentials.sandboxKey}`,
    `  e.g. Authorization: Basic ${basic(credentials.liveKey)}`,
    `Console login: ${credentials.console.email} / ${credentials.console.password}`,
    `Saved to ${file}`,
    '===================================================================',
    '',
  ].join('\n');
}
