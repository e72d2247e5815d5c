import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../client';

type Json = Record<string, unknown>;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Json[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<
    string,
    { description?: string; headers?: Record<string, Json>; content?: Record<string, { schema?: Json }> }
  >;
}

let doc: {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
};

function resolve(schema: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.split('/').pop() ?? '';
  const found = doc.components?.schemas?.[name];
  if (!found) throw new Error(`unresolvable $ref ${ref}`);
  return found;
}

/** Paths (`orders[].foo`) of object schemas in a request body that would silently accept unknown fields. */
function openObjects(schema: Json, path: string, seen: Set<Json>): string[] {
  const resolved = resolve(schema);
  if (seen.has(resolved)) return [];
  seen.add(resolved);
  const found: string[] = [];
  const type = resolved.type;
  const isObject =
    type === 'object' || (Array.isArray(type) && type.includes('object')) || resolved.properties !== undefined;
  if (isObject && resolved.properties && resolved.additionalProperties !== false) found.push(path || '(root)');
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Record<string, Json>)) {
    found.push(...openObjects(property, path ? `${path}.${name}` : name, seen));
  }
  if (resolved.items && typeof resolved.items === 'object')
    found.push(...openObjects(resolved.items as Json, `${path}[]`, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const part of (resolved[key] ?? []) as Json[]) found.push(...openObjects(part, path, seen));
  }
  return found;
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  const response = await fetch(`${baseUrl()}/v1/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await response.json()) as typeof doc;
});

describe('/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document without authentication', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(doc.paths['/healthz']?.get).toBeDefined();
    expect(doc.paths['/v1/openapi.json']?.get).toBeDefined();
  });

  it('gives every operation a unique operationId and a summary', () => {
    const ids = operations().map((o) => o.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations()) expect(operation.summary).toEqual(expect.any(String));
  });

  it('documents the error envelope for every error status, and 401 for every authenticated operation', () => {
    const errorSchema = doc.components?.schemas?.Error;
    expect(errorSchema).toBeDefined();
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400 || path === '/readyz') continue;
        expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      if ((operation.security ?? []).length > 0)
        expect(operation.responses?.['401'], `${method} ${path}`).toBeDefined();
    }
  });

  it('documents X-Request-Id on every response of every /v1 operation', () => {
    for (const { path, method, operation } of operations()) {
      if (!path.startsWith('/v1/')) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        expect(response.headers?.['X-Request-Id'], `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('describes only strict request bodies: unknown fields are rejected, so the schema must say so', () => {
    for (const { path, method, operation } of operations()) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      expect(openObjects(schema, '', new Set()), `${method} ${path}: objects accepting unknown fields`).toEqual([]);
    }
  });

  it('the OpenAPI document closes [key, value] tuples at exactly two items', () => {
    const tuples: Record<string, unknown>[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (Array.isArray(schema.prefixItems)) tuples.push(schema);
      Object.values(schema).forEach(walk);
    };
    walk(doc);
    // tagPriorities, vehicleMaps, vehicleSpecOverrides and lockedStops of run, plan and book.
    expect(tuples.length).toBeGreaterThanOrEqual(12);
    for (const tuple of tuples)
      expect({ minItems: tuple.minItems, maxItems: tuple.maxItems, items: tuple.items }).toEqual({
        minItems: 2,
        maxItems: 2,
        items: false,
      });
  });

  it('the OpenAPI document declares Prefer as a header parameter, 404 not_found and the 400 of GET /v1/itineraries', () => {
    for (const path of ['/v1/routing/plan', '/v1/routing/run']) {
      expect(
        doc.paths[path]?.post?.parameters?.some((p) => p.in === 'header' && p.name === 'Prefer'),
        path,
      ).toBe(true);
    }
    for (const [path, item] of Object.entries(doc.paths).filter(
      ([p]) => p.startsWith('/v1/routing') || p.startsWith('/v1/itineraries'),
    )) {
      for (const [method, operation] of Object.entries(item))
        expect(operation.responses?.['404']?.description, `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/v1/itineraries']?.get?.responses?.['400']?.description).toContain('invalid_input');
  });
});

/** As React escapes text content. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

describe('/v1/docs', () => {
  it('renders the reference from the document, offline (no external scripts, styles or fonts)', async () => {
    const response = await fetch(`${baseUrl()}/v1/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    // The text a reader sees: tags removed (code spans render `x` as <code>x</code>).
    const text = html.replace(/<[^>]+>/g, '');
    for (const { path, operation } of operations()) {
      expect(text).toContain(path);
      if (operation.summary) expect(text).toContain(escapeHtml(operation.summary.replace(/`/g, '')));
    }
    const external = [...html.matchAll(/(?:src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(external).toEqual([]);
  });
});
