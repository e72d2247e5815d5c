import type { Json } from './types';

/**
 * A job payload (input or result) that JSON cannot carry as it is: a non-finite number (JSON
 * writes `Infinity` and `NaN` as `null`), or a value that is not JSON at all. Refused before it is
 * stored, so that no mode (an idle pool hands the submitted value to its thread, a busy pool and
 * queue mode read the stored row) can run on something else than another.
 */
export class JobPayloadError extends Error {
  readonly code = 'invalid_job_payload';

  constructor(
    /** Where in the payload, as a JSON path from its root: `input.order.pounds`. */
    readonly param: string,
    what: string,
  ) {
    super(`${param} ${what}: a job payload must be JSON with finite numbers`);
    this.name = 'JobPayloadError';
  }
}

function pathOf(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * PostgreSQL's jsonb keeps an object's keys shorter first (in UTF-8 bytes), then in byte order: a
 * row read back has them in that order, so the copy handed to a thread gets it too.
 */
function jsonbKeyOrder(a: string, b: string): number {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length !== right.length ? left.length - right.length : Buffer.compare(left, right);
}

function copy(value: unknown, path: string, inArray: boolean): Json | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new JobPayloadError(path, `is ${String(value)}`);
    // JSON has no negative zero: the stored row reads back 0.
    return value === 0 ? 0 : value;
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    // What JSON does with them: left out of objects, null in arrays.
    return inArray ? null : undefined;
  }
  if (typeof value === 'bigint') throw new JobPayloadError(path, 'is a bigint');
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return copy(withToJson.toJSON(), path, inArray);
  if (Array.isArray(value))
    return value.map((element: unknown, index) => copy(element, pathOf(path, index), true) ?? null);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Map || value instanceof Set) {
    throw new JobPayloadError(path, `is a ${value.constructor.name}, not JSON`);
  }
  const object: Record<string, Json> = {};
  for (const key of Object.keys(value).sort(jsonbKeyOrder)) {
    const member = copy((value as Record<string, unknown>)[key], pathOf(path, key), false);
    if (member !== undefined) object[key] = member;
  }
  return object;
}

/**
 * The payload as the job row stores and returns it (a fresh copy: JSON's rules, jsonb's key order),
 * or JobPayloadError naming the first value JSON cannot carry. Every mode runs on this copy.
 */
export function storedJobPayload(value: unknown, root: 'input' | 'result'): Json {
  return copy(value, root, false) ?? null;
}
