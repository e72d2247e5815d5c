import { z } from 'zod';
import { epochToLocalIso } from '@/server/geo';
import type { LatLng } from '@/server/geo';
import type { RoutingAddress } from './build-problem';
import type { PlannedItinerary, PlannedStop, UnassignedOrder } from './plan-result';
import { REASON_CODES } from './reasons';

/**
 * What routing answers on the wire, as zod schemas (for the OpenAPI document and the tests) and the
 * functions that render the internal plan into them. Times are ISO 8601 with the offset of the
 * stop address's time zone (the itinerary's: its first stop's).
 */

const isoDateTime = z.string().meta({
  description: 'ISO 8601 date-time with the offset of the place’s time zone',
  example: '2026-11-23T09:30:00-05:00',
});

const stopAddressSchema = z.object({
  addressLine1: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

const itineraryStopSchema = z
  .object({
    stopNumber: z
      .number()
      .int()
      .nullable()
      .meta({ description: '1-based number of the visit; null for a driver break (breaks are not numbered visits).' }),
    address: stopAddressSchema.meta({
      description: 'For a break: the place the vehicle is (the depot before the first visit, else the last visit).',
    }),
    type: z.enum(['pickup', 'dropoff', 'break']).meta({
      description:
        '`break`: a driver break (fleet vehicleSpec.breaks), in stop order where it is taken: arrival is when the vehicle is ready for it, departure when it ends; serviceSeconds is its length, waitSeconds the wait for its window, windowOpen and windowClose the earliest and latest start; no orders, no leg.',
    }),
    orderExternalIds: z
      .array(z.string())
      .meta({ description: 'Orders served at this stop (several when bundled or clustered; none for a break).' }),
    latitude: z.number(),
    longitude: z.number(),
    arrival: isoDateTime,
    departure: isoDateTime,
    waitSeconds: z.number().int().meta({ description: 'Waiting for the window to open.' }),
    serviceSeconds: z.number().int().meta({
      description:
        'As charged: the per-item handling time, plus the setup where the stop before is at another place (more than 25 m away) or this is the first stop.',
    }),
    windowOpen: isoDateTime.nullable().meta({ description: 'Earliest start of service; null when open.' }),
    windowClose: isoDateTime.nullable().meta({ description: 'Latest start of service; null when open.' }),
    load: z.object({ pounds: z.number(), cubicInches: z.number() }).meta({ description: 'On board after this stop.' }),
    legDistanceMeters: z.number().int(),
    legDurationSeconds: z.number().int(),
  })
  .meta({ description: 'One visit of an itinerary.' });

const itineraryTotalsSchema = z.object({
  distanceMeters: z.number().int(),
  durationSeconds: z.number().int().meta({ description: 'From departure to the end of the route.' }),
  travelSeconds: z.number().int(),
  serviceSeconds: z.number().int(),
  waitingSeconds: z.number().int().meta({ description: 'Waiting for stop windows (and break windows) to open.' }),
  breakSeconds: z.number().int().optional().meta({
    description:
      'Driver breaks taken; present only when the itinerary has some. durationSeconds = travel + service + waiting + breaks.',
  }),
});

/** A named place on an itinerary that is not a stop: the depot start or the required end. */
const routePlaceFields = { address: stopAddressSchema, latitude: z.number(), longitude: z.number() };

const routeStartSchema = z
  .object({
    ...routePlaceFields,
    departure: isoDateTime.meta({ description: 'Planned departure (routeStart).' }),
  })
  .meta({
    description: 'The depot the route leaves from (the fleet entry’s startAddress). The first stop’s leg starts here.',
  });

const routeEndSchema = z
  .object({
    ...routePlaceFields,
    arrival: isoDateTime.meta({ description: 'Planned arrival (routeEnd).' }),
    legDistanceMeters: z.number().int().meta({ description: 'From the last stop to here.' }),
    legDurationSeconds: z.number().int().meta({ description: 'From the last stop’s departure to here.' }),
  })
  .meta({ description: 'Where the route must end (the fleet entry’s endAddress), with the leg from the last stop.' });

const itineraryCore = {
  externalId: z.string().meta({ description: '<driverExternalId>:<vehicleExternalId>' }),
  driverExternalId: z.string(),
  vehicleExternalId: z.string(),
  vehicleType: z.string().meta({ description: 'The catalog vehicle type the itinerary was planned with.' }),
  scheduledStart: isoDateTime.meta({ description: 'The fleet entry’s scheduled start.' }),
  routeStart: isoDateTime.meta({ description: 'Planned departure from the start.' }),
  routeEnd: isoDateTime.meta({ description: 'Planned end of the route.' }),
  start: routeStartSchema.nullable().meta({
    description: 'The depot; null when the fleet entry has no startAddress (the route starts at its first stop).',
  }),
  itineraryStops: z.array(itineraryStopSchema),
  end: routeEndSchema.nullable().meta({
    description:
      'The required end; null when the fleet entry has no endAddress (the route ends at its last stop). The stops’ legs plus this leg add up to the totals.',
  }),
  totals: itineraryTotalsSchema,
};

const plannedItinerarySchema = z.object({
  fleetIndex: z.number().int().meta({ description: 'Index of the fleet entry in the request.' }),
  fleetExternalId: z.string().optional().meta({ description: 'The fleet entry’s `externalId`, when it had one.' }),
  fleetMeta: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'The fleet entry’s `meta`, as sent, when it had one.' }),
  itinerary: z.object(itineraryCore).meta({ description: 'An unpersisted, planned itinerary.' }),
});

export const persistedItinerarySchema = z
  .object({
    id: z
      .number()
      .int()
      .meta({ description: 'Itinerary id: use it in targetItineraryIds and GET /v1/itineraries/{id}.' }),
    accountId: z.number().int(),
    environment: z.enum(['live', 'sandbox']),
    problemId: z.string().meta({ description: 'The request that last wrote the itinerary.' }),
    date: z.string().meta({ description: 'Local date (YYYY-MM-DD) of the scheduled start.' }),
    ...itineraryCore,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ description: 'A booked itinerary.' });

const fixDescription = z.string().meta({
  description:
    'The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.”',
});
const fixVehicle = z.string().meta({ description: 'The `vehicleExternalId` of the fleet entry to change.' });

const widenWindowFixSchema = z
  .object({
    kind: z.literal('widen_window'),
    description: fixDescription,
    side: z.enum(['pickup', 'dropoff']),
    bound: z
      .enum(['open', 'close'])
      .meta({ description: '`close`: the window closes later; `open`: it opens earlier.' }),
    minutes: z
      .number()
      .int()
      .positive()
      .meta({ description: 'How much later it closes (or earlier it opens), in whole minutes.' }),
    field: z
      .enum(['pickupWindowOpen', 'pickupWindowClose', 'dropoffWindowOpen', 'dropoffWindowClose'])
      .meta({ description: 'The order field to change.' }),
    value: isoDateTime.meta({ description: 'Its new value.' }),
  })
  .meta({ description: 'Widen one window of the order.' });

const extendShiftFixSchema = z
  .object({
    kind: z.literal('extend_shift'),
    description: fixDescription,
    vehicleExternalId: fixVehicle,
    minutes: z.number().int().positive().meta({ description: 'How much later the shift ends, in whole minutes.' }),
    shiftEnd: isoDateTime.meta({ description: 'The new end of the shift.' }),
    shiftHours: z.number().positive().meta({ description: 'The `vehicleSpec.shiftHours` that gives that end.' }),
  })
  .meta({ description: 'End one vehicle’s shift later.' });

const addCapacityFixSchema = z
  .object({
    kind: z.literal('add_capacity'),
    description: fixDescription,
    vehicleExternalId: fixVehicle,
    pounds: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Weight capacity to add (0 when weight does not bind).' }),
    cubicInches: z.number().int().nonnegative().meta({
      description: 'Volume capacity to add (0 when volume does not bind; volume binds only with volumeOptimization).',
    }),
    capacityPounds: z.number().meta({ description: 'The new `vehicleSpec.capacityPounds`.' }),
    capacityCubicInches: z.number().meta({ description: 'The new `vehicleSpec.capacityCubicInches`.' }),
  })
  .meta({ description: 'More capacity on one vehicle.' });

const addSkillFixSchema = z
  .object({
    kind: z.literal('add_skill'),
    description: fixDescription,
    vehicleExternalId: fixVehicle,
    skills: z.array(z.string()).meta({ description: 'Skills to add to that fleet entry’s `routeSkills`.' }),
  })
  .meta({ description: 'A vehicle with the skills the order needs.' });

const addVehicleFixSchema = z
  .object({
    kind: z.literal('add_vehicle'),
    description: fixDescription,
    vehicleType: z.string().meta({ description: 'Catalog type of the vehicle to add.' }),
    likeVehicleExternalId: z
      .string()
      .meta({ description: 'The fleet entry it copies: scheduled start, depot, end and skills.' }),
    fleetEntry: z.record(z.string(), z.unknown()).meta({
      description:
        'The fleet entry to append to `fleet` (a FleetSpec with the full `vehicleSpec` it was checked with); its `driverExternalId` and `vehicleExternalId` are placeholders to replace with real ones.',
    }),
  })
  .meta({ description: 'One more vehicle in the fleet.' });

const unassignedFixSchema = z
  .discriminatedUnion('kind', [
    widenWindowFixSchema,
    extendShiftFixSchema,
    addCapacityFixSchema,
    addSkillFixSchema,
    addVehicleFixSchema,
  ])
  .meta({
    description:
      'The smallest change found that would let the order in, checked by the solver: with it applied, the order can be inserted into the planned itineraries (or served by the added vehicle) without moving any other order out. Absent when none was found. One change alone; fixes of different orders are independent. See docs/decisions.md.',
  });
export type UnassignedFix = z.infer<typeof unassignedFixSchema>;

const unassignedSchema = z.object({
  externalId: z.string(),
  reasons: z.array(
    z.object({
      code: z
        .enum(REASON_CODES)
        .meta({ description: 'See the reason codes in the routing section of docs/decisions.md.' }),
      description: z.string().meta({ description: 'Names the limiting fact.' }),
      fix: unassignedFixSchema.optional(),
    }),
  ),
});

const resultSummarySchema = z
  .object({
    vehiclesUsed: z.number().int().meta({ description: 'Itineraries in the result (vehicles that got stops).' }),
    ordersServed: z.number().int(),
    ordersUnassigned: z.number().int(),
    distanceMeters: z.number().int().meta({ description: 'Sum of the itineraries’ totals.' }),
    durationSeconds: z.number().int().meta({ description: 'Sum of the itineraries’ totals.' }),
  })
  .meta({ description: 'Totals of the whole result.' });
type ResultSummary = z.infer<typeof resultSummarySchema>;

export const planResultSchema = z.object({
  problemId: z.string(),
  itineraries: z.array(plannedItinerarySchema),
  unassigned: z.array(unassignedSchema),
  summary: resultSummarySchema,
});

const itineraryChangesSchema = z
  .object({
    addedOrderExternalIds: z
      .array(z.string())
      .meta({ description: 'Orders this itinerary gained (all of them on an itinerary the update added).' }),
    removedOrderExternalIds: z
      .array(z.string())
      .meta({ description: 'Orders it lost: moved to another itinerary or left unassigned.' }),
    resequenced: z.boolean().meta({ description: 'The relative order of the stops of the orders it kept changed.' }),
    maxArrivalShiftSeconds: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Largest absolute change of a kept stop’s arrival, in seconds.' }),
  })
  .meta({
    description:
      'updateItinerary only: what the update did to this itinerary, compared with the booked one it rewrote.',
  });
export type WireItineraryChanges = z.infer<typeof itineraryChangesSchema>;

const bookedItinerarySchema = persistedItinerarySchema
  .extend({ changes: itineraryChangesSchema.optional() })
  .meta({ description: 'A booked itinerary; after an updateItinerary it carries `changes`.' });

export const bookResultSchema = z.object({
  problemId: z.string(),
  itineraries: z.array(bookedItinerarySchema).meta({
    description:
      'The persisted itineraries written by this request. An updateItinerary previewed on /v1/routing/plan answers the same, with nothing written (the id of an itinerary it would add is not kept).',
  }),
  unassigned: z.array(unassignedSchema),
  summary: resultSummarySchema,
});

/** A book result: the itineraries as written (an update's with their changes, by itinerary id). */
export function bookReply(
  problemId: string,
  itineraries: readonly PersistedItinerary[],
  unassigned: readonly UnassignedOrder[],
  changesByItineraryId: Readonly<Record<number, WireItineraryChanges>> | null | undefined,
): BookResult {
  const withChanges = itineraries.map((itinerary) => {
    const changes = changesByItineraryId?.[itinerary.id];
    return changes ? { ...itinerary, changes } : itinerary;
  });
  return {
    problemId,
    itineraries: withChanges,
    unassigned: unassigned.map((u) => ({ externalId: u.externalId, reasons: u.reasons })),
    summary: summarizeResult(withChanges, unassigned.length),
  };
}

/** The summary of a result from its itineraries (as rendered) and its unassigned orders. */
export function summarizeResult(
  itineraries: readonly {
    itineraryStops: readonly { orderExternalIds: readonly string[] }[];
    totals: { distanceMeters: number; durationSeconds: number };
  }[],
  unassignedCount: number,
): ResultSummary {
  const served = new Set<string>();
  for (const itinerary of itineraries)
    for (const stop of itinerary.itineraryStops) for (const id of stop.orderExternalIds) served.add(id);
  return {
    vehiclesUsed: itineraries.length,
    ordersServed: served.size,
    ordersUnassigned: unassignedCount,
    distanceMeters: itineraries.reduce((sum, i) => sum + i.totals.distanceMeters, 0),
    durationSeconds: itineraries.reduce((sum, i) => sum + i.totals.durationSeconds, 0),
  };
}

export const pendingJobSchema = z.object({
  jobId: z.string().meta({
    description:
      'The job to poll at GET /v1/routing/jobs/{jobId}: the problemId (the contract makes problemId the public job id).',
    example: 'plan-2026-11-23',
  }),
  problemId: z.string(),
  status: z.literal('processing'),
  statusUrl: z.string().meta({ example: '/v1/routing/jobs/plan-2026-11-23' }),
});

export const pollPendingSchema = z.object({ status: z.literal('processing') });

type WireStop = z.infer<typeof itineraryStopSchema>;
export type PlanResult = z.infer<typeof planResultSchema>;
export type BookResult = z.infer<typeof bookResultSchema>;
export type PersistedItinerary = z.infer<typeof persistedItinerarySchema>;

export function renderStop(stop: PlannedStop): WireStop {
  const at = (epoch: number) => epochToLocalIso(epoch, stop.timeZone);
  return {
    stopNumber: stop.stopNumber,
    address: stop.address,
    type: stop.type,
    orderExternalIds: stop.orderExternalIds,
    latitude: stop.latitude,
    longitude: stop.longitude,
    arrival: at(stop.arrival),
    departure: at(stop.departure),
    waitSeconds: Math.round(stop.waitSeconds),
    serviceSeconds: Math.round(stop.serviceSeconds),
    windowOpen: stop.windowOpen === null ? null : at(stop.windowOpen),
    windowClose: stop.windowClose === null ? null : at(stop.windowClose),
    load: stop.load,
    legDistanceMeters: stop.legDistanceMeters,
    legDurationSeconds: stop.legDurationSeconds,
  };
}

/** Where a route starts and ends, as the fleet entry named them (null: not named). */
interface RouteEnds {
  start: LatLng | null;
  end: LatLng | null;
  startAddress: RoutingAddress | null;
  endAddress: RoutingAddress | null;
}

/**
 * The depot start and required end of an itinerary. The end leg is what the stops' legs leave of
 * the totals (distance) and the time from the last departure to the route's end, so that the legs
 * always add up to the totals exactly, for planned and persisted itineraries alike.
 */
export function renderRouteEnds(
  ends: RouteEnds,
  route: { routeStart: number; routeEnd: number; timeZone: string; totals: { distanceMeters: number } },
  stops: readonly PlannedStop[],
): { start: z.infer<typeof routeStartSchema> | null; end: z.infer<typeof routeEndSchema> | null } {
  const at = (epoch: number) => epochToLocalIso(epoch, route.timeZone);
  const blank = { addressLine1: '', city: '', state: '', postalCode: '' };
  const last = stops[stops.length - 1];
  const stopsDistance = stops.reduce((sum, stop) => sum + stop.legDistanceMeters, 0);
  return {
    start: ends.start
      ? {
          address: ends.startAddress ?? blank,
          latitude: ends.start.latitude,
          longitude: ends.start.longitude,
          departure: at(route.routeStart),
        }
      : null,
    end: ends.end
      ? {
          address: ends.endAddress ?? blank,
          latitude: ends.end.latitude,
          longitude: ends.end.longitude,
          arrival: at(route.routeEnd),
          legDistanceMeters: Math.max(0, route.totals.distanceMeters - stopsDistance),
          // Rendered times are whole seconds (floored); the leg is their difference, so it adds up on the wire.
          legDurationSeconds: Math.max(
            0,
            Math.floor(route.routeEnd) - Math.floor(last ? last.departure : route.routeStart),
          ),
        }
      : null,
  };
}

function renderItineraryCore(itinerary: PlannedItinerary) {
  const at = (epoch: number) => epochToLocalIso(epoch, itinerary.timeZone);
  const { start, end } = renderRouteEnds(itinerary, itinerary, itinerary.stops);
  return {
    externalId: itinerary.externalId,
    driverExternalId: itinerary.driverExternalId,
    vehicleExternalId: itinerary.vehicleExternalId,
    vehicleType: itinerary.vehicleType,
    scheduledStart: at(itinerary.scheduledStart),
    routeStart: at(itinerary.routeStart),
    routeEnd: at(itinerary.routeEnd),
    start,
    itineraryStops: itinerary.stops.map(renderStop),
    end,
    totals: itinerary.totals,
  };
}

export function renderPlanResult(
  problemId: string,
  itineraries: readonly PlannedItinerary[],
  unassigned: readonly UnassignedOrder[],
  fleet: readonly { externalId?: string | undefined; meta?: Record<string, unknown> | undefined }[] = [],
): PlanResult {
  const rendered = itineraries.map((itinerary) => {
    const entry = fleet[itinerary.fleetIndex];
    return {
      fleetIndex: itinerary.fleetIndex,
      ...(entry?.externalId !== undefined ? { fleetExternalId: entry.externalId } : {}),
      ...(entry?.meta !== undefined ? { fleetMeta: entry.meta } : {}),
      itinerary: renderItineraryCore(itinerary),
    };
  });
  return {
    problemId,
    itineraries: rendered,
    unassigned: unassigned.map((u) => ({ externalId: u.externalId, reasons: u.reasons })),
    summary: summarizeResult(
      rendered.map((r) => r.itinerary),
      unassigned.length,
    ),
  };
}
