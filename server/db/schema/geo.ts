import { doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of the configured street-level geocoder, so an address is asked once. A row with null
 * coordinates records "no match" (also an answer). Keyed by geocoder and normalized address text.
 */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    /** 'nominatim' or 'pelias' (answers differ between geocoders). */
    geocoder: text('geocoder').notNull(),
    /** Normalized address: lowercased, whitespace collapsed, fields joined by '|'. */
    query: text('query').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.geocoder, table.query] })],
);
