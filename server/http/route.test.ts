import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetConfigForTests } from '@/server/config';
import { ApiError } from './errors';
import { metrics } from './metrics';
import { apiRoute, json, type NextRouteContext } from './route';

// The wrapper without authentication (auth 'none'), driven with real Request objects.
beforeAll(() => {
  process.env.MAX_BODY_BYTES = '2048';
  process.env.LOG_LEVEL = 'silent';
  resetConfigForTests();
});

const noParams: NextRouteContext = { params: Promise.resolve({}) };
const withParams = (params: Record<string, string>): NextRouteContext => ({ params: Promise.resolve(params) });

const echo = apiRoute(
  {
    auth: 'none',
    body: z.strictObject({ name: z.string(), items: z.array(z.strictObject({ qty: z.number().int() })).optional() }),
    query: z.strictObject({ verbose: z.enum(['true', 'false']).optional() }),
  },
  async ({ body, query, requestId }) => ({
    name: body.name,
    items: body.items?.length ?? 0,
    verbose: query.verbose ?? null,
    requestId,
  }),
);

function post(
  body: BodyInit | null,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  url = 'http://test/v1/echo',
): Request {
  return new Request(url, {
    method: 'POST',
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  });
}

async function errorOf(response: Response): Promise<{ type: string; code: string; message: string; param?: string }> {
  const body = (await response.json()) as { error: { type: string; code: string; message: string; param?: string } };
  return body.error;
}

describe('apiRoute', () => {
  it('parses body and query and answers 200 JSON with a request id', async () => {
    const response = await echo(
      post(
        JSON.stringify({ name: 'a', items: [{ qty: 1 }] }),
        { 'content-type': 'application/json; charset=utf-8' },
        'http://test/v1/echo?verbose=true',
      ),
      noParams,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'a', items: 1, verbose: 'true' });
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a plain incoming X-Request-Id and replaces an unsafe one', async () => {
    const mine = await echo(
      post('{"name":"a"}', { 'content-type': 'application/json', 'x-request-id': 'client-123.abc' }),
      noParams,
    );
    expect(mine.headers.get('x-request-id')).toBe('client-123.abc');
    const unsafe = await echo(
      post('{"name":"a"}', { 'content-type': 'application/json', 'x-request-id': 'a b<script>' }),
      noParams,
    );
    expect(unsafe.headers.get('x-request-id')).not.toBe('a b<script>');
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a body that is not declared as JSON', async () => {
    const response = await echo(post('{"name":"a"}', { 'content-type': 'text/plain' }), noParams);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_input',
      param: 'Content-Type',
    });
  });

  it('rejects malformed JSON and an empty body', async () => {
    const malformed = await echo(post('{"name": '), noParams);
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('not valid JSON'),
    });
    const empty = await echo(post(''), noParams);
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).code).toBe('invalid_input');
  });

  it('names unknown and wrong fields by JSON path', async () => {
    const unknown = await echo(
      post(JSON.stringify({ name: 'a', items: [{ qty: 1 }, { qty: 2, sku: 'x' }] })),
      noParams,
    );
    expect(await errorOf(unknown)).toMatchObject({ code: 'invalid_input', param: 'items[1].sku' });
    const wrong = await echo(post(JSON.stringify({ name: 'a', items: [{ qty: 1.5 }] })), noParams);
    expect(await errorOf(wrong)).toMatchObject({ code: 'invalid_input', param: 'items[0].qty' });
    const query = await echo(post('{"name":"a"}', undefined, 'http://test/v1/echo?verbos=true'), noParams);
    expect(await errorOf(query)).toMatchObject({ code: 'invalid_input', param: 'verbos' });
  });

  it('answers 413 from the declared length without reading the body', async () => {
    const response = await echo(
      post('{}', { 'content-type': 'application/json', 'content-length': '999999' }),
      noParams,
    );
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large' });
  });

  it('answers 413 when an undeclared (streamed) body grows past the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1000));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await echo(post(stream), noParams);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('request_too_large');
    expect(sent).toBeLessThan(10);
  });

  it('maps thrown ApiErrors and hides unexpected ones', async () => {
    const failing = apiRoute({ auth: 'none' }, async () => {
      throw ApiError.badRequest('invalid_routing_input', 'fleet is required', 'fleet');
    });
    const known = await failing(new Request('http://test/v1/x'), noParams);
    expect(known.status).toBe(400);
    expect(await errorOf(known)).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_routing_input',
      message: 'fleet is required',
      param: 'fleet',
    });

    const crashing = apiRoute({ auth: 'none' }, async () => {
      throw new Error('secret internals');
    });
    const unknown = await crashing(new Request('http://test/v1/x', { headers: { 'x-request-id': 'r-1' } }), noParams);
    expect(unknown.status).toBe(500);
    const error = await errorOf(unknown);
    expect(error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    expect(error.message).not.toContain('secret');
    expect(error.message).toContain('r-1');
  });

  it('passes through Responses from json() with their status and headers', async () => {
    const accepted = apiRoute(
      { auth: 'none', params: z.strictObject({ jobId: z.string().min(1) }) },
      async ({ params }) =>
        json({ status: 'processing', jobId: params.jobId }, { status: 202, headers: { 'Retry-After': '2' } }),
    );
    const response = await accepted(new Request('http://test/v1/booking/jobs/j-42'), withParams({ jobId: 'j-42' }));
    expect(response.status).toBe(202);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(await response.json()).toEqual({ status: 'processing', jobId: 'j-42' });
  });

  it('counts requests by route template, not by raw path', async () => {
    const handler = apiRoute({ auth: 'none' }, async () => ({ ok: true }));
    await handler(new Request('http://test/v1/things/abc-1'), withParams({ thingId: 'abc-1' }));
    await handler(new Request('http://test/v1/things/abc-2'), withParams({ thingId: 'abc-2' }));
    const text = metrics.render();
    expect(text).toContain('http_requests_total{method="GET",route="/v1/things/{thingId}",status="200"} 2');
    expect(text).not.toContain('abc-1');
  });
});
