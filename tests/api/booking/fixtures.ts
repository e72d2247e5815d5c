/** Shared by the booking API tests: request bodies, seeding booked routes and polling. */
import { expect } from 'vitest';
import { expectJson, get, post, STORE, uniqueId, type Json } from '../client';

const EMPIRE_STATE = { addressLine1: '350 5th Ave', city: 'New York', postalCode: '10118', state: 'NY' };

export interface BookingHandle {
  jobId: string;
  problemId: string;
  status: 'processing';
}

export interface BookingWindow {
  deliveryWindowStart: string;
  deliveryWindowEnd: string;
  price?: { amountCents: number; currency: string; model: string; billedToAccount: boolean };
}

export interface BookingResult {
  status: 'complete';
  windows: BookingWindow[];
  fallback?: 'asap';
  fallbackReason?: 'no_routes' | 'cart_exceeds_vehicle_capacity' | 'no_hours_left' | 'no_feasible_insertion';
  timeZone: string;
  date: string;
  timeframeBucket: string;
  computedAt: string;
}

/** A valid recommend body for a branch (overrides replace top-level fields). */
export function recommendBody(branchId: number, date: string, overrides: Json = {}): Json {
  return {
    cart: {
      items: [
        { description: 'Armchair', dimensionsCm: { height: 90, length: 80, width: 75 }, quantity: 1, weightKg: 25 },
      ],
      orderValueCents: 45_000,
    },
    contact: { email: 'buyer@example.com', name: 'A Buyer' },
    date,
    deliveryMethod: 'cargo-van',
    destination: EMPIRE_STATE,
    fulfillingBranchId: String(branchId),
    timeframeBucket: 'AFTERNOON',
    ...overrides,
  };
}

/**
 * Books `vehicles` cargo vans on `date` for an account through the real /v1/routing/book, each with a
 * few orders from the Brooklyn store, shift from 08:00 local (`offset` is the date's UTC offset).
 * Returns how many itineraries were written (vans that got no order are not).
 */
export async function seedBookedRoutes(
  auth: string,
  date: string,
  offset: string,
  options: { vehicles?: number; accountId?: number; vehicleType?: string; store?: Json; dropoffZips?: string[] } = {},
): Promise<number> {
  const store = options.store ?? STORE;
  const zips = options.dropoffZips ?? ['11101', '11238', '10003'];
  const orders = zips.map((zip, i) => ({
    // Unique per call: one order is booked once per account tree and day (no double booking).
    externalId: uniqueId(`seed-${i + 1}`),
    pickupAddress: store,
    dropoffAddress: { addressLine1: `${i + 1} Main St`, city: 'City', state: 'NY', postalCode: zip },
    dropoffWindowOpen: `${date}T09:00:00${offset}`,
    dropoffWindowClose: `${date}T11:00:00${offset}`,
    payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
  }));
  const fleet = Array.from({ length: options.vehicles ?? 1 }, (_, i) => ({
    driverExternalId: uniqueId(`driver-${i + 1}`),
    vehicleExternalId: uniqueId(`van-${i + 1}`),
    vehicleType: options.vehicleType ?? 'cargo-van',
    scheduledStart: `${date}T08:00:00${offset}`,
    startAddress: store,
  }));
  const body = {
    problemId: uniqueId('seed'),
    mode: 'createItinerary',
    orders,
    fleet,
    options: { solverTimeLimitSeconds: 0.5 },
    ...(options.accountId ? { accountId: options.accountId } : {}),
  };
  const result = await expectJson<{ itineraries: unknown[]; unassigned: unknown[] }>(
    await post('/v1/routing/book', body, { auth }),
    200,
  );
  expect(result.unassigned).toEqual([]);
  return result.itineraries.length;
}

export async function recommend(auth: string, body: Json): Promise<BookingHandle> {
  const handle = await expectJson<BookingHandle>(await post('/v1/booking/recommend', body, { auth }), 202);
  expect(handle.status).toBe('processing');
  expect(handle.problemId).toMatch(/^[0-9a-f]{64}$/);
  return handle;
}

/** Polls a booking job until it leaves 202 (respecting a short interval); returns the final response. */
export async function pollBooking(auth: string, jobId: string, timeoutMs = 60_000): Promise<Response> {
  const giveUpAt = Date.now() + timeoutMs;
  while (true) {
    const response = await get(`/v1/booking/jobs/${jobId}`, { auth });
    if (response.status !== 202) return response;
    expect(response.headers.get('retry-after')).toBe('2');
    if (Date.now() > giveUpAt) throw new Error(`booking job ${jobId} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function searchResult(
  auth: string,
  body: Json,
): Promise<{ handle: BookingHandle; result: BookingResult }> {
  const handle = await recommend(auth, body);
  const result = await expectJson<BookingResult>(await pollBooking(auth, handle.jobId), 200);
  return { handle, result };
}
