import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../helpers';
import { expectJson, pollUntilDone, post, servedOrders, uniqueId, type Json, type PlanBody } from '../client';
import { cityPlan } from '../../../scripts/bench/city-plan';

/** A seeded city-sized instance around Atlanta: three stores, dropoffs spread over the metro area. */
function cityPlanBody(orderCount: number, vehicleCount: number): Json {
  return { ...cityPlan(orderCount, 1, vehicleCount), problemId: uniqueId('city') };
}

describe('routing at scale', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it('plans 300 orders on 20 vehicles with 200 inside the sync window', async () => {
    const body = cityPlanBody(300, 20);
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
    const body = cityPlanBody(2000, 100);
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
