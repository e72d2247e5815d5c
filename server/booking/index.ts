/**
 * Booking recommendations (contract section B): priced hourly delivery windows that fit the booked
 * routes of a branch's subtree.
 *
 * Entry points:
 *
 *   // Pure core, no I/O: booked routes + the new order + the hours -> windows and a per-hour explanation.
 *   searchBookingWindows(input: BookingSearchInput, travel: TravelMatrix[]): BookingSearchResult
 *     input.routes       BookedRoute[] (routing's `bookedRoutesOn`)
 *     input.order        { origin, destination (LatLng), pounds, cubicInches, serviceSeconds, setupSeconds }
 *     input.hours        [{ start, end }] epoch seconds, one per local hour of the bucket (`bucketHours`)
 *     input.earliestStart epoch seconds (now + lead time)
 *     input.traffic?     the routes' time-of-day profile; input.explain? (default true)
 *     travel             one matrix per route, over `bookingSearchPoints(route, input.order)`, in that order
 *     -> { windows: FoundWindow[] (sorted by start, end), hours: HourExplanation[] (windows or a reason) }
 *
 *   // The same search with the configured travel-time provider, as the job runs it, in the compact
 *   // form the job stores (epoch seconds, routes by index); rendered as the console shows it:
 *   // windows on the wire (ISO 8601 with the destination's offset), one price, `fallback: "asap"`
 *   // when empty, and the per-hour explanation.
 *   runStoredBookingSearch(input: PreparedBookingSearch): Promise<StoredBookingOutcome>
 *   runBookingSearch(input: PreparedBookingSearch): Promise<BookingSearchOutcome>
 *   resultWindows(jobResult) / readOutcome(jobResult)   // a stored result as the poll / the console reads it
 *
 *   // HTTP-facing services (checks in the contract's order, dedupe, polling).
 *   recommendBooking(caller, body) / pollBookingJob(caller, jobId)
 */
export { BookingError, type BookingErrorCode } from './errors';
export {
  bookingRequestSchema,
  bookingHandleSchema,
  bookingResultSchema,
  bookingWindowSchema,
  bookingPriceSchema,
  bookingJobIdParamsSchema,
  FALLBACK_REASONS,
  FALLBACK_REASON_DESCRIPTIONS,
  type FallbackReason,
  type BookingRequest,
  type BookingPrice,
} from './request-schema';
export {
  searchBookingWindows,
  emptyResultReason,
  bookingSearchPoints,
  HOUR_REASON_DESCRIPTIONS,
  type BookingSearchInput,
  type BookingSearchResult,
  type FoundWindow,
  type HourExplanation,
  type HourReason,
  type NewOrder,
  type SearchHour,
} from './search';
export { evaluateSlotPolicy, bucketHours, type SlotDecision } from './slot-policy';
export { quotePrice, detourCostCents } from './pricing';
export { cartLoad, POUNDS_PER_KG, CUBIC_INCHES_PER_CUBIC_CM, type CartLoad } from './units';
export { BOOKING_SEARCH_KIND, bookingJobKinds } from './job-kinds';
export {
  bookingSearchJobHandler,
  runBookingSearch,
  runStoredBookingSearch,
  type BookingJobInput,
  type PreparedBookingSearch,
} from './job';
export {
  resultWindows,
  resultWindowCount,
  readOutcome,
  type StoredBookingOutcome,
  type BookingSearchOutcome,
  type HourOutcome,
  type WireWindow,
} from './outcome';
export { bookingNow, TEST_CLOCK_FILE, type BookingClock } from './clock';
export { consumeBookingRateLimit, createBookingRateLimiter, type BookingRateLimiter } from './rate-limit';
export {
  recommendBooking,
  pollBookingJob,
  findBookingJob,
  bookingJobRowId,
  bookingProblemId,
  tryBookingSearch,
  recentBookingSearches,
  POLL_RETRY_AFTER_SECONDS,
  MAX_POLL_WAIT_SECONDS,
  type BookingCaller,
  type BookingReply,
  recentSearchSchema,
  triedSearchSchema,
  type RecentSearch,
  type TriedSearch,
} from './service';
