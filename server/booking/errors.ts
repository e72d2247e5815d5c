/**
 * Booking's domain errors: a contract code, a message, and the JSON path of the field at fault.
 * Only server/http turns them into statuses and headers (the contract's booking error table).
 */
export type BookingErrorCode =
  | 'invalid_input'
  | 'branch_not_found'
  | 'branch_out_of_scope'
  | 'origin_unresolved'
  | 'timezone_not_found'
  | 'date_out_of_range'
  | 'date_blackout'
  | 'lead_time_not_met'
  | 'same_day_cutoff_passed'
  | 'timeframe_bucket_not_available'
  | 'rate_limited'
  | 'input_resolution_failed'
  | 'enqueue_failed'
  | 'job_not_found'
  | 'optimization_failed';

export class BookingError extends Error {
  constructor(
    readonly code: BookingErrorCode,
    message: string,
    readonly param?: string,
    /** Rate limited: seconds until a request would be accepted. */
    readonly retryAfterSeconds?: number,
    /** Extra members of the error object: what would work (slot-policy hints such as `nextDate`). */
    readonly details?: Record<string, string | readonly string[]>,
  ) {
    super(message);
    this.name = 'BookingError';
  }
}
