import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createKey, liveTenant, setAccountSettings, type Tenant } from '../helpers';
import {
  example,
  expectJson,
  get,
  pollUntilDone,
  post,
  servedOrders,
  smallPlan,
  STORE,
  uniqueId,
  type Json,
  type PlanBody,
} from '../client';

const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

/** Fields every itinerary stop carries besides its number, type, address and times. */
const STOP_FIELDS = [
  'waitSeconds',
  'serviceSeconds',
  'legDistanceMeters',
  'legDurationSeconds',
  'latitude',
  'longitude',
];

describe('POST /v1/routing/plan and /v1/routing/run: results', () => {
  let tenant: Tenant;
  let auth: string;
  beforeAll(async () => ({ tenant, auth } = await liveTenant()));

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
      expect(Object.keys(itinerary.totals).sort()).toEqual([
        'distanceMeters',
        'durationSeconds',
        'serviceSeconds',
        'travelSeconds',
        'waitingSeconds',
      ]);
      itinerary.itineraryStops.forEach((stop, i) => {
        expect(stop.stopNumber).toBe(i + 1);
        expect(Object.keys(stop.address).sort()).toEqual(['addressLine1', 'city', 'postalCode', 'state']);
        expect(stop.arrival).toMatch(ISO_WITH_OFFSET);
        expect(stop.departure).toMatch(ISO_WITH_OFFSET);
        expect(['pickup', 'dropoff']).toContain(stop.type);
        for (const field of STOP_FIELDS) expect(stop).toHaveProperty(field);
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
    expect(servedOrders(result.itineraries.map((i) => i.itinerary))).toEqual(
      new Set((body.orders as Json[]).map((o) => o.externalId)),
    );
    // enableStopClustering: orders picked up together at the store are one visit.
    const stops = result.itineraries.flatMap((i) => i.itinerary.itineraryStops);
    expect(stops.some((stop) => stop.type === 'pickup' && stop.orderExternalIds.length > 1)).toBe(true);
  });

  it('merges options: service defaults, then inherited account settings, then the request', async () => {
    const branchId = tenant.branchIds[0]!;
    await setAccountSettings(tenant.parentId, {
      optimization: { serviceTime: { setupSeconds: 600, perItemSeconds: 0 } },
    });
    const branchKey = await createKey(branchId, tenant.externalUserId, 'live');
    const branchAuth = basicAuth(tenant.externalUserId, branchKey);
    const inherited = await expectJson<PlanBody>(
      await post('/v1/routing/plan', smallPlan({ orders: 1 }), { auth: branchAuth }),
      200,
    );
    for (const stop of inherited.itineraries[0]!.itinerary.itineraryStops) expect(stop.serviceSeconds).toBe(600);
    const overridden = {
      ...smallPlan({ orders: 1 }),
      options: { solverTimeLimitSeconds: 0.5, serviceTime: { setupSeconds: 60 } },
    };
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
          for (const skill of (orders.get(id)!.requiredSkills as string[] | undefined) ?? [])
            expect(skills.has(skill)).toBe(true);
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
    const vip = [...orders.values()].filter((o) =>
      (o.customTags as { name: string }[] | undefined)?.some((t) => t.name === 'vip'),
    );
    if (unassigned.size > 0) for (const o of vip) expect(unassigned.has(o.externalId as string)).toBe(false);
  });

  it('run with mode plan gives the same kind of result; plan accepts an explicit mode plan', async () => {
    const body = { ...smallPlan(), mode: 'plan' };
    const run = await expectJson<PlanBody>(await post('/v1/routing/run', body, { auth }), 200);
    expect(run.itineraries).toHaveLength(1);
    const plan = await expectJson<PlanBody>(
      await post('/v1/routing/plan', { ...body, problemId: uniqueId('plan') }, { auth }),
      200,
    );
    expect(plan.itineraries).toHaveLength(1);
  });

  it('reports unassigned orders with reason codes and descriptions', async () => {
    const body = smallPlan({ orders: 3 });
    const orders = body.orders as Json[];
    orders[1] = {
      ...orders[1],
      dropoffAddress: { addressLine1: 'Nowhere', city: 'Nowhere', state: 'NY', postalCode: '00000' },
    };
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
    expect(await expectJson<PlanBody>(await post('/v1/routing/run', { ...body, mode: 'plan' }, { auth }), 200)).toEqual(
      first,
    );
  });

  it('starts one solve for 50 concurrent identical requests', async () => {
    const body = smallPlan({ orders: 4 });
    // Long enough that all 50 arrive while the one job still runs.
    body.options = { solverTimeLimitSeconds: 10 };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post('/v1/routing/plan', body, { auth, prefer: 'wait=0' })),
    );
    const jobIds = new Set<string>();
    for (const response of responses) {
      const pending = await expectJson<Json>(response, 202);
      jobIds.add(pending.jobId as string);
    }
    expect(jobIds.size).toBe(1);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/v1/routing/plan', body, { auth }).then((r) => expectJson<PlanBody>(r, 200)),
      ),
    );
    for (const result of results) expect(result).toEqual(results[0]);
  });

  it('honors Prefer: wait=N up to 120 seconds and echoes it', async () => {
    const response = await post('/v1/routing/plan', smallPlan(), { auth, prefer: 'wait=500' });
    await expectJson(response, 200);
    expect(response.headers.get('preference-applied')).toBe('wait=120');
  });

  it("a plan echoes each fleet entry's externalId and meta, and plan and book results carry a summary that adds up", async () => {
    const plan = smallPlan({ orders: 4, vehicles: 2 });
    const fleet = (plan.fleet as Record<string, unknown>[]).map((entry, i) => ({
      ...entry,
      externalId: `fleet-${i}`,
      meta: { depot: 'north', shift: i },
    }));
    interface Summary {
      vehiclesUsed: number;
      ordersServed: number;
      ordersUnassigned: number;
      distanceMeters: number;
      durationSeconds: number;
    }
    interface Totals {
      distanceMeters: number;
      durationSeconds: number;
    }
    const planned = await expectJson<{
      itineraries: {
        fleetIndex: number;
        fleetExternalId?: string;
        fleetMeta?: unknown;
        itinerary: { totals: Totals };
      }[];
      unassigned: unknown[];
      summary: Summary;
    }>(await post('/v1/routing/plan', { ...plan, fleet }, { auth }), 200);
    expect(planned.itineraries.length).toBeGreaterThan(0);
    for (const entry of planned.itineraries) {
      expect(entry.fleetExternalId).toBe(`fleet-${entry.fleetIndex}`);
      expect(entry.fleetMeta).toEqual({ depot: 'north', shift: entry.fleetIndex });
    }
    expect(planned.summary).toEqual({
      vehiclesUsed: planned.itineraries.length,
      ordersServed: 4 - planned.unassigned.length,
      ordersUnassigned: planned.unassigned.length,
      distanceMeters: planned.itineraries.reduce((sum, e) => sum + e.itinerary.totals.distanceMeters, 0),
      durationSeconds: planned.itineraries.reduce((sum, e) => sum + e.itinerary.totals.durationSeconds, 0),
    });

    const book = {
      ...smallPlan({ problemId: `summary-${Date.now().toString(36)}`, date: '2026-11-29' }),
      mode: 'createItinerary',
    };
    const booked = await expectJson<{ itineraries: { totals: Totals }[]; unassigned: unknown[]; summary: Summary }>(
      await post('/v1/routing/book', book, { auth }),
      200,
    );
    expect(booked.summary).toEqual({
      vehiclesUsed: booked.itineraries.length,
      ordersServed: 3 - booked.unassigned.length,
      ordersUnassigned: booked.unassigned.length,
      distanceMeters: booked.itineraries.reduce((sum, i) => sum + i.totals.distanceMeters, 0),
      durationSeconds: booked.itineraries.reduce((sum, i) => sum + i.totals.durationSeconds, 0),
    });
  });

  it('itineraries show the depot start and the required end with its leg; legs add up to the totals, planned and booked', async () => {
    interface Place {
      address: { city: string };
      latitude: number;
      longitude: number;
    }
    interface Core {
      routeStart: string;
      routeEnd: string;
      start: (Place & { departure: string }) | null;
      end: (Place & { arrival: string; legDistanceMeters: number; legDurationSeconds: number }) | null;
      itineraryStops: { legDistanceMeters: number; legDurationSeconds: number; departure: string }[];
      totals: { distanceMeters: number; durationSeconds: number };
    }
    const checkEnds = (core: Core, fleetEntry: { startAddress?: { city: string }; endAddress?: { city: string } }) => {
      expect(core.start?.address.city).toBe(fleetEntry.startAddress?.city);
      if (core.start) expect(core.start.departure).toBe(core.routeStart);
      expect(core.end?.address.city).toBe(fleetEntry.endAddress?.city);
      if (core.end) expect(core.end.arrival).toBe(core.routeEnd);
      const legs =
        core.itineraryStops.reduce((sum, stop) => sum + stop.legDistanceMeters, 0) + (core.end?.legDistanceMeters ?? 0);
      expect(legs).toBe(core.totals.distanceMeters);
      const lastDeparture = Date.parse(core.itineraryStops.at(-1)!.departure);
      expect(lastDeparture + (core.end?.legDurationSeconds ?? 0) * 1000).toBe(Date.parse(core.routeEnd));
    };

    const plan = example('multi-depot-plan');
    const fleet = plan.fleet as { startAddress?: { city: string }; endAddress?: { city: string } }[];
    const planned = await expectJson<{ itineraries: { fleetIndex: number; itinerary: Core }[] }>(
      await post('/v1/routing/plan', plan, { auth }),
      200,
    );
    expect(planned.itineraries.length).toBeGreaterThan(0);
    for (const entry of planned.itineraries) {
      expect(entry.itinerary.end!.legDistanceMeters).toBeGreaterThan(0);
      checkEnds(entry.itinerary, fleet[entry.fleetIndex]!);
    }

    // Booked: the reply and a later read agree, and a fleet entry without addresses has neither end.
    const book: Record<string, unknown> = {
      ...smallPlan({ problemId: `ends-${Date.now().toString(36)}`, date: '2026-11-30' }),
      mode: 'createItinerary',
    };
    const bookFleet = book.fleet as Record<string, unknown>[];
    bookFleet[0] = { ...bookFleet[0], endAddress: STORE };
    const booked = await expectJson<{ itineraries: (Core & { id: number })[] }>(
      await post('/v1/routing/book', book, { auth }),
      200,
    );
    for (const itinerary of booked.itineraries) {
      checkEnds(itinerary, bookFleet[0]);
      expect(await expectJson<Core>(await get(`/v1/itineraries/${itinerary.id}`, { auth }), 200)).toMatchObject({
        start: itinerary.start,
        end: itinerary.end,
      });
    }
    const open = smallPlan({ orders: 1 });
    const withoutDepot = (open.fleet as Record<string, unknown>[]).map(({ startAddress: _start, ...entry }) => entry);
    const openPlan = await expectJson<{ itineraries: { itinerary: Core }[] }>(
      await post('/v1/routing/plan', { ...open, fleet: withoutDepot }, { auth }),
      200,
    );
    expect(openPlan.itineraries[0]!.itinerary).toMatchObject({ start: null, end: null });
    checkEnds(openPlan.itineraries[0]!.itinerary, {});
  });

  it('unassigned reasons read as local times with offsets, pounds, fleet vehicle ids, and name the failing side', async () => {
    const date = '2026-11-23';
    const plan = smallPlan({ orders: 1, date });
    const base = (plan.orders as Record<string, unknown>[])[0]!;
    const philadelphia = { addressLine1: '1 Penn Sq', city: 'Philadelphia', state: 'PA', postalCode: '19107' };
    const orders = [
      base,
      {
        ...base,
        externalId: 'heavy',
        payloadItems: [{ description: 'safe', height: 30, length: 30, width: 30, weight: 4000, quantity: 1 }],
      },
      {
        ...base,
        externalId: 'late-evening',
        dropoffWindowOpen: `${date}T20:00:00-05:00`,
        dropoffWindowClose: `${date}T21:00:00-05:00`,
      },
      {
        ...base,
        externalId: 'far-pickup',
        pickupAddress: philadelphia,
        pickupWindowOpen: `${date}T08:00:00-05:00`,
        pickupWindowClose: `${date}T08:30:00-05:00`,
      },
      {
        ...base,
        externalId: 'far-dropoff',
        dropoffAddress: philadelphia,
        dropoffWindowOpen: `${date}T08:00:00-05:00`,
        dropoffWindowClose: `${date}T09:00:00-05:00`,
      },
      { ...base, externalId: 'needs-liftgate', requiredSkills: ['liftgate'] },
    ];
    interface Reasons {
      unassigned: {
        externalId: string;
        reasons: { code: string; description: string; fix?: { description: string } }[];
      }[];
    }
    const planned = await expectJson<Reasons>(await post('/v1/routing/plan', { ...plan, orders }, { auth }), 200);
    const reason = (id: string) => planned.unassigned.find((u) => u.externalId === id)?.reasons[0];
    expect(planned.unassigned.map((u) => u.externalId).sort()).toEqual([
      'far-dropoff',
      'far-pickup',
      'heavy',
      'late-evening',
      'needs-liftgate',
    ]);
    for (const entry of planned.unassigned) {
      for (const { description, fix } of entry.reasons) {
        // No epoch seconds, infinities or solver dimensions.
        expect(description).not.toMatch(/\d{9,}|Infinity|dimension|NaN/);
        if (fix) expect(fix.description).not.toMatch(/\d{9,}|Infinity|dimension|NaN/);
      }
    }
    // A reason may also carry the solver's fix (tests/api/routing/unassigned-fixes.test.ts applies them).
    expect(reason('heavy')).toMatchObject({
      code: 'EXCEEDS_VEHICLE_CAPACITY',
      description: expect.stringContaining('4,000 lb') as unknown,
    });
    expect(reason('heavy')).toHaveProperty(
      'fix.description',
      'Capacity 1,000 lb more on vehicle van-1 would let the order in.',
    );
    expect(reason('heavy')!.description).toContain('3,000 lb');
    expect(reason('late-evening')!.code).toBe('OUTSIDE_SHIFT');
    expect(reason('late-evening')!.description).toContain(
      'dropoff window (2026-11-23T20:00:00-05:00 to 2026-11-23T21:00:00-05:00)',
    );
    expect(reason('late-evening')!.description).toContain(
      'vehicle van-1: 2026-11-23T08:00:00-05:00 to 2026-11-23T18:00:00-05:00',
    );
    expect(reason('far-pickup')!.code).toBe('TIME_WINDOW_UNREACHABLE');
    expect(reason('far-pickup')!.description).toMatch(
      /^The pickup cannot be reached in time .* vehicle van-1.* after the pickup window closes at 2026-11-23T08:30:00-05:00/,
    );
    expect(reason('far-dropoff')!.code).toBe('TIME_WINDOW_UNREACHABLE');
    expect(reason('far-dropoff')!.description).toMatch(
      /^The dropoff cannot be reached in time .* after the dropoff window closes at 2026-11-23T09:00:00-05:00/,
    );
    expect(reason('needs-liftgate')).toMatchObject({
      code: 'NO_VEHICLE_WITH_SKILLS',
      description: 'The order needs skill liftgate; no vehicle in the fleet has it.',
      fix: { kind: 'add_skill', vehicleExternalId: 'van-1', skills: ['liftgate'] },
    });

    // A van with a six-hour shift that must come back to the store cannot go to Boston and back.
    const boston = { addressLine1: '1 City Hall Sq', city: 'Boston', state: 'MA', postalCode: '02201' };
    const shortShift = {
      ...plan,
      problemId: `${String(plan.problemId)}-shift`,
      orders: [{ ...base, externalId: 'boston', dropoffAddress: boston }],
      fleet: (plan.fleet as Record<string, unknown>[]).map((entry) => ({
        ...entry,
        endAddress: STORE,
        vehicleSpec: { shiftHours: 6 },
      })),
    };
    const shift = await expectJson<Reasons>(await post('/v1/routing/plan', shortShift, { auth }), 200);
    const boston0 = shift.unassigned.find((u) => u.externalId === 'boston')?.reasons[0];
    expect(boston0?.code).toBe('TIME_WINDOW_UNREACHABLE');
    expect(boston0?.description).toMatch(
      /^The pickup and dropoff fit their windows, but no eligible vehicle can finish its route by the end of its shift: vehicle van-1 would finish at 2026-11-23T\d\d:\d\d:\d\d-05:00, \d+ min after its shift ends at 2026-11-23T14:00:00-05:00\.$/,
    );
  });
});
