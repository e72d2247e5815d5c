import { describe, expect, it } from 'vitest';
import { initialRoutesFor, type RoutingOrder } from './build-problem';
import { itineraryChanges, type VisitedStop } from './changes';
import { RoutingInputError } from './errors';
import { splitFleet, type InitialStop } from './itinerary-fleet-entry';
import { fleetSpecSchema, orderSchema, routingRequestSchema } from './request-schema';
import { solveRouting } from './solve-routing';
import { BROOKLYN_STORE } from './test-store';
import { embeddedSolveDeps } from './testing';

const stop = (type: VisitedStop['type'], ids: string[], arrival: number): VisitedStop => ({
  type,
  orderExternalIds: ids,
  arrival,
});

describe('itinerary changes', () => {
  const before = [stop('pickup', ['A', 'B'], 100), stop('dropoff', ['A'], 200), stop('dropoff', ['B'], 300)];

  it('nothing changed: no orders added or removed, same sequence, no shift', () => {
    expect(itineraryChanges(before, before)).toEqual({
      addedOrderExternalIds: [],
      removedOrderExternalIds: [],
      resequenced: false,
      maxArrivalShiftSeconds: 0,
    });
  });

  it('an added order does not resequence the kept ones; the largest shift of a kept stop counts, not the new stop', () => {
    const after = [
      stop('pickup', ['B', 'A', 'C'], 100),
      stop('dropoff', ['A'], 260),
      stop('dropoff', ['C'], 280),
      stop('dropoff', ['B'], 390),
    ];
    expect(itineraryChanges(before, after)).toEqual({
      addedOrderExternalIds: ['C'],
      removedOrderExternalIds: [],
      resequenced: false,
      maxArrivalShiftSeconds: 90,
    });
  });

  it('a removed order and a swap of the kept ones', () => {
    const after = [stop('pickup', ['A', 'B'], 100), stop('dropoff', ['B'], 180), stop('dropoff', ['A'], 250)];
    expect(itineraryChanges([...before, stop('dropoff', ['D'], 400)], after)).toMatchObject({
      removedOrderExternalIds: ['D'],
      resequenced: true,
      maxArrivalShiftSeconds: 120,
    });
  });

  it('a new itinerary: every order added; breaks are not orders', () => {
    expect(
      itineraryChanges([], [stop('pickup', ['A'], 10), stop('break', [], 20), stop('dropoff', ['A'], 30)]),
    ).toEqual({
      addedOrderExternalIds: ['A'],
      removedOrderExternalIds: [],
      resequenced: false,
      maxArrivalShiftSeconds: 0,
    });
  });
});

describe('itinerary-shaped fleet entries', () => {
  const schema = routingRequestSchema({ maxOrders: 10, maxFleet: 10 }, 'plan');
  const itinerary = {
    externalId: 'd1:v1',
    driverExternalId: 'd1',
    vehicleExternalId: 'v1',
    vehicleType: 'cargo-van',
    scheduledStart: '2026-11-23T08:00:00-05:00',
    routeStart: '2026-11-23T08:00:00-05:00',
    start: {
      address: { addressLine1: '55 Water St', city: 'Brooklyn', state: 'NY', postalCode: '11201' },
      latitude: 40.7033,
      longitude: -73.9881,
      departure: 'x',
    },
    end: null,
    itineraryStops: [
      {
        stopNumber: 1,
        type: 'pickup',
        orderExternalIds: ['A', 'B'],
        arrival: '2026-11-23T08:10:00-05:00',
        load: { pounds: 1, cubicInches: 1 },
      },
      { stopNumber: null, type: 'break', orderExternalIds: [] },
      { stopNumber: 2, type: 'dropoff', orderExternalIds: ['B'] },
      { stopNumber: 3, type: 'dropoff', orderExternalIds: ['A'] },
    ],
    totals: { distanceMeters: 1 },
  };
  const parseFleet = (fleet: unknown[]) => schema.parse({ problemId: 'p', orders: [], fleet }).fleet!;

  it('become a FleetSpec (depot from the start place) and a starting sequence; FleetSpec entries have none', () => {
    const spec = {
      driverExternalId: 'd2',
      vehicleExternalId: 'v2',
      vehicleType: 'car',
      scheduledStart: '2026-11-23T08:00:00-05:00',
    };
    const { fleet, initialRoutes } = splitFleet(parseFleet([itinerary, spec]), new Set(['A', 'B']));
    expect(fleet[0]).toEqual({
      driverExternalId: 'd1',
      vehicleExternalId: 'v1',
      vehicleType: 'cargo-van',
      scheduledStart: '2026-11-23T08:00:00-05:00',
      startAddress: BROOKLYN_STORE,
    });
    expect(fleet[1]).toEqual(spec);
    expect(initialRoutes).toEqual([
      [
        { orderExternalId: 'A', type: 'pickup' },
        { orderExternalId: 'B', type: 'pickup' },
        { orderExternalId: 'B', type: 'dropoff' },
        { orderExternalId: 'A', type: 'dropoff' },
      ],
      null,
    ]);
  });

  it('refuse a stop naming an order that is not in the request, at that stop', () => {
    const run = () => splitFleet(parseFleet([itinerary]), new Set(['A']));
    expect(run).toThrow(RoutingInputError);
    expect(run).toThrow(/itineraryStops\[0\].orderExternalIds\[1\] names order "B"/);
    try {
      run();
    } catch (error) {
      expect((error as RoutingInputError).param).toBe('fleet[0].itineraryStops[0]');
    }
  });

  it('map to the optimizer’s initial routes: bundled orders share a stop, orders outside the problem are left out', () => {
    const orders = [{ externalId: 'A' }, { externalId: 'B' }, { externalId: 'C' }] as RoutingOrder[];
    const sequence = [
      { orderExternalId: 'A', type: 'pickup' as const },
      { orderExternalId: 'B', type: 'pickup' as const },
      { orderExternalId: 'C', type: 'pickup' as const },
      { orderExternalId: 'B', type: 'dropoff' as const },
      { orderExternalId: 'A', type: 'dropoff' as const },
    ];
    // A and B bundled into shipment 0; C kept out of the problem.
    expect(initialRoutesFor([null, sequence], orders, [[0, 1]])).toEqual([
      {
        vehicle: 1,
        stops: [
          { shipment: 0, kind: 'pickup' },
          { shipment: 0, kind: 'delivery' },
        ],
      },
    ]);
  });
});

describe('a warm start under lockedStops', () => {
  it('the locked stops keep their order on their itinerary even when the starting sequence has them the other way round', async () => {
    const depot = BROOKLYN_STORE;
    const orders = ['11101', '10025', '11215'].map((postalCode, i) =>
      orderSchema.parse({
        externalId: `O${i + 1}`,
        pickupAddress: depot,
        dropoffAddress: { addressLine1: '1 Main St', city: 'New York', state: 'NY', postalCode },
      }),
    );
    const fleet = [
      fleetSpecSchema.parse({
        driverExternalId: 'd1',
        vehicleExternalId: 'v1',
        vehicleType: 'cargo-van',
        scheduledStart: '2026-11-23T08:00:00-05:00',
        startAddress: depot,
      }),
    ];
    const sequence: InitialStop[] = [
      ...orders.map((o) => ({ orderExternalId: o.externalId, type: 'pickup' as const })),
      ...orders.map((o) => ({ orderExternalId: o.externalId, type: 'dropoff' as const })),
    ];
    const outcome = await solveRouting(
      {
        orders,
        fleet,
        settings: null,
        options: {
          solverTimeLimitSeconds: 0.2,
          lockedStops: [
            [
              'd1:v1',
              [
                { orderExternalId: 'O3', type: 'dropoff' },
                { orderExternalId: 'O1', type: 'dropoff' },
              ],
            ],
          ],
        },
        initialRoutes: [sequence],
      },
      embeddedSolveDeps,
    );
    expect(outcome.unassigned).toEqual([]);
    const dropoffs = outcome.itineraries[0]!.stops.filter((stop) => stop.type === 'dropoff').flatMap(
      (stop) => stop.orderExternalIds,
    );
    expect(dropoffs.indexOf('O3')).toBeLessThan(dropoffs.indexOf('O1'));
  });
});
