import { describe, expect, it } from 'vitest';
import { embeddedMatrix, surfaceDistance } from '@/server/geo';
import {
  assembleProblem,
  layoutLocations,
  orderLoad,
  vehicleSpecFor,
  type FleetEntry,
  type PlaceResolution,
  type ResolvedPlaces,
  type RoutingOrder,
} from './build-problem';
import { RoutingInputError } from './errors';
import { mergeRoutingOptions, orderPriority, SERVICE_DEFAULT_OPTIONS } from './options';
import { fleetSpecSchema, orderSchema } from './request-schema';
import { VEHICLE_CATALOG } from './vehicle-catalog';

const BROOKLYN = { latitude: 40.6928, longitude: -73.9903 };
const QUEENS = { latitude: 40.7282, longitude: -73.7949 };
const MANHATTAN = { latitude: 40.7549, longitude: -73.984 };

const at = (point: { latitude: number; longitude: number }): PlaceResolution => ({
  ok: true,
  point,
  timeZone: 'America/New_York',
});

function order(overrides: Record<string, unknown>): RoutingOrder {
  return orderSchema.parse({
    externalId: 'o1',
    pickupAddress: { addressLine1: '55 Water St', city: 'Brooklyn', state: 'NY', postalCode: '11201' },
    dropoffAddress: { addressLine1: '1 Main St', city: 'Queens', state: 'NY', postalCode: '11432' },
    ...overrides,
  });
}

function vehicle(overrides: Record<string, unknown> = {}): FleetEntry {
  return fleetSpecSchema.parse({
    driverExternalId: 'd1',
    vehicleExternalId: 'v1',
    vehicleType: 'cargo-van',
    scheduledStart: '2026-11-23T08:00:00-05:00',
    ...overrides,
  });
}

function build(
  orders: RoutingOrder[],
  fleet: FleetEntry[],
  places: ResolvedPlaces,
  options = mergeRoutingOptions(undefined, undefined),
) {
  const layout = layoutLocations(orders, fleet, places, options.enableStopClustering);
  const matrix = embeddedMatrix(layout.points, 'car');
  return {
    layout,
    routing: assembleProblem({
      orders,
      fleet,
      options,
      layout,
      durations: matrix.durations,
      distances: matrix.distances,
    }),
  };
}

const placesFor = (orders: number, fleet: number, pickup = at(BROOKLYN), dropoff = at(QUEENS)): ResolvedPlaces => ({
  orders: Array.from({ length: orders }, () => ({ pickup, dropoff })),
  fleet: Array.from({ length: fleet }, () => ({ start: null, end: null })),
});

describe('payload units', () => {
  it('weighs pounds x quantity and measures cubic inches from inch dimensions x quantity', () => {
    const load = orderLoad(
      order({
        payloadItems: [
          { description: 'sofa', height: 30, length: 80, width: 36, weight: 120, quantity: 1 },
          { description: 'chair', height: 20, length: 20, width: 20, weight: 15, quantity: 4 },
        ],
      }),
    );
    expect(load).toEqual({ pounds: 120 + 60, cubicInches: 30 * 80 * 36 + 4 * 8000, items: 5 });
  });

  it('puts weight and volume into the shipment size and the catalog capacities into the vehicle', () => {
    const orders = [order({ payloadItems: [{ height: 10, length: 10, width: 10, weight: 50, quantity: 2 }] })];
    const options = mergeRoutingOptions(undefined, { volumeOptimization: true });
    const { routing } = build(orders, [vehicle()], placesFor(1, 1), options);
    expect(routing.problem.dimensions).toBe(2);
    expect(routing.problem.shipments[0]!.size).toEqual([100, 2000]);
    expect(routing.problem.vehicles[0]!.capacity).toEqual([
      VEHICLE_CATALOG['cargo-van'].capacityPounds,
      VEHICLE_CATALOG['cargo-van'].capacityCubicInches,
    ]);
  });

  it('leaves volume unconstrained unless volumeOptimization is on', () => {
    const { routing } = build([order({})], [vehicle()], placesFor(1, 1));
    expect(routing.problem.vehicles[0]!.capacity[1]).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('vehicle catalog and overrides', () => {
  it('applies catalog, type override, vehicle override and the entry vehicleSpec in that order', () => {
    const options = mergeRoutingOptions(
      { vehicleSpecOverrides: [['box-truck', { capacityPounds: 9000, maxStops: 12 }]] },
      {
        vehicleMaps: [['big-truck', { vehicleType: 'box-truck' }]],
        vehicleSpecOverrides: [['truck-7', { maxStops: 8 }]],
      },
    );
    const entry = vehicle({ vehicleType: 'big-truck', vehicleExternalId: 'truck-7', vehicleSpec: { shiftHours: 6 } });
    const { type, spec } = vehicleSpecFor(entry, 0, options);
    expect(type).toBe('box-truck');
    expect(spec.capacityPounds).toBe(9000);
    expect(spec.maxStops).toBe(8);
    expect(spec.shiftHours).toBe(6);
    expect(spec.capacityCubicInches).toBe(VEHICLE_CATALOG['box-truck'].capacityCubicInches);
  });

  it('rejects an unknown vehicle type naming the fleet entry and the accepted types', () => {
    const options = mergeRoutingOptions(undefined, undefined);
    try {
      vehicleSpecFor(vehicle({ vehicleType: 'hovercraft' }), 3, options);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RoutingInputError);
      expect((error as RoutingInputError).param).toBe('fleet[3].vehicleType');
      expect((error as Error).message).toContain('cargo-van');
    }
  });

  it('derives the shift end from scheduledStart plus shift hours and the cost per meter from cost per mile', () => {
    const { routing } = build([order({})], [vehicle({ vehicleType: 'car' })], placesFor(1, 1));
    const v = routing.problem.vehicles[0]!;
    expect(v.earliestStart).toBe(Date.parse('2026-11-23T13:00:00Z') / 1000);
    expect(v.latestEnd - v.earliestStart).toBe(VEHICLE_CATALOG.car.shiftHours * 3600);
    expect(v.costPerMeter).toBeCloseTo(VEHICLE_CATALOG.car.costPerMile / 1609.344, 10);
    expect(v.id).toBe('d1:v1');
  });
});

describe('option merging', () => {
  it('layers service defaults, account settings, then the request (later wins, tuples per key)', () => {
    const merged = mergeRoutingOptions(
      {
        objective: 'MIN_VEHICLE_UTILIZATION',
        trafficMode: 'none',
        tagPriorities: [
          ['vip', 5],
          ['bulk', 1],
        ],
        serviceTime: { setupSeconds: 60 },
      },
      { objective: 'MIN_DURATION', tagPriorities: [['bulk', 3]] },
    );
    expect(merged.objective).toBe('MIN_DURATION');
    expect(merged.trafficMode).toBe('none');
    expect([...merged.tagPriorities]).toEqual([
      ['vip', 5],
      ['bulk', 3],
    ]);
    expect(merged.serviceTime).toEqual({
      setupSeconds: 60,
      perItemSeconds: SERVICE_DEFAULT_OPTIONS.serviceTime.perItemSeconds,
    });
    expect(merged.enableStopClustering).toBe(false);
  });

  it('rejects an unknown objective listing the accepted values', () => {
    expect(() => mergeRoutingOptions(undefined, { objective: 'FASTEST' })).toThrow(
      /accepted values: MIN_DURATION, MIN_MAX_TRAVEL_COST_DISTANCE/,
    );
  });

  it('gives an order the highest priority of its tags', () => {
    const priorities = new Map([
      ['vip', 5],
      ['fragile', 2],
    ]);
    expect(orderPriority([{ name: 'fragile' }, { name: 'vip' }], priorities)).toBe(5);
    expect(orderPriority([{ name: 'other' }], priorities)).toBe(0);
    expect(orderPriority(undefined, priorities)).toBe(0);
    const { routing } = build(
      [order({ customTags: [{ name: 'fragile' }] })],
      [vehicle()],
      placesFor(1, 1),
      mergeRoutingOptions(undefined, { tagPriorities: [['fragile', 2]] }),
    );
    expect(routing.problem.shipments[0]!.priority).toBe(2);
  });
});

describe('orders that cannot be routed', () => {
  it('leaves an order with an unresolved address out with ADDRESS_NOT_RESOLVED', () => {
    const orders = [order({ externalId: 'a' }), order({ externalId: 'b' })];
    const places = placesFor(2, 1);
    places.orders[1] = { pickup: at(BROOKLYN), dropoff: { ok: false, message: 'unknown ZIP code 00000' } };
    const { routing } = build(orders, [vehicle()], places);
    expect(routing.problem.shipments.map((s) => s.id)).toEqual(['a']);
    expect(routing.unassigned).toEqual([
      { order: 1, reason: 'ADDRESS_NOT_RESOLVED', description: 'dropoff: unknown ZIP code 00000' },
    ]);
  });

  it('leaves an order whose window closes before it opens out with INVALID_TIME_WINDOW', () => {
    const orders = [
      order({ dropoffWindowOpen: '2026-11-23T12:00:00-05:00', dropoffWindowClose: '2026-11-23T11:00:00-05:00' }),
    ];
    const { routing } = build(orders, [vehicle()], placesFor(1, 1));
    expect(routing.problem.shipments).toHaveLength(0);
    expect(routing.unassigned[0]!.reason).toBe('INVALID_TIME_WINDOW');
  });

  it('turns windows into epoch-second windows on the stops and skills into required skills', () => {
    const orders = [
      order({
        pickupWindowOpen: '2026-11-23T09:00:00-05:00',
        pickupWindowClose: '2026-11-23T10:00:00-05:00',
        dropoffWindowClose: '2026-11-23T12:00:00-05:00',
        requiredSkills: ['liftgate'],
      }),
    ];
    const { routing } = build(orders, [vehicle({ routeSkills: ['liftgate'] })], placesFor(1, 1));
    const shipment = routing.problem.shipments[0]!;
    expect(shipment.pickup!.timeWindows).toEqual([
      { start: Date.parse('2026-11-23T14:00:00Z') / 1000, end: Date.parse('2026-11-23T15:00:00Z') / 1000 },
    ]);
    expect(shipment.delivery!.timeWindows).toEqual([{ start: 0, end: Date.parse('2026-11-23T17:00:00Z') / 1000 }]);
    expect(shipment.requiredSkills).toEqual(['liftgate']);
    expect(routing.problem.vehicles[0]!.skills).toEqual(['liftgate']);
  });
});

describe('service time', () => {
  it('is per-item time plus a setup paid once per place, from the merged settings', () => {
    const orders = [order({ payloadItems: [{ weight: 1, quantity: 3 }] })];
    const options = mergeRoutingOptions({ serviceTime: { setupSeconds: 100, perItemSeconds: 10 } }, undefined);
    const { routing } = build(orders, [vehicle()], placesFor(1, 1), options);
    expect(routing.problem.shipments[0]!.pickup).toMatchObject({ serviceSeconds: 30, setupSeconds: 100 });
    // Every location is a place of its own here (nothing within 25 m of another).
    const places = Array.from(routing.problem.places!);
    expect(new Set(places).size).toBe(places.length);
  });
});

describe('locations, depots and clustering', () => {
  it('gives vehicles without a start address a zero-cost virtual start and open routes', () => {
    const { routing } = build([order({})], [vehicle()], placesFor(1, 1));
    const p = routing.problem;
    expect(routing.virtualStart).toBe(p.locationCount - 1);
    expect(p.vehicles[0]!.startLocation).toBe(routing.virtualStart);
    expect(p.vehicles[0]!.endLocation).toBeNull();
    for (let i = 0; i < p.locationCount; i++) {
      expect(p.durations[routing.virtualStart! * p.locationCount + i]).toBe(0);
    }
  });

  it('uses the start and end addresses as depot locations', () => {
    const places = placesFor(1, 1);
    places.fleet[0] = { start: at(MANHATTAN), end: at(MANHATTAN) };
    const { routing } = build([order({})], [vehicle()], places);
    expect(routing.virtualStart).toBeNull();
    const v = routing.problem.vehicles[0]!;
    expect(routing.points[v.startLocation]).toEqual(MANHATTAN);
    expect(v.endLocation).toBe(v.startLocation);
  });

  it('answers an unresolvable depot with a 400 naming the fleet entry', () => {
    const places = placesFor(1, 1);
    places.fleet[0] = { start: { ok: false, message: 'unknown ZIP code 99999' }, end: null };
    expect(() => build([order({})], [vehicle()], places)).toThrow(RoutingInputError);
  });

  it('merges places within 25 m into one location only when clustering is on', () => {
    const near = { latitude: BROOKLYN.latitude + 0.0001, longitude: BROOKLYN.longitude }; // about 11 m north
    const far = { latitude: BROOKLYN.latitude + 0.001, longitude: BROOKLYN.longitude }; // about 111 m
    expect(surfaceDistance(BROOKLYN, near)).toBeLessThan(25);
    const orders = [order({ externalId: 'a' }), order({ externalId: 'b' }), order({ externalId: 'c' })];
    const places: ResolvedPlaces = {
      orders: [
        { pickup: at(MANHATTAN), dropoff: at(BROOKLYN) },
        { pickup: at(MANHATTAN), dropoff: at(near) },
        { pickup: at(MANHATTAN), dropoff: at(far) },
      ],
      fleet: [{ start: null, end: null }],
    };
    const clustered = layoutLocations(orders, [vehicle()], places, true);
    expect(clustered.orderStops[1]!.dropoff).toBe(clustered.orderStops[0]!.dropoff);
    expect(clustered.orderStops[2]!.dropoff).not.toBe(clustered.orderStops[0]!.dropoff);
    const plain = layoutLocations(orders, [vehicle()], places, false);
    expect(plain.orderStops[1]!.dropoff).not.toBe(plain.orderStops[0]!.dropoff);
    // Identical places always share a location.
    expect(plain.orderStops[1]!.pickup).toBe(plain.orderStops[0]!.pickup);
  });
});

describe('bundlePayloadItems', () => {
  it('makes orders between the same places one shipment carrying both', () => {
    const orders = [
      order({ externalId: 'a', payloadItems: [{ weight: 10, quantity: 1 }], customTags: [{ name: 'vip' }] }),
      order({ externalId: 'b', payloadItems: [{ weight: 20, quantity: 2 }] }),
    ];
    const options = mergeRoutingOptions({ tagPriorities: [['vip', 4]] }, { bundlePayloadItems: true });
    const { routing } = build(orders, [vehicle()], placesFor(2, 1), options);
    expect(routing.problem.shipments).toHaveLength(1);
    expect(routing.shipmentOrders).toEqual([[0, 1]]);
    expect(routing.problem.shipments[0]!.size[0]).toBe(50);
    expect(routing.problem.shipments[0]!.priority).toBe(4);
  });

  it('keeps orders apart when their windows do not overlap', () => {
    const orders = [
      order({
        externalId: 'a',
        dropoffWindowOpen: '2026-11-23T09:00:00-05:00',
        dropoffWindowClose: '2026-11-23T10:00:00-05:00',
      }),
      order({
        externalId: 'b',
        dropoffWindowOpen: '2026-11-23T15:00:00-05:00',
        dropoffWindowClose: '2026-11-23T16:00:00-05:00',
      }),
    ];
    const { routing } = build(
      orders,
      [vehicle()],
      placesFor(2, 1),
      mergeRoutingOptions(undefined, { bundlePayloadItems: true }),
    );
    expect(routing.shipmentOrders).toEqual([[0], [1]]);
  });
});

describe('lockedStops', () => {
  it('maps [itineraryExternalId, stops] to locked sequences of vehicle and shipment stops', () => {
    const orders = [order({ externalId: 'a' }), order({ externalId: 'b' })];
    const fleet = [vehicle(), vehicle({ driverExternalId: 'd2', vehicleExternalId: 'v2' })];
    const options = mergeRoutingOptions(undefined, {
      lockedStops: [
        [
          'd2:v2',
          [
            { orderExternalId: 'b', type: 'pickup' },
            { orderExternalId: 'a', type: 'dropoff' },
          ],
        ],
      ],
    });
    const { routing } = build(orders, fleet, placesFor(2, 2), options);
    expect(routing.problem.lockedSequences).toEqual([
      {
        vehicle: 1,
        stops: [
          { shipment: 1, kind: 'pickup' },
          { shipment: 0, kind: 'delivery' },
        ],
      },
    ]);
  });

  it('rejects an unknown itinerary or order with the tuple path', () => {
    const orders = [order({ externalId: 'a' })];
    const unknownItinerary = mergeRoutingOptions(undefined, {
      lockedStops: [['x:y', [{ orderExternalId: 'a', type: 'pickup' }]]],
    });
    expect(() => build(orders, [vehicle()], placesFor(1, 1), unknownItinerary)).toThrow(
      expect.objectContaining({ param: 'options.lockedStops[0][0]' }),
    );
    const unknownOrder = mergeRoutingOptions(undefined, {
      lockedStops: [['d1:v1', [{ orderExternalId: 'zzz', type: 'pickup' }]]],
    });
    expect(() => build(orders, [vehicle()], placesFor(1, 1), unknownOrder)).toThrow(
      expect.objectContaining({ param: 'options.lockedStops[0][1][0].orderExternalId' }),
    );
  });
});
