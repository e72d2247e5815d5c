import type { z } from 'zod';
import { RoutingInputError } from './errors';
import {
  isItineraryShaped,
  type FleetElementInput,
  type FleetSpecInput,
  type routePlaceInputSchema,
} from './request-schema';

/**
 * Itinerary-shaped `fleet` elements (request-schema.ts) into FleetSpec entries and the starting
 * sequences the search begins from (a warm start). See docs/decisions.md ("Routing").
 */

/** One stop of a starting sequence, in the request's terms. */
export interface InitialStop {
  orderExternalId: string;
  type: 'pickup' | 'dropoff';
}

/** Coordinates as the address schema takes them: decimal degrees as a string, never in exponent form. */
function degrees(value: number): string {
  return value.toFixed(7).replace(/\.?0+$/, '');
}

function addressOf(place: z.output<typeof routePlaceInputSchema>): FleetSpecInput['startAddress'] {
  const { addressLine1, city, state, postalCode } = place.address ?? {};
  return {
    ...(addressLine1 ? { addressLine1 } : {}),
    ...(city ? { city } : {}),
    ...(state ? { state } : {}),
    ...(postalCode ? { postalCode } : {}),
    latitude: degrees(place.latitude),
    longitude: degrees(place.longitude),
  };
}

/**
 * The fleet as plain FleetSpec entries plus each entry's starting sequence (null for a FleetSpec).
 * A stop naming an order that is not in `orderIds` is a 400 with the JSON path of that stop.
 */
export function splitFleet(
  fleet: readonly FleetElementInput[],
  orderIds: ReadonlySet<string>,
  paramOf: (index: number) => string = (index) => `fleet[${index}]`,
): { fleet: FleetSpecInput[]; initialRoutes: (InitialStop[] | null)[] } {
  const entries: FleetSpecInput[] = [];
  const initialRoutes: (InitialStop[] | null)[] = [];
  fleet.forEach((element, i) => {
    if (!isItineraryShaped(element)) {
      entries.push(element);
      initialRoutes.push(null);
      return;
    }
    const entry: FleetSpecInput = {
      driverExternalId: element.driverExternalId,
      vehicleExternalId: element.vehicleExternalId,
      vehicleType: element.vehicleType,
      scheduledStart: element.scheduledStart,
      ...(element.vehicleSpec ? { vehicleSpec: element.vehicleSpec } : {}),
      ...(element.routeSkills ? { routeSkills: element.routeSkills } : {}),
      ...(element.meta ? { meta: element.meta } : {}),
      ...(element.start ? { startAddress: addressOf(element.start) } : {}),
      ...(element.end ? { endAddress: addressOf(element.end) } : {}),
    };
    const stops: InitialStop[] = [];
    element.itineraryStops.forEach((stop, s) => {
      if (stop.type === 'break') return;
      stop.orderExternalIds.forEach((orderExternalId, o) => {
        if (!orderIds.has(orderExternalId)) {
          throw new RoutingInputError(
            `${paramOf(i)}.itineraryStops[${s}]`,
            `${paramOf(i)}.itineraryStops[${s}].orderExternalIds[${o}] names order "${orderExternalId}", which is not in the request's orders.`,
          );
        }
        stops.push({ orderExternalId, type: stop.type as InitialStop['type'] });
      });
    });
    entries.push(entry);
    initialRoutes.push(stops);
  });
  return { fleet: entries, initialRoutes };
}
