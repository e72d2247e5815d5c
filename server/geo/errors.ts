/**
 * Failures of remote engines, as typed errors with stable codes the API layer can map.
 *
 * - `routing_engine_unavailable`: the engine could not be reached or kept failing (network error,
 *   timeout, 5xx or 429 after all retries). Transient; worth retrying later.
 * - `routing_engine_rejected`: the engine answered and refused the request (4xx, or an engine error
 *   code such as OSRM `InvalidQuery` / `TooBig`, Valhalla `error_code`). Retrying will not help.
 * - `routing_engine_bad_response`: the engine answered with something that is not its documented format.
 */
export type RoutingEngineErrorCode =
  'routing_engine_unavailable' | 'routing_engine_rejected' | 'routing_engine_bad_response';

export class RoutingEngineError extends Error {
  constructor(
    readonly code: RoutingEngineErrorCode,
    readonly engine: string,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(`${engine}: ${message}`);
    this.name = 'RoutingEngineError';
  }
}

/** A configured street-level geocoder is down or answered garbage (`geocoder_unavailable`). */
export class GeocoderUnavailableError extends Error {
  readonly code = 'geocoder_unavailable';
  constructor(
    readonly geocoder: string,
    /** What went wrong, without the geocoder's name. */
    readonly detail: string,
  ) {
    super(`${geocoder}: ${detail}`);
    this.name = 'GeocoderUnavailableError';
  }
}
