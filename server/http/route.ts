import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { authenticateApiRequest, type ApiPrincipal } from '@/server/accounts';
import { getConfig } from '@/server/config';
import { getDb, type Db } from '@/server/db';
import type { JobAnswer } from '@/server/jobs';
import { log as rootLog, type Logger } from '@/server/log';
import { readJsonBody } from './body';
import { ApiError, errorResponse, toApiError } from './errors';
import { httpRequestDurationSeconds, httpRequestsTotal } from './metrics';
import { parseOrThrow } from './validation';
import { hasLoneSurrogate } from '@/server/validation';

/**
 * `routing`: JWT first, then HTTP Basic with an API key (contract, routing authentication).
 * `api_key`: HTTP Basic with an API key only (booking). `none`: public.
 */
export type AuthMode = 'routing' | 'api_key' | 'none';

type Schema = z.ZodType;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ApiRouteOptions<A extends AuthMode, B, Q, P> {
  auth: A;
  /** A strict zod schema for the JSON body; when given, the request must carry application/json. */
  body?: B;
  /** Query string parameters (single values as strings, repeated ones as arrays). */
  query?: Q;
  /** Path parameters from the route segment, e.g. `{ problemId }`. */
  params?: P;
  /** The route template for metrics and logs; derived from the path and its parameters when omitted. */
  route?: string;
  /** Error code of a malformed path parameter (e.g. `invalid_job_id`); `invalid_input` when omitted. */
  paramsErrorCode?: string;
}

export interface ApiContext<A extends AuthMode, B, Q, P> {
  request: Request;
  requestId: string;
  /** Logger carrying the request id (and account, once known). */
  log: Logger;
  /** The authenticated caller; undefined only for `auth: 'none'`. */
  principal: A extends 'none' ? undefined : ApiPrincipal;
  db: A extends 'none' ? undefined : Db;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
}

/** What Next passes a route handler as its second argument. */
export interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export type ApiRouteHandler = (request: Request, context: NextRouteContext) => Promise<Response>;

const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is short and plain, else a fresh one. */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get('x-request-id')?.trim();
  return incoming && saneRequestId.test(incoming) ? incoming : randomUUID();
}

/** A JSON response with a status other than 200, or with headers (e.g. 202 with Retry-After). */
export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json(data, { status: init.status ?? 200, headers: { 'Cache-Control': 'no-store', ...init.headers } });
}

/** A job's answer on the wire: 202 with Retry-After and Location while processing, 200 when complete; Preference-Applied when a `Prefer` was honoured. */
export function jobAnswerResponse(answer: JobAnswer): Response {
  const headers: Record<string, string> = answer.preferenceApplied
    ? { 'Preference-Applied': answer.preferenceApplied }
    : {};
  if (answer.state === 'complete') return json(answer.body, { headers });
  if (answer.pollAfterSeconds !== undefined) headers['Retry-After'] = String(answer.pollAfterSeconds);
  if (answer.pollUrl !== undefined) headers.Location = answer.pollUrl;
  return json(answer.body, { status: 202, headers });
}

/** Authenticates a /v1 request as the contract prescribes, or throws the 401 ApiError. */
export async function authenticate(
  request: Request,
  mode: Exclude<AuthMode, 'none'>,
): Promise<{ principal: ApiPrincipal; db: Db }> {
  const db = await getDb();
  const result = await authenticateApiRequest(db, request.headers, { allowJwt: mode === 'routing' });
  if (result.ok) return { principal: result.principal, db };
  throw result.code === 'no_account_for_user'
    ? ApiError.noAccountForUser()
    : ApiError.unauthenticated(mode === 'routing');
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return out;
}

/** `/v1/routing/jobs/abc` with `{ problemId: 'abc' }` -> `/v1/routing/jobs/{problemId}`, so metrics stay low-cardinality. */
function routeTemplate(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') names.set(encodeURIComponent(value), `{${name}}`);
  }
  return pathname
    .split('/')
    .map((segment) => names.get(segment) ?? segment)
    .join('/');
}

/**
 * Wraps a /v1 handler: request id in and out, authentication, body/query/path validation, the
 * error envelope for anything thrown, one log line and metrics per request. The handler returns a
 * Response (use `json()` for non-200) or plain data for a 200 JSON body.
 *
 *   // app/v1/things/[thingId]/route.ts
 *   export const GET = apiRoute(
 *     { auth: 'routing', params: z.strictObject({ thingId: z.string().min(1) }) },
 *     async ({ db, principal, params }) => getThing(db, principal.accountId, params.thingId),
 *   );
 *   export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');
 */
export function apiRoute<
  A extends AuthMode,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(options: ApiRouteOptions<A, B, Q, P>, handler: (ctx: ApiContext<A, B, Q, P>) => Promise<unknown>): ApiRouteHandler {
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    let requestLog = rootLog.child({ requestId });
    let principal: ApiPrincipal | undefined;
    let rawParams: Record<string, string | string[] | undefined> = {};
    let response: Response;
    let failure: ApiError | undefined;
    try {
      rawParams = (await context?.params) ?? {};
      let db: Db | undefined;
      if (options.auth !== 'none') {
        ({ principal, db } = await authenticate(request, options.auth));
        requestLog = requestLog.child({
          accountId: principal.accountId,
          environment: principal.environment,
          via: principal.via,
        });
      }
      const paramsErrorCode = options.paramsErrorCode ?? 'invalid_input';
      if (options.params) assertPrintablePathParams(rawParams, paramsErrorCode);
      const params = options.params ? parseOrThrow(options.params, rawParams, 'path', paramsErrorCode) : undefined;
      const query = options.query ? parseOrThrow(options.query, queryObject(url), 'query') : undefined;
      const body = options.body
        ? parseOrThrow(options.body, await readJsonBody(request, getConfig().MAX_BODY_BYTES), 'body')
        : undefined;
      const result = await handler({
        request,
        requestId,
        log: requestLog,
        principal,
        db,
        body,
        query,
        params,
      } as ApiContext<A, B, Q, P>);
      response = result instanceof Response ? result : json(result);
    } catch (error) {
      failure = toApiError(error, requestId);
      response = errorResponse(failure);
    }
    response = withHeader(response, 'X-Request-Id', requestId);

    const route = options.route ?? routeTemplate(url.pathname, rawParams);
    const seconds = (performance.now() - started) / 1000;
    httpRequestsTotal.inc({ method: request.method, route, status: String(response.status) });
    httpRequestDurationSeconds.observe({ method: request.method, route }, seconds);
    const fields = {
      method: request.method,
      path: url.pathname,
      route,
      status: response.status,
      ms: Math.round(seconds * 1000 * 10) / 10,
      ...(failure ? { errorCode: failure.code } : {}),
    };
    if (failure && failure.status >= 500) {
      requestLog.error('request failed', { ...fields, error: failure.cause ?? failure });
    } else {
      requestLog.info('request', fields);
    }
    return response;
  };
}

/**
 * Path parameters are identifiers: control characters (a `%00` in the URL) and lone surrogates are
 * refused here, naming the parameter, before they reach a database that cannot store them.
 */
function assertPrintablePathParams(params: Record<string, string | string[] | undefined>, code: string): void {
  for (const [name, value] of Object.entries(params)) {
    for (const part of typeof value === 'string' ? [value] : (value ?? [])) {
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(part) || hasLoneSurrogate(part)) {
        throw ApiError.badRequest(code, `${name}: contains control characters or invalid Unicode.`, name);
      }
    }
  }
}

/** Sets a header even on responses whose headers are immutable (e.g. Response.redirect). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * 404 `not_found` for an unknown /v1 path or method, after authentication (unauthenticated callers
 * learn nothing about which paths exist). Route files export it for the methods they do not serve
 * (see `unservedMethods`), so Next's bodiless 405 never reaches API clients.
 */
export const unknownEndpoint: ApiRouteHandler = apiRoute(
  { auth: 'routing', route: '/v1/{unmatched}' },
  async ({ request }) => {
    throw ApiError.notFound(
      'not_found',
      `No endpoint ${request.method} ${new URL(request.url).pathname}. The API is described at /v1/openapi.json.`,
    );
  },
);

type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ROUTE_METHODS: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * `unknownEndpoint` under the name of every method a /v1 route file does not serve:
 * `export const { POST, PUT, PATCH, DELETE } = unservedMethods('GET');`
 */
export function unservedMethods<M extends RouteMethod>(served: M): Record<Exclude<RouteMethod, M>, ApiRouteHandler> {
  const entries = ROUTE_METHODS.filter((method) => method !== served).map((method) => [method, unknownEndpoint]);
  return Object.fromEntries(entries) as Record<Exclude<RouteMethod, M>, ApiRouteHandler>;
}
