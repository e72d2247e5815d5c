import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, createTenant, createUser, type Tenant } from '../helpers';
import { expectJson, post, STORE, uniqueId, type BookBody } from '../client';
import { recommendBody, searchResult } from './fixtures';
import { setBookingClock } from './clock';

/**
 * Booking's insertion search charges setups as routing plans them (DECISIONS.md, Routing, "Service
 * time per stop"): a new stop right after a stop at the same place pays no second setup.
 */
describe('POST /v1/booking/recommend: setup once per place', () => {
  const SETUP = 600;
  let tenant: Tenant;
  let auth: string;
  let branchId: number;
  let dropoffDeparture: number;

  beforeAll(async () => {
    tenant = await createTenant({
      parentSettings: {
        // A price of one cent per second of added route time, and service that is setup only.
        booking: {
          pricing: { model: 'pass_through' },
          rateCards: { 'cargo-van': { baseFeeCents: 0, perMileCents: 0, perMinuteCents: 60 } },
        },
        optimization: { serviceTime: { setupSeconds: SETUP, perItemSeconds: 0 } },
      },
    });
    auth = tenant.basicAuthHeader('live');
    branchId = tenant.branchIds[0]!;
    const externalUserId = uniqueId('branch-user');
    await createUser({ externalUserId, defaultAccountId: branchId });
    const key = await createKey(branchId, externalUserId, 'live');
    const branchAuth = `Basic ${Buffer.from(`${externalUserId}:${key}`).toString('base64')}`;
    // One van, one order from the store to the Empire State Building's ZIP code, delivered 09-11.
    const booked = await expectJson<BookBody>(
      await post(
        '/v1/routing/book',
        {
          problemId: uniqueId('seed'),
          mode: 'createItinerary',
          orders: [
            {
              externalId: uniqueId('seed'),
              pickupAddress: STORE,
              dropoffAddress: { addressLine1: '1 Main St', city: 'New York', state: 'NY', postalCode: '10118' },
              dropoffWindowOpen: '2026-11-23T09:00:00-05:00',
              dropoffWindowClose: '2026-11-23T11:00:00-05:00',
              payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
            },
          ],
          fleet: [
            {
              driverExternalId: uniqueId('driver'),
              vehicleExternalId: uniqueId('van'),
              vehicleType: 'cargo-van',
              scheduledStart: '2026-11-23T08:00:00-05:00',
              startAddress: STORE,
            },
          ],
          options: { solverTimeLimitSeconds: 0.5 },
        },
        { auth: branchAuth },
      ),
      200,
    );
    const stops = booked.itineraries[0]!.itineraryStops;
    expect(stops.map((s) => [s.type, s.serviceSeconds])).toEqual([
      ['pickup', SETUP],
      ['dropoff', SETUP],
    ]);
    dropoffDeparture = Date.parse(stops[1]!.departure) / 1000;
  });

  it('a dropoff next to a booked dropoff at the same place adds no setup to the route', async () => {
    setBookingClock(tenant.parentId, '2026-11-22T10:00:00-05:00');
    // From the store to the same ZIP code: the new pickup joins the store visit, the new dropoff
    // follows the booked one there; the route (open: it ends at its last stop) then ends at the
    // new dropoff's start, which a second setup would push 10 minutes later.
    const { result } = await searchResult(auth, recommendBody(branchId, '2026-11-23', { origin: STORE }));
    const noon = result.windows.find((w) => w.deliveryWindowStart === '2026-11-23T12:00:00-05:00');
    expect(noon, JSON.stringify(result.windows)).toBeDefined();
    const expected = Date.parse('2026-11-23T12:00:00-05:00') / 1000 - dropoffDeparture;
    expect(Math.abs(noon!.price!.amountCents - expected)).toBeLessThanOrEqual(1);
  });
});
