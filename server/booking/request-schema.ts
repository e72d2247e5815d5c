import { z } from 'zod';
import { localDateSchema, timeframeBuckets } from '@/server/accounts';
import { boundedNumber, centsSchema } from '@/server/validation';

/** The booking recommendation request (contract: Booking recommendation request), strict. */

const text = z.string().trim().min(1, 'must not be empty').max(500);
/** Centimeters and kilograms: converted to inches and pounds for the solver, so bounded here (server/validation). */
const centimeters = boundedNumber({ min: 0, max: 10_000, exclusiveMin: true });
const kilograms = boundedNumber({ min: 0, max: 100_000, exclusiveMin: true });

/** Decimal degrees as strings, like routing addresses: given together, they are used and nothing is geocoded. */
const coordinates = {
  latitude: z.string().trim().min(1).max(40).optional(),
  longitude: z.string().trim().min(1).max(40).optional(),
};

/** The destination: the postal code names its time zone; coordinates, when given, skip geocoding. */
const bookingAddressSchema = z.strictObject({
  addressLine1: text,
  city: text,
  postalCode: text,
  state: text,
  ...coordinates,
});

/** An origin may carry coordinates instead of (or with) an address. */
const bookingOriginSchema = z.strictObject({
  addressLine1: text.optional(),
  city: text.optional(),
  postalCode: text.optional(),
  state: text.optional(),
  ...coordinates,
});

const cartItemSchema = z.strictObject({
  description: z.string().max(500),
  dimensionsCm: z.strictObject({ height: centimeters, length: centimeters, width: centimeters }),
  quantity: boundedNumber({ min: 1, max: 100_000, integer: true }),
  weightKg: kilograms,
});

export function bookingRequestSchema(limits: { maxCartItems: number }) {
  return z.strictObject({
    cart: z.strictObject({
      items: z
        .array(cartItemSchema)
        .min(1, 'must list at least one item')
        .max(limits.maxCartItems, `must list at most ${limits.maxCartItems} items (the cart item limit)`),
      orderValueCents: centsSchema,
    }),
    contact: z.strictObject({ email: z.string().max(320), name: z.string().max(500) }).optional(),
    date: localDateSchema,
    deliveryMethod: text.optional(),
    destination: bookingAddressSchema,
    fulfillingBranchId: z.string().trim().min(1, 'must not be empty').max(40),
    origin: bookingOriginSchema.optional(),
    timeframeBucket: z.enum(timeframeBuckets).optional(),
  });
}

export type BookingRequest = z.output<ReturnType<typeof bookingRequestSchema>>;

/** The 202 handle. */
export const bookingHandleSchema = z.object({
  jobId: z.string(),
  problemId: z.string(),
  status: z.literal('processing'),
});

export const bookingPriceSchema = z.object({
  amountCents: z.number().int(),
  currency: z.literal('usd'),
  model: z.enum(['markup', 'pass_through', 'free_over', 'on_account']),
  billedToAccount: z.boolean(),
});
export type BookingPrice = z.infer<typeof bookingPriceSchema>;

export const bookingWindowSchema = z.object({
  deliveryWindowStart: z.string().meta({ description: "ISO 8601 with the destination's UTC offset on that date." }),
  deliveryWindowEnd: z.string(),
  price: bookingPriceSchema.optional(),
});

/** Why a search found no window (DECISIONS: result fields). */
export const FALLBACK_REASONS = [
  'no_routes',
  'cart_exceeds_vehicle_capacity',
  'no_hours_left',
  'no_feasible_insertion',
] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

export const FALLBACK_REASON_DESCRIPTIONS: Record<FallbackReason, string> = {
  no_routes: 'no itinerary of the branch subtree on that date for that delivery method',
  cart_exceeds_vehicle_capacity: 'the cart fits no vehicle of that type even when the vehicle is empty',
  no_hours_left: 'the lead time leaves no hour of the bucket (another bucket that day may still work)',
  no_feasible_insertion: 'routes exist but none can take the order in any hour of the bucket',
};

export const bookingResultSchema = z.object({
  status: z.literal('complete'),
  windows: z
    .array(bookingWindowSchema)
    .meta({ description: 'Distinct windows (start, end, price), sorted by start, then end.' }),
  fallback: z.literal('asap').optional(),
  fallbackReason: z
    .enum(FALLBACK_REASONS)
    .optional()
    .meta({
      description: `With an empty result only: ${FALLBACK_REASONS.map((r) => `\`${r}\` (${FALLBACK_REASON_DESCRIPTIONS[r]})`).join('; ')}.`,
    }),
  timeZone: z.string().meta({ description: "IANA name of the destination's time zone." }),
  date: z.string().meta({ description: 'The requested local date, YYYY-MM-DD.' }),
  timeframeBucket: z
    .enum(timeframeBuckets)
    .meta({ description: "The bucket searched (the slot policy's default when the request named none)." }),
  computedAt: z.string().meta({ description: 'When the search ran (ISO 8601, UTC).' }),
});

export const bookingJobIdParamsSchema = z.strictObject({ jobId: z.string().min(1).max(200) });
