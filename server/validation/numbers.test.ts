import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from './index';
import { boundedNumber, centsSchema, databaseIdSchema, MAX_CENTS, MAX_INT32 } from './numbers';

function refusal(schema: z.ZodType, value: unknown) {
  const result = z.strictObject({ field: schema }).safeParse({ field: value });
  return result.success ? undefined : describeIssues(result.error.issues);
}

describe('boundedNumber', () => {
  const pounds = boundedNumber({ min: 0, max: 1_000_000 });

  it('accepts the bounds and what lies between', () => {
    for (const value of [0, 0.5, 1_000_000]) expect(pounds.parse(value)).toBe(value);
  });

  it('refuses huge finite numbers, infinities and NaN, naming the field', () => {
    for (const value of [1e308, -1e308, Number.MAX_VALUE, 1_000_000.0001]) {
      expect(refusal(pounds, value)).toEqual({
        param: 'field',
        message: value < 0 ? 'field: must be at least 0' : 'field: must be at most 1000000',
      });
    }
    for (const value of [Infinity, -Infinity, NaN, '12', null])
      expect(refusal(pounds, value)).toEqual({ param: 'field', message: 'field: must be a finite number' });
    expect(refusal(pounds, undefined)).toEqual({ param: 'field', message: 'field: is required' });
  });

  it('whole numbers and exclusive minimums', () => {
    const stops = boundedNumber({ min: 1, max: 10, integer: true });
    expect(refusal(stops, 1.5)?.message).toBe('field: must be a whole number');
    const hours = boundedNumber({ min: 0, max: 48, exclusiveMin: true });
    expect(refusal(hours, 0)?.message).toBe('field: must be greater than 0');
    expect(hours.parse(0.01)).toBe(0.01);
  });

  it('ids fit a PostgreSQL integer and cents stay exact after any real multiplication', () => {
    expect(databaseIdSchema.parse(MAX_INT32)).toBe(MAX_INT32);
    expect(refusal(databaseIdSchema, MAX_INT32 + 1)?.param).toBe('field');
    expect(refusal(databaseIdSchema, 0)?.param).toBe('field');
    expect(centsSchema.parse(MAX_CENTS)).toBe(MAX_CENTS);
    expect(refusal(centsSchema, MAX_CENTS + 1)?.param).toBe('field');
    // The largest markup (1000%) of the largest amount is still an exact integer.
    expect(Number.isSafeInteger(MAX_CENTS * 11)).toBe(true);
  });
});
