import { Agent, request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, basicAuth, demoCredentials, errorOf } from '../client';

// How every /v1 endpoint that takes a JSON body treats what arrives before its own rules apply.
const demo = demoCredentials();
const auth = { Authorization: basicAuth(demo.apiUser, demo.liveKey) };

/** Every POST the OpenAPI document describes with a JSON body: the checks follow the API as it grows. */
async function documentedBodyEndpoints(): Promise<string[]> {
  const doc = (await (await fetch(`${baseUrl()}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  return Object.entries(doc.paths)
    .filter(
      ([path, item]) =>
        path.startsWith('/v1/') && !path.includes('{') && item.post?.requestBody?.content?.['application/json'],
    )
    .map(([path]) => path);
}
const bodyEndpoints = await documentedBodyEndpoints();

it('finds the documented endpoints that take a JSON body', () => {
  expect(bodyEndpoints.length).toBeGreaterThan(0);
});
// The server's default MAX_BODY_BYTES (5 MB).
const LIMIT = 5 * 1024 * 1024;

function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    body,
    headers: { ...auth, 'Content-Type': 'application/json', ...headers },
  });
}

// Chunked uploads go through one keep-alive connection, as real clients send them: the server must
// drain what it refuses so that the connection stays usable and the 413 is read.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

/** A POST with a chunked body (no Content-Length), so only counting the streamed bytes can catch it. */
function postChunked(path: string, chunks: number, chunkSize: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${baseUrl()}${path}`);
    const req = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const chunk = '"' + 'x'.repeat(chunkSize - 2) + '"';
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        sent += 1;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe.each(bodyEndpoints)('POST %s body handling', (path) => {
  it('rejects malformed JSON with 400 invalid_input', async () => {
    const response = await post(path, '{"problemId": "p1", "orders": [');
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_input' });
  });

  it('rejects a body not sent as application/json with 400 invalid_input naming Content-Type', async () => {
    const response = await post(path, '{}', { 'Content-Type': 'text/plain' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_input', param: 'Content-Type' });
  });

  it('rejects an unknown top-level field with 400 invalid_input naming it', async () => {
    const response = await post(path, JSON.stringify({ definitelyNotAField: true }));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_input');
    expect(error.param).toBe('definitelyNotAField');
  });

  it('rejects a declared oversized body with 413 request_too_large', async () => {
    const response = await post(path, JSON.stringify({ padding: 'x'.repeat(LIMIT) }));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large' });
  });

  it('rejects an undeclared (chunked) oversized body with 413 request_too_large', async () => {
    const { status, body } = await postChunked(path, 12, 512 * 1024);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'request_too_large' } });
  });

  it('authenticates before reading the body', async () => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      body: 'not json',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('unauthenticated');
  });
});

describe('X-Request-Id', () => {
  it('echoes a plain id the caller sends, on errors as on success', async () => {
    const mine = `test-${Date.now()}`;
    const failed = await post(bodyEndpoints[0] ?? '/v1/routing/plan', '{', { 'X-Request-Id': mine });
    expect(failed.headers.get('x-request-id')).toBe(mine);
    const notFound = await fetch(`${baseUrl()}/v1/nothing`, { headers: { ...auth, 'X-Request-Id': mine } });
    expect(notFound.headers.get('x-request-id')).toBe(mine);
    const spec = await fetch(`${baseUrl()}/v1/openapi.json`, { headers: { 'X-Request-Id': mine } });
    expect(spec.status).toBe(200);
    expect(spec.headers.get('x-request-id')).toBe(mine);
  });

  it('generates a fresh id when none (or an unsafe one) is sent', async () => {
    const first = await fetch(`${baseUrl()}/v1/nothing`);
    const second = await fetch(`${baseUrl()}/v1/nothing`, { headers: { 'X-Request-Id': 'has spaces and <html>' } });
    const a = first.headers.get('x-request-id');
    const b = second.headers.get('x-request-id');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});

// Compression is left to the reverse proxy (docs/decisions.md): the app answers uncompressed even
// when the client accepts gzip, so no answer waits for a zlib stream on the event loop.
it('answers uncompressed even when the client accepts gzip', async () => {
  const res = await fetch(`${baseUrl()}/v1/openapi.json`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(((await res.json()) as { paths: object }).paths).toBeDefined();
});
