/** Request bodies shared by the API tests, the benchmarks and the end-to-end tests (free of vitest). */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BROOKLYN_STORE, nycAddress } from '../../server/routing/test-store';

export type Json = Record<string, unknown>;

export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** A request body from docs/examples, with a fresh problemId unless one is given. */
export function example(
  name: 'same-day-plan' | 'multi-depot-plan' | 'book-create' | 'book-update',
  problemId = uniqueId(name),
): Json {
  const file = path.join(import.meta.dirname, '..', '..', 'docs', 'examples', `${name}.json`);
  return { ...(JSON.parse(readFileSync(file, 'utf8')) as Json), problemId };
}

/** The pickup and van depot of the request bodies of the tests and benchmarks. */
export const STORE = BROOKLYN_STORE;

/** `count` cargo vans (driver-1 in van-1, ...) that start at STORE at 08:00 New York time on `date`. */
export function cargoVans(count: number, date: string) {
  return Array.from({ length: count }, (_, i) => ({
    driverExternalId: `driver-${i + 1}`,
    vehicleExternalId: `van-${i + 1}`,
    vehicleType: 'cargo-van',
    scheduledStart: `${date}T08:00:00-05:00`,
    startAddress: STORE,
  }));
}

const DROPOFF_ZIPS = [
  '11101',
  '10118',
  '11238',
  '10462',
  '11435',
  '10112',
  '10028',
  '11201',
  '11215',
  '10003',
  '10016',
  '11106',
  '11377',
  '10451',
  '11211',
];

/** A small, valid plan on `date` (default 2026-11-23): `orders` orders from one store to NYC ZIP codes, `vehicles` cargo vans. */
export function smallPlan(
  options: { orders?: number; vehicles?: number; problemId?: string; date?: string } = {},
): Json {
  const date = options.date ?? '2026-11-23';
  const orders = Array.from({ length: options.orders ?? 3 }, (_, i) => ({
    externalId: `order-${i + 1}`,
    pickupAddress: STORE,
    dropoffAddress: nycAddress(`${i + 1} Main St`, DROPOFF_ZIPS[i % DROPOFF_ZIPS.length]!),
    dropoffWindowOpen: `${date}T09:00:00-05:00`,
    dropoffWindowClose: `${date}T18:00:00-05:00`,
    payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
  }));
  const fleet = cargoVans(options.vehicles ?? 1, date);
  return { problemId: options.problemId ?? uniqueId('plan'), orders, fleet, options: { solverTimeLimitSeconds: 0.5 } };
}
