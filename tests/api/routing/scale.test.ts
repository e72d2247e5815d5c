import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../helpers';
import { expectJson, pollUntilDone, post, servedOrders, uniqueId, type Json, type PlanBody } from '../client';

/** A seeded city-sized instance around Atlanta: three stores, dropoffs spread over the metro area. */
function cityPlan(orderCount: number, vehicleCount: number): Json {
  let seed = 20261123;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const stores = [
    {
      addressLine1: '3500 Peachtree Rd NE',
      city: 'Atlanta',
      state: 'GA',
      postalCode: '30326',
      latitude: '33.8510',
      longitude: '-84.3620',
    },
    {
      addressLine1: '2000 Airport Blvd',
      city: 'College Park',
      state: 'GA',
      postalCode: '30337',
      latitude: '33.6407',
      longitude: '-84.4277',
    },
    {
      addressLine1: '1 Decatur Sq',
      city: 'Decatur',
      state: 'GA',
      postalCode: '30030',
      latitude: '33.7748',
      longitude: '-84.2963',
    },
  ];
  const orders = Array.from({ length: orderCount }, (_, i) => {
    const hour = 9 + Math.floor(random() * 6);
    return {
      externalId: `city-${i}`,
      pickupAddress: stores[i % stores.length],
      dropoffAddress: {
        addressLine1: `${100 + i} Main St`,
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30303',
        latitude: (33.6 + random() * 0.4).toFixed(5),
        longitude: (-84.6 + random() * 0.4).toFixed(5),
      },
      dropoffWindowOpen: `2026-11-23T${String(hour).padStart(2, '0')}:00:00-05:00`,
      dropoffWindowClose: `2026-11-23T${String(hour + 3).padStart(2, '0')}:00:00-05:00`,
      payloadItems: [
        {
          description: 'parcel',
          height: 12,
          length: 16,
          width: 12,
          weight: 5 + Math.round(random() * 40),
          quantity: 1 + Math.floor(random() * 3),
        },
      ],
    };
  });
  const fleet = Array.from({ length: vehicleCount }, (_, i) => ({
    driverExternalId: `city-driver-${i}`,
    vehicleExternalId: `city-van-${i}`,
    vehicleType: i % 4 === 0 ? 'box-truck' : 'cargo-van',
    scheduledStart: '2026-11-23T07:30:00-05:00',
    startAddress: stores[i % stores.length],
  }));
  return {
    problemId: uniqueId('city'),
    orders,
    fleet,
    options: { objective: 'MIN_DURATION', trafficMode: 'automatic' },
  };
}

describe('routing at scale', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it('plans 300 orders on 20 vehicles with 200 inside the sync window', async () => {
    const body = cityPlan(300, 20);
    const started = performance.now();
    const result = await expectJson<PlanBody>(
      await post('/v1/routing/plan', body, { auth: tenant.basicAuthHeader('live') }),
      200,
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[scale] 300 orders / 20 vehicles: 200 in ${seconds.toFixed(1)} s, ${result.itineraries.length} itineraries, ${result.unassigned.length} unassigned`,
    );
    expect(seconds).toBeLessThan(30);
    const served = servedOrders(result.itineraries.map((i) => i.itinerary));
    expect(served.size + result.unassigned.length).toBe(300);
    expect(served.size).toBeGreaterThan(250);
  });

  it('answers 202 for 2,000 orders with Prefer: wait=1, and the poll reaches 200', async () => {
    const body = cityPlan(2000, 100);
    const auth = tenant.basicAuthHeader('live');
    const started = performance.now();
    const response = await post('/v1/routing/run', { ...body, mode: 'plan' }, { auth, prefer: 'wait=1' });
    const pending = await expectJson<Json>(response, 202);
    expect(response.headers.get('preference-applied')).toBe('wait=1');
    expect(pending.statusUrl).toBe(`/v1/routing/jobs/${String(body.problemId)}`);
    const result = await expectJson<PlanBody>(await pollUntilDone(body.problemId as string, auth, 115_000), 200);
    const seconds = (performance.now() - started) / 1000;
    const served = servedOrders(result.itineraries.map((i) => i.itinerary));
    console.log(
      `[scale] 2000 orders / 100 vehicles: 202 then 200 after ${seconds.toFixed(1)} s, ${served.size} served, ${result.unassigned.length} unassigned`,
    );
    expect(served.size + result.unassigned.length).toBe(2000);
  });
});
