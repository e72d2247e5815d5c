import { mkdirSync } from 'node:fs';
import { getConfig } from '@/server/config';
import { getDbHandle } from '@/server/db';
import { openAdminChannel } from './admin-channel';
import { rememberVerifiedApiKeys } from './api-keys';
import { formatDemoCredentials, seedDemoIfEmpty, writeDemoCredentials } from './demo-seed';
import { configuredJwtVerifier } from './jwt';

/**
 * Server start: checks the JWT configuration, opens (and migrates) the database (remembering verified
 * API keys when it is the embedded one), opens the admin channel for the CLI, and on an
 * empty database with SEED_DEMO seeds the demo tree and prints its credentials once.
 */
export async function startAccounts(): Promise<void> {
  const config = getConfig();
  // A JWT key file that is missing or malformed stops the start, not the first request.
  await configuredJwtVerifier();
  const { db, kind } = await getDbHandle();
  // The embedded database has no other writer: verified API keys can be remembered (a revocation here drops them).
  if (kind === 'pglite') rememberVerifiedApiKeys(db);
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Next records the port it actually listens on in PORT (also for `next start -p`).
  const port = Number(process.env.PORT) || config.PORT;
  openAdminChannel(config.DATA_DIR, port);
  if (config.SEED_DEMO) {
    const credentials = await seedDemoIfEmpty(db);
    if (credentials) {
      const file = writeDemoCredentials(config.DATA_DIR, credentials);
      // Printed, not logged: the one place an operator sees these secrets.
      console.log(formatDemoCredentials(credentials, file));
    }
  }
}
