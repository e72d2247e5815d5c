import { z } from 'zod';
import { timeframeBuckets } from '@/server/accounts';
import { getConfig } from '@/server/config';
import type { DocumentedError, OpenApiRegistration } from '@/server/http';
import {
  bookingHandleSchema,
  bookingJobIdParamsSchema,
  bookingRequestSchema,
  bookingResultSchema,
  MAX_POLL_WAIT_SECONDS,
  POLL_RETRY_AFTER_SECONDS,
} from '@/server/booking';

/** The booking operations in the OpenAPI document, with the contract's booking error table. */

const recommendErrors: DocumentedError[] = [
  { status: 400, code: 'branch_not_found', description: 'No account with that fulfillingBranchId.' },
  { status: 403, code: 'branch_out_of_scope', description: "The branch is outside the API key's account tree." },
  {
    status: 400,
    code: 'origin_unresolved',
    description:
      'No usable pickup origin: none sent, no pickup override on the account, no location on the branch, or the address cannot be located.',
  },
  { status: 400, code: 'timezone_not_found', description: 'The destination postal code has no known time zone.' },
  {
    status: 400,
    code: 'date_out_of_range',
    description:
      'The date is before today or beyond the bookable horizon (destination local time). `error.earliestDate` and `error.latestDate` give the bookable range.',
  },
  {
    status: 400,
    code: 'date_blackout',
    description:
      'The date is a blackout date of the slot policy. `error.nextDate`: the next bookable date (absent when none is left in the horizon).',
  },
  {
    status: 400,
    code: 'timeframe_bucket_not_available',
    description:
      'The bucket is not among the slot policy’s available buckets (checked before the lead time). `error.availableBuckets` lists them.',
  },
  {
    status: 400,
    code: 'lead_time_not_met',
    description:
      'With the lead time no hour of any available bucket is left on that date. `error.earliestStart`: the earliest delivery start (ISO 8601, destination offset). When only the requested bucket is gone, the search runs and answers empty with `fallbackReason: "no_hours_left"`.',
  },
  {
    status: 400,
    code: 'invalid_input',
    description:
      'The body failed validation, naming the field in `param`: e.g. a `deliveryMethod` that is neither a catalog vehicle type nor one the account maps in `vehicleMaps` (`param: "deliveryMethod"`), or malformed destination coordinates.',
  },
  {
    status: 400,
    code: 'same_day_cutoff_passed',
    description:
      "Same-day booking closed at the slot policy's cutoff (destination local time). `error.nextDate`: the next bookable date.",
  },
  {
    status: 429,
    code: 'rate_limited',
    description:
      'Too many searches for this account in this environment (live and sandbox have separate buckets; only requests that pass every check above count); `Retry-After` header and `retryAfterSeconds` say when to retry.',
  },
  { status: 500, code: 'input_resolution_failed', description: 'The geocoder was unavailable. Safe to retry.' },
  { status: 500, code: 'enqueue_failed', description: 'The search could not be enqueued. Safe to retry.' },
];

export const registerBookingApi: OpenApiRegistration = (docs) => {
  const config = getConfig();
  const retentionMinutes = Math.round(config.BOOKING_RESULT_RETENTION_SECONDS / 60);
  docs.route({
    method: 'post',
    path: '/v1/booking/recommend',
    operationId: 'bookingRecommend',
    summary: 'Start a search for priced hourly delivery windows',
    description: [
      'Checks, in this order: API-key Basic authentication, the body, the branch (exists, inside the key’s tree), `deliveryMethod` (a catalog vehicle type or one the account maps), the pickup origin (request `origin`, else the account’s pickup override, else the branch location), the destination’s time zone, the slot policy in the destination’s local time (its errors carry what would work), the destination, then the rate limit per account and live/sandbox. Then answers 202 with a handle to poll, `Location: /v1/booking/jobs/{jobId}` and `Retry-After: 2`.',
      '',
      '`destination` and `origin` may carry `latitude` and `longitude` (decimal strings, as routing addresses): then nothing is geocoded (the destination’s postal code still names its time zone).',
      '',
      `Buckets (local hours, configurable per account): ${timeframeBuckets.join(', ')}. Each hour of the bucket is searched on the booked routes of the branch’s subtree that day (of the \`deliveryMethod\` vehicle type when given): a window’s start is the earliest feasible dropoff start in that hour, its end the end of the hour; one window per (route, hour) that fits, windows identical in start, end and price returned once; sorted by start, then end. Price: the account’s rate card for the vehicle type, else the vehicle catalog’s default card.`,
      '',
      `Dedupe: an identical request (everything but \`contact\`, per account and live/sandbox; numeric ids canonical, branch "02" is branch 2) while a search runs, or within ${Math.round(config.BOOKING_DEDUPE_WINDOW_SECONDS / 60)} minutes of one that found windows while the branch subtree’s itineraries for that date and environment and the effective booking settings and slot policy are unchanged, returns that search’s handle. Otherwise (an empty, failed or canceled search, one past the window, or routes or settings changed since) a new search runs under a new, distinct jobId. \`problemId\` is the SHA-256 of that input; the first search of an input has \`jobId\` = \`problemId\`. Limits: ${config.MAX_CART_ITEMS} cart items; ${config.BOOKING_RATE_LIMIT_PER_SECOND} searches per second per account, bursts of ${config.BOOKING_RATE_LIMIT_BURST}.`,
    ].join('\n'),
    tags: ['Booking'],
    auth: 'api_key',
    body: docs.schema('BookingRecommendRequest', bookingRequestSchema({ maxCartItems: config.MAX_CART_ITEMS })),
    responses: {
      202: {
        description: 'The search was accepted (or an identical one is returned).',
        schema: docs.schema('BookingHandle', bookingHandleSchema),
        headers: {
          Location: 'The poll URL, `/v1/booking/jobs/{jobId}`.',
          'Retry-After': 'Seconds to wait before the first poll (2).',
        },
      },
    },
    errors: recommendErrors,
  });
  docs.route({
    method: 'get',
    path: '/v1/booking/jobs/{jobId}',
    operationId: 'bookingJob',
    summary: 'Poll a booking search',
    description: `202 \`{ status: "processing" }\` with \`Retry-After: ${POLL_RETRY_AFTER_SECONDS}\` while searching; 200 with the windows (chronological, all equally bookable, each distinct) and \`timeZone\`, \`date\`, \`timeframeBucket\`, \`computedAt\`; or an empty list with \`fallback: "asap"\` and \`fallbackReason\` saying why. Only the account and environment that created the search can poll it; results are kept ${retentionMinutes} minutes after completion.`,
    tags: ['Booking'],
    auth: 'api_key',
    params: bookingJobIdParamsSchema,
    headers: z.object({
      Prefer: z
        .string()
        .optional()
        .meta({
          description: `\`wait=N\` (RFC 7240): wait up to N seconds (at most ${MAX_POLL_WAIT_SECONDS}) for the search to finish before answering 202; default 0.`,
          example: 'wait=5',
        }),
    }),
    responses: {
      200: {
        description: 'The windows.',
        schema: docs.schema('BookingResult', bookingResultSchema),
        headers: { 'Preference-Applied': 'Echoes `wait=N` when the request sent `Prefer: wait=N`.' },
      },
      202: {
        description: 'Still searching.',
        schema: bookingHandleSchema.pick({ status: true }),
        headers: {
          'Retry-After': 'Seconds to wait before polling again.',
          'Preference-Applied': 'Echoes `wait=N` when the request sent `Prefer: wait=N`.',
        },
      },
    },
    errors: [
      { status: 404, code: 'job_not_found', description: 'Unknown, expired or another account’s jobId.' },
      {
        status: 500,
        code: 'optimization_failed',
        description: 'The search found no usable result; retry the recommend request.',
      },
    ],
  });
};
