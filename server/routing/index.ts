/**
 * Routing: orders and a fleet in, optimized itineraries and unassigned orders out. `plan` previews,
 * `book` persists (createItinerary, updateItinerary). Requests become idempotent jobs keyed by
 * (account, live/sandbox, problemId); booked itineraries are read by /v1/itineraries and by booking.
 */
export {
  routingRequestSchema,
  routingOptionsSchema,
  orderSchema,
  fleetSpecSchema,
  type RoutingRequest,
  type RoutingOptionsInput,
} from './request-schema';
export {
  submitRoutingRequest,
  pollRoutingJob,
  problemIdParamsSchema,
  statusUrlOf,
  type RoutingCaller,
} from './service';
export { RoutingError, type RoutingErrorCode } from './errors';
export {
  itineraryListQuerySchema,
  itineraryIdParamsSchema,
  itineraryListSchema,
  listItinerariesForCaller,
  getItineraryForCaller,
} from './itinerary-queries';
export {
  getItinerary,
  listItineraries,
  itinerariesOfProblem,
  writeBookedItineraries,
  bookedRoutesOn,
  type BookedRoute,
  type ItineraryScope,
} from './itineraries';
export {
  VEHICLE_CATALOG,
  VEHICLE_TYPES,
  DEFAULT_RATE_CARDS,
  isCatalogVehicleType,
  resolveVehicleSpec,
  type VehicleSpec,
} from './vehicle-catalog';
export { samePlace } from './build-problem';
export { REASON_CODES, REASON_DESCRIPTIONS } from './reasons';
export {
  mergeRoutingOptions,
  ACCEPTED_OBJECTIVES,
  SERVICE_DEFAULT_OPTIONS,
  type ResolvedRoutingOptions,
} from './options';
export { planJobHandler, bookJobHandler, type RoutingJobInput } from './job-handlers';
export { PLAN_KIND, BOOK_KIND, routingJobKinds } from './job-kinds';
export {
  planResultSchema,
  bookResultSchema,
  pendingJobSchema,
  pollPendingSchema,
  persistedItinerarySchema,
  type PlanResult,
  type BookResult,
  type PersistedItinerary,
} from './responses';
export {
  listRoutingJobs,
  getRoutingJob,
  planFromConsole,
  bookPlannedJob,
  evaluatePlanEdit,
  replanWithFix,
  routingJobListQuerySchema,
  routingJobListSchema,
  routingJobDetailSchema,
  routingJobSummarySchema,
  type ConsoleActor,
  type RoutingJobDetail,
  type RoutingJobSummary,
} from './console-jobs';
export { fixedRoutesSchema, type PlanEditProblem, type FixedRoute } from './plan-edit';
export { parseOrdersCsv, ordersCsvTemplate, ORDER_CSV_COLUMNS, OrdersCsvError } from './orders-csv';
