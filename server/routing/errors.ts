/**
 * A routing-specific problem with the request, found after its shape validated (a missing fleet,
 * an unknown objective or vehicle type, a locked stop naming an unknown order): the route answers
 * 400 `invalid_routing_input` with `param`, the JSON path of the field at fault.
 */
export class RoutingInputError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'RoutingInputError';
  }
}

export type RoutingErrorCode =
  | 'invalid_routing_input'
  | 'string_account_id_unsupported'
  | 'account_mismatch'
  | 'invalid_job_id'
  | 'job_not_found'
  | 'itinerary_not_found'
  | 'enqueue_failed'
  | 'optimization_failed'
  | 'book_failed'
  | 'unknown_job_state'
  | 'job_lookup_failed';

/**
 * Routing's domain errors: a contract code, a message and the JSON path of the field at fault.
 * Only server/http turns them into statuses (the contract's routing error table).
 */
export class RoutingError extends Error {
  constructor(
    readonly code: RoutingErrorCode,
    message: string,
    readonly param?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RoutingError';
  }
}
