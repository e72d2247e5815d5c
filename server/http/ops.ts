import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, getConfig } from '@/server/config';
import { pingDb } from '@/server/db';
import { log } from '@/server/log';
import { isLoopbackClient } from './client-address';
import { httpRequestDurationSeconds, httpRequestsTotal, metrics } from './metrics';
import { errorEnvelopeSchema, type OpenApiRegistration } from './openapi';

/** Operations endpoints (/healthz, /readyz, /metrics): not under /v1, no authentication, never cached. */
const noStore = { 'Cache-Control': 'no-store' };

function observe(route: string, method: string, status: number, started: number): void {
  httpRequestsTotal.inc({ method, route, status: String(status) });
  httpRequestDurationSeconds.observe({ method, route }, (performance.now() - started) / 1000);
}

/** The process is up and serving. */
export function healthResponse(): Response {
  const started = performance.now();
  const response = Response.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }, { headers: noStore });
  observe('/healthz', 'GET', 200, started);
  return response;
}

const READINESS_TIMEOUT_MS = 10_000;

/** Ready when the configuration is valid and the database answers; 503 otherwise (details go to the log only). */
export async function readinessResponse(): Promise<Response> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    getConfig();
    await Promise.race([
      pingDb(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database did not answer within ${READINESS_TIMEOUT_MS} ms`)),
          READINESS_TIMEOUT_MS,
        );
      }),
    ]);
    observe('/readyz', 'GET', 200, started);
    return Response.json({ status: 'ready', checks: { config: 'ok', database: 'ok' } }, { headers: noStore });
  } catch (error) {
    const failed = error instanceof ConfigError ? 'config' : 'database';
    log.warn('not ready', { check: failed, error });
    observe('/readyz', 'GET', 503, started);
    return Response.json(
      {
        status: 'unavailable',
        checks: {
          config: failed === 'config' ? 'failed' : 'ok',
          database: failed === 'database' ? 'failed' : 'unknown',
        },
      },
      { status: 503, headers: { ...noStore, 'Retry-After': '5' } },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Constant-time comparison of two secrets of any length (their digests have the same length). */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function metricsRefusal(status: 401 | 403, code: string, message: string): Response {
  const type = status === 401 ? 'authentication_error' : 'invalid_request_error';
  const headers: Record<string, string> =
    status === 401 ? { ...noStore, 'WWW-Authenticate': 'Bearer realm="metrics"' } : noStore;
  return Response.json({ error: { type, code, message } }, { status, headers });
}

/**
 * Prometheus text exposition of the process registry. With METRICS_TOKEN set, a scraper anywhere
 * sends it as a Bearer token; without, only clients on this machine may read it.
 */
export function metricsResponse(request: Request): Response {
  const token = getConfig().METRICS_TOKEN;
  if (token !== undefined) {
    const authorization = request.headers.get('authorization') ?? '';
    const sent = /^bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? '';
    if (!sameSecret(sent, token))
      return metricsRefusal(
        401,
        'unauthenticated',
        'Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.',
      );
  } else if (!isLoopbackClient(request)) {
    return metricsRefusal(
      403,
      'forbidden',
      'Metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere.',
    );
  }
  const body = metrics.render();
  return new Response(body, { headers: { ...noStore, 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' } });
}

export const registerOperationsApi: OpenApiRegistration = (docs) => {
  docs.route({
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    summary: 'Liveness',
    description: 'The process is up. Does not touch the database.',
    tags: ['Operations'],
    auth: 'none',
    responses: {
      200: { description: 'Up.', schema: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }) },
    },
  });
  docs.route({
    method: 'get',
    path: '/readyz',
    operationId: 'readiness',
    summary: 'Readiness',
    description: 'The configuration is valid and the database answers. 503 (with Retry-After) otherwise.',
    tags: ['Operations'],
    auth: 'none',
    responses: {
      200: {
        description: 'Ready.',
        schema: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.string()) }),
      },
      503: { description: 'Not ready: `{ "status": "unavailable", "checks": {...} }`.' },
    },
  });
  docs.route({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics',
    description:
      'Request counters by route and status, a latency histogram and process metrics, in the Prometheus text format. ' +
      'With METRICS_TOKEN configured, send it as a Bearer token; otherwise only clients on the server machine are answered.',
    tags: ['Operations'],
    auth: 'none',
    responses: {
      200: { description: 'text/plain; version=0.0.4' },
      401: {
        description: 'METRICS_TOKEN is configured and the request did not carry it.',
        schema: errorEnvelopeSchema,
      },
      403: {
        description: 'No METRICS_TOKEN is configured and the client is not on the server machine.',
        schema: errorEnvelopeSchema,
      },
    },
  });
  docs.route({
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'openapi',
    summary: 'This OpenAPI document',
    description:
      'OpenAPI 3.1, generated from the schemas the server validates with. A browsable version is at /v1/docs.',
    tags: ['Operations'],
    auth: 'none',
    responses: { 200: { description: 'The document.' } },
  });
};
