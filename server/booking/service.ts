import {
  listSubtree,
  readBookingAccounts,
  timeframeBuckets,
  type ApiPrincipal,
  type Location,
  type OptimizationSettings,
} from '@/server/accounts';
import { getConfig } from '@/server/config';
import { desc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type DbOrTx } from '@/server/db';
import {
  DatabaseGeocodeCache,
  GeocoderUnavailableError,
  getGeocoder,
  zoneForZip,
  type AddressInput,
  type LatLng,
} from '@/server/geo';
import { hashInput, JobEnqueueError, type JobAnswer, type JobRecord, type Jobs, type Json } from '@/server/jobs';
import { syncWaitSeconds } from '@/server/contract';
import { isCatalogVehicleType, SERVICE_DEFAULT_OPTIONS, VEHICLE_TYPES } from '@/server/routing';
import { bookedRoutesVersion } from './booked-routes';
import { bookingNow, type BookingClock } from './clock';
import { BookingError } from './errors';
import { BOOKING_SEARCH_KIND } from './job-kinds';
import { type BookingJobInput } from './job';
import { readOutcome, resultWindowCount, resultWindows } from './outcome';
import { consumeBookingRateLimit, type BookingRateLimiter } from './rate-limit';
import {
  bookingPriceSchema,
  bookingWindowSchema,
  FALLBACK_REASON_DESCRIPTIONS,
  FALLBACK_REASONS,
  type BookingRequest,
} from './request-schema';
import { HOUR_REASON_DESCRIPTIONS, HOUR_REASONS } from './search';
import { evaluateSlotPolicy } from './slot-policy';
import { cartLoad } from './units';
import { isErrorNamed } from '@/server/errors';

export interface BookingCaller {
  db: DbOrTx;
  /** The API key's account and environment (the console searches as its user's account, live). */
  principal: Pick<ApiPrincipal, 'accountId' | 'environment'>;
  jobs: Jobs;
  /** Defaults to the booking clock (real time; movable per account only in tests). */
  now?: BookingClock;
  /** Defaults to the process's limiter on the process's database. */
  rateLimiter?: BookingRateLimiter;
}

/** A booking use case's answer: the handle (processing) or the search's result (complete). */
export type BookingReply = JobAnswer;

/** Minimum poll interval (contract: Retry-After 2). */
export const POLL_RETRY_AFTER_SECONDS = 2;
/** A search is CPU work over one branch's day: it gets far less time than a routing solve. */
const SEARCH_TIME_LIMIT_MS = 30_000;

function toAddressInput(location: Location): AddressInput {
  return { ...location };
}

/** Geocodes the pickup origin: request `origin`, else the caller's pickup override, else the branch location. */
async function resolveOrigin(
  db: DbOrTx,
  body: BookingRequest,
  pickupOverride: Location | null,
  branchLocation: Location | null,
): Promise<LatLng> {
  const [address, param] = body.origin
    ? [body.origin as AddressInput, 'origin']
    : pickupOverride
      ? [toAddressInput(pickupOverride), 'origin']
      : branchLocation
        ? [toAddressInput(branchLocation), 'origin']
        : [null, 'origin'];
  if (!address) {
    throw new BookingError(
      'origin_unresolved',
      'origin: no origin was sent and neither the account has a pickup override nor the branch a location.',
      param,
    );
  }
  const result = await geocode(db, address);
  if (result.status === 'invalid')
    throw new BookingError('invalid_input', `origin.${result.field}: ${result.message}`, `origin.${result.field}`);
  if (result.status === 'unresolved')
    throw new BookingError(
      'origin_unresolved',
      `origin: the pickup address cannot be located (${result.reason}).`,
      param,
    );
  return { latitude: result.latitude, longitude: result.longitude };
}

const isGeocoderOutage = (error: unknown) => isErrorNamed(error, GeocoderUnavailableError, 'GeocoderUnavailableError');

/**
 * The configured geocoder. It falls back to the ZIP centroid when the street geocoder is down; an
 * address that only the street geocoder could have located is then a transient failure
 * (`input_resolution_failed`), not a bad address.
 */
async function geocode(db: DbOrTx, address: AddressInput) {
  let result;
  try {
    result = await getGeocoder(new DatabaseGeocodeCache(db)).geocode(address);
  } catch (error) {
    if (isGeocoderOutage(error)) {
      throw new BookingError(
        'input_resolution_failed',
        'An address could not be resolved because the geocoder is unavailable. It is safe to retry.',
      );
    }
    throw error;
  }
  if (result.status === 'unresolved' && / unavailable \(|did not answer/.test(result.reason)) {
    throw new BookingError(
      'input_resolution_failed',
      'An address could not be resolved because the geocoder is unavailable. It is safe to retry.',
    );
  }
  return result;
}

const PROBLEM_ID = /^[0-9a-f]{64}$/;

/**
 * The row id of an input's first search: its problemId's first 128 bits as a UUID (version 8,
 * custom). The first search of an input is pollable under its problemId (DECISIONS: handles); a
 * search that replaces it gets a random id, so its handle is new and distinct.
 */
function firstSearchRowId(problemId: string): string {
  const h = problemId;
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The jobId a client sees: the problemId for an input's first search, else the job's own id. */
function wireJobId(job: JobRecord): string {
  return PROBLEM_ID.test(job.inputHash) && job.id === firstSearchRowId(job.inputHash) ? job.inputHash : job.id;
}

function handleOf(job: JobRecord, problemId: string): BookingReply {
  const jobId = wireJobId(job);
  return {
    state: 'processing',
    body: { jobId, problemId, status: 'processing' },
    pollAfterSeconds: POLL_RETRY_AFTER_SECONDS,
    pollUrl: `/v1/booking/jobs/${jobId}`,
  };
}

/**
 * When the search finished, on booking's clock: the result carries the clock's offset at submission
 * (see BookingJobInput.clockOffsetMs). A search that ended without a result expires on the jobs
 * layer's own clock only.
 */
function finishedOnBookingClock(job: JobRecord): number | null {
  const offset = (job.result as { clockOffsetMs?: unknown } | null)?.clockOffsetMs;
  if (job.finishedAt === null || typeof offset !== 'number') return null;
  return job.finishedAt + offset;
}

/**
 * The hash of DECISIONS.md: canonical result-affecting input (not `contact`; the branch as its
 * number, so "02" and "2" are one input; the bucket after the policy's default), the calling
 * account, live/sandbox.
 */
export function bookingProblemId(body: BookingRequest, bucket: string, accountId: number, environment: string): string {
  const { contact: _contact, ...affecting } = body;
  const branch = /^\d+$/.test(body.fulfillingBranchId)
    ? BigInt(body.fulfillingBranchId).toString()
    : body.fulfillingBranchId;
  return hashInput({
    request: { ...affecting, fulfillingBranchId: branch, timeframeBucket: bucket } as unknown as Json,
    accountId,
    environment,
  });
}

/**
 * The vehicle type whose routes a search considers: `deliveryMethod` as a catalog vehicle type, or
 * the catalog type the account maps it to (optimization `vehicleMaps`, as routing plans it and
 * stores its itineraries); anything else is refused.
 */
function deliveryVehicleType(
  deliveryMethod: string | undefined,
  optimization: OptimizationSettings,
): string | undefined {
  if (deliveryMethod === undefined || isCatalogVehicleType(deliveryMethod)) return deliveryMethod;
  const mapping = (optimization.vehicleMaps ?? []).find(([name]) => name === deliveryMethod)?.[1];
  const mapped = mapping?.vehicleType;
  if (typeof mapped === 'string' && isCatalogVehicleType(mapped)) return mapped;
  throw new BookingError(
    'invalid_input',
    `deliveryMethod: "${deliveryMethod}" is not a vehicle type; use one of ${VEHICLE_TYPES.join(', ')} or a type the account maps in vehicleMaps.`,
    'deliveryMethod',
  );
}

/**
 * POST /v1/booking/recommend after authentication and shape validation: the remaining checks in
 * the contract's order, the rate limit (spent only by a request that passed them), then the job,
 * whose submit applies the dedupe of the booking search states table.
 *
 * Freshness: a finished search answers an identical one only while what it was computed from is
 * unchanged: the version of the scope's itineraries (one aggregate over their index entries, see
 * bookedRoutesVersion) and the digest of the effective settings it applied (read with the accounts).
 */
export async function recommendBooking(
  caller: BookingCaller,
  body: BookingRequest,
  options: { explain?: boolean } = {},
): Promise<BookingReply> {
  const { db, principal, jobs } = caller;
  const now = caller.now ?? bookingNow;
  const config = getConfig();

  const branchId = /^\d{1,10}$/.test(body.fulfillingBranchId) ? Number(body.fulfillingBranchId) : Number.NaN;
  // The branch, the scope check, both effective settings and the branch's subtree in one read.
  const accounts = Number.isSafeInteger(branchId) ? await readBookingAccounts(db, principal.accountId, branchId) : null;
  if (!accounts)
    throw new BookingError(
      'branch_not_found',
      `fulfillingBranchId: no branch "${body.fulfillingBranchId}" exists.`,
      'fulfillingBranchId',
    );
  const { branch } = accounts;
  if (!accounts.inCallerTree) {
    throw new BookingError(
      'branch_out_of_scope',
      `fulfillingBranchId: branch ${branch.id} is outside the API key's account tree.`,
      'fulfillingBranchId',
    );
  }
  const { callerSettings, branchSettings } = accounts;
  const vehicleType = deliveryVehicleType(body.deliveryMethod, callerSettings.optimization);
  const origin = await resolveOrigin(db, body, callerSettings.pickupOverride, branchSettings.branchLocation);

  const zone = zoneForZip(body.destination.postalCode);
  if (!zone.ok)
    throw new BookingError(
      'timezone_not_found',
      `destination.postalCode: no time zone is known for "${body.destination.postalCode}".`,
      'destination.postalCode',
    );

  const nowMs = now(principal.accountId);
  const slot = evaluateSlotPolicy(branchSettings.slotPolicy, body, zone.zone, Math.floor(nowMs / 1000));

  const destination = await geocode(db, body.destination);
  if (destination.status === 'invalid')
    throw new BookingError(
      'invalid_input',
      `destination.${destination.field}: ${destination.message}`,
      `destination.${destination.field}`,
    );
  if (destination.status !== 'resolved')
    throw new BookingError('invalid_input', 'destination: the delivery address cannot be located.', 'destination');

  await (caller.rateLimiter
    ? caller.rateLimiter.consume(principal.accountId, principal.environment)
    : consumeBookingRateLimit(principal.accountId, principal.environment));

  const problemId = bookingProblemId(body, slot.bucket, principal.accountId, principal.environment);
  // Only the console shows why an hour has no window: an explained search is a search of its own
  // (its own key), so the API's searches do not pay for the explanation nor answer the console's.
  const explain = options.explain ?? false;
  const scope = {
    accountId: principal.accountId,
    environment: principal.environment,
    key: explain ? `${problemId}:explained` : problemId,
  };

  const load = cartLoad(body.cart.items);
  const serviceTime = { ...SERVICE_DEFAULT_OPTIONS.serviceTime, ...callerSettings.optimization.serviceTime };
  const routeScope = {
    accountIds: accounts.subtreeIds,
    environment: principal.environment,
    date: body.date,
    ...(vehicleType !== undefined ? { vehicleType } : {}),
  };
  const settingsDigest = hashInput({
    booking: callerSettings.booking,
    slotPolicy: branchSettings.slotPolicy,
    pickupOverride: callerSettings.pickupOverride,
    branchLocation: branchSettings.branchLocation,
    serviceTime,
  });
  // The first search of an input takes its problemId as jobId, unless the search log shows an
  // earlier first search (expired and swept since): that handle is not given out twice.
  const firstRowId = explain ? undefined : firstSearchRowId(problemId);
  const state = await bookedRoutesVersion(db, routeScope, firstRowId);
  const input: BookingJobInput = {
    routeScope,
    order: {
      origin,
      destination: { latitude: destination.latitude, longitude: destination.longitude },
      pounds: load.pounds,
      cubicInches: load.cubicInches,
      serviceSeconds: serviceTime.perItemSeconds * load.items,
      setupSeconds: serviceTime.setupSeconds,
    },
    hours: slot.hours,
    earliestStart: slot.earliestStart,
    timeZone: zone.zone,
    date: body.date,
    branchId: branch.id,
    bucket: slot.bucket,
    booking: callerSettings.booking,
    orderValueCents: body.cart.orderValueCents,
    explain,
    settingsDigest,
    clockOffsetMs: nowMs - Date.now(),
    routesVersionAtSubmit: state.version,
  };
  let job: JobRecord;
  try {
    ({ job } = await jobs.submit({
      kind: BOOKING_SEARCH_KIND,
      ...scope,
      input: input as unknown as Json,
      inputHash: problemId,
      timeLimitMs: SEARCH_TIME_LIMIT_MS,
      ...(firstRowId !== undefined && !state.searchLogged ? { firstId: firstRowId } : {}),
      // The states table: a search in flight answers with its handle; one that found windows within
      // the dedupe window too, while its routes and settings are unchanged; an empty, stale, failed
      // or canceled one is replaced under a new jobId.
      rerun: 'new-job',
      reuse: (finished) => {
        const finishedAt = finishedOnBookingClock(finished);
        const fresh = finishedAt !== null && nowMs < finishedAt + config.BOOKING_DEDUPE_WINDOW_SECONDS * 1000;
        const computedFrom = finished.result as { routesVersion?: unknown; settingsDigest?: unknown } | null;
        const current = computedFrom?.routesVersion === state.version && computedFrom.settingsDigest === settingsDigest;
        return fresh && current && resultWindowCount(finished.result) > 0;
      },
    }));
  } catch (error) {
    if (isErrorNamed(error, JobEnqueueError, 'JobEnqueueError')) {
      throw new BookingError('enqueue_failed', 'The booking search could not be enqueued. It is safe to retry.');
    }
    throw error;
  }
  return handleOf(job, problemId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job row id a wire jobId names (a problemId names its input's first search); null when it names none. */
export function bookingJobRowId(jobId: string): string | null {
  if (PROBLEM_ID.test(jobId)) return firstSearchRowId(jobId);
  return UUID.test(jobId) ? jobId.toLowerCase() : null;
}

/** A booking job of the caller's account and environment that booking's clock has not expired; null otherwise. */
export async function findBookingJob(caller: BookingCaller, jobId: string): Promise<JobRecord | null> {
  const now = caller.now ?? bookingNow;
  const rowId = bookingJobRowId(jobId);
  if (rowId === null) return null;
  return visibleBookingJob(caller, await caller.jobs.get(rowId), now, jobId);
}

/**
 * The job if it is a booking search of the caller's account and environment that booking's clock
 * has not expired, and `jobId` is its handle (a first search answers to its problemId only).
 */
function visibleBookingJob(
  caller: BookingCaller,
  job: JobRecord | null,
  now: BookingClock,
  jobId: string,
): JobRecord | null {
  if (
    job?.kind !== BOOKING_SEARCH_KIND ||
    job.accountId !== caller.principal.accountId ||
    job.environment !== caller.principal.environment
  )
    return null;
  if (wireJobId(job) !== jobId.toLowerCase()) return null;
  const retentionMs = getConfig().BOOKING_RESULT_RETENTION_SECONDS * 1000;
  const finished = finishedOnBookingClock(job);
  if (finished !== null && now(caller.principal.accountId) >= finished + retentionMs) return null;
  return job;
}

/** The longest a poll may wait for a search with `Prefer: wait=N`. */
export const MAX_POLL_WAIT_SECONDS = 30;

/**
 * GET /v1/booking/jobs/{jobId}: 202 while searching, 200 with the windows, 404 or 500 otherwise.
 * `Prefer: wait=N` (RFC 7240, as on routing's run and plan) holds the answer up to N seconds (at
 * most 30) for the search to finish, so a client gets its windows the moment they exist with one
 * request instead of polling every `Retry-After` seconds; `Preference-Applied` echoes the wait used.
 */
export async function pollBookingJob(
  caller: BookingCaller,
  jobId: string,
  prefer: string | null = null,
): Promise<BookingReply> {
  const wait = syncWaitSeconds(prefer, 0);
  const waitSeconds = Math.min(wait.seconds, MAX_POLL_WAIT_SECONDS);
  const preferenceApplied = wait.applied ? `wait=${waitSeconds}` : null;
  const now = caller.now ?? bookingNow;
  // Waiting: one read, which also tells a job the caller may not see (answered at once, not waited on).
  const rowId = bookingJobRowId(jobId);
  const job =
    waitSeconds > 0 && rowId !== null
      ? visibleBookingJob(
          caller,
          await caller.jobs.waitFor(
            rowId,
            waitSeconds * 1000,
            (read) => visibleBookingJob(caller, read, now, jobId) !== null,
          ),
          now,
          jobId,
        )
      : await findBookingJob(caller, jobId);
  if (!job) {
    throw new BookingError(
      'job_not_found',
      `No booking search "${jobId}" exists for this account and environment (results are kept 10 minutes).`,
      'jobId',
    );
  }
  if (job.status === 'processing')
    return {
      state: 'processing',
      body: { status: 'processing' },
      pollAfterSeconds: POLL_RETRY_AFTER_SECONDS,
      preferenceApplied,
    };
  if (job.status === 'complete' && job.result) {
    return { state: 'complete', body: { status: 'complete', ...resultWindows(job.result) }, preferenceApplied };
  }
  throw new BookingError(
    'optimization_failed',
    'The booking search found no usable result. It is safe to retry the recommend request.',
  );
}

/** How long the console waits for a tried search before saying it is still running. */
const TRY_WAIT_MS = 20_000;

const hourReasonSchema = z.enum(HOUR_REASONS);

/** The console's "try a search": the handle and, once complete, the windows, the price and every hour explained. */
export const triedSearchSchema = z.object({
  jobId: z.string(),
  problemId: z.string(),
  status: z.enum(['complete', 'processing']),
  outcome: z
    .object({
      windows: z.array(bookingWindowSchema),
      fallback: z.literal('asap').optional(),
      fallbackReason: z.enum(FALLBACK_REASONS).optional(),
      fallbackDescription: z.string().optional(),
      timeZone: z.string().optional(),
      date: z.string().optional(),
      timeframeBucket: z.enum(timeframeBuckets).optional(),
      computedAt: z.string().optional(),
      price: bookingPriceSchema.nullable(),
      hours: z.array(
        z.object({
          start: z.string(),
          end: z.string(),
          windows: z.array(
            bookingWindowSchema.extend({
              routeId: z.number().int(),
              routeExternalId: z.string(),
              vehicleType: z.string(),
            }),
          ),
          reason: hourReasonSchema.nullable(),
          routeReasons: z.array(z.object({ routeId: z.number().int(), reason: hourReasonSchema })),
          description: z.string().nullable(),
        }),
      ),
      clockOffsetMs: z.number().optional(),
    })
    .nullable(),
});
export type TriedSearch = z.infer<typeof triedSearchSchema>;

/**
 * The console's "try a search": the same checks and the same job as POST /v1/booking/recommend,
 * waited for, with the per-hour explanation the job stores beside the windows.
 */
export async function tryBookingSearch(caller: BookingCaller, body: BookingRequest): Promise<TriedSearch> {
  const handle = (await recommendBooking(caller, body, { explain: true })).body as { jobId: string; problemId: string };
  const job = await caller.jobs.waitFor(bookingJobRowId(handle.jobId) ?? handle.jobId, TRY_WAIT_MS);
  if (!job) throw new BookingError('job_not_found', 'The search expired before it could be read; try again.');
  if (job.status === 'processing') return { ...handle, status: 'processing', outcome: null };
  if (job.status !== 'complete' || !job.result)
    throw new BookingError('optimization_failed', 'The search found no usable result; try again.');
  const outcome = readOutcome(job.result);
  const hours = outcome.hours.map((hour) => ({
    ...hour,
    description: hour.reason ? HOUR_REASON_DESCRIPTIONS[hour.reason] : null,
  }));
  const fallbackDescription = outcome.fallbackReason
    ? { fallbackDescription: FALLBACK_REASON_DESCRIPTIONS[outcome.fallbackReason] }
    : {};
  return { ...handle, status: 'complete', outcome: { ...outcome, ...fallbackDescription, hours } };
}

/** A finished search as the console lists it. */
export const recentSearchSchema = z.object({
  jobId: z.string(),
  finishedAt: z.string(),
  accountId: z.number().int(),
  environment: z.string(),
  branchId: z.number().int(),
  branchName: z.string().nullable(),
  date: z.string(),
  bucket: z.string(),
  windows: z.number().int(),
  priceCents: z.number().int().nullable(),
  priceModel: z.string().nullable(),
  fallback: z.string().nullable(),
});
export type RecentSearch = z.infer<typeof recentSearchSchema>;

/** The latest finished searches made by any account of a subtree, newest first. */
export async function recentBookingSearches(db: DbOrTx, accountId: number, limit = 50): Promise<RecentSearch[]> {
  const accounts = await listSubtree(db, accountId);
  if (accounts.length === 0) return [];
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const rows = await db
    .select()
    .from(schema.bookingSearches)
    .where(
      inArray(
        schema.bookingSearches.accountId,
        accounts.map((a) => a.id),
      ),
    )
    .orderBy(desc(schema.bookingSearches.finishedAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    finishedAt: row.finishedAt.toISOString(),
    branchName: names.get(row.branchId) ?? null,
  }));
}
