/**
 * Hostile input at the HTTP edge, client addresses and security headers (issue 11). Each case here
 * answered a 5xx, a redirect or a spoofable decision before.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand, baseUrl, createTenant, type Tenant } from '../helpers';
import { startSecondServer, type SecondServer } from '../second-server';
import { expectError, expectRefused, get, smallPlan } from '../client';

function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant();
});

describe('hostile request bodies answer 400 naming the field', () => {
  it('refuses 10,000 levels of nesting in a free-form meta object', async () => {
    const plan = smallPlan();
    (plan.fleet as Record<string, unknown>[])[0]!.meta = 'DEEP';
    // Written as text: JSON.stringify itself would overflow the stack on such an object.
    const body = JSON.stringify(plan).replace('"DEEP"', '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000));
    const error = await expectRefused('/v1/routing/plan', body, tenant.basicAuthHeader(), 'invalid_input');
    expect(error.param).toMatch(/^fleet\[0\]\.meta(\.a)+$/);
  });

  it('refuses a lone UTF-16 surrogate in a string, naming its field', async () => {
    const plan = smallPlan();
    const body = JSON.stringify(plan).replace('"order-1"', '"O-\\ud800"');
    await expectRefused('/v1/routing/plan', body, tenant.basicAuthHeader(), 'invalid_input', 'orders[0].externalId');
  });

  it('refuses an itinerary id beyond a 32-bit integer', async () => {
    const { fleet: _fleet, ...plan } = smallPlan();
    const body = { ...plan, mode: 'updateItinerary', targetItineraryIds: [2147483648] };
    await expectRefused('/v1/routing/book', body, tenant.basicAuthHeader(), 'invalid_input', 'targetItineraryIds[0]');
  });

  it('refuses dates outside the years 2000-2100', async () => {
    const plan = smallPlan();
    (plan.fleet as Record<string, unknown>[])[0]!.scheduledStart = '0001-01-01T08:00:00Z';
    (plan.orders as Record<string, unknown>[])[0]!.dropoffWindowClose = '9999-12-31T18:00:00Z';
    const error = await expectRefused('/v1/routing/plan', plan, tenant.basicAuthHeader(), 'invalid_input');
    expect(['fleet[0].scheduledStart', 'orders[0].dropoffWindowClose']).toContain(error.param);
    expect(error.message).toMatch(/2000 and 2100/);
  });
});

describe('hostile paths and methods answer in the envelope', () => {
  it('a NUL or another control character in a job id is 400 invalid_job_id', async () => {
    for (const id of ['abc%00def', 'abc%0Adef', 'abc%7F']) {
      await expectError(
        await get(`/v1/routing/jobs/${id}`, { auth: tenant.basicAuthHeader() }),
        400,
        'invalid_job_id',
        'problemId',
      );
    }
  });

  it('percent-escapes that are not UTF-8 are 400 in the envelope, not a text/plain 500', async () => {
    for (const id of ['%ED%A0%80', '%zz', '%E2%82']) {
      const { status, body } = await rawRequest('GET', `/v1/routing/jobs/${id}`, {
        authorization: tenant.basicAuthHeader(),
      });
      expect(status, id).toBe(400);
      expect(JSON.parse(body)).toMatchObject({ error: { code: 'invalid_input', param: 'path' } });
    }
  });

  it('GET /v1/routing/jobs/ (empty id) is 400 invalid_job_id, not a redirect', async () => {
    const response = await fetch(`${baseUrl()}/v1/routing/jobs/`, {
      headers: { authorization: tenant.basicAuthHeader() },
      redirect: 'manual',
    });
    await expectError(response, 400, 'invalid_job_id', 'problemId');
  });

  it('TRACE, OPTIONS and made-up methods get 405 in the envelope on API and console paths', async () => {
    for (const [method, path] of [
      ['TRACE', '/v1/routing/plan'],
      ['OPTIONS', '/v1/routing/plan'],
      ['OPTIONS', '/v1/itineraries'],
      ['PROPFIND', '/v1/routing/jobs/x'],
      ['TRACE', '/console'],
    ] as const) {
      // Node's client: fetch refuses to send TRACE at all.
      const { status, headers, body } = await rawRequest(method, path, { authorization: tenant.basicAuthHeader() });
      expect(status, `${method} ${path}`).toBe(405);
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(body)).toMatchObject({ error: { type: 'invalid_request_error', code: 'method_not_allowed' } });
      expect(headers.allow).toContain('GET');
    }
  });
});

describe('security headers', () => {
  it('pages and API answers carry CSP, framing, sniffing, referrer and permissions policies', async () => {
    for (const path of ['/login', '/v1/docs', '/v1/openapi.json', '/v1/routing/jobs/x']) {
      const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
      await response.body?.cancel();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });

  it('no inline script runs without a nonce: pages get a fresh one per response, on every script they render', async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/login', '/login', '/v1/docs', '/no-such-page']) {
      const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
      const html = await response.text();
      const csp = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).toContain("'strict-dynamic'");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) expect(script, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(5);
    // Not pages: the static policy, which allows no inline script at all.
    for (const path of ['/v1/openapi.json', '/api/auth/csrf', '/healthz']) {
      const response = await fetch(`${baseUrl()}${path}`);
      await response.body?.cancel();
      expect(/script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1], path).toBe(
        "'self'",
      );
    }
  });

  it('no HSTS over plain HTTP, also when an untrusted client claims X-Forwarded-Proto: https', async () => {
    const response = await fetch(`${baseUrl()}/login`, { headers: { 'x-forwarded-proto': 'https' } });
    await response.body?.cancel();
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

// A non-loopback address of this machine, to reach the server as a remote client would.
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

describe.runIf(externalAddress !== undefined)('client addresses without trusted proxies', () => {
  const remoteUrl = () => baseUrl().replace('127.0.0.1', externalAddress!);

  it('a remote client claiming X-Forwarded-For: 127.0.0.1 is neither served /metrics nor the admin endpoint', async () => {
    const metrics = await fetch(`${remoteUrl()}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(metrics.status).toBe(403);
    const admin = await fetch(`${remoteUrl()}/api/internal/admin`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '127.0.0.1', 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'settings.get', args: {} }),
    });
    expect(admin.status).toBe(404);
  });
});

describe('behind a trusted proxy, with a metrics token', () => {
  let server: SecondServer | undefined;
  const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
  beforeAll(async () => {
    server = await startSecondServer({
      label: 'harden-proxy',
      env: { TRUSTED_PROXIES: '127.0.0.1,::1', METRICS_TOKEN },
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('believes the proxy: a forwarded remote client is refused the admin endpoint, a forwarded https gets HSTS', async () => {
    const admin = await fetch(`${server!.baseUrl}/api/internal/admin`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.7', 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'settings.get', args: {} }),
    });
    expect(admin.status).toBe(404);
    // The same command straight from loopback works (the token the test helpers read).
    await expect(adminCommand('account.create', { name: 'via loopback' })).resolves.toHaveProperty('id');

    const page = await fetch(`${server!.baseUrl}/login`, { headers: { 'x-forwarded-proto': 'https' } });
    await page.body?.cancel();
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('/metrics wants the token, from anywhere', async () => {
    const without = await fetch(`${server!.baseUrl}/metrics`);
    await expectError(without, 401, 'unauthenticated');
    const wrong = await fetch(`${server!.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${server!.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('http_requests_total');
  });
});

describe('slow and vanishing clients', () => {
  let server: SecondServer | undefined;
  let slowTenant: Tenant;
  beforeAll(async () => {
    server = await startSecondServer({
      label: 'harden-slow',
      env: { HTTP_HEADERS_TIMEOUT_SECONDS: '2', HTTP_REQUEST_TIMEOUT_SECONDS: '2', LOG_LEVEL: 'info' },
      captureOutput: true,
    });
    slowTenant = await createTenant();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** Opens a connection, writes `text` and keeps the connection open; resolves with what the server answers and when. */
  function halfSend(text: string): Promise<{ firstLine: string; afterMs: number }> {
    const url = new URL(server!.baseUrl);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
      socket.setEncoding('utf8');
      let answer = '';
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () =>
        resolve({ firstLine: answer.split('\r\n')[0] ?? '', afterMs: performance.now() - started }),
      );
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 30_000);
    });
  }

  it('a half-sent body is answered 408 after the configured request timeout, not held for minutes', async () => {
    const { firstLine, afterMs } = await halfSend(
      `POST /v1/routing/plan HTTP/1.1\r\nHost: x\r\nAuthorization: ${slowTenant.basicAuthHeader()}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"orders": [`,
    );
    expect(firstLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(afterMs).toBeGreaterThan(1_500);
    expect(afterMs).toBeLessThan(8_000);
  });

  it('half-sent headers are answered 408 too', async () => {
    const { firstLine, afterMs } = await halfSend('GET /v1/itineraries HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(firstLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(afterMs).toBeLessThan(8_000);
  });

  it('an upload the client abandons is logged as the client’s doing (400 request_aborted at info), never as a server error', async () => {
    const before = server!.output().length;
    const url = new URL(server!.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /v1/routing/plan HTTP/1.1\r\nHost: x\r\nAuthorization: ${slowTenant.basicAuthHeader()}\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{"problemId": "gone", "orders": [`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 500);
      });
      socket.on('error', reject);
    });
    // The server notices the closed connection and logs the request.
    const until = Date.now() + 10_000;
    let lines: Record<string, unknown>[] = [];
    while (Date.now() < until) {
      lines = server!
        .output()
        .slice(before)
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      if (lines.some((line) => line.path === '/v1/routing/plan')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const logged = lines.find((line) => line.path === '/v1/routing/plan');
    expect(logged, server!.output().slice(before)).toMatchObject({
      level: 'info',
      status: 400,
      errorCode: 'request_aborted',
    });
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(server!.output().slice(before)).not.toMatch(/\b(Error: aborted|ECONNRESET)\b/);
  });
});
