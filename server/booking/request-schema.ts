import { z } from 'zod';
import { localDateSchema, timeframeBuckets } from '@/server/accounts';
import { boundedNumber, centsSchema } from '@/server/validation';

/** The booking recommendation request (contract: Booking recommendation request), strict. */

const text = z.string().trim().min(1, 'must not be empty').max(500);
/** Centimeters and kilograms: converted to inches and pounds for the solver, so bounded here (server/validation). */
const centimeters = boundedNumber({ min: 0, max: 10_000, exclusiveMin: true });
const kilograms = boundedNumber({ min: 0, max: 100_000, exclusiveMin: true });

export const bookingAddressSchema = z.strictObject({
  addressLine1: text,
  city: text,
  postalCode: text,
  state: text,
});

/** An origin may carry coordinates (decimal degrees as strings, like routing addresses). */
export const bookingOriginSchema = z.strictObject({
  addressLine1: text.optional(),
  city: text.optional(),
  postalCode: text.optional(),
  state: text.optional(),
  latitude: z.string().trim().min(1).optional(),
  longitude: z.string().trim().min(1).optional(),
});

export const cartItemSchema = z.strictObject({
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

export const bookingResultSchema = z.object({
  status: z.literal('complete'),
  windows: z.array(bookingWindowSchema),
  fallback: z.literal('asap').optional(),
});

export const bookingJobIdParamsSchema = z.strictObject({ jobId: z.string().min(1).max(200) });
