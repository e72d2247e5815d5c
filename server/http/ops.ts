import { z } from 'zod';
import { ConfigError, getConfig } from '@/server/config';
import { pingDb } from '@/server/db';
import { log } from '@/server/log';
import { httpRequestDurationSeconds, httpRequestsTotal, metrics } from './metrics';
import type { OpenApiRegistration } from './openapi';

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
        timer = setTimeout(() => reject(new Error(`database did not answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
      }),
    ]);
    observe('/readyz', 'GET', 200, started);
    return Response.json({ status: 'ready', checks: { config: 'ok', database: 'ok' } }, { headers: noStore });
  } catch (error) {
    const failed = error instanceof ConfigError ? 'config' : 'database';
    log.warn('not ready', { check: failed, error });
    observe('/readyz', 'GET', 503, started);
    return Response.json(
      { status: 'unavailable', checks: { config: failed === 'config' ? 'failed' : 'ok', database: failed === 'database' ? 'failed' : 'unknown' } },
      { status: 503, headers: { ...noStore, 'Retry-After': '5' } },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Prometheus text exposition of the process registry. */
export function metricsResponse(): Response {
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
    responses: { 200: { description: 'Up.', schema: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }) } },
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
      200: { description: 'Ready.', schema: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.string()) }) },
      503: { description: 'Not ready: `{ "status": "unavailable", "checks": {...} }`.' },
    },
  });
  docs.route({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics',
    description: 'Request counters by route and status, a latency histogram and process metrics, in the Prometheus text format.',
    tags: ['Operations'],
    auth: 'none',
    responses: { 200: { description: 'text/plain; version=0.0.4' } },
  });
  docs.route({
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'openapi',
    summary: 'This OpenAPI document',
    description: 'OpenAPI 3.1, generated from the schemas the server validates with. A browsable version is at /v1/docs.',
    tags: ['Operations'],
    auth: 'none',
    responses: { 200: { description: 'The document.' } },
  });
};
