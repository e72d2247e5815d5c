import { z } from 'zod';
import { optimizationSettingsSchema } from '@/server/accounts';
import { boundedNumber, MAX_INT32 } from '@/server/validation';
import { accountIdField } from './account-id';

/**
 * The routing request (body of run, plan and book), as the contract describes it plus the
 * decisions in docs/decisions.md ("Routing"). Objects are strict: an unknown field is a 400 naming it.
 * Checks that need more than the shape (fleet required by mode, objective names, vehicle types,
 * locked stop references, limits) live in `validate-request.ts` and answer `invalid_routing_input`.
 */

const decimalDegrees = (min: number, max: number, name: string) =>
  z
    .string()
    .regex(/^\s*[-+]?\d{1,3}(\.\d+)?\s*$/, `${name} must be decimal degrees as a string, e.g. "40.7128"`)
    .refine((v) => {
      const n = Number(v);
      return Number.isFinite(n) && n >= min && n <= max;
    }, `${name} must be between ${min} and ${max}`);

export const routingAddressSchema = z
  .strictObject({
    addressLine1: z.string().max(200).optional(),
    city: z.string().max(100).optional(),
    state: z.string().max(100).optional(),
    postalCode: z.string().max(20).optional(),
    latitude: decimalDegrees(-90, 90, 'latitude').optional(),
    longitude: decimalDegrees(-180, 180, 'longitude').optional(),
  })
  .superRefine((address, ctx) => {
    if ((address.latitude === undefined) !== (address.longitude === undefined)) {
      const missing = address.latitude === undefined ? 'latitude' : 'longitude';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'latitude and longitude go together: send both or neither',
      });
    }
  })
  .meta({
    description:
      'A place. With latitude and longitude (decimal degrees as strings) geocoding is skipped; otherwise the address is geocoded.',
  });

/** Dates outside these years are typos or probes; refused before they reach the solver's arithmetic. */
const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 2100;
const dateTime = z.iso
  .datetime({ offset: true })
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
    },
    { message: `must be a date between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}` },
  )
  .meta({ description: `ISO 8601 date-time with offset, in the years ${EARLIEST_YEAR}-${LATEST_YEAR}` });

const payloadItemSchema = z
  .strictObject({
    description: z.string().max(500).optional(),
    height: boundedNumber({ min: 0, max: 10_000 }).optional().meta({ description: 'Inches' }),
    length: boundedNumber({ min: 0, max: 10_000 }).optional().meta({ description: 'Inches' }),
    width: boundedNumber({ min: 0, max: 10_000 }).optional().meta({ description: 'Inches' }),
    weight: boundedNumber({ min: 0, max: 1_000_000 }).optional().meta({ description: 'Pounds, per item' }),
    quantity: boundedNumber({ min: 1, max: 100_000, integer: true }).default(1),
    id: z.string().max(200).optional(),
  })
  .meta({ description: 'An item being moved; inches and pounds.' });

const customTagSchema = z.strictObject({ name: z.string().min(1).max(100) });

export const orderSchema = z
  .strictObject({
    externalId: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: 'Stable shipment ID; keys unassigned reasons and stops.' }),
    pickupAddress: routingAddressSchema.optional(),
    dropoffAddress: routingAddressSchema.optional(),
    pickupWindowOpen: dateTime.optional(),
    pickupWindowClose: dateTime.optional(),
    dropoffWindowOpen: dateTime.optional(),
    dropoffWindowClose: dateTime.optional(),
    payloadItems: z.array(payloadItemSchema).max(1000).optional(),
    customTags: z.array(customTagSchema).max(100).optional(),
    requiredSkills: z.array(z.string().min(1).max(100)).max(50).optional().meta({
      description:
        'Skills the serving vehicle must provide; a vehicle serves the order only if its routeSkills contain them all.',
    }),
  })
  .meta({ description: 'A shipment: picked up at pickupAddress and delivered to dropoffAddress by one vehicle.' });

export const vehicleSpecSchema = z
  .strictObject({
    capacityPounds: boundedNumber({ min: 0, max: 10_000_000 }).optional(),
    capacityCubicInches: boundedNumber({ min: 0, max: 1_000_000_000 }).optional(),
    maxStops: boundedNumber({ min: 1, max: 10_000, integer: true }).optional(),
    shiftHours: boundedNumber({ min: 0, max: 48, exclusiveMin: true }).optional(),
    speedFactor: boundedNumber({ min: 0.2, max: 5 }).optional(),
    fixedCost: boundedNumber({ min: 0, max: 1_000_000 }).optional(),
    costPerHour: boundedNumber({ min: 0, max: 1_000_000 }).optional(),
    costPerMile: boundedNumber({ min: 0, max: 1_000_000 }).optional(),
  })
  .meta({ description: 'Overrides of the vehicle type catalog figures (pounds, cubic inches, hours).' });

/** At most this many driver breaks per vehicle. */
const MAX_BREAKS_PER_VEHICLE = 3;

const vehicleBreakSchema = z
  .strictObject({
    earliestStart: dateTime.meta({ description: 'The break starts no earlier than this.' }),
    latestEnd: dateTime.meta({ description: 'The break ends no later than this.' }),
    durationMinutes: boundedNumber({ min: 1, max: 720, integer: true }).meta({
      description: 'Whole minutes, taken in one piece (1-720).',
    }),
  })
  .superRefine((b, ctx) => {
    const window = (Date.parse(b.latestEnd) - Date.parse(b.earliestStart)) / 60_000;
    if (!(window >= b.durationMinutes)) {
      ctx.addIssue({
        code: 'custom',
        path: ['latestEnd'],
        message: `must be at least durationMinutes (${b.durationMinutes}) after earliestStart; the window is ${Math.round(window)} min`,
      });
    }
  })
  .meta({
    description:
      'A driver break: taken whole, between two stops, before the first or after the last (before driving to the endAddress), at the place the vehicle is, starting no earlier than earliestStart and ending no later than latestEnd. Shown in the itinerary as a stop of type "break".',
  });

/** A fleet entry's own vehicleSpec: the catalog overrides plus what belongs to one driver's day (breaks). */
const fleetVehicleSpecSchema = vehicleSpecSchema
  .extend({
    breaks: z
      .array(vehicleBreakSchema)
      .max(MAX_BREAKS_PER_VEHICLE, `has more than the limit of ${MAX_BREAKS_PER_VEHICLE} breaks per vehicle`)
      .optional()
      .meta({
        description: `Driver breaks (at most ${MAX_BREAKS_PER_VEHICLE}), taken in the order of their earliestStart. A vehicle that serves any order takes every one of its breaks; orders that would push a break out of its window are left unassigned. plan and run only: book refuses them.`,
      }),
  })
  .meta({
    description:
      'Overrides of the vehicle type catalog figures (pounds, cubic inches, hours), and the driver breaks of this vehicle.',
  });

export const fleetSpecSchema = z
  .strictObject({
    driverExternalId: z.string().min(1).max(200),
    vehicleExternalId: z.string().min(1).max(200),
    vehicleType: z.string().min(1).max(100).meta({
      description:
        'A catalog type (car, pickup-truck, cargo-van, sprinter-van, box-truck) or a name mapped to one by options.vehicleMaps.',
    }),
    scheduledStart: dateTime,
    vehicleSpec: fleetVehicleSpecSchema.optional(),
    routeSkills: z.array(z.string().min(1).max(100)).max(100).optional(),
    externalId: z.string().min(1).max(200).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
    startAddress: routingAddressSchema
      .optional()
      .meta({ description: 'Where the route starts (a depot). Omitted: the route starts at its first stop.' }),
    endAddress: routingAddressSchema
      .optional()
      .meta({ description: 'Where the route must end. Omitted: the route ends at its last stop.' }),
  })
  .meta({ description: 'A driver and vehicle pair available for a new tour.' });

/**
 * A `fleet` element shaped like an itinerary this service returns (a plan result's
 * `itineraries[].itinerary`, a book result's itinerary or `GET /v1/itineraries/{id}`): its own
 * fields define the vehicle and its stops' orders are the search's starting assignment and sequence
 * (a warm start). Output-only fields are accepted and ignored; any other unknown field is refused.
 */

/** Accepted and ignored: what the service computes (times, legs, loads, totals, ids, timestamps). */
const outputOnly = z.unknown().optional().meta({ description: 'Output-only: accepted and ignored.' });

const placeAddressSchema = z.strictObject({
  addressLine1: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  postalCode: z.string().max(20).optional(),
});

export const routePlaceInputSchema = z
  .strictObject({
    address: placeAddressSchema.optional(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    departure: outputOnly,
    arrival: outputOnly,
    legDistanceMeters: outputOnly,
    legDurationSeconds: outputOnly,
  })
  .meta({
    description:
      'The depot (start) or required end of the itinerary: its coordinates define the vehicle’s start or end.',
  });

const itineraryStopInputSchema = z
  .strictObject({
    type: z
      .enum(['pickup', 'dropoff', 'break'])
      .meta({ description: '`break` stops are ignored: breaks come from vehicleSpec.breaks.' }),
    orderExternalIds: z
      .array(z.string().min(1).max(200))
      .max(1000)
      .meta({ description: 'Orders of the request served at this stop.' }),
    stopNumber: outputOnly,
    address: outputOnly,
    latitude: outputOnly,
    longitude: outputOnly,
    arrival: outputOnly,
    departure: outputOnly,
    waitSeconds: outputOnly,
    serviceSeconds: outputOnly,
    windowOpen: outputOnly,
    windowClose: outputOnly,
    load: outputOnly,
    legDistanceMeters: outputOnly,
    legDurationSeconds: outputOnly,
  })
  .meta({ description: 'A stop of the starting sequence.' });

const itineraryFleetEntrySchema = z
  .strictObject({
    driverExternalId: fleetSpecSchema.shape.driverExternalId,
    vehicleExternalId: fleetSpecSchema.shape.vehicleExternalId,
    vehicleType: fleetSpecSchema.shape.vehicleType,
    scheduledStart: dateTime,
    vehicleSpec: fleetVehicleSpecSchema.optional(),
    routeSkills: fleetSpecSchema.shape.routeSkills,
    meta: fleetSpecSchema.shape.meta,
    start: routePlaceInputSchema.nullable().optional(),
    end: routePlaceInputSchema.nullable().optional(),
    itineraryStops: z.array(itineraryStopInputSchema).max(10_000).meta({
      description:
        'The starting sequence: each stop’s orders must be orders of the request; the search may improve it unless lockedStops pins it.',
    }),
    externalId: outputOnly,
    id: outputOnly,
    accountId: outputOnly,
    environment: outputOnly,
    problemId: outputOnly,
    date: outputOnly,
    routeStart: outputOnly,
    routeEnd: outputOnly,
    totals: outputOnly,
    createdAt: outputOnly,
    updatedAt: outputOnly,
    changes: outputOnly,
  })
  .meta({
    description:
      'An itinerary as this service returns it, used as a fleet entry: driverExternalId, vehicleExternalId, vehicleType, scheduledStart and the start/end places define the vehicle; the stops’ orders are the starting assignment and sequence (warm start).',
  });

type ItineraryFleetEntryInput = z.output<typeof itineraryFleetEntrySchema>;
export type FleetSpecInput = z.output<typeof fleetSpecSchema>;

/** A fleet element as parsed: a FleetSpec, or an itinerary (told apart by its `itineraryStops`). */
export type FleetElementInput = FleetSpecInput | ItineraryFleetEntryInput;

export function isItineraryShaped(entry: FleetElementInput): entry is ItineraryFleetEntryInput {
  return 'itineraryStops' in entry && Array.isArray(entry.itineraryStops);
}

/**
 * The fleet element schema. Validation picks the shape by the presence of `itineraryStops`, so a
 * refusal names the field of the shape that was meant; the OpenAPI document shows both.
 */
function fleetElementSchema(purpose: 'validate' | 'document'): z.ZodType<FleetElementInput> {
  if (purpose === 'document') return z.union([fleetSpecSchema, itineraryFleetEntrySchema]);
  return z.unknown().transform((value, ctx): FleetElementInput => {
    const itineraryShaped = value !== null && typeof value === 'object' && 'itineraryStops' in value;
    const parsed = (itineraryShaped ? itineraryFleetEntrySchema : fleetSpecSchema).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path });
    return z.NEVER;
  });
}

const tuple = <K extends z.ZodType, V extends z.ZodType>(key: K, value: V) => z.tuple([key, value]);

const lockedStopSchema = z.strictObject({
  orderExternalId: z.string().min(1),
  type: z.enum(['pickup', 'dropoff']),
});

/** The per-request options that exist only per request (not as stored account settings). */
const requestOnlyOptionsShape = {
  lockedStops: z
    .array(tuple(z.string().min(1), z.array(lockedStopSchema).min(1)))
    .max(1000)
    .optional()
    .meta({
      description:
        '[itineraryExternalId, [{ orderExternalId, type }]] tuples: those stops stay on that itinerary in that relative order.',
    }),
};

const routingModeSchema = z.enum(['plan', 'createItinerary', 'updateItinerary']);

/**
 * A vehicleMaps value: which catalog type a caller's vehicle type name (or one vehicle, by its
 * vehicleExternalId) is. Stored account settings carry the same shape.
 */
export const vehicleMappingSchema = z
  .strictObject({ vehicleType: z.string().min(1).max(100) })
  .meta({ description: 'The catalog vehicle type to use, e.g. { "vehicleType": "box-truck" }.' });

const mapKey = z.string().trim().min(1, 'must not be empty');

/**
 * Per-request options: the account optimization settings' fields (one concept, one place:
 * `optimizationSettingsSchema` in server/accounts), with the mapping values given their routing
 * shapes, the objective widened to the optimizer's names (an unknown one is `invalid_routing_input`),
 * and `lockedStops`, which exists only per request.
 */
export const routingOptionsSchema = optimizationSettingsSchema
  .extend({
    objective: z.string().min(1).optional().meta({
      description:
        'MIN_DURATION (default), MIN_MAX_TRAVEL_COST_DISTANCE, MIN_VEHICLE_AVOID_TOUR_OVERLAP, MIN_VEHICLE_UTILIZATION, or the optimizer-specific MIN_VEHICLES_THEN_DISTANCE, MIN_COST.',
    }),
    vehicleMaps: z
      .array(z.tuple([mapKey, vehicleMappingSchema]))
      .max(1000)
      .optional()
      .meta({
        description:
          '[vehicleTypeOrExternalId, { vehicleType }] tuples mapping a caller type name or one vehicle to a catalog type.',
      }),
    vehicleSpecOverrides: z
      .array(z.tuple([mapKey, vehicleSpecSchema]))
      .max(1000)
      .optional()
      .meta({
        description:
          '[vehicleTypeOrExternalId, vehicleSpec] tuples overriding catalog figures for a type or one vehicle.',
      }),
    ...requestOnlyOptionsShape,
  })
  .meta({
    description:
      'Per-request routing options; merged over the service defaults and the account’s effective (inherited) optimization settings.',
  });

export type RoutingOptionsInput = z.output<typeof routingOptionsSchema>;

/**
 * The whole routing request. `limits` come from configuration: an over-long `orders` or `fleet` is a
 * 400 `invalid_input` naming the field and the limit, found before any element is parsed.
 */
export function routingRequestSchema(
  limits: { maxOrders: number; maxFleet: number },
  mode: 'run' | 'plan' | 'book',
  /** The OpenAPI document shows the element schemas; validation checks the length first. */
  purpose: 'validate' | 'document' = 'validate',
) {
  const limited = <T extends z.ZodType>(element: T, max: number, name: string) => {
    const message = `${name} has more than the limit of ${max} entries`;
    if (purpose === 'document') return z.array(element).max(max, message);
    return z.array(z.unknown()).max(max, message).pipe(z.array(element));
  };
  const modeField =
    mode === 'plan'
      ? routingModeSchema.optional().meta({
          description:
            'Absent or `plan`: a plan. `createItinerary`: planned as book would plan it. `updateItinerary` (with targetItineraryIds): a preview of that update, the result book would give (with `changes`). Nothing is ever written.',
        })
      : mode === 'run'
        ? z.literal('plan').meta({ description: 'Required; `plan` (run never writes).' })
        : z
            .enum(['createItinerary', 'updateItinerary'])
            .meta({ description: 'Required: `createItinerary` or `updateItinerary`.' });
  return z
    .strictObject({
      mode: modeField,
      problemId: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(200)
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
        .meta({
          description: 'Caller-generated idempotency key and public job id.',
          example: 'plan-2026-11-23-brooklyn',
        }),
      orders: limited(orderSchema, limits.maxOrders, 'orders').meta({
        description: `Shipments to assign (at most ${limits.maxOrders}).`,
      }),
      accountId: accountIdField,
      fleet: limited(fleetElementSchema(purpose), limits.maxFleet, 'fleet')
        .optional()
        .meta({
          description: `Driver/vehicle pairs (at most ${limits.maxFleet}): FleetSpec objects for new tours, or itineraries as this service returns them (their stops are the search's starting point). Required for plan and createItinerary; for updateItinerary the vehicles added to the target itineraries' (each that gets stops becomes a new itinerary).`,
        }),
      targetItineraryIds: z
        .array(boundedNumber({ min: 1, max: MAX_INT32, integer: true }))
        .max(limits.maxFleet)
        .optional()
        .meta({ description: 'updateItinerary: ids of the booked itineraries to re-optimize.' }),
      options: routingOptionsSchema.optional(),
    })
    .superRefine((body, ctx) => {
      // PostgreSQL text and jsonb cannot hold U+0000; say so up front instead of failing to store the job.
      const path = pathOfNulCharacter(body, []);
      if (path) ctx.addIssue({ code: 'custom', path, message: 'must not contain the NUL character (U+0000)' });
    });
}

function pathOfNulCharacter(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = pathOfNulCharacter(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = pathOfNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export type RoutingRequest = z.output<ReturnType<typeof routingRequestSchema>>;
