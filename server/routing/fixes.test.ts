import { describe, expect, it } from 'vitest';
import type { FleetEntry, RoutingOrder } from './build-problem';
import { fleetSpecSchema, orderSchema } from './request-schema';
import { planResultSchema, renderPlanResult, type UnassignedFix } from './responses';
import { solveRouting } from './solve-routing';
import {
  boxOrderBody,
  BRONX_DROPOFF as BRONX,
  cargoVanBody,
  embeddedSolveDeps as deps,
  QUEENS_DROPOFF as QUEENS,
} from './testing';
import { BROOKLYN_STORE as STORE } from './test-store';

/**
 * Fixes rendered in the request's terms: for a crafted request per kind, the fix is applied to the
 * request objects, the request is solved again, and the order must then be served. (The same over
 * HTTP: tests/api/routing/unassigned-fixes.test.ts.)
 */

const DATE = '2026-11-23';

const order = (externalId: string, dropoffAddress: object, extra: object = {}): RoutingOrder =>
  orderSchema.parse(boxOrderBody(externalId, dropoffAddress, extra));
const van = (n: number, extra: object = {}): FleetEntry => fleetSpecSchema.parse(cargoVanBody(n, DATE, extra));

interface Request {
  orders: RoutingOrder[];
  fleet: FleetEntry[];
}

async function plan(request: Request) {
  const outcome = await solveRouting(
    { ...request, settings: { solverTimeLimitSeconds: 0.3 }, options: { trafficMode: 'none' } },
    deps,
  );
  // What goes on the wire must match the documented schema.
  return planResultSchema.parse(renderPlanResult('p', outcome.itineraries, outcome.unassigned, request.fleet));
}

function applyFix(request: Request, orderId: string, fix: UnassignedFix): Request {
  const next = structuredClone(request);
  const entry = (id: string) => next.fleet.find((f) => f.vehicleExternalId === id)!;
  switch (fix.kind) {
    case 'widen_window':
      next.orders.find((o) => o.externalId === orderId)![fix.field] = fix.value;
      break;
    case 'extend_shift':
      entry(fix.vehicleExternalId).vehicleSpec = {
        ...entry(fix.vehicleExternalId).vehicleSpec,
        shiftHours: fix.shiftHours,
      };
      break;
    case 'add_capacity':
      entry(fix.vehicleExternalId).vehicleSpec = {
        ...entry(fix.vehicleExternalId).vehicleSpec,
        capacityPounds: fix.capacityPounds,
        capacityCubicInches: fix.capacityCubicInches,
      };
      break;
    case 'add_skill':
      entry(fix.vehicleExternalId).routeSkills = [...(entry(fix.vehicleExternalId).routeSkills ?? []), ...fix.skills];
      break;
    case 'add_vehicle':
      next.fleet.push(
        fleetSpecSchema.parse({ ...fix.fleetEntry, driverExternalId: 'driver-extra', vehicleExternalId: 'van-extra' }),
      );
      break;
  }
  return next;
}

async function fixThenServe(request: Request, orderId: string, kind: UnassignedFix['kind']): Promise<UnassignedFix> {
  const first = await plan(request);
  const fix = first.unassigned.find((u) => u.externalId === orderId)?.reasons[0]?.fix;
  expect(fix, JSON.stringify(first.unassigned)).toBeDefined();
  expect(fix!.kind).toBe(kind);
  const second = await plan(applyFix(request, orderId, fix!));
  expect(second.unassigned.map((u) => u.externalId)).not.toContain(orderId);
  expect(second.itineraries.flatMap((i) => i.itinerary.itineraryStops.flatMap((s) => s.orderExternalIds))).toContain(
    orderId,
  );
  return fix!;
}

describe('fixes for unassigned orders, in the request’s terms', () => {
  it('widen_window: the dropoff window closing later, as a local time with offset', async () => {
    const request = {
      orders: [
        order('late', BRONX, {
          dropoffWindowOpen: `${DATE}T08:00:00-05:00`,
          dropoffWindowClose: `${DATE}T08:05:00-05:00`,
        }),
      ],
      fleet: [van(1)],
    };
    const fix = await fixThenServe(request, 'late', 'widen_window');
    expect(fix).toMatchObject({ side: 'dropoff', bound: 'close', field: 'dropoffWindowClose' });
    expect(fix.description).toMatch(
      /^A dropoff window closing \d+ min later \(at 2026-11-23T\d\d:\d\d:00-05:00\) would let the order in\.$/,
    );
  });

  it('extend_shift: the named vehicle’s shift ending later', async () => {
    const request = {
      orders: [order('far', BRONX)],
      fleet: [van(1, { endAddress: STORE, vehicleSpec: { shiftHours: 0.25 } })],
    };
    const fix = await fixThenServe(request, 'far', 'extend_shift');
    expect(fix).toMatchObject({ vehicleExternalId: 'van-1' });
  });

  it('add_capacity: capacity 120 lb more', async () => {
    const heavy = order('heavy', QUEENS, {
      payloadItems: [{ description: 'pallet', height: 40, length: 48, width: 40, weight: 3120, quantity: 1 }],
    });
    const fix = await fixThenServe({ orders: [heavy], fleet: [van(1)] }, 'heavy', 'add_capacity');
    expect(fix).toMatchObject({ vehicleExternalId: 'van-1', pounds: 120, cubicInches: 0, capacityPounds: 3120 });
    expect(fix.description).toBe('Capacity 120 lb more on vehicle van-1 would let the order in.');
  });

  it('add_capacity: cubic inches when volume binds', async () => {
    const bulky = order('bulky', QUEENS, {
      payloadItems: [{ description: 'crate', height: 100, length: 100, width: 100, weight: 50, quantity: 1 }],
    });
    const request = { orders: [bulky], fleet: [van(1, { vehicleSpec: { capacityCubicInches: 900_000 } })] };
    const first = await solveRouting(
      {
        ...request,
        settings: { solverTimeLimitSeconds: 0.3 },
        options: { trafficMode: 'none', volumeOptimization: true },
      },
      deps,
    );
    const fix = first.unassigned[0]?.reasons[0]?.fix;
    expect(fix).toMatchObject({
      kind: 'add_capacity',
      pounds: 0,
      cubicInches: 100_000,
      capacityCubicInches: 1_000_000,
    });
    expect(fix?.description).toBe('Capacity 100,000 in³ more on vehicle van-1 would let the order in.');
  });

  it('add_skill: a vehicle with skill liftgate', async () => {
    const fix = await fixThenServe(
      { orders: [order('lift', QUEENS, { requiredSkills: ['liftgate'] })], fleet: [van(1)] },
      'lift',
      'add_skill',
    );
    expect(fix).toMatchObject({ vehicleExternalId: 'van-1', skills: ['liftgate'] });
  });

  it('add_vehicle: one more cargo-van like the one in the fleet', async () => {
    const request = {
      orders: [order('first', QUEENS), order('second', BRONX)],
      fleet: [van(1, { vehicleSpec: { maxStops: 2 } })],
    };
    const first = await plan(request);
    expect(first.unassigned).toHaveLength(1);
    const fix = await fixThenServe(request, first.unassigned[0]!.externalId, 'add_vehicle');
    expect(fix).toMatchObject({ vehicleType: 'cargo-van', likeVehicleExternalId: 'van-1' });
    expect(fix.description).toBe(
      'One more cargo-van like vehicle van-1 (same start, depot and skills) would serve the order.',
    );
  });

  it('add_capacity comes before add_vehicle: a 5,000 lb order on a car gets 4,500 lb more on the car', async () => {
    const heavy = order('heavy', QUEENS, {
      payloadItems: [{ description: 'pallet', height: 40, length: 48, width: 40, weight: 5000, quantity: 1 }],
    });
    const fix = await fixThenServe(
      { orders: [heavy], fleet: [van(1, { vehicleType: 'car' })] },
      'heavy',
      'add_capacity',
    );
    expect(fix).toMatchObject({ pounds: 4500 });
  });

  it('no fix where none is found within the limits', async () => {
    const never = order('never', QUEENS, {
      pickupWindowOpen: `${DATE}T16:00:00-05:00`,
      dropoffWindowOpen: `${DATE}T09:00:00-05:00`,
      dropoffWindowClose: `${DATE}T09:30:00-05:00`,
    });
    const result = await plan({ orders: [never], fleet: [van(1, { vehicleSpec: { shiftHours: 12 } })] });
    expect(result.unassigned[0]!.reasons[0]).not.toHaveProperty('fix');
  });
});
