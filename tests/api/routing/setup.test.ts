import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../helpers';
import { expectJson, post, smallPlan, type Json, type PlanBody, type Stop } from '../client';

/**
 * Setup once per place (DECISIONS.md, Routing, "Service time per stop"): consecutive stops within
 * 25 m share one setup; every stop pays its per-item time. Itineraries show each stop's service as
 * charged.
 */
describe('POST /v1/routing/plan: setup once per place', () => {
  let tenant: Tenant;
  let auth: string;
  beforeAll(async () => {
    tenant = await createTenant();
    auth = tenant.basicAuthHeader('live');
  });

  const SETUP = 180;
  const PER_ITEM = 30;
  const samePlace = (a: Stop & Json, b: Stop & Json): boolean =>
    a.latitude === b.latitude && a.longitude === b.longitude;

  it('a van loading 12 orders at one store pays one setup there, on the first stop of the place', async () => {
    const body = smallPlan({ orders: 12 });
    body.options = { solverTimeLimitSeconds: 1, serviceTime: { setupSeconds: SETUP, perItemSeconds: PER_ITEM } };
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(result.unassigned).toEqual([]);
    expect(result.itineraries).toHaveLength(1);
    const { itineraryStops: stops, totals } = result.itineraries[0]!.itinerary;
    // The 12 pickups first, in one visit to the store: the setup only on the first.
    expect(stops.slice(0, 12).every((s) => s.type === 'pickup')).toBe(true);
    expect(stops.slice(0, 12).map((s) => s.serviceSeconds)).toEqual([SETUP + PER_ITEM, ...Array(11).fill(PER_ITEM)]);
    // Every stop: its per-item time, plus the setup where the stop before is at another place.
    stops.forEach((stop, i) => {
      const previous = stops[i - 1] as (Stop & Json) | undefined;
      const setup = previous && samePlace(previous, stop as Stop & Json) ? 0 : SETUP;
      expect(stop.serviceSeconds, `stop ${i + 1}`).toBe(setup + PER_ITEM);
      // Departure is the service start plus the service as charged (times are whole seconds).
      const start = Date.parse(stop.arrival) / 1000 + stop.waitSeconds;
      expect(
        Math.abs(Date.parse(stop.departure) / 1000 - start - stop.serviceSeconds),
        `stop ${i + 1}`,
      ).toBeLessThanOrEqual(1);
    });
    expect(totals.serviceSeconds).toBe(stops.reduce((sum, s) => sum + s.serviceSeconds, 0));
  });

  it('with enableStopClustering the store visit is one stop with one setup', async () => {
    const body = smallPlan({ orders: 12 });
    body.options = {
      solverTimeLimitSeconds: 1,
      enableStopClustering: true,
      serviceTime: { setupSeconds: SETUP, perItemSeconds: PER_ITEM },
    };
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    const stops = result.itineraries[0]!.itinerary.itineraryStops;
    expect(stops[0]!.orderExternalIds).toHaveLength(12);
    expect(stops[0]!.serviceSeconds).toBe(SETUP + 12 * PER_ITEM);
  });
});
