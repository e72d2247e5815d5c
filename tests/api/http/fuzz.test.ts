/**
 * Property-based fuzzing of every /v1 route (issue 11) and every console tRPC procedure (issue 64)
 * on the running server: generated hostile bodies, inputs, headers and paths must never get a 5xx,
 * never hang past 5 s, and every error must come in its envelope. Per API, one run with a fixed seed
 * (reproducible in CI) and one with a random seed; fast-check prints the seed and the shrunk
 * counterexample of a failure (reproduce with FUZZ_SEED=<seed>). Each run must finish whole within
 * RUN_TIME_LIMIT_MS: a slower server fails the test rather than quietly sending fewer requests.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, createConsoleUser, createTenant, type Tenant } from '../helpers';
import { recommendBody } from '../booking/fixtures';
import { smallPlan, uniqueId } from '../client';
import { cookieHeader, signIn } from './console-client';

const FIXED_SEED = 20261124;
const FIXED_RUNS = 2000;
const RANDOM_RUNS = 300;
const TRPC_FIXED_RUNS = 1500;
const TRPC_RANDOM_RUNS = 200;
const HANG_MS = 5000;
const RUN_TIME_LIMIT_MS = 60_000;

interface Operation {
  method: string;
  path: string; // template, e.g. /v1/routing/jobs/{problemId}
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** Node's client, not fetch: it sends any method (TRACE too) and any percent-encoded path. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: HANG_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = String(response.headers['content-encoding'] ?? '');
            const decoded =
              encoding === 'gzip'
                ? gunzipSync(raw)
                : encoding === 'br'
                  ? brotliDecompressSync(raw)
                  : encoding === 'deflate'
                    ? inflateSync(raw)
                    : raw;
            resolve({
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
              body: decoded.toString('utf8'),
            });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${HANG_MS} ms: ${method} ${path}`)));
    // A request line and headers over Node's limit are refused by its HTTP parser (431) before any
    // code of ours, and the socket closed: a client still sending a body may read a reset instead.
    const head = Buffer.byteLength(
      `${method} ${path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}`,
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (head > http.maxHeaderSize && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        resolve({ status: 431, contentType: '', body: '' });
      else reject(error);
    });
    request.end(body);
  });
}

/** A path segment as a client could put it on the wire; a lone surrogate goes out as its (invalid) UTF-8 bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80' + encodeURIComponent(value.replace(/\p{Cs}/gu, ''));
  }
}

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\ud800',
  'O-\udfff',
  '\u0000',
  'a\u0000b',
  '\u202e\u0007\u001b[31m',
  '../../../etc/passwd',
  "'; DROP TABLE accounts; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59+14:00',
  '2026-02-30T25:61:00Z',
  '1e400',
  'NaN',
  '-0',
  '__proto__',
  'constructor',
  'x'.repeat(20_000),
);
const hostileString = fc.oneof(
  nastyStrings,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 0.1, 1.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
// Deep nesting travels as a placeholder string, expanded in the JSON text (JSON.stringify of such a
// value would overflow this process's own stack).
const deepMarker = (depth: number) => `\u0001deep:${depth}\u0001`;
function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"\\u0001deep:(\d+)\\u0001"/g, (_, depth: string) => {
    const n = Number(depth);
    return '{"a":['.repeat(n) + '1' + ']}'.repeat(n);
  });
}
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.constantFrom(null, true, false, [], {}),
    fc.constantFrom(2, 20, 5000).map(deepMarker),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Every place in a JSON value: `[]` (the root), `['orders', 0, 'pickupAddress']`, ... */
function placesIn(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const here = [path];
  if (Array.isArray(value)) return here.concat(value.flatMap((item, i) => placesIn(item, [...path, i])));
  if (value && typeof value === 'object')
    return here.concat(Object.entries(value).flatMap(([k, v]) => placesIn(v, [...path, k])));
  return here;
}

function withValueAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

// A valid body mutated at one place, so the hostile value meets the deep validation and not just
// the first check. Its problemId is shared: a body that stays valid solves once, then replays or conflicts.
const validBody = { ...smallPlan({ problemId: uniqueId('fuzz') }), options: { solverTimeLimitSeconds: 0.1 } };
const places = placesIn(validBody);
const mutatedBody = fc
  .tuple(
    fc.constantFrom(...places),
    hostileValue,
    fc.constantFrom('createItinerary', 'updateItinerary', 'plan', undefined),
  )
  .map(([place, value, mode]) => toJsonText(withValueAt(mode ? { ...validBody, mode } : validBody, place, value)));
const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '{"problemId":', '[]', 'null', '"x"', '{"a":1}{"b":2}', '\u0000', '{"problemId":"\\ud800"}'),
  hostileValue.map(toJsonText),
);

const headerText = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);

type AuthKind = 'valid' | 'sandbox' | 'none' | 'garbage' | 'basic-garbage' | 'bearer-garbage';

/** The two runs of a fuzzer: fixedRuns requests with the fixed seed (or FUZZ_SEED), and randomRuns with a random one. */
function fuzzRuns(check: (runs: number, seed: number) => Promise<void>, fixedRuns: number, randomRuns: number): void {
  it(`${fixedRuns} requests with the fixed seed ${process.env.FUZZ_SEED ?? FIXED_SEED}`, async () => {
    await check(fixedRuns, Number(process.env.FUZZ_SEED ?? FIXED_SEED));
  }, 90_000);

  it(`${randomRuns} requests with a random seed`, async () => {
    await check(randomRuns, Date.now() ^ (Math.random() * 2 ** 31));
  }, 90_000);
}

describe('fuzzing every /v1 route', () => {
  let tenant: Tenant;
  let operations: Operation[];
  beforeAll(async () => {
    tenant = await createTenant();
    const document = (await (await fetch(`${baseUrl()}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => ({ method: m.toUpperCase(), path })),
      );
    expect(operations.length).toBeGreaterThanOrEqual(6);
    // Warm up: the first solve starts worker threads and loads the geodata, which is no hostile
    // input's fault; a mutated body that is still valid then replays, conflicts or solves warm.
    const auth = tenant.basicAuthHeader('live');
    const warm = async (path: string, body: unknown) => {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBeLessThan(500);
      await response.body?.cancel();
    };
    await warm('/v1/routing/plan', validBody);
    await warm('/v1/routing/book', { ...validBody, mode: 'createItinerary' });
  }, 60_000);

  function requestArbitrary() {
    return fc.record({
      operation: fc.constantFrom(...operations),
      method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'), {
        freq: 4,
      }),
      segment: fc.oneof(
        hostileString,
        fc.constantFrom(
          '42',
          '0',
          '-1',
          '2147483648',
          '99999999999999999999',
          '%',
          '%zz',
          '..',
          '%2F',
          uniqueId('job'),
        ),
      ),
      extraPath: fc.option(
        fc.constantFrom(
          '/',
          '//x',
          '/%00',
          '/..%2F..',
          '?a=1&a=2',
          '?date=0001-01-01',
          '?date=2026-11-23&accountId=2147483648',
          '?accountId=%00',
        ),
        { freq: 3 },
      ),
      auth: fc.constantFrom<AuthKind>(
        'valid',
        'valid',
        'valid',
        'sandbox',
        'none',
        'garbage',
        'basic-garbage',
        'bearer-garbage',
      ),
      junk: headerText,
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/vnd.x+json',
        'text/plain',
        'application/x-www-form-urlencoded',
        undefined,
      ),
      prefer: fc.option(
        fc.constantFrom(
          'respond-async',
          'wait=0',
          'wait=-1',
          'wait=99999999',
          'respond-async, wait=1',
          'handling=strict',
        ),
        { freq: 3 },
      ),
      extraHeaders: fc.dictionary(
        fc.constantFrom(
          'x-request-id',
          'x-forwarded-for',
          'x-forwarded-proto',
          'accept',
          'accept-encoding',
          'idempotency-key',
          'x-real-ip',
        ),
        headerText,
        { maxKeys: 3 },
      ),
      body: fc.option(fc.oneof({ arbitrary: mutatedBody, weight: 3 }, { arbitrary: rawBody, weight: 2 }), { freq: 6 }),
    });
  }

  async function check(runs: number, seed: number): Promise<void> {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async (r) => {
        const method = r.method ?? r.operation.method;
        const path = r.operation.path.replace(/\{[^}]+\}/g, () => encodeSegment(r.segment)) + (r.extraPath ?? '');
        const headers: Record<string, string> = { ...r.extraHeaders };
        const authorization = authorizationFor(r.auth, r.junk);
        if (authorization !== undefined) headers.authorization = authorization;
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (r.prefer !== null) headers.prefer = r.prefer;
        const started = performance.now();
        const answer = await send(method, path, headers, method === 'GET' ? undefined : (r.body ?? undefined));
        const elapsed = performance.now() - started;
        const what = `${method} ${path.slice(0, 200)} -> ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        expect(elapsed, what).toBeLessThan(HANG_MS);
        // 431 (headers or URL over Node's limit) comes from Node's HTTP parser before any code of ours: bare, and fine.
        if (answer.status >= 400 && answer.status !== 431) {
          expect(answer.contentType, what).toMatch(/^application\/json/);
          const envelope = JSON.parse(answer.body) as { error?: { type?: unknown; code?: unknown; message?: unknown } };
          expect(Object.keys(envelope), what).toEqual(['error']);
          expect(typeof envelope.error?.type, what).toBe('string');
          expect(typeof envelope.error?.code, what).toBe('string');
          expect(typeof envelope.error?.message, what).toBe('string');
        }
      }),
      { numRuns: runs, seed, interruptAfterTimeLimit: RUN_TIME_LIMIT_MS, markInterruptAsFailure: true },
    );

    function authorizationFor(kind: AuthKind, junk: string): string | undefined {
      switch (kind) {
        case 'valid':
          return tenant.basicAuthHeader('live');
        case 'sandbox':
          return tenant.basicAuthHeader('sandbox');
        case 'none':
          return undefined;
        case 'garbage':
          return junk;
        case 'basic-garbage':
          return `Basic ${Buffer.from(junk).toString('base64')}`;
        case 'bearer-garbage':
          return `Bearer ${junk}.${junk}.${junk}`;
      }
    }
  }

  fuzzRuns(check, FIXED_RUNS, RANDOM_RUNS);
});

interface Procedure {
  path: string;
  kind: 'query' | 'mutation';
  /** A valid input, mutated at one place by the fuzzer. */
  input: unknown;
}

type SessionKind = 'admin' | 'none' | 'garbage';

/** superjson's `meta` as a client could forge it: type annotations that make the server rebuild values. */
function forgedMeta(place: string): fc.Arbitrary<unknown> {
  const annotation = fc.oneof(
    fc.constantFrom('number', 'undefined', 'bigint', 'Date', 'regexp', 'set', 'map', 'Error', 'URL', 'nonsense', ''),
    fc.constantFrom(
      ['class', 'Foo'],
      ['symbol', 'x'],
      ['custom', 'x'],
      ['typed-array', 'Uint8Array'],
      ['number'],
      [],
      [null],
    ),
    hostileValue,
  );
  return fc.oneof(
    annotation.map((type) => ({ values: place === '' ? [type] : { [place]: [type] } })),
    annotation.map((type) => ({ values: { [place === '' ? '__proto__' : `${place}.__proto__`]: [type] } })),
    fc.constant({ referentialEqualities: { [place]: [place, ''] } }),
    hostileValue.map((value) => ({ values: value, v: value })),
  );
}

/** `arbitrary`'s value one time in `oneIn`, else null (fc.option's `freq` is the inverse: the odds of null). */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary, weight: 1 });
}

describe('fuzzing every console tRPC procedure', () => {
  let tenant: Tenant;
  let sessionCookie: string;
  let procedures: Procedure[];

  beforeAll(async () => {
    tenant = await createTenant();
    const fuzzer = await createConsoleUser(tenant, 'fuzz-admin', 'admin');
    // Mutations that change a user act on this one, so that the fuzzing admin keeps their session.
    const victim = await createConsoleUser(tenant, 'fuzz-victim', 'dispatcher', tenant.branchIds[0]);
    const { jar } = await signIn(fuzzer.email, fuzzer.password);
    sessionCookie = cookieHeader(jar);
    expect(sessionCookie).toContain('session-token=');
    const accountId = tenant.parentId;
    const suffix = tenant.externalUserId.replace('test-user-', '');
    const location = { addressLine1: '55 Water St', postalCode: '11201', latitude: 40.7, longitude: -73.99 };
    procedures = [
      { path: 'me', kind: 'query', input: undefined },
      { path: 'accounts.tree', kind: 'query', input: undefined },
      { path: 'settings.get', kind: 'query', input: { accountId } },
      {
        path: 'settings.setBooking',
        kind: 'mutation',
        input: {
          accountId,
          booking: {
            pricing: { model: 'markup', markupPercent: 10, markupFixedCents: 100 },
            rateCards: { 'cargo-van': { baseFeeCents: 1000, perMileCents: 100, perMinuteCents: 10 } },
          },
        },
      },
      {
        path: 'settings.setSlotPolicy',
        kind: 'mutation',
        input: {
          accountId,
          slotPolicy: {
            horizonDays: 30,
            leadTimeMinutes: 60,
            sameDayCutoff: '14:00',
            blackoutDates: ['2026-12-25'],
            buckets: { MORNING: { startHour: 8, endHour: 12 } },
          },
        },
      },
      {
        path: 'settings.setLocation',
        kind: 'mutation',
        input: { accountId, branchLocation: location, pickupOverride: null },
      },
      { path: 'admin.createBranch', kind: 'mutation', input: { name: 'Fuzz branch', parentId: accountId, location } },
      { path: 'admin.users.list', kind: 'query', input: undefined },
      {
        path: 'admin.users.invite',
        kind: 'mutation',
        input: {
          email: `fuzz-${suffix}@example.test`,
          role: 'dispatcher',
          accountId,
          externalUserId: `fuzz-invite-${suffix}`,
        },
      },
      { path: 'admin.users.resetPassword', kind: 'mutation', input: { userId: victim.id } },
      { path: 'admin.users.setDisabled', kind: 'mutation', input: { userId: victim.id, disabled: false } },
      { path: 'admin.apiKeys.list', kind: 'query', input: undefined },
      {
        path: 'admin.apiKeys.create',
        kind: 'mutation',
        input: { accountId, userId: victim.id, environment: 'sandbox' },
      },
      { path: 'admin.apiKeys.revoke', kind: 'mutation', input: { keyId: 2_000_000_000 } },
      { path: 'itineraries.list', kind: 'query', input: { date: '2026-11-23', accountId } },
      {
        path: 'routingJobs.list',
        kind: 'query',
        input: { environment: 'live', status: 'complete', kind: 'plan', page: 1, pageSize: 25 },
      },
      { path: 'routingJobs.get', kind: 'query', input: { jobId: uniqueId('job') } },
      { path: 'routingJobs.book', kind: 'mutation', input: { jobId: uniqueId('job') } },
      {
        path: 'routingJobs.plan',
        kind: 'mutation',
        input: {
          environment: 'sandbox',
          request: { ...smallPlan({ orders: 2 }), options: { solverTimeLimitSeconds: 0.1 } },
        },
      },
      { path: 'booking.recent', kind: 'query', input: undefined },
      { path: 'booking.trySearch', kind: 'mutation', input: recommendBody(tenant.branchIds[0]!, '2026-11-23') },
    ];
  }, 60_000);

  function requestArbitrary() {
    const procedureAndInput = fc.constantFrom(...procedures).chain((procedure) => {
      const places = placesIn(procedure.input);
      const input = fc.oneof(
        { arbitrary: fc.constant(procedure.input), weight: 1 },
        {
          arbitrary: fc
            .tuple(fc.constantFrom(...places), hostileValue)
            .map(([place, value]) => withValueAt(procedure.input, place, value)),
          weight: 6,
        },
        { arbitrary: hostileValue, weight: 1 },
      );
      const meta = sometimes(
        fc.constantFrom(...places).chain((place) => forgedMeta(place.join('.'))),
        4,
      );
      return fc.record({ procedure: fc.constant(procedure), input, meta });
    });
    return fc.record({
      call: procedureAndInput,
      method: sometimes(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), 6),
      batch: fc.nat(4).map((n) => n === 0),
      session: fc.constantFrom<SessionKind>('admin', 'admin', 'admin', 'admin', 'none', 'garbage'),
      junk: headerText,
      contentType: fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 8 },
        {
          arbitrary: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            undefined,
          ),
          weight: 2,
        },
      ),
      origin: sometimes(fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1'), 10),
      rawBody: sometimes(rawBody, 8),
      extraQuery: sometimes(
        fc.constantFrom('&batch=1', '&input=%7B', '&input=%00', '&input=', '&connectionParams=1'),
        8,
      ),
    });
  }

  async function check(runs: number, seed: number): Promise<void> {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async (r) => {
        const { procedure } = r.call;
        const method = r.method ?? (procedure.kind === 'query' ? 'GET' : 'POST');
        const envelope = (input: unknown) =>
          toJsonText(r.call.meta === null ? { json: input } : { json: input, meta: r.call.meta });
        const wrapped = r.batch ? `{"0":${envelope(r.call.input)}}` : envelope(r.call.input);
        const base = `/api/trpc/${procedure.path}${r.batch ? `,${procedure.path}` : ''}`;
        const search = [r.batch ? 'batch=1' : '', method === 'GET' ? `input=${encodeURIComponent(wrapped)}` : '']
          .filter(Boolean)
          .join('&');
        const path = `${base}${search ? `?${search}` : ''}${r.extraQuery ?? ''}`;
        const headers: Record<string, string> = {};
        if (r.session === 'admin') headers.cookie = sessionCookie;
        if (r.session === 'garbage') headers.cookie = `authjs.session-token=${r.junk}`;
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (r.origin !== null) headers.origin = r.origin;
        const body = method === 'GET' ? undefined : (r.rawBody ?? wrapped);
        const started = performance.now();
        const answer = await send(method, path, headers, body);
        const elapsed = performance.now() - started;
        const what = `${method} ${path.slice(0, 200)} -> ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        expect(elapsed, what).toBeLessThan(HANG_MS);
        if (answer.status >= 400 && answer.status !== 431) {
          // JSON, though tRPC labels a few of its own parse errors text/plain (connectionParams).
          expect(answer.contentType, what).toMatch(/^(application\/json|text\/plain)/);
          const parsed = JSON.parse(answer.body) as unknown;
          // tRPC's own error shape (one per call of a batch), or the edge's envelope (405, 403).
          const errors = Array.isArray(parsed) ? (parsed as { error?: unknown }[]) : [parsed as { error?: unknown }];
          for (const item of errors)
            if ('error' in item) expect(JSON.stringify(item.error), what).not.toMatch(/"stack"|Failed query|params:/);
        }
      }),
      { numRuns: runs, seed, interruptAfterTimeLimit: RUN_TIME_LIMIT_MS, markInterruptAsFailure: true },
    );
  }

  fuzzRuns(check, TRPC_FIXED_RUNS, TRPC_RANDOM_RUNS);
});
