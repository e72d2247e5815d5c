import { describe, expect, it } from 'vitest';
import { findUnsafeInput, hasLoneSurrogate, MAX_INPUT_DEPTH } from './text';

describe('findUnsafeInput', () => {
  it('passes ordinary text, pairs of surrogates (emoji) and non-string values', () => {
    expect(findUnsafeInput({ name: 'Café 🚚', items: [1, true, null, { note: '\t\n' }] })).toBeUndefined();
    expect(hasLoneSurrogate('🚚')).toBe(false);
  });

  it('finds a NUL character or a lone surrogate in a value, with its path', () => {
    expect(findUnsafeInput({ orders: [{ externalId: 'a\u0000b' }] })).toEqual({
      path: ['orders', 0, 'externalId'],
      message: 'must not contain the NUL character (U+0000)',
    });
    expect(findUnsafeInput({ orders: [{}, { externalId: 'O-\ud800' }] })).toEqual({
      path: ['orders', 1, 'externalId'],
      message: 'contains a lone UTF-16 surrogate (not valid Unicode text)',
    });
    expect(findUnsafeInput('\udfff')).toEqual({
      path: [],
      message: 'contains a lone UTF-16 surrogate (not valid Unicode text)',
    });
  });

  it('finds a bad key, naming the object that holds it', () => {
    expect(findUnsafeInput({ rateCards: { 'van\u0000': {} } })).toEqual({
      path: ['rateCards'],
      message: 'a key must not contain the NUL character (U+0000)',
    });
  });

  it('refuses nesting beyond the limit without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    const found = findUnsafeInput(deep);
    expect(found?.path).toHaveLength(MAX_INPUT_DEPTH);
    expect(found?.message).toBe(`nested deeper than ${MAX_INPUT_DEPTH} levels`);
  });
});
