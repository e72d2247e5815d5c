import type { Geocoder } from '@/server/geo';
import {
  itineraryExternalId,
  lockedSequencesFor,
  vehicleSpecFor,
  type FleetEntry,
  type RoutingOrder,
} from './build-problem';
import { RoutingInputError } from './errors';
import { mergeRoutingOptions, type RoutingOptionsLayer } from './options';

/**
 * The routing-specific checks that run before a job is accepted, so that a request the solver
 * cannot take is a 400 `invalid_routing_input` naming the field, never a failed job: fleet present
 * where the mode needs it, unique order ids, options (objective, mappings), vehicle types, locked
 * stop references and depot addresses. Returns nothing; throws RoutingInputError.
 */
export async function validateRoutingRequest(input: {
  mode: 'plan' | 'createItinerary' | 'updateItinerary';
  /** The request's own orders (update: without the targets' orders). */
  requestOrders: readonly RoutingOrder[];
  /** All orders the solve will see. */
  orders: readonly RoutingOrder[];
  fleet: readonly FleetEntry[];
  settings: RoutingOptionsLayer | null;
  options: RoutingOptionsLayer | undefined;
  /** Locates depot addresses. */
  geocoder: Geocoder;
}): Promise<void> {
  // An empty fleet would "plan" every order as unassigned: that is a request mistake, not a plan.
  if (input.mode !== 'updateItinerary' && input.fleet.length === 0) {
    throw new RoutingInputError(
      'fleet',
      `fleet is empty; ${input.mode} needs at least one driver/vehicle pair to plan with.`,
    );
  }
  const seen = new Map<string, number>();
  input.requestOrders.forEach((order, i) => {
    const first = seen.get(order.externalId);
    if (first !== undefined) {
      throw new RoutingInputError(
        `orders[${i}].externalId`,
        `orders[${i}].externalId "${order.externalId}" repeats orders[${first}].externalId; order ids must be unique.`,
      );
    }
    seen.set(order.externalId, i);
  });

  const fleetIds = new Map<string, number>();
  input.fleet.forEach((entry, i) => {
    const id = itineraryExternalId(entry);
    const first = fleetIds.get(id);
    if (first !== undefined) {
      throw new RoutingInputError(
        `fleet[${i}]`,
        `fleet[${i}] repeats driver and vehicle "${id}" of fleet[${first}]; each driver/vehicle pair plans one itinerary.`,
      );
    }
    fleetIds.set(id, i);
  });

  if (input.mode !== 'plan') {
    const i = input.fleet.findIndex((entry) => (entry.vehicleSpec?.breaks?.length ?? 0) > 0);
    if (i >= 0) {
      throw new RoutingInputError(
        `fleet[${i}].vehicleSpec.breaks`,
        `fleet[${i}].vehicleSpec.breaks: booked itineraries do not keep driver breaks yet; plan with breaks (POST /v1/routing/plan or run), or book without them.`,
      );
    }
  }

  const options = mergeRoutingOptions(input.settings ?? undefined, input.options);
  input.fleet.forEach((entry, i) => vehicleSpecFor(entry, i, options));
  // Every order is its own shipment here: only the references are checked.
  lockedSequencesFor(
    options,
    input.fleet,
    input.orders,
    input.orders.map((_, i) => [i]),
  );

  const { geocoder } = input;
  for (const [i, entry] of input.fleet.entries()) {
    for (const side of ['startAddress', 'endAddress'] as const) {
      const address = entry[side];
      if (!address) continue;
      const result = await geocoder.geocode(address);
      if (result.status !== 'resolved') {
        const why = result.status === 'invalid' ? result.message : result.reason;
        throw new RoutingInputError(`fleet[${i}].${side}`, `fleet[${i}].${side} could not be located: ${why}.`);
      }
    }
  }
}
