import { mkdirSync } from 'node:fs';
import { getConfig } from '@/server/config';
import { getDb } from '@/server/db';
import { openAdminChannel } from './admin-channel';
import { formatDemoCredentials, seedDemoIfEmpty, writeDemoCredentials } from './demo-seed';
import { configuredJwtVerifier } from './jwt';

/**
 * Server start: checks the JWT configuration, opens (and migrates) the database, opens the admin channel for the CLI, and on an
 * empty database with SEED_DEMO seeds the demo tree and prints its credentials once.
 */
export async function startAccounts(): Promise<void> {
  const config = getConfig();
  // A JWT key file that is missing or malformed stops the start, not the first request.
  await configuredJwtVerifier();
  const db = await getDb();
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
