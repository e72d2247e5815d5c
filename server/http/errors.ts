import { isErrorNamed } from '@/server/errors';

/**
 * The one error type of the public API and its one mapping to the contract's envelope
 * `{ "error": { "type", "code", "message", "param" } }`. Handlers throw ApiError; nothing else
 * builds error JSON.
 */
export type ApiErrorType = 'invalid_request_error' | 'authentication_error' | 'api_error' | 'rate_limit_error';

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  /** Defaults from the status: 401 authentication_error, 429 rate_limit_error, 5xx api_error, else invalid_request_error. */
  type?: ApiErrorType;
  /** JSON path of the offending request field (`orders[3].dropoffWindowClose`), when one is at fault. */
  param?: string;
  /** Extra members of the error object, e.g. `retryAfterSeconds`, booking's slot-policy hints. */
  extra?: Record<string, ErrorExtraValue>;
  /** Response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

type ErrorExtraValue = string | number | boolean | readonly string[];

export interface ErrorEnvelope {
  error: { type: ApiErrorType; code: string; message: string; param?: string } & Record<string, unknown>;
}

function typeForStatus(status: number): ApiErrorType {
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;
  readonly code: string;
  readonly param: string | undefined;
  readonly extra: Record<string, ErrorExtraValue>;
  readonly headers: Record<string, string>;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.type = init.type ?? typeForStatus(init.status);
    this.code = init.code;
    this.param = init.param;
    this.extra = init.extra ?? {};
    this.headers = init.headers ?? {};
  }

  /** 400 with a route-specific code, e.g. `invalid_routing_input`, `date_blackout`. */
  static badRequest(code: string, message: string, param?: string): ApiError {
    return new ApiError({ status: 400, code, message, param });
  }

  /** 400 `invalid_input`: the body, query or path failed shape validation. */
  static invalidInput(message: string, param?: string): ApiError {
    return ApiError.badRequest('invalid_input', message, param);
  }

  /** 401 `unauthenticated`: one message for missing, malformed, unknown, revoked and wrong credentials. */
  /** 401 with a challenge for each scheme the operation accepts (booking takes API keys only). */
  static unauthenticated(acceptsJwt = true): ApiError {
    return new ApiError({
      status: 401,
      code: 'unauthenticated',
      message: acceptsJwt
        ? 'No valid credentials. Send a Bearer JWT or HTTP Basic credentials (externalUserId:apiKey).'
        : 'No valid credentials. Send HTTP Basic credentials (externalUserId:apiKey); this operation takes API keys only.',
      headers: {
        'WWW-Authenticate': acceptsJwt
          ? 'Basic realm="api", charset="UTF-8", Bearer realm="api"'
          : 'Basic realm="api", charset="UTF-8"',
      },
    });
  }

  static noAccountForUser(): ApiError {
    return new ApiError({
      status: 401,
      code: 'no_account_for_user',
      message: 'The authenticated user has no default account.',
    });
  }

  /** 403 with a code such as `account_mismatch` or `branch_out_of_scope`. */
  static forbidden(code: string, message: string, param?: string): ApiError {
    return new ApiError({ status: 403, code, message, param });
  }

  static notFound(code: string, message: string, param?: string): ApiError {
    return new ApiError({ status: 404, code, message, param });
  }

  static requestTooLarge(limitBytes: number): ApiError {
    return new ApiError({
      status: 413,
      code: 'request_too_large',
      message: `Request body exceeds the limit of ${limitBytes} bytes.`,
    });
  }

  /** 429 with `Retry-After` and `retryAfterSeconds` in the body. */
  static rateLimited(retryAfterSeconds: number, message = 'Too many requests.'): ApiError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError({
      status: 429,
      code: 'rate_limited',
      message: `${message} Retry after ${seconds} seconds.`,
      extra: { retryAfterSeconds: seconds },
      headers: { 'Retry-After': String(seconds) },
    });
  }

  /** 500 with a specific, retry-safe code such as `optimization_failed`. Never put internals in `message`. */
  static internal(code: string, message: string, cause?: unknown): ApiError {
    return new ApiError({ status: 500, code, message, cause });
  }
}

/** Booking's error table (contract): the status of each booking domain error code. */
const BOOKING_ERROR_STATUS: Record<string, number> = {
  invalid_input: 400,
  branch_not_found: 400,
  branch_out_of_scope: 403,
  origin_unresolved: 400,
  timezone_not_found: 400,
  date_out_of_range: 400,
  date_blackout: 400,
  lead_time_not_met: 400,
  same_day_cutoff_passed: 400,
  timeframe_bucket_not_available: 400,
  rate_limited: 429,
  input_resolution_failed: 500,
  enqueue_failed: 500,
  job_not_found: 404,
  optimization_failed: 500,
};

/** Routing's error table (contract): the status of each routing domain error code. */
const ROUTING_ERROR_STATUS: Record<string, number> = {
  invalid_routing_input: 400,
  string_account_id_unsupported: 400,
  account_mismatch: 403,
  invalid_job_id: 400,
  job_not_found: 404,
  itinerary_not_found: 404,
  enqueue_failed: 500,
  optimization_failed: 500,
  book_failed: 500,
  unknown_job_state: 500,
  job_lookup_failed: 500,
};

/** Accounts' error table: the status of each accounts domain error code (console administration). */
const ACCOUNTS_ERROR_STATUS: Record<string, number> = {
  invalid_input: 400,
  not_found: 404,
  conflict: 409,
};

/** Each domain's error class, by name, with its status table. The console's tRPC API reads the same tables. */
const DOMAIN_ERROR_STATUS: Record<string, Record<string, number>> = {
  BookingError: BOOKING_ERROR_STATUS,
  RoutingError: ROUTING_ERROR_STATUS,
  AccountsError: ACCOUNTS_ERROR_STATUS,
};

interface DomainErrorLike extends Error {
  code: string;
  param?: string;
  retryAfterSeconds?: number;
  /** Extra members of the error object (booking's slot-policy hints such as `nextDate`). */
  details?: Record<string, ErrorExtraValue>;
}

/**
 * Domain errors are matched by name: this layer imports no domain module, and Next may load a
 * domain's module more than once (an error from one copy is not `instanceof` the other's class).
 */
export function isDomainError(error: unknown): error is DomainErrorLike {
  return (
    error instanceof Error && error.name in DOMAIN_ERROR_STATUS && typeof (error as DomainErrorLike).code === 'string'
  );
}

/** The HTTP status of a domain error, from its domain's table; a code missing from the table is a 500. */
export function domainErrorStatus(error: DomainErrorLike): number {
  return DOMAIN_ERROR_STATUS[error.name]?.[error.code] ?? 500;
}

function fromDomainError(error: DomainErrorLike): ApiError {
  if (error.code === 'rate_limited') return ApiError.rateLimited(error.retryAfterSeconds ?? 1, error.message);
  const status = domainErrorStatus(error);
  return new ApiError({
    status,
    code: error.code,
    message: error.message,
    ...(error.param === undefined ? {} : { param: error.param }),
    ...(error.details === undefined ? {} : { extra: error.details }),
    cause: error.cause ?? error,
  });
}

/** Anything thrown that is not an ApiError becomes a generic 500: details go to the log, not the client. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (isDomainError(error)) return fromDomainError(error);
  // Next can bundle this module into more than one chunk; an ApiError from another copy is still one.
  if (isErrorNamed(error, ApiError, 'ApiError') && 'status' in error && 'code' in error) return error;
  return new ApiError({
    status: 500,
    code: 'internal_error',
    message: `An unexpected error occurred. It is safe to retry; if it persists, report request id ${requestId}.`,
    cause: error,
  });
}

export function errorEnvelope(error: ApiError): ErrorEnvelope {
  return {
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      ...error.extra,
    },
  };
}

export function errorResponse(error: ApiError, headers: Record<string, string> = {}): Response {
  return Response.json(errorEnvelope(error), {
    status: error.status,
    headers: { 'Cache-Control': 'no-store', ...error.headers, ...headers },
  });
}
