import { z } from 'zod';
import { boundedNumber, centsSchema } from '@/server/validation';

/** Objectives the optimizer implements (docs/decisions.md, Routing). */
export const objectives = [
  'MIN_DURATION',
  'MIN_MAX_TRAVEL_COST_DISTANCE',
  'MIN_VEHICLE_AVOID_TOUR_OVERLAP',
  'MIN_VEHICLE_UTILIZATION',
] as const;
export type Objective = (typeof objectives)[number];

export const objectiveSchema = z.enum(objectives, {
  error: () => `unknown objective; accepted values: ${objectives.join(', ')}`,
});

const nonEmptyKey = z.string().trim().min(1, 'must not be empty');
/** A vehicle type's or vehicle's mapping; its fields are the routing module's to interpret. */
const mapping = z.record(z.string(), z.unknown());

/**
 * Account-level optimization settings; every field optional. Map-like options are arrays of
 * [key, value] tuples as in the contract. The routing module extends this for per-request options.
 */
export const optimizationSettingsSchema = z.strictObject({
  objective: objectiveSchema.optional(),
  trafficMode: z.enum(['automatic', 'none']).optional(),
  enableStopClustering: z.boolean().optional(),
  volumeOptimization: z.boolean().optional(),
  bundlePayloadItems: z.boolean().optional(),
  tagPriorities: z.array(z.tuple([nonEmptyKey, boundedNumber({ min: 0, max: 5, integer: true })])).optional(),
  vehicleMaps: z.array(z.tuple([nonEmptyKey, mapping])).optional(),
  vehicleSpecOverrides: z.array(z.tuple([nonEmptyKey, mapping])).optional(),
  serviceTime: z
    .strictObject({
      setupSeconds: boundedNumber({ min: 0, max: 86_400, integer: true }).optional(),
      perItemSeconds: boundedNumber({ min: 0, max: 86_400, integer: true }).optional(),
    })
    .optional(),
  solverTimeLimitSeconds: boundedNumber({ min: 0, max: 600, exclusiveMin: true }).optional(),
});
export type OptimizationSettings = z.infer<typeof optimizationSettingsSchema>;

const MAP_LIKE_KEYS = new Set(['tagPriorities', 'vehicleMaps', 'vehicleSpecOverrides', 'lockedStops']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeTuples(base: unknown, override: unknown): unknown {
  if (!Array.isArray(base) || !Array.isArray(override)) return override;
  const merged = new Map<unknown, unknown>();
  for (const entry of [...(base as unknown[]), ...(override as unknown[])] as [unknown, unknown][])
    merged.set(entry[0], entry[1]);
  return [...merged.entries()];
}

/**
 * "Child keys win" merge for optimization settings, also used for service defaults <- account <-
 * request: nested objects merge key by key, map-like tuple arrays merge by key, anything else in
 * `override` replaces `base`. Undefined values in `override` do not erase.
 */
export function mergeOptimizationSettings<T extends Record<string, unknown>>(base: T, override: Partial<T>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const current = out[key];
    if (MAP_LIKE_KEYS.has(key)) out[key] = mergeTuples(current, value);
    else if (isPlainObject(current) && isPlainObject(value)) out[key] = { ...current, ...value };
    else out[key] = value;
  }
  return out as T;
}

export const pricingModels = ['markup', 'pass_through', 'free_over', 'on_account'] as const;

const cents = centsSchema;

export const rateCardSchema = z.strictObject({
  baseFeeCents: cents,
  perMileCents: cents,
  perMinuteCents: cents,
});
export type RateCard = z.infer<typeof rateCardSchema>;

const pricingSchema = z
  .strictObject({
    model: z.enum(pricingModels),
    markupPercent: boundedNumber({ min: 0, max: 1000 }).optional(),
    markupFixedCents: cents.optional(),
    freeOverCents: cents.optional(),
  })
  .superRefine((pricing, ctx) => {
    if (pricing.model === 'free_over' && pricing.freeOverCents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['freeOverCents'], message: 'required when model is free_over' });
    }
  });
export type Pricing = z.infer<typeof pricingSchema>;

/** Booking settings; taken whole from the nearest account that has them. */
export const bookingSettingsSchema = z.strictObject({
  pricing: pricingSchema.optional(),
  /** Rate card per vehicle type, e.g. `{ "cargo-van": { baseFeeCents, perMileCents, perMinuteCents } }`. */
  rateCards: z.record(nonEmptyKey, rateCardSchema).optional(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

export const timeframeBuckets = ['MORNING', 'AFTERNOON', 'EVENING', 'AFTER_8PM', 'FLEXIBLE'] as const;
export type TimeframeBucket = (typeof timeframeBuckets)[number];

/** Local hours [startHour, endHour) of a bucket. */
const bucketHoursSchema = z
  .strictObject({
    startHour: boundedNumber({ min: 0, max: 23, integer: true }),
    endHour: boundedNumber({ min: 1, max: 24, integer: true }),
  })
  .refine((h) => h.startHour < h.endHour, { message: 'startHour must be before endHour', path: ['endHour'] });
export type BucketHours = z.infer<typeof bucketHoursSchema>;

export const DEFAULT_BUCKETS: Record<TimeframeBucket, BucketHours> = {
  MORNING: { startHour: 8, endHour: 12 },
  AFTERNOON: { startHour: 12, endHour: 17 },
  EVENING: { startHour: 17, endHour: 20 },
  AFTER_8PM: { startHour: 20, endHour: 23 },
  FLEXIBLE: { startHour: 8, endHour: 23 },
};

/** A local calendar date, YYYY-MM-DD, that exists (not 2026-02-30). */
export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'must be a real calendar date');

/** Slot policy as stored: any subset; missing fields come from the service defaults. */
export const slotPolicySchema = z.strictObject({
  horizonDays: boundedNumber({ min: 0, max: 366, integer: true }).optional(),
  blackoutDates: z.array(localDateSchema).optional(),
  leadTimeMinutes: boundedNumber({ min: 0, max: 60 * 24 * 30, integer: true }).optional(),
  /** Local time after which same-day delivery can no longer be booked; null: no cutoff. */
  sameDayCutoff: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a local time HH:MM')
    .nullable()
    .optional(),
  buckets: z
    .strictObject(
      Object.fromEntries(timeframeBuckets.map((b) => [b, bucketHoursSchema.optional()])) as Record<
        TimeframeBucket,
        z.ZodOptional<typeof bucketHoursSchema>
      >,
    )
    .optional(),
  availableBuckets: z.array(z.enum(timeframeBuckets)).min(1, 'must list at least one bucket').optional(),
  defaultBucket: z.enum(timeframeBuckets).optional(),
});
export type StoredSlotPolicy = z.infer<typeof slotPolicySchema>;

/** A slot policy completed with the service defaults: what booking applies. */
export const resolvedSlotPolicySchema = z.object({
  horizonDays: z.number().int(),
  blackoutDates: z.array(z.string()),
  leadTimeMinutes: z.number().int(),
  sameDayCutoff: z.string().nullable(),
  buckets: z.record(z.enum(timeframeBuckets), bucketHoursSchema),
  availableBuckets: z.array(z.enum(timeframeBuckets)),
  defaultBucket: z.enum(timeframeBuckets),
});
export type SlotPolicy = z.infer<typeof resolvedSlotPolicySchema>;

export const DEFAULT_SLOT_POLICY: SlotPolicy = {
  horizonDays: 30,
  blackoutDates: [],
  leadTimeMinutes: 60,
  sameDayCutoff: null,
  buckets: DEFAULT_BUCKETS,
  availableBuckets: [...timeframeBuckets],
  defaultBucket: 'FLEXIBLE',
};

/** A stored slot policy completed with the service defaults. */
export function resolveSlotPolicy(stored: StoredSlotPolicy | null | undefined): SlotPolicy {
  const s = stored ?? {};
  return {
    horizonDays: s.horizonDays ?? DEFAULT_SLOT_POLICY.horizonDays,
    blackoutDates: s.blackoutDates ?? DEFAULT_SLOT_POLICY.blackoutDates,
    leadTimeMinutes: s.leadTimeMinutes ?? DEFAULT_SLOT_POLICY.leadTimeMinutes,
    sameDayCutoff: s.sameDayCutoff === undefined ? DEFAULT_SLOT_POLICY.sameDayCutoff : s.sameDayCutoff,
    buckets: { ...DEFAULT_BUCKETS, ...Object.fromEntries(Object.entries(s.buckets ?? {}).filter(([, v]) => v)) },
    availableBuckets: s.availableBuckets ?? DEFAULT_SLOT_POLICY.availableBuckets,
    defaultBucket: s.defaultBucket ?? DEFAULT_SLOT_POLICY.defaultBucket,
  };
}

const coordinate = {
  latitude: boundedNumber({ min: -90, max: 90 }),
  longitude: boundedNumber({ min: -180, max: 180 }),
};

/** A street address with optional coordinates (a branch location, a pickup override). */
export const locationSchema = z
  .strictObject({
    addressLine1: z.string().trim().min(1, 'must not be empty').optional(),
    city: z.string().trim().min(1, 'must not be empty').optional(),
    state: z.string().trim().min(1, 'must not be empty').optional(),
    postalCode: z.string().trim().min(1, 'must not be empty').optional(),
    latitude: coordinate.latitude.optional(),
    longitude: coordinate.longitude.optional(),
  })
  .superRefine((loc, ctx) => {
    if ((loc.latitude === undefined) !== (loc.longitude === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [loc.latitude === undefined ? 'latitude' : 'longitude'],
        message: 'latitude and longitude go together',
      });
    }
    if (loc.latitude === undefined && !loc.postalCode) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'a location needs a postal code or coordinates' });
    }
  });
export type Location = z.infer<typeof locationSchema>;

/**
 * What `setSettings` accepts: any subset of the kinds. Each given kind replaces the account's own
 * value; `null` removes it so the account inherits again.
 */
export const settingsUpdateSchema = z.strictObject({
  optimization: optimizationSettingsSchema.nullable().optional(),
  booking: bookingSettingsSchema.nullable().optional(),
  slotPolicy: slotPolicySchema.nullable().optional(),
  pickupOverride: locationSchema.nullable().optional(),
  branchLocation: locationSchema.nullable().optional(),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
