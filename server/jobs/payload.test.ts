import { describe, expect, it } from 'vitest';
import { JobPayloadError, storedJobPayload } from './payload';

function refusal(value: unknown): JobPayloadError {
  try {
    storedJobPayload(value, 'input');
  } catch (error) {
    expect(error).toBeInstanceOf(JobPayloadError);
    return error as JobPayloadError;
  }
  throw new Error('expected a JobPayloadError');
}

describe('storedJobPayload', () => {
  it('refuses every non-finite number, naming its path, wherever it sits', () => {
    // 1e308 pounds-per-kilogram overflows to Infinity: JSON would store it as null.
    expect(refusal({ order: { pounds: 1e308 * 2.2 } })).toMatchObject({
      code: 'invalid_job_payload',
      param: 'input.order.pounds',
    });
    expect(refusal({ hours: [{ start: 0 }, { start: Number.NaN }] }).param).toBe('input.hours[1].start');
    expect(refusal({ 'odd key': -Infinity }).param).toBe('input["odd key"]');
    expect(refusal([Infinity]).param).toBe('input[0]');
    expect(refusal({ big: 10n }).message).toContain('input.big is a bigint');
    expect(refusal({ bytes: new Uint8Array(2) }).message).toContain('Uint8Array');
  });

  it('returns what the job row will read back: JSON rules, jsonb key order, no negative zero', () => {
    const stored = storedJobPayload(
      {
        zeta: 1,
        id: -0,
        a: undefined,
        list: [undefined, 2],
        at: new Date('2026-11-23T10:00:00Z'),
        nested: { bb: true, c: null },
      },
      'input',
    );
    expect(stored).toEqual({
      id: 0,
      at: '2026-11-23T10:00:00.000Z',
      list: [null, 2],
      zeta: 1,
      nested: { c: null, bb: true },
    });
    // jsonb orders keys shorter first, then by bytes, both in UTF-8 (as PostgreSQL returns them).
    expect(Object.keys(stored as object)).toEqual(['at', 'id', 'list', 'zeta', 'nested']);
    expect(Object.keys(storedJobPayload({ zeta: 1, é: 1, id: 0, ab: 2 }, 'input') as object)).toEqual([
      'ab',
      'id',
      'é',
      'zeta',
    ]);
    expect(Object.is((stored as { id: number }).id, 0)).toBe(true);
    expect(storedJobPayload(1e308, 'result')).toBe(1e308);
    expect(storedJobPayload(undefined, 'result')).toBeNull();
  });
});
