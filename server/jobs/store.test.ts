import { describe, expect, it } from 'vitest';
import { canonicalJson, hashInput } from './store';

describe('canonical input hash', () => {
  it('ignores object key order at every depth, and nothing else', () => {
    const a = { orders: [{ id: 'o1', size: [1, 2] }], fleet: { van: { cap: 10, skills: ['x'] } } };
    const b = { fleet: { van: { skills: ['x'], cap: 10 } }, orders: [{ size: [1, 2], id: 'o1' }] };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(hashInput(a)).toBe(hashInput(b));
    expect(hashInput(a)).toMatch(/^[0-9a-f]{64}$/);
    // Array order, values and types are significant.
    expect(hashInput({ orders: [1, 2] })).not.toBe(hashInput({ orders: [2, 1] }));
    expect(hashInput({ n: 1 })).not.toBe(hashInput({ n: '1' }));
    expect(hashInput({ n: null })).not.toBe(hashInput({}));
  });

  it('writes standard JSON', () => {
    const value = { b: 'quote " and \u00e9', a: [true, null, 1.5, { z: 0, y: [] }] };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
    expect(canonicalJson(value)).toBe('{"a":[true,null,1.5,{"y":[],"z":0}],"b":"quote \\" and \u00e9"}');
  });
});
