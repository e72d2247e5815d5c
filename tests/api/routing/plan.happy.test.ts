import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createKey, createTenant, setAccountSettings, type Tenant } from '../helpers';
import { example, expectJson, get, pollUntilDone, post, servedOrders, smallPlan, uniqueId, type Json, type PlanBody } from './client';

const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

describe('POST /v1/routing/plan and /v1/routing/run: results', () => {
  let tenant: Tenant;
  let auth: string;
  beforeAll(async () => {
    tenant = await createTenant();
    auth = tenant.basicAuthHeader('live');
  });

  it('answers 200 with planned itineraries in the contract shape (docs/examples/same-day-plan.json)', async () => {
    const body = example('same-day-plan');
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(result.problemId).toBe(body.problemId);
    expect(result.unassigned).toEqual([]);
    expect(result.itineraries.length).toBeGreaterThan(0);
    for (const { fleetIndex, itinerary } of result.itineraries) {
      const entry = (body.fleet as Json[])[fleetIndex]!;
      expect(itinerary.externalId).toBe(`${String(entry.driverExternalId)}:${String(entry.vehicleExternalId)}`);
      expect(itinerary.scheduledStart).toBe('2026-11-23T08:30:00-05:00');
      expect(Object.keys(itinerary.totals).sort()).toEqual(['distanceMeters', 'durationSeconds', 'serviceSeconds', 'travelSeconds', 'waitingSeconds']);
      itinerary.itineraryStops.forEach((stop, i) => {
        expect(stop.stopNumber).toBe(i + 1);
        expect(Object.keys(stop.address).sort()).toEqual(['addressLine1', 'city', 'postalCode', 'state']);
        expect(stop.arrival).toMatch(ISO_WITH_OFFSET);
        expect(stop.departure).toMatch(ISO_WITH_OFFSET);
        expect(['pickup', 'dropoff']).toContain(stop.type);
        expect(stop).toHaveProperty('waitSeconds');
        expect(stop).toHaveProperty('serviceSeconds');
        expect(stop).toHaveProperty('legDistanceMeters');
        expect(stop).toHaveProperty('legDurationSeconds');
        expect(stop).toHaveProperty('latitude');
        expect(stop).toHaveProperty('longitude');
      });
      // Every order is picked up before it is dropped off, on the same itinerary.
      const seen = new Set<string>();
      for (const stop of itinerary.itineraryStops) {
        for (const id of stop.orderExternalIds) {
          if (stop.type === 'pickup') seen.add(id);
          else expect(seen.has(id)).toBe(true);
        }
      }
    }
    expect(servedOrders(result.itineraries.map((i) => i.itinerary))).toEqual(new Set((body.orders as Json[]).map((o) => o.externalId)));
    // enableStopClustering: orders picked up together at the store are one visit.
    const stops = result.itineraries.flatMap((i) => i.itinerary.itineraryStops);
    expect(stops.some((stop) => stop.type === 'pickup' && stop.orderExternalIds.length > 1)).toBe(true);
  });

  it('merges options: service defaults, then inherited account settings, then the request', async () => {
    const branchId = tenant.branchIds[0]!;
    await setAccountSettings(tenant.parentId, { optimization: { serviceTime: { setupSeconds: 600, perItemSeconds: 0 } } });
    const branchKey = await createKey(branchId, tenant.externalUserId, 'live');
    const branchAuth = basicAuth(tenant.externalUserId, branchKey);
    const inherited = await expectJson<PlanBody>(await post('/v1/routing/plan', smallPlan({ orders: 1 }), { auth: branchAuth }), 200);
    for (const stop of inherited.itineraries[0]!.itinerary.itineraryStops) expect(stop.serviceSeconds).toBe(600);
    const overridden = { ...smallPlan({ orders: 1 }), options: { solverTimeLimitSeconds: 0.5, serviceTime: { setupSeconds: 60 } } };
    const requested = await expectJson<PlanBody>(await post('/v1/routing/plan', overridden, { auth: branchAuth }), 200);
    for (const stop of requested.itineraries[0]!.itinerary.itineraryStops) expect(stop.serviceSeconds).toBe(60);
  });

  it('carries orders between the same two places together with bundlePayloadItems', async () => {
    const body = smallPlan({ orders: 3 });
    const orders = body.orders as Json[];
    orders[1]!.dropoffAddress = orders[0]!.dropoffAddress;
    body.options = { solverTimeLimitSeconds: 0.5, bundlePayloadItems: true };
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    const stops = result.itineraries.flatMap((i) => i.itinerary.itineraryStops);
    const together = stops.filter((s) => s.orderExternalIds.includes('order-1'));
    expect(together).toHaveLength(2);
    for (const stop of together) expect(stop.orderExternalIds.sort()).toEqual(['order-1', 'order-2']);
    expect(together[0]!.load.pounds).toBeGreaterThanOrEqual(40);
  });

  it('keeps locked stops on their itinerary in the pinned order', async () => {
    const body = smallPlan({ orders: 4, vehicles: 2 });
    body.options = {
      solverTimeLimitSeconds: 0.5,
      lockedStops: [
        [
          'driver-2:van-2',
          [
            { orderExternalId: 'order-4', type: 'dropoff' },
            { orderExternalId: 'order-1', type: 'dropoff' },
          ],
        ],
      ],
    };
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    const second = result.itineraries.find((i) => i.itinerary.externalId === 'driver-2:van-2')!.itinerary;
    const dropoffs = second.itineraryStops.filter((s) => s.type === 'dropoff').flatMap((s) => s.orderExternalIds);
    expect(dropoffs.indexOf('order-4')).toBeGreaterThanOrEqual(0);
    expect(dropoffs.indexOf('order-4')).toBeLessThan(dropoffs.indexOf('order-1'));
  });

  it('plans the multi-depot example: skills respected, vehicle maps applied, priorities honored', async () => {
    const body = example('multi-depot-plan');
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    const orders = new Map((body.orders as Json[]).map((o) => [o.externalId as string, o]));
    const fleet = body.fleet as Json[];
    for (const { fleetIndex, itinerary } of result.itineraries) {
      const skills = new Set((fleet[fleetIndex]!.routeSkills as string[] | undefined) ?? []);
      for (const stop of itinerary.itineraryStops) {
        for (const id of stop.orderExternalIds) {
          for (const skill of (orders.get(id)!.requiredSkills as string[] | undefined) ?? []) expect(skills.has(skill)).toBe(true);
        }
      }
    }
    // vehicleMaps: the caller's "large-van" is planned as the catalog's sprinter-van.
    for (const { fleetIndex, itinerary } of result.itineraries) {
      if (fleet[fleetIndex]!.vehicleType === 'large-van') expect(itinerary.vehicleType).toBe('sprinter-van');
      else expect(itinerary.vehicleType).toBe(fleet[fleetIndex]!.vehicleType);
    }
    // The vip orders are never the ones left out while a lower-priority order is served.
    const unassigned = new Set(result.unassigned.map((u) => u.externalId));
    const vip = [...orders.values()].filter((o) => (o.customTags as { name: string }[] | undefined)?.some((t) => t.name === 'vip'));
    if (unassigned.size > 0) for (const o of vip) expect(unassigned.has(o.externalId as string)).toBe(false);
  });

  it('run with mode plan gives the same kind of result; plan accepts an explicit mode plan', async () => {
    const body = { ...smallPlan(), mode: 'plan' };
    const run = await expectJson<PlanBody>(await post('/v1/routing/run', body, { auth }), 200);
    expect(run.itineraries).toHaveLength(1);
    const plan = await expectJson<PlanBody>(await post('/v1/routing/plan', { ...body, problemId: uniqueId('plan') }, { auth }), 200);
    expect(plan.itineraries).toHaveLength(1);
  });

  it('reports unassigned orders with reason codes and descriptions', async () => {
    const body = smallPlan({ orders: 3 });
    const orders = body.orders as Json[];
    orders[1] = { ...orders[1], dropoffAddress: { addressLine1: 'Nowhere', city: 'Nowhere', state: 'NY', postalCode: '00000' } };
    orders[2] = { ...orders[2], requiredSkills: ['freezer'] };
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    const reasons = Object.fromEntries(result.unassigned.map((u) => [u.externalId, u.reasons[0]!]));
    expect(reasons['order-2']!.code).toBe('ADDRESS_NOT_RESOLVED');
    expect(reasons['order-2']!.description).toContain('00000');
    expect(reasons['order-3']!.code).toBe('NO_VEHICLE_WITH_SKILLS');
    expect(reasons['order-3']!.description).toContain('freezer');
    expect(servedOrders(result.itineraries.map((i) => i.itinerary))).toEqual(new Set(['order-1']));
  });

  it('answers 202 with the pending body when the sync window is shorter than the solve, then the poll gives 200', async () => {
    const body = smallPlan({ orders: 5 });
    body.options = { solverTimeLimitSeconds: 3 };
    const response = await post('/v1/routing/plan', body, { auth, prefer: 'wait=0' });
    const pending = await expectJson<Json>(response, 202);
    expect(response.headers.get('preference-applied')).toBe('wait=0');
    expect(response.headers.get('retry-after')).toBe('2');
    // The jobId is the problemId: pollable at /v1/routing/jobs/{jobId}.
    expect(pending).toEqual({
      jobId: body.problemId,
      problemId: body.problemId,
      status: 'processing',
      statusUrl: `/v1/routing/jobs/${String(body.problemId)}`,
    });
    const processing = await get(`/v1/routing/jobs/${String(pending.jobId)}`, { auth });
    if (processing.status === 202) expect(await processing.json()).toEqual({ status: 'processing' });
    else await processing.body?.cancel();
    const done = await expectJson<PlanBody>(await pollUntilDone(body.problemId as string, auth), 200);
    expect(done.problemId).toBe(body.problemId);
    expect(servedOrders(done.itineraries.map((i) => i.itinerary)).size).toBe(5);
  });

  it('is idempotent: the same problemId and body return the same result, key order notwithstanding', async () => {
    const body = smallPlan();
    const first = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await expectJson<PlanBody>(await post('/v1/routing/plan', reordered, { auth }), 200);
    expect(second).toEqual(first);
    // run and plan of the same body are one job.
    expect(await expectJson<PlanBody>(await post('/v1/routing/run', { ...body, mode: 'plan' }, { auth }), 200)).toEqual(first);
  });

  it('starts one solve for 50 concurrent identical requests', async () => {
    const body = smallPlan({ orders: 4 });
    // Long enough that all 50 arrive while the one job still runs.
    body.options = { solverTimeLimitSeconds: 10 };
    const responses = await Promise.all(Array.from({ length: 50 }, () => post('/v1/routing/plan', body, { auth, prefer: 'wait=0' })));
    const jobIds = new Set<string>();
    for (const response of responses) {
      const pending = await expectJson<Json>(response, 202);
      jobIds.add(pending.jobId as string);
    }
    expect(jobIds.size).toBe(1);
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/v1/routing/plan', body, { auth }).then((r) => expectJson<PlanBody>(r, 200))));
    for (const result of results) expect(result).toEqual(results[0]);
  });

  it('honors Prefer: wait=N up to 120 seconds and echoes it', async () => {
    const response = await post('/v1/routing/plan', smallPlan(), { auth, prefer: 'wait=500' });
    await expectJson(response, 200);
    expect(response.headers.get('preference-applied')).toBe('wait=120');
  });
});
