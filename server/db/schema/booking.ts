import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Booking's rate-limit counters on PostgreSQL, shared by every app instance (rate-limiter-flexible's
 * Drizzle store reads and writes these three columns). The embedded database keeps them in memory.
 */
export const bookingRateLimits = pgTable('booking_rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * One row per finished booking search, written in the transaction that completes its job (so once):
 * what the console's "recent searches" lists after the job itself has expired.
 */
export const bookingSearches = pgTable(
  'booking_searches',
  {
    jobId: uuid('job_id').primaryKey(),
    accountId: integer('account_id').notNull(),
    environment: text('environment').notNull(),
    branchId: integer('branch_id').notNull(),
    date: text('date').notNull(),
    bucket: text('bucket').notNull(),
    windows: integer('windows').notNull(),
    priceCents: integer('price_cents'),
    priceModel: text('price_model'),
    fallback: text('fallback'),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('booking_searches_account_finished_idx').on(table.accountId, table.finishedAt)],
);
