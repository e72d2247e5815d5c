import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Itineraries written by routing `book` (createItinerary, updateItinerary). Booking recommendations
 * search them for insertion points, so a row keeps what an insertion check needs: the vehicle's
 * capacity, stop limit and shift, and per stop its window, service time and load. `orders` and
 * `fleetEntry` keep the request's own objects so updateItinerary can re-optimize them exactly.
 */
export const itineraries = pgTable(
  'itineraries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    environment: text('environment', { enum: ['live', 'sandbox'] }).notNull(),
    /** The request that last wrote this itinerary. */
    problemId: text('problem_id').notNull(),
    /** `<driverExternalId>:<vehicleExternalId>` */
    externalId: text('external_id').notNull(),
    driverExternalId: text('driver_external_id').notNull(),
    vehicleExternalId: text('vehicle_external_id').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    routeSkills: jsonb('route_skills').$type<string[]>().notNull(),
    /** Local calendar date of the scheduled start, in `timeZone`. */
    date: date('date', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }).notNull(),
    shiftEnd: timestamp('shift_end', { withTimezone: true }).notNull(),
    routeStart: timestamp('route_start', { withTimezone: true }).notNull(),
    routeEnd: timestamp('route_end', { withTimezone: true }).notNull(),
    capacityPounds: doublePrecision('capacity_pounds').notNull(),
    capacityCubicInches: doublePrecision('capacity_cubic_inches').notNull(),
    maxStops: integer('max_stops').notNull(),
    /** Depot and route end when the fleet entry named them (null: starts at its first stop / ends at its last). */
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    distanceMeters: integer('distance_meters').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    travelSeconds: integer('travel_seconds').notNull(),
    serviceSeconds: integer('service_seconds').notNull(),
    waitingSeconds: integer('waiting_seconds').notNull(),
    /** The routing request's Order objects served by this itinerary. */
    orders: jsonb('orders').$type<unknown[]>().notNull(),
    /** The routing request's FleetSpec this itinerary was planned for. */
    fleetEntry: jsonb('fleet_entry').$type<Record<string, unknown>>().notNull(),
    /** Bumped by every rewrite: an update commits only over the version it was planned from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('itineraries_problem_idx').on(t.accountId, t.environment, t.problemId),
    index('itineraries_account_env_date_idx').on(t.accountId, t.environment, t.date),
    check('itineraries_environment_check', sql`${t.environment} in ('live', 'sandbox')`),
  ],
);

export const itineraryStops = pgTable(
  'itinerary_stops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itineraryId: integer('itinerary_id')
      .notNull()
      .references(() => itineraries.id, { onDelete: 'cascade' }),
    stopNumber: integer('stop_number').notNull(),
    type: text('type', { enum: ['pickup', 'dropoff'] }).notNull(),
    orderExternalIds: jsonb('order_external_ids').$type<string[]>().notNull(),
    addressLine1: text('address_line1').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    timeZone: text('time_zone').notNull(),
    arrival: timestamp('arrival', { withTimezone: true }).notNull(),
    serviceStart: timestamp('service_start', { withTimezone: true }).notNull(),
    departure: timestamp('departure', { withTimezone: true }).notNull(),
    waitSeconds: integer('wait_seconds').notNull(),
    serviceSeconds: integer('service_seconds').notNull(),
    /** Start-of-service window; null bound: open. */
    windowOpen: timestamp('window_open', { withTimezone: true }),
    windowClose: timestamp('window_close', { withTimezone: true }),
    /** On board after the stop. */
    loadPounds: doublePrecision('load_pounds').notNull(),
    loadCubicInches: doublePrecision('load_cubic_inches').notNull(),
    legDistanceMeters: integer('leg_distance_meters').notNull(),
    legDurationSeconds: integer('leg_duration_seconds').notNull(),
  },
  (t) => [
    index('itinerary_stops_itinerary_idx').on(t.itineraryId, t.stopNumber),
    check('itinerary_stops_type_check', sql`${t.type} in ('pickup', 'dropoff')`),
  ],
);
