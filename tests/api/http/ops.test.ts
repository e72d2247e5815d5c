import { describe, expect, it } from 'vitest';
import { baseUrl } from '../client';

describe('operations endpoints', () => {
  it('/healthz says the process is up', async () => {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { status: string; uptimeSeconds: number };
    expect(body.status).toBe('ok');
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('/readyz reports the database reachable', async () => {
    const response = await fetch(`${baseUrl()}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { config: 'ok', database: 'ok' } });
  });

  it('/metrics speaks the Prometheus text format and counts /v1 requests by route template', async () => {
    // Two requests to the same unknown endpoint family: counted under one template, never by raw path.
    await fetch(`${baseUrl()}/v1/metrics-probe-${Date.now()}`);
    await fetch(`${baseUrl()}/v1/metrics-probe-${Date.now() + 1}`);
    const response = await fetch(`${baseUrl()}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const lines = text.trim().split('\n');
    // Every line is a comment or `name{labels} value`.
    for (const line of lines) {
      expect(line).toMatch(
        /^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? -?[0-9.e+]+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? (NaN|[+-]Inf))$/,
      );
    }
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    const unmatched = lines.find((l) =>
      l.startsWith('http_requests_total{method="GET",route="/v1/{unmatched}",status="401"}'),
    );
    expect(unmatched).toBeDefined();
    expect(Number(unmatched?.split(' ').pop())).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('metrics-probe');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{method="GET",route="\/v1\/\{unmatched\}",le="\+Inf"\} \d+/,
    );
  });
});
