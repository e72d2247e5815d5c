import { z } from 'zod';
import { getConfig } from '@/server/config';
import { SYNC_WINDOW_MAX_SECONDS } from '@/server/contract';
import type { DocumentedError, OpenApiRegistration } from '@/server/http';
import {
  bookResultSchema,
  itineraryIdParamsSchema,
  itineraryListQuerySchema,
  itineraryListSchema,
  pendingJobSchema,
  persistedItinerarySchema,
  planResultSchema,
  pollPendingSchema,
  problemIdParamsSchema,
  REASON_DESCRIPTIONS,
  routingRequestSchema,
  VEHICLE_CATALOG,
} from '@/server/routing';

/** The routing and itinerary operations in the OpenAPI document, with every error code they produce. */

const accountErrors: DocumentedError[] = [
  {
    status: 400,
    code: 'string_account_id_unsupported',
    description: 'accountId was a string; send the numeric id or omit it.',
  },
  { status: 403, code: 'account_mismatch', description: "accountId differs from the credential's account." },
];

const submitErrors: DocumentedError[] = [
  ...accountErrors,
  {
    status: 400,
    code: 'invalid_routing_input',
    description:
      'Routing-specific validation failed; `param` names the field: `fleet` missing for plan/createItinerary, `problemId` reused with a different body while its job is retained, an unknown objective (the message lists the accepted values), an unknown vehicle type, a duplicate order externalId, a lockedStops entry naming an unknown itinerary or order, an unlocatable depot address, `targetItineraryIds` unknown or foreign.',
  },
  {
    status: 500,
    code: 'enqueue_failed',
    description: 'The job could not be enqueued. Safe to retry with the same problemId.',
  },
  {
    status: 500,
    code: 'optimization_failed',
    description:
      'The optimizer returned no usable result. Safe to retry with the same problemId (an identical retry re-runs the failed job).',
  },
  { status: 500, code: 'unknown_job_state', description: 'The job ended in an unexpected state. Safe to retry.' },
];

const reasonList = Object.entries(REASON_DESCRIPTIONS)
  .map(([code, description]) => `- \`${code}\`: ${description}`)
  .join('\n');

const catalogList = Object.entries(VEHICLE_CATALOG)
  .map(
    ([type, spec]) =>
      `- \`${type}\`: ${spec.capacityPounds} lb, ${spec.capacityCubicInches} in³, ${spec.maxStops} stops, ${spec.shiftHours} h shift`,
  )
  .join('\n');

const requestNotes = [
  'Options merge in this order, later wins: service defaults, the account’s effective (inherited) optimization settings, the request’s `options`; map-like options are [key, value] tuples merged per key.',
  '',
  `Limits: at most ${getConfig().MAX_ORDERS} orders and ${getConfig().MAX_FLEET} fleet entries (400 \`invalid_input\` naming the field and the limit).`,
  '',
  'Idempotency: the job is keyed by (account, live/sandbox, problemId) and the canonical body (sorted keys). The same body returns the same job; a different body with a retained problemId is 400 `invalid_routing_input` (param `problemId`); an identical retry of a failed job re-runs it.',
  '',
  'Vehicle types (capacity, stops, shift):',
  catalogList,
  '',
  'Unassigned reason codes:',
  reasonList,
].join('\n');

export const registerRoutingApi: OpenApiRegistration = (docs) => {
  const config = getConfig();
  const limits = { maxOrders: config.MAX_ORDERS, maxFleet: config.MAX_FLEET };
  const planResult = docs.schema('RoutingPlanResult', planResultSchema);
  const bookResult = docs.schema('RoutingBookResult', bookResultSchema);
  const pending = docs.schema('RoutingJobPending', pendingJobSchema);
  const syncWindow = `${config.ROUTING_SYNC_TIMEOUT_SECONDS} s by default, \`Prefer: wait=N\` for 0 to ${SYNC_WINDOW_MAX_SECONDS} s`;
  const preferHeader = {
    'Preference-Applied': 'Echoes `wait=N` when the request sent `Prefer: wait=N` (RFC 7240).',
  };

  for (const endpoint of ['run', 'plan'] as const) {
    docs.route({
      method: 'post',
      path: `/v1/routing/${endpoint}`,
      operationId: `routing${endpoint === 'run' ? 'Run' : 'Plan'}`,
      summary:
        endpoint === 'run'
          ? 'Plan routes (mode `plan`)'
          : 'Plan routes in any mode, writing nothing (an update is previewed)',
      description: [
        ...(endpoint === 'plan'
          ? [
              'Plans whatever `mode` says and never writes. `createItinerary` is planned as book would plan it (a plan result). `updateItinerary` with `targetItineraryIds` is a preview of that update: 200 with exactly the result book would give, each itinerary with its `changes`, and nothing written (the itineraries keep their versions; an itinerary the update would add has an id that is not kept).',
              '',
            ]
          : []),
        `Optimizes the orders over the fleet and writes nothing. Waits for the result up to the sync window: ${syncWindow}. Finished in time: 200 with the result; else 202 with \`statusUrl\` to poll (the job goes on).`,
        '',
        requestNotes,
      ].join('\n'),
      tags: ['Routing'],
      auth: 'routing',
      headers: z.object({
        Prefer: z
          .string()
          .optional()
          .meta({
            description: `\`wait=N\` (RFC 7240): how long to wait for the result before answering 202, 0 to ${SYNC_WINDOW_MAX_SECONDS} seconds (default ${config.ROUTING_SYNC_TIMEOUT_SECONDS}).`,
            example: 'wait=5',
          }),
      }),
      body:
        endpoint === 'run'
          ? docs.schema('RoutingRunRequest', routingRequestSchema(limits, 'run', 'document'))
          : docs.schema('RoutingPlanRequest', routingRequestSchema(limits, 'plan', 'document')),
      responses: {
        200:
          endpoint === 'run'
            ? {
                description: 'The plan: planned itineraries and unassigned orders.',
                schema: planResult,
                headers: preferHeader,
              }
            : {
                description:
                  'The plan: planned itineraries and unassigned orders; for `updateItinerary`, the preview: the result book would give, with `changes`.',
                schema: z.union([planResult, bookResult]),
                headers: preferHeader,
              },
        202: {
          description: 'Still optimizing; poll `statusUrl`.',
          schema: pending,
          headers: { ...preferHeader, 'Retry-After': 'Seconds to wait before polling.', Location: 'The statusUrl.' },
        },
      },
      errors: submitErrors,
    });
  }

  docs.route({
    method: 'post',
    path: '/v1/routing/book',
    operationId: 'routingBook',
    summary: 'Optimize and persist itineraries (createItinerary, updateItinerary)',
    description: [
      'Synchronous: never 202, waits for the optimization and answers 200 with the persisted itineraries. `createItinerary` writes new itineraries (fleet required); `updateItinerary` re-optimizes the orders already on `targetItineraryIds` plus the request’s orders over those itineraries’ vehicles (starting from their booked sequences) and any vehicles `fleet` adds, keeps their ids and renumbers their stops; an added vehicle that gets stops becomes a new itinerary in the same transaction. Each itinerary of an update result carries `changes`: orders added and removed, whether the kept ones were resequenced, the largest arrival shift. A `fleet` element may be an itinerary as this service returns it: its vehicle fields define the vehicle and its stops are the search’s starting sequence. The itineraries are written in the transaction that completes the job: concurrent identical calls run once and all get the same 200; a failure writes nothing (500 `book_failed`, safe to retry).',
      '',
      requestNotes,
    ].join('\n'),
    tags: ['Routing'],
    auth: 'routing',
    body: docs.schema('RoutingBookRequest', routingRequestSchema(limits, 'book', 'document')),
    responses: { 200: { description: 'The persisted itineraries and unassigned orders.', schema: bookResult } },
    errors: [
      ...submitErrors,
      {
        status: 500,
        code: 'book_failed',
        description: 'Writing the itineraries failed after optimization; nothing was written. Safe to retry.',
      },
    ],
  });

  docs.route({
    method: 'get',
    path: '/v1/routing/jobs/{problemId}',
    operationId: 'routingJob',
    summary: 'Poll a routing job',
    description: `200 with the result when complete (a plan result, or for book the persisted itineraries); 202 \`{ status: "processing" }\` with Retry-After while running. Only the account and environment (live/sandbox) that created the job can see it; anyone else gets the same 404 as for an unknown id. Finished jobs are kept ${Math.round(config.ROUTING_JOB_RETENTION_SECONDS / 60)} minutes.`,
    tags: ['Routing'],
    auth: 'routing',
    params: problemIdParamsSchema,
    responses: {
      200: {
        description: 'The job’s result (RoutingPlanResult or RoutingBookResult).',
        schema: planResult.or(bookResult),
      },
      202: {
        description: 'Still processing.',
        schema: pollPendingSchema,
        headers: { 'Retry-After': 'Seconds to wait before polling again.' },
      },
    },
    errors: [
      { status: 400, code: 'invalid_job_id', description: 'The job id is missing or empty.' },
      {
        status: 404,
        code: 'job_not_found',
        description: `No job with that id for this account and environment, or it expired (${Math.round(config.ROUTING_JOB_RETENTION_SECONDS / 60)} minutes after finishing).`,
      },
      {
        status: 500,
        code: 'optimization_failed',
        description:
          'The job failed: the optimizer returned no usable result. Retry the original request with the same problemId.',
      },
      {
        status: 500,
        code: 'book_failed',
        description: 'The book job failed writing its itineraries; nothing was written. Retry the original request.',
      },
      {
        status: 500,
        code: 'enqueue_failed',
        description: 'The job could not be enqueued. Retry the original request.',
      },
      { status: 500, code: 'unknown_job_state', description: 'The job ended in an unexpected state (e.g. canceled).' },
      { status: 500, code: 'job_lookup_failed', description: 'Reading the job store failed; poll again.' },
    ],
  });

  docs.route({
    method: 'get',
    path: '/v1/itineraries',
    operationId: 'listItineraries',
    summary: 'Booked itineraries on a date',
    description:
      'Itineraries written by routing book, of the caller’s account and its branches, in the caller’s environment (live or sandbox), whose scheduled start falls on the local date.',
    tags: ['Itineraries'],
    auth: 'routing',
    query: itineraryListQuerySchema,
    responses: {
      200: {
        description: 'The itineraries, by scheduled start.',
        schema: docs.schema('ItineraryList', itineraryListSchema),
      },
    },
    errors: [
      {
        status: 400,
        code: 'invalid_input',
        description:
          '`date` is missing or not YYYY-MM-DD, `accountId` is not numeric, or an unknown query parameter was sent (param names it).',
      },
      {
        status: 403,
        code: 'account_mismatch',
        description: 'accountId is neither the caller’s account nor one of its branches.',
      },
    ],
  });

  docs.route({
    method: 'get',
    path: '/v1/itineraries/{id}',
    operationId: 'getItinerary',
    summary: 'One booked itinerary',
    tags: ['Itineraries'],
    auth: 'routing',
    params: itineraryIdParamsSchema,
    responses: {
      200: { description: 'The itinerary with its stops.', schema: docs.schema('Itinerary', persistedItinerarySchema) },
    },
    errors: [
      {
        status: 404,
        code: 'itinerary_not_found',
        description: 'No such itinerary for this account subtree and environment (another account’s reads the same).',
      },
    ],
  });
};
