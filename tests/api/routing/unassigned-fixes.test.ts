import { beforeAll, describe, expect, it } from 'vitest';
import { boxOrderBody, BRONX_DROPOFF as BRONX, cargoVanBody, QUEENS_DROPOFF as QUEENS } from '@/server/routing/testing';
import { liveTenant } from '../helpers';
import { expectJson, post, servedOrders, STORE, uniqueId, type Json, type PlanBody } from '../client';

/**
 * Fixes on unassigned orders (docs/decisions.md, Routing): for a crafted plan per kind of fix, the
 * fix the plan returns is applied to the request body the way a caller would (the named field, the
 * named fleet entry, or the returned fleet entry appended), the body is sent again under a new
 * problemId, and the order must then be served.
 */

interface Fix extends Json {
  kind: 'widen_window' | 'extend_shift' | 'add_capacity' | 'add_skill' | 'add_vehicle';
  description: string;
}

interface FixedPlanBody extends Omit<PlanBody, 'unassigned'> {
  unassigned: { externalId: string; reasons: { code: string; description: string; fix?: Fix }[] }[];
}

const DATE = '2026-11-23';

const order = (externalId: string, dropoffAddress: Json, extra: Json = {}): Json =>
  boxOrderBody(externalId, dropoffAddress, extra);
const van = (n: number, extra: Json = {}): Json => cargoVanBody(n, DATE, extra);

const plan = (orders: Json[], fleet: Json[]): Json => ({
  problemId: uniqueId('fix'),
  orders,
  fleet,
  options: { solverTimeLimitSeconds: 0.5, trafficMode: 'none' },
});

/** The body with the fix applied to it, as a caller would apply it. */
function applyFix(body: Json, orderId: string, fix: Fix): Json {
  const next = structuredClone(body);
  next.problemId = uniqueId('fixed');
  const orders = next.orders as Json[];
  const fleet = next.fleet as Json[];
  const entry = (vehicleExternalId: unknown): Json => {
    const found = fleet.find((f) => f.vehicleExternalId === vehicleExternalId);
    expect(found, `fleet entry ${String(vehicleExternalId)}`).toBeDefined();
    return found!;
  };
  switch (fix.kind) {
    case 'widen_window': {
      const target = orders.find((o) => o.externalId === orderId)!;
      target[fix.field as string] = fix.value;
      break;
    }
    case 'extend_shift': {
      const target = entry(fix.vehicleExternalId);
      target.vehicleSpec = { ...(target.vehicleSpec as Json | undefined), shiftHours: fix.shiftHours };
      break;
    }
    case 'add_capacity': {
      const target = entry(fix.vehicleExternalId);
      target.vehicleSpec = {
        ...(target.vehicleSpec as Json | undefined),
        capacityPounds: fix.capacityPounds,
        capacityCubicInches: fix.capacityCubicInches,
      };
      break;
    }
    case 'add_skill': {
      const target = entry(fix.vehicleExternalId);
      target.routeSkills = [...((target.routeSkills as string[] | undefined) ?? []), ...(fix.skills as string[])];
      break;
    }
    case 'add_vehicle':
      fleet.push({ ...(fix.fleetEntry as Json), driverExternalId: 'driver-extra', vehicleExternalId: 'van-extra' });
      break;
  }
  return next;
}

describe('unassigned orders carry a checked fix', () => {
  let auth: string;
  beforeAll(async () => ({ auth } = await liveTenant()));

  /** Plans `body`, expects `orderId` unassigned with a fix of `kind`, applies it, plans again and expects the order served. */
  async function fixThenServe(body: Json, orderId: string, kind: Fix['kind']): Promise<Fix> {
    const first = await expectJson<FixedPlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    const missed = first.unassigned.find((u) => u.externalId === orderId);
    expect(missed, JSON.stringify(first.unassigned)).toBeDefined();
    const fix = missed!.reasons[0]!.fix;
    expect(fix, JSON.stringify(missed)).toBeDefined();
    expect(fix!.kind).toBe(kind);
    expect(fix!.description.length).toBeGreaterThan(0);
    const second = await expectJson<FixedPlanBody>(
      await post('/v1/routing/plan', applyFix(body, orderId, fix!), { auth }),
      200,
    );
    expect(second.unassigned.map((u) => u.externalId)).not.toContain(orderId);
    expect(servedOrders(second.itineraries.map((i) => i.itinerary))).toContain(orderId);
    return fix!;
  }

  it('widen_window: a dropoff window that closes before any van can get there closes later', async () => {
    const body = plan(
      [
        order('late', BRONX, {
          dropoffWindowOpen: `${DATE}T08:00:00-05:00`,
          dropoffWindowClose: `${DATE}T08:05:00-05:00`,
        }),
      ],
      [van(1)],
    );
    const fix = await fixThenServe(body, 'late', 'widen_window');
    expect(fix).toMatchObject({ side: 'dropoff', bound: 'close', field: 'dropoffWindowClose' });
    expect(fix.minutes).toBeGreaterThan(0);
    expect(fix.value).toMatch(/^2026-11-23T\d\d:\d\d:00-05:00$/);
    expect(fix.description).toBe(
      `A dropoff window closing ${String(fix.minutes)} min later (at ${String(fix.value)}) would let the order in.`,
    );
  });

  it('extend_shift: a shift too short for the round trip ends later', async () => {
    const body = plan([order('far', BRONX)], [van(1, { endAddress: STORE, vehicleSpec: { shiftHours: 0.25 } })]);
    const fix = await fixThenServe(body, 'far', 'extend_shift');
    expect(fix.vehicleExternalId).toBe('van-1');
    expect(fix.shiftHours).toBeCloseTo(0.25 + (fix.minutes as number) / 60, 6);
    expect(fix.description).toMatch(
      /^Vehicle van-1 with its shift ending \d+ min later \(at 2026-11-23T\d\d:\d\d:00-05:00\) would take the order\.$/,
    );
  });

  it('add_capacity: an order 120 lb heavier than the van gets "capacity 120 lb more"', async () => {
    const heavy = order('heavy', QUEENS, {
      payloadItems: [{ description: 'pallet', height: 40, length: 48, width: 40, weight: 3120, quantity: 1 }],
    });
    const fix = await fixThenServe(plan([heavy], [van(1)]), 'heavy', 'add_capacity');
    expect(fix).toMatchObject({ vehicleExternalId: 'van-1', pounds: 120, cubicInches: 0, capacityPounds: 3120 });
    expect(fix.description).toBe('Capacity 120 lb more on vehicle van-1 would let the order in.');
  });

  it('add_skill: an order needing a liftgate gets "a vehicle with skill liftgate"', async () => {
    const fix = await fixThenServe(
      plan([order('lift', QUEENS, { requiredSkills: ['liftgate'] })], [van(1)]),
      'lift',
      'add_skill',
    );
    expect(fix).toMatchObject({ vehicleExternalId: 'van-1', skills: ['liftgate'] });
    expect(fix.description).toBe('Vehicle van-1 with skill liftgate would take the order.');
  });

  it('add_vehicle: a van that can make only one more delivery gets "one more cargo-van"', async () => {
    const body = plan([order('first', QUEENS), order('second', BRONX)], [van(1, { vehicleSpec: { maxStops: 2 } })]);
    const first = await expectJson<FixedPlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(first.unassigned).toHaveLength(1);
    const left = first.unassigned[0]!.externalId;
    const fix = await fixThenServe(body, left, 'add_vehicle');
    expect(fix).toMatchObject({ vehicleType: 'cargo-van', likeVehicleExternalId: 'van-1' });
    expect(fix.fleetEntry).toMatchObject({
      vehicleType: 'cargo-van',
      scheduledStart: `${DATE}T08:00:00-05:00`,
      startAddress: STORE,
      vehicleSpec: { maxStops: 2 },
    });
    expect(fix.description).toBe(
      'One more cargo-van like vehicle van-1 (same start, depot and skills) would serve the order.',
    );
  });

  it('gives no fix where none is found', async () => {
    // Two windows of the same order that cannot both hold: the dropoff closes before the pickup opens.
    const body = plan(
      [
        order('never', QUEENS, {
          pickupWindowOpen: `${DATE}T16:00:00-05:00`,
          dropoffWindowOpen: `${DATE}T09:00:00-05:00`,
          dropoffWindowClose: `${DATE}T09:30:00-05:00`,
        }),
      ],
      [van(1, { vehicleSpec: { shiftHours: 12 } })],
    );
    const result = await expectJson<FixedPlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(result.unassigned).toHaveLength(1);
    expect(result.unassigned[0]!.reasons[0]).not.toHaveProperty('fix');
  });
});
