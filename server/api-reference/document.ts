import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { buildOpenApiDocument, registerOperationsApi, type OpenApiRegistration } from '@/server/http';
import { registerBookingApi } from './booking';
import { registerRoutingApi } from './routing';

/**
 * Every module that serves /v1 routes describes them here, in the order they appear in the docs.
 * Add your module's registration to this list. The served document and the typed client
 * (server/api-client) are both generated from it.
 */
const registrations: OpenApiRegistration[] = [registerOperationsApi, registerRoutingApi, registerBookingApi];

let cached: OpenAPIObject | undefined;

/** The OpenAPI document, built once per process. */
export function openApiDocument(): OpenAPIObject {
  cached ??= buildOpenApiDocument(registrations);
  return cached;
}
