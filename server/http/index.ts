/**
 * The /v1 HTTP layer: one error type and envelope, the route wrapper (request id, authentication,
 * validation, logging, metrics), account checks, the OpenAPI registry and the operations endpoints.
 * Console sign-in lives in its own entry point, `./console-auth` (next-auth); the console's tRPC API is server/api.
 */
export {
  ApiError,
  errorEnvelope,
  errorResponse,
  toApiError,
  type ApiErrorInit,
  type ApiErrorType,
  type ErrorEnvelope,
} from './errors';
export { issuesToApiError, parseOrThrow, type RequestPart } from './validation';
export { isJsonContentType, readBodyText, readJsonBody } from './body';
export {
  apiRoute,
  authenticate,
  json,
  jobAnswerResponse,
  requestIdOf,
  unknownEndpoint,
  unservedMethods,
  type ApiContext,
  type ApiRouteHandler,
  type ApiRouteOptions,
  type AuthMode,
  type NextRouteContext,
} from './route';
export {
  buildOpenApiDocument,
  errorEnvelopeSchema,
  type ApiDocs,
  type ApiOperation,
  type DocumentedError,
  type DocumentedResponse,
  type HttpMethod,
  type OpenApiRegistration,
} from './openapi';
export { Counter, Gauge, Histogram, MetricsRegistry, metrics, type GaugeCollector, type Labels } from './metrics';
export { healthResponse, metricsResponse, readinessResponse, registerOperationsApi } from './ops';
export { clientAddressOf, isLoopbackClient, resolveClientAddress } from './client-address';
