import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the service generates for itself when no environment variable supplies them (e.g. the API
 * key pepper). Kept in the database so every instance sharing it agrees on them.
 */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
