import { z } from 'zod';

/**
 * Numbers the service converts or multiplies (kilograms to pounds, centimeters to inches, cents by
 * a percentage, minutes to seconds) are bounded where they enter: a finite value that is merely huge
 * (`1e308`) would overflow to Infinity after the conversion, and JSON then stores it as `null`, so
 * the same request would mean different things depending on where it was computed. Every bound here
 * leaves room for any real shipment, vehicle or price with several orders of magnitude to spare.
 */

/** The largest value of a PostgreSQL `integer` column; ids and counts stored there stay below it. */
export const MAX_INT32 = 2_147_483_647;

export interface NumberBounds {
  /** Smallest accepted value (inclusive unless `exclusiveMin`). */
  min: number;
  /** Largest accepted value, inclusive. */
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** `min` itself is refused (a positive quantity: more than 0). */
  exclusiveMin?: boolean;
}

/** A finite number within its bounds; the message names the bound, and `param` comes from the field's path. */
export function boundedNumber({ min, max, integer = false, exclusiveMin = false }: NumberBounds) {
  let schema = z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a finite number') });
  if (integer) schema = schema.int('must be a whole number');
  schema = exclusiveMin ? schema.gt(min, `must be greater than ${min}`) : schema.min(min, `must be at least ${min}`);
  return schema.max(max, `must be at most ${max}`);
}

/** A database id (a positive PostgreSQL `integer`). */
export const databaseIdSchema = boundedNumber({ min: 1, max: MAX_INT32, integer: true });

/** Money in whole cents: up to a billion dollars. */
export const MAX_CENTS = 100_000_000_000;
export const centsSchema = boundedNumber({ min: 0, max: MAX_CENTS, integer: true });
