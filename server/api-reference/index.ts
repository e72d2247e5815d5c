/**
 * The public API's reference: each domain's /v1 operations described for the OpenAPI document, with
 * every error code they produce. Reads the domains' zod schemas (one schema validates a request and
 * documents it); the domains themselves know nothing of HTTP.
 */
export { registerBookingApi } from './booking';
export { registerRoutingApi } from './routing';
