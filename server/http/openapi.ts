import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import type { AuthMode } from './route';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with. Each
 * module exports an `OpenApiRegistration` that describes its routes; the document route lists them.
 */
export const errorEnvelopeSchema = z
  .object({
    error: z
      .object({
        type: z
          .enum(['invalid_request_error', 'authentication_error', 'api_error', 'rate_limit_error'])
          .meta({ description: '`rate_limit_error` only with status 429.' }),
        code: z.string().meta({
          description: 'Machine-readable error code; see each operation for its codes.',
          example: 'invalid_input',
        }),
        message: z.string().meta({ description: 'Human-readable explanation. Do not parse it.' }),
        param: z.string().optional().meta({
          description: 'JSON path of the offending request field, when one is at fault.',
          example: 'orders[3].dropoffWindowClose',
        }),
        retryAfterSeconds: z
          .number()
          .int()
          .optional()
          .meta({ description: 'With 429 only: seconds to wait before retrying.' }),
      })
      .meta({ description: 'Further members may be added; ignore the ones you do not know.' }),
  })
  .meta({ id: 'Error', description: 'Every error response of the API has this shape.' });

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface DocumentedError {
  status: number;
  code: string;
  description: string;
}

export interface DocumentedResponse {
  description: string;
  schema?: z.ZodType;
  /** Response headers, name -> description. */
  headers?: Record<string, string>;
}

/**
 * One operation. Schemas with `.meta({ id: 'Name' })` become named components; `.meta({ description,
 * example })` documents a field.
 */
export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/routing/jobs/{problemId}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: AuthMode;
  body?: z.ZodType;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads (e.g. `Prefer`). */
  headers?: z.ZodObject;
  /** Successful responses by status. */
  responses: Record<number, DocumentedResponse>;
  /** Route-specific errors; authentication, validation, size and internal errors are added from `auth` and `body`. */
  errors?: DocumentedError[];
}

export interface ApiDocs {
  /** Describes one operation. */
  route(operation: ApiOperation): void;
  /** Names a schema in components (for schemas reused across operations without an `id`). */
  schema<T extends z.ZodType>(name: string, schema: T): T;
}

export type OpenApiRegistration = (docs: ApiDocs) => void;

const authErrors: DocumentedError[] = [
  {
    status: 401,
    code: 'unauthenticated',
    description: 'No valid credentials (missing, malformed, unknown, revoked or wrong).',
  },
  { status: 401, code: 'no_account_for_user', description: 'The authenticated user has no default account.' },
];

const bodyErrors: DocumentedError[] = [
  {
    status: 400,
    code: 'invalid_input',
    description:
      'The body is not JSON, Content-Type is not application/json (param `Content-Type`), a field has the wrong shape, or an unknown field was sent (param names it).',
  },
  { status: 413, code: 'request_too_large', description: 'The body exceeds the size limit (5 MB by default).' },
];

// apiRoute's `unknownEndpoint`: a method the path does not serve, after authentication.
const unservedMethodError: DocumentedError = {
  status: 404,
  code: 'not_found',
  description:
    'No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`.',
};

const internalError: DocumentedError = {
  status: 500,
  code: 'internal_error',
  description: 'Unexpected failure; safe to retry. The message carries the request id to report.',
};

function errorTypeOf(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

function securityOf(auth: AuthMode): RouteConfig['security'] {
  if (auth === 'routing') return [{ bearerAuth: [] }, { basicAuth: [] }];
  if (auth === 'api_key') return [{ basicAuth: [] }];
  return [];
}

const requestIdHeader = {
  'X-Request-Id': {
    description: "The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID.",
    schema: { type: 'string' as const },
  },
};

function toRouteConfig(op: ApiOperation): RouteConfig {
  // Every /v1 route goes through apiRoute, which answers with X-Request-Id.
  const echoed = op.path.startsWith('/v1/') ? requestIdHeader : {};
  const errors = [
    ...(op.auth === 'none' ? [] : authErrors),
    ...(op.body ? bodyErrors : []),
    ...(op.errors ?? []),
    ...(op.auth !== 'none' && op.path.startsWith('/v1/') ? [unservedMethodError] : []),
  ];
  if (!errors.some((e) => e.status === 500 && e.code === internalError.code)) errors.push(internalError);
  const responses: RouteConfig['responses'] = {};
  for (const [status, response] of Object.entries(op.responses)) {
    const headers = {
      ...echoed,
      ...Object.fromEntries(
        Object.entries(response.headers ?? {}).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' as const } },
        ]),
      ),
    };
    responses[status] = {
      description: response.description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(response.schema ? { content: { 'application/json': { schema: response.schema } } } : {}),
    };
  }
  const byStatus = new Map<number, DocumentedError[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  for (const [status, list] of [...byStatus.entries()].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.map((e) => `\`${e.code}\`: ${e.description}`).join('\n\n'),
      ...(op.path.startsWith('/v1/') || status === 429
        ? {
            headers: {
              ...echoed,
              ...(status === 429
                ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'string' as const } } }
                : {}),
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: errorEnvelopeSchema,
          examples: Object.fromEntries(
            list.map((e) => [
              e.code,
              {
                summary: e.code,
                value: { error: { type: errorTypeOf(status), code: e.code, message: e.description } },
              },
            ]),
          ),
        },
      },
    };
  }
  return {
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    security: securityOf(op.auth),
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.headers ? { headers: op.headers } : {}),
      ...(op.body ? { body: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    },
    responses,
  };
}

interface DocumentInfo {
  title?: string;
  version?: string;
  description?: string;
}

const defaultDescription = [
  'Vehicle routing (plan, run, book, poll) and booking recommendations.',
  '',
  'Authentication: routing accepts a Bearer JWT or HTTP Basic `externalUserId:apiKey`; booking accepts HTTP Basic only.',
  'Every error has the body `{ "error": { "type", "code", "message", "param" } }`; `param` is the JSON path of the offending field.',
  'Unknown fields are rejected with 400 `invalid_input`. Every response carries `X-Request-Id` (yours, if you sent a plain one).',
].join('\n');

/** The OpenAPI 3.1 document from the given registrations. */
export function buildOpenApiDocument(
  registrations: readonly OpenApiRegistration[],
  info: DocumentInfo = {},
): OpenAPIObject {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'basicAuth', {
    type: 'http',
    scheme: 'basic',
    description: 'HTTP Basic with `externalUserId:apiKey`.',
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A JWT whose `sub` is the externalUserId (routing only).',
  });
  const seen = new Set<string>();
  const docs: ApiDocs = {
    route(operation) {
      const key = `${operation.method} ${operation.path}`;
      if (seen.has(key)) throw new Error(`OpenAPI: ${key} registered twice`);
      seen.add(key);
      registry.registerPath(toRouteConfig(operation));
    },
    schema(name, schema) {
      // A schema with a meta id is emitted under components/schemas and referenced by $ref.
      return schema.meta({ id: name });
    },
  };
  for (const register of registrations) register(docs);
  const document = new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' }).generateDocument(
    {
      openapi: '3.1.0',
      info: {
        title: info.title ?? 'Routing and Booking Recommendations API',
        version: info.version ?? '1.0.0',
        description: info.description ?? defaultDescription,
      },
      servers: [{ url: '/' }],
    },
  );
  closeTuples(document);
  return document;
}

/**
 * The generator writes a tuple (`[key, value]`) as `prefixItems` alone, which in JSON Schema allows
 * any number of further items; the request schema accepts exactly that many, so say so.
 */
function closeTuples(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) closeTuples(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (Array.isArray(schema.prefixItems) && schema.items === undefined) {
    schema.minItems = schema.prefixItems.length;
    schema.maxItems = schema.prefixItems.length;
    schema.items = false;
  }
  for (const value of Object.values(schema)) closeTuples(value);
}
