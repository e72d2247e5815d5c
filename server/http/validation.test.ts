import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors';
import { jsonPath } from '@/server/validation';
import { issuesToApiError, parseOrThrow } from './validation';

describe('jsonPath', () => {
  it('joins keys with dots and indexes with brackets', () => {
    expect(jsonPath(['orders', 3, 'dropoffWindowClose'])).toBe('orders[3].dropoffWindowClose');
    expect(jsonPath([0, 'a'])).toBe('[0].a');
    expect(jsonPath([])).toBe('');
  });

  it('quotes keys that are not identifiers', () => {
    expect(jsonPath(['meta', 'my key', 'x'])).toBe('meta["my key"].x');
    expect(jsonPath(['a-b'])).toBe('["a-b"]');
  });
});

const order = z.strictObject({ externalId: z.string(), weight: z.number().positive().optional() });
const request = z.strictObject({ problemId: z.string().min(1), orders: z.array(order).max(3, 'at most 3 orders') });

function errorOf(value: unknown): ApiError {
  try {
    parseOrThrow(request, value, 'body');
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('parseOrThrow', () => {
  it('returns the parsed value', () => {
    expect(parseOrThrow(request, { problemId: 'p', orders: [{ externalId: 'o1' }] }, 'body')).toEqual({
      problemId: 'p',
      orders: [{ externalId: 'o1' }],
    });
  });

  it('names an unknown nested field by its JSON path', () => {
    const error = errorOf({ problemId: 'p', orders: [{ externalId: 'a' }, { externalId: 'b', colour: 'red' }] });
    expect(error.status).toBe(400);
    expect(error.type).toBe('invalid_request_error');
    expect(error.code).toBe('invalid_input');
    expect(error.param).toBe('orders[1].colour');
    expect(error.message).toMatch(/^Unknown field "orders\[1\]\.colour"; check the spelling or remove it\./);
  });

  it('names an unknown top-level field ahead of the missing field it misspells', () => {
    const error = errorOf({ orders: [], problemID: 'typo' });
    expect(error.param).toBe('problemID');
    expect(error.message).toMatch(/Unknown field "problemID"/);
    expect(error.message).toContain('1 more issue');
  });

  it('points param at the first wrong field and counts the rest', () => {
    const error = errorOf({ problemId: 5, orders: [{ externalId: 1 }] });
    expect(error.param).toBe('problemId');
    expect(error.message).toMatch(/^problemId: /);
    expect(error.message).toContain('1 more issue');
  });

  it('reports a limit with the message of the schema', () => {
    const error = errorOf({ problemId: 'p', orders: [1, 2, 3, 4].map((i) => ({ externalId: String(i) })) });
    expect(error.param).toBe('orders');
    expect(error.message).toContain('at most 3 orders');
  });

  it('has no param when the root is at fault', () => {
    const error = errorOf([1, 2]);
    expect(error.param).toBeUndefined();
    expect(error.message).toMatch(/^Request body: /);
  });

  it('uses a route-specific code when asked', () => {
    const result = request.safeParse({ problemId: '', orders: [] });
    expect(result.success).toBe(false);
    if (result.success) return;
    const error = issuesToApiError(result.error.issues, 'body', 'invalid_routing_input');
    expect(error.code).toBe('invalid_routing_input');
    expect(error.param).toBe('problemId');
  });
});
