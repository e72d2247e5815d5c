import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, type OpenApiRegistration } from './openapi';

const widget = z
  .strictObject({ name: z.string().meta({ description: 'Display name.' }), size: z.number().int().optional() })
  .meta({ id: 'Widget' });

const registerWidgets: OpenApiRegistration = (docs) => {
  docs.route({
    method: 'post',
    path: '/v1/widgets',
    operationId: 'createWidget',
    summary: 'Create a widget',
    tags: ['Widgets'],
    auth: 'api_key',
    body: widget,
    responses: { 201: { description: 'Created.', schema: widget, headers: { Location: 'The new widget.' } } },
    errors: [{ status: 403, code: 'widget_forbidden', description: 'Not yours.' }],
  });
  docs.route({
    method: 'get',
    path: '/v1/widgets/{widgetId}',
    operationId: 'getWidget',
    summary: 'Get a widget',
    tags: ['Widgets'],
    auth: 'routing',
    params: z.strictObject({ widgetId: z.string() }),
    responses: { 200: { description: 'The widget.', schema: widget } },
  });
};

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument([registerWidgets]);
  const create = doc.paths?.['/v1/widgets']?.post;
  const get = doc.paths?.['/v1/widgets/{widgetId}']?.get;

  it('is OpenAPI 3.1 with named schemas and security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components?.schemas?.Widget).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['name'],
    });
    expect(doc.components?.schemas?.Error).toBeDefined();
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(['basicAuth', 'bearerAuth']);
  });

  it('derives security and the wrapper errors from auth and body', () => {
    expect(create?.security).toEqual([{ basicAuth: [] }]);
    expect(get?.security).toEqual([{ bearerAuth: [] }, { basicAuth: [] }]);
    // Authenticated /v1 operations also document the 404 `not_found` of a method the path does not serve.
    expect(Object.keys(create?.responses ?? {}).sort()).toEqual(['201', '400', '401', '403', '404', '413', '500']);
    // No body: no 400/413 from the wrapper.
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '401', '404', '500']);
    const unauthorized = create?.responses?.['401'] as {
      description: string;
      content: Record<string, { examples: Record<string, unknown> }>;
    };
    expect(unauthorized.description).toContain('`unauthenticated`');
    expect(Object.keys(unauthorized.content['application/json']?.examples ?? {})).toEqual([
      'unauthenticated',
      'no_account_for_user',
    ]);
    const forbidden = create?.responses?.['403'] as {
      content: Record<string, { schema: unknown; examples: Record<string, { value: unknown }> }>;
    };
    expect(forbidden.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(forbidden.content['application/json']?.examples.widget_forbidden?.value).toEqual({
      error: { type: 'invalid_request_error', code: 'widget_forbidden', message: 'Not yours.' },
    });
  });

  it('documents response headers, X-Request-Id included, and path parameters', () => {
    const created = create?.responses?.['201'] as { headers: Record<string, unknown> };
    expect(Object.keys(created.headers).sort()).toEqual(['Location', 'X-Request-Id']);
    expect(get?.parameters).toEqual([expect.objectContaining({ name: 'widgetId', in: 'path', required: true })]);
  });

  it('refuses the same method and path twice', () => {
    expect(() => buildOpenApiDocument([registerWidgets, registerWidgets])).toThrow(/registered twice/);
  });
});
