/** Contract gaps of issue 11 that answered 200 or a vague 400 before. */
import { beforeAll, describe, it, expect } from 'vitest';
import { baseUrl, basicAuth, createKey, createTenant, createUser, type Tenant } from '../helpers';
import { example, expectError, expectJson, get, post, smallPlan, STORE } from './client';

interface BookReply {
  problemId: string;
  itineraries: { id: number; accountId: number; problemId: string }[];
  unassigned: unknown[];
}

let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant();
});

describe('routing contract gaps', () => {
  it('fleet: [] on plan and createItinerary is 400 invalid_routing_input naming fleet', async () => {
    await expectError(await post('/v1/routing/plan', { ...smallPlan(), fleet: [] }, { auth: tenant.basicAuthHeader() }), 400, 'invalid_routing_input', 'fleet');
    await expectError(
      await post('/v1/routing/book', { ...example('book-create'), fleet: [] }, { auth: tenant.basicAuthHeader() }),
      400,
      'invalid_routing_input',
      'fleet',
    );
  });

  it('a parent and its branch booking the same problemId each get back only what their own call wrote', async () => {
    const branchId = tenant.branchIds[0]!;
    const externalUserId = `branch-${Date.now().toString(36)}`;
    await createUser({ externalUserId, defaultAccountId: branchId });
    const branchAuth = basicAuth(externalUserId, await createKey(branchId, externalUserId, 'live'));
    const problemId = `shared-${Date.now().toString(36)}`;
    const body = { ...smallPlan({ problemId, date: '2026-11-27' }), mode: 'createItinerary' };
    const byBranch = await expectJson<BookReply>(await post('/v1/routing/book', body, { auth: branchAuth }), 200);
    const byParent = await expectJson<BookReply>(await post('/v1/routing/book', body, { auth: tenant.basicAuthHeader() }), 200);
    expect(byBranch.itineraries.map((i) => i.accountId)).toEqual([branchId]);
    expect(byParent.itineraries.map((i) => i.accountId)).toEqual([tenant.parentId]);
    // The parent's replay and poll too.
    expect(await expectJson<BookReply>(await post('/v1/routing/book', body, { auth: tenant.basicAuthHeader() }), 200)).toEqual(byParent);
    expect(await expectJson<BookReply>(await get(`/v1/routing/jobs/${problemId}`, { auth: tenant.basicAuthHeader() }), 200)).toEqual(byParent);
  });

  it("replaying a createItinerary after an updateItinerary took its itineraries over returns them, showing the update's problemId", async () => {
    const auth = tenant.basicAuthHeader();
    const created = { ...smallPlan({ problemId: `create-${Date.now().toString(36)}`, date: '2026-11-28' }), mode: 'createItinerary' };
    const first = await expectJson<BookReply>(await post('/v1/routing/book', created, { auth }), 200);
    expect(first.itineraries).toHaveLength(1);
    const updateId = `update-${Date.now().toString(36)}`;
    const { fleet: _fleet, ...orders } = smallPlan({ problemId: updateId, date: '2026-11-28' });
    const newOrders = (orders.orders as { externalId: string }[]).map((order) => ({ ...order, externalId: `new-${order.externalId}` }));
    const update = { ...orders, orders: newOrders, mode: 'updateItinerary', targetItineraryIds: first.itineraries.map((i) => i.id) };
    const updated = await expectJson<BookReply>(await post('/v1/routing/book', update, { auth }), 200);
    expect(updated.itineraries.map((i) => i.id)).toEqual(first.itineraries.map((i) => i.id));

    const replay = await expectJson<BookReply>(await post('/v1/routing/book', created, { auth }), 200);
    expect(replay.itineraries.map((i) => i.id)).toEqual(first.itineraries.map((i) => i.id));
    // The same itineraries, now last written by the update: the replay says so.
    expect(replay.itineraries.map((i) => i.problemId)).toEqual([updateId]);
    expect(replay.unassigned).toEqual(first.unassigned);
  });

  it("a plan echoes each fleet entry's externalId and meta, and plan and book results carry a summary that adds up", async () => {
    const auth = tenant.basicAuthHeader();
    const plan = smallPlan({ orders: 4, vehicles: 2 });
    const fleet = (plan.fleet as Record<string, unknown>[]).map((entry, i) => ({ ...entry, externalId: `fleet-${i}`, meta: { depot: 'north', shift: i } }));
    type Summary = { vehiclesUsed: number; ordersServed: number; ordersUnassigned: number; distanceMeters: number; durationSeconds: number };
    type Totals = { distanceMeters: number; durationSeconds: number };
    const planned = await expectJson<{
      itineraries: { fleetIndex: number; fleetExternalId?: string; fleetMeta?: unknown; itinerary: { totals: Totals } }[];
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

    const book = { ...smallPlan({ problemId: `summary-${Date.now().toString(36)}`, date: '2026-11-29' }), mode: 'createItinerary' };
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
    const auth = tenant.basicAuthHeader();
    type Place = { address: { city: string }; latitude: number; longitude: number };
    type Core = {
      routeStart: string;
      routeEnd: string;
      start: (Place & { departure: string }) | null;
      end: (Place & { arrival: string; legDistanceMeters: number; legDurationSeconds: number }) | null;
      itineraryStops: { legDistanceMeters: number; legDurationSeconds: number; departure: string }[];
      totals: { distanceMeters: number; durationSeconds: number };
    };
    const checkEnds = (core: Core, fleetEntry: { startAddress?: { city: string }; endAddress?: { city: string } }) => {
      expect(core.start?.address.city).toBe(fleetEntry.startAddress?.city);
      if (core.start) expect(core.start.departure).toBe(core.routeStart);
      expect(core.end?.address.city).toBe(fleetEntry.endAddress?.city);
      if (core.end) expect(core.end.arrival).toBe(core.routeEnd);
      const legs = core.itineraryStops.reduce((sum, stop) => sum + stop.legDistanceMeters, 0) + (core.end?.legDistanceMeters ?? 0);
      expect(legs).toBe(core.totals.distanceMeters);
      const lastDeparture = Date.parse(core.itineraryStops.at(-1)!.departure);
      expect(lastDeparture + (core.end?.legDurationSeconds ?? 0) * 1000).toBe(Date.parse(core.routeEnd));
    };

    const plan = example('multi-depot-plan');
    const fleet = plan.fleet as { startAddress?: { city: string }; endAddress?: { city: string } }[];
    const planned = await expectJson<{ itineraries: { fleetIndex: number; itinerary: Core }[] }>(await post('/v1/routing/plan', plan, { auth }), 200);
    expect(planned.itineraries.length).toBeGreaterThan(0);
    for (const entry of planned.itineraries) {
      expect(entry.itinerary.end!.legDistanceMeters).toBeGreaterThan(0);
      checkEnds(entry.itinerary, fleet[entry.fleetIndex]!);
    }

    // Booked: the reply and a later read agree, and a fleet entry without addresses has neither end.
    const book: Record<string, unknown> = { ...smallPlan({ problemId: `ends-${Date.now().toString(36)}`, date: '2026-11-30' }), mode: 'createItinerary' };
    const bookFleet = book.fleet as Record<string, unknown>[];
    bookFleet[0] = { ...bookFleet[0], endAddress: STORE };
    const booked = await expectJson<{ itineraries: (Core & { id: number })[] }>(await post('/v1/routing/book', book, { auth }), 200);
    for (const itinerary of booked.itineraries) {
      checkEnds(itinerary, bookFleet[0] as { startAddress?: { city: string }; endAddress?: { city: string } });
      expect(await expectJson<Core>(await get(`/v1/itineraries/${itinerary.id}`, { auth }), 200)).toMatchObject({ start: itinerary.start, end: itinerary.end });
    }
    const open = smallPlan({ orders: 1 });
    const withoutDepot = (open.fleet as Record<string, unknown>[]).map(({ startAddress: _start, ...entry }) => entry);
    const openPlan = await expectJson<{ itineraries: { itinerary: Core }[] }>(await post('/v1/routing/plan', { ...open, fleet: withoutDepot }, { auth }), 200);
    expect(openPlan.itineraries[0]!.itinerary).toMatchObject({ start: null, end: null });
    checkEnds(openPlan.itineraries[0]!.itinerary, {});
  });

  it('unassigned reasons read as local times with offsets, pounds, fleet vehicle ids, and name the failing side', async () => {
    const auth = tenant.basicAuthHeader();
    const date = '2026-11-23';
    const plan = smallPlan({ orders: 1, date });
    const base = (plan.orders as Record<string, unknown>[])[0]!;
    const philadelphia = { addressLine1: '1 Penn Sq', city: 'Philadelphia', state: 'PA', postalCode: '19107' };
    const orders = [
      base,
      { ...base, externalId: 'heavy', payloadItems: [{ description: 'safe', height: 30, length: 30, width: 30, weight: 4000, quantity: 1 }] },
      { ...base, externalId: 'late-evening', dropoffWindowOpen: `${date}T20:00:00-05:00`, dropoffWindowClose: `${date}T21:00:00-05:00` },
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
    type Reasons = { unassigned: { externalId: string; reasons: { code: string; description: string; fix?: { description: string } }[] }[] };
    const planned = await expectJson<Reasons>(await post('/v1/routing/plan', { ...plan, orders }, { auth }), 200);
    const reason = (id: string) => planned.unassigned.find((u) => u.externalId === id)?.reasons[0];
    expect(planned.unassigned.map((u) => u.externalId).sort()).toEqual(['far-dropoff', 'far-pickup', 'heavy', 'late-evening', 'needs-liftgate']);
    for (const entry of planned.unassigned) {
      for (const { description, fix } of entry.reasons) {
        // No epoch seconds, infinities or solver dimensions.
        expect(description).not.toMatch(/\d{9,}|Infinity|dimension|NaN/);
        if (fix) expect(fix.description).not.toMatch(/\d{9,}|Infinity|dimension|NaN/);
      }
    }
    // A reason may also carry the solver's fix (tests/api/routing/unassigned-fixes.test.ts applies them).
    expect(reason('heavy')).toMatchObject({ code: 'EXCEEDS_VEHICLE_CAPACITY', description: expect.stringContaining('4,000 lb') as unknown });
    expect(reason('heavy')).toHaveProperty('fix.description', 'Capacity 1,000 lb more on vehicle van-1 would let the order in.');
    expect(reason('heavy')!.description).toContain('3,000 lb');
    expect(reason('late-evening')!.code).toBe('OUTSIDE_SHIFT');
    expect(reason('late-evening')!.description).toContain('dropoff window (2026-11-23T20:00:00-05:00 to 2026-11-23T21:00:00-05:00)');
    expect(reason('late-evening')!.description).toContain('vehicle van-1: 2026-11-23T08:00:00-05:00 to 2026-11-23T18:00:00-05:00');
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
      fleet: (plan.fleet as Record<string, unknown>[]).map((entry) => ({ ...entry, endAddress: STORE, vehicleSpec: { shiftHours: 6 } })),
    };
    const shift = await expectJson<Reasons>(await post('/v1/routing/plan', shortShift, { auth }), 200);
    const boston0 = shift.unassigned.find((u) => u.externalId === 'boston')?.reasons[0];
    expect(boston0?.code).toBe('TIME_WINDOW_UNREACHABLE');
    expect(boston0?.description).toMatch(
      /^The pickup and dropoff fit their windows, but no eligible vehicle can finish its route by the end of its shift: vehicle van-1 would finish at 2026-11-23T\d\d:\d\d:\d\d-05:00, \d+ min after its shift ends at 2026-11-23T14:00:00-05:00\.$/,
    );
  });

  it('mode "createItinerary" on /v1/routing/plan says that plan only plans', async () => {
    const error = await expectError(
      await post('/v1/routing/plan', { ...smallPlan(), mode: 'createItinerary' }, { auth: tenant.basicAuthHeader() }),
      400,
      'invalid_input',
      'mode',
    );
    expect(error.message).toMatch(/only plans/);
    expect(error.message).toMatch(/\/v1\/routing\/book/);
  });

  it('the OpenAPI document closes [key, value] tuples at exactly two items', async () => {
    const doc: unknown = await (await fetch(`${baseUrl()}/v1/openapi.json`)).json();
    const tuples: Record<string, unknown>[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (Array.isArray(schema.prefixItems)) tuples.push(schema);
      Object.values(schema).forEach(walk);
    };
    walk(doc);
    // tagPriorities, vehicleMaps, vehicleSpecOverrides and lockedStops of run, plan and book.
    expect(tuples.length).toBeGreaterThanOrEqual(12);
    for (const tuple of tuples)
      expect({ minItems: tuple.minItems, maxItems: tuple.maxItems, items: tuple.items }).toEqual({ minItems: 2, maxItems: 2, items: false });
  });

  it('the OpenAPI document declares Prefer as a header parameter, 404 not_found and the 400 of GET /v1/itineraries', async () => {
    type Operation = { parameters?: { in: string; name: string }[]; responses: Record<string, { description: string }> };
    const doc = (await (await fetch(`${baseUrl()}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    for (const path of ['/v1/routing/plan', '/v1/routing/run']) {
      expect(
        doc.paths[path]?.post?.parameters?.some((p) => p.in === 'header' && p.name === 'Prefer'),
        path,
      ).toBe(true);
    }
    for (const [path, item] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/v1/routing') || p.startsWith('/v1/itineraries'))) {
      for (const [method, operation] of Object.entries(item)) expect(operation.responses['404']?.description, `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/v1/itineraries']?.get?.responses['400']?.description).toContain('invalid_input');
  });
});
