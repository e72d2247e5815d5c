import { describe, expect, it } from 'vitest';
import { ApiError, errorEnvelope, errorResponse, toApiError } from './errors';

describe('error envelope', () => {
  it('nests type, code, message and param under error', () => {
    const error = ApiError.badRequest('invalid_routing_input', 'fleet is required for plan mode', 'fleet');
    expect(errorEnvelope(error)).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'invalid_routing_input',
        message: 'fleet is required for plan mode',
        param: 'fleet',
      },
    });
  });

  it('derives the type from the status', () => {
    expect(ApiError.unauthenticated().type).toBe('authentication_error');
    expect(ApiError.noAccountForUser().status).toBe(401);
    expect(ApiError.forbidden('account_mismatch', 'x').type).toBe('invalid_request_error');
    expect(ApiError.internal('optimization_failed', 'x').type).toBe('api_error');
    expect(ApiError.rateLimited(1.2).type).toBe('rate_limit_error');
  });

  it('puts retryAfterSeconds in the body and Retry-After in the headers of a 429', async () => {
    const response = errorResponse(ApiError.rateLimited(1.2));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited', retryAfterSeconds: 2 });
  });

  it('turns unknown errors into a generic 500 that leaks nothing', async () => {
    const error = toApiError(new Error('connection to 10.0.0.5:5432 refused, password=hunter2'), 'req-1');
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal_error');
    expect(error.type).toBe('api_error');
    const text = await errorResponse(error).text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('10.0.0.5');
    expect(text).toContain('req-1');
  });

  it('passes ApiErrors through unchanged', () => {
    const error = ApiError.notFound('job_not_found', 'No such job.');
    expect(toApiError(error, 'r')).toBe(error);
  });
});

describe('domain errors', () => {
  it("routing's domain errors get the contract's statuses, keeping code, message and param", () => {
    const cases: [string, number][] = [
      ['invalid_routing_input', 400],
      ['string_account_id_unsupported', 400],
      ['account_mismatch', 403],
      ['invalid_job_id', 400],
      ['job_not_found', 404],
      ['itinerary_not_found', 404],
      ['enqueue_failed', 500],
      ['book_failed', 500],
      ['unknown_job_state', 500],
      ['job_lookup_failed', 500],
    ];
    for (const [code, status] of cases) {
      const error = Object.assign(new Error(`${code} message`), { name: 'RoutingError', code, param: 'field' });
      expect(toApiError(error, 'r')).toMatchObject({ status, code, message: `${code} message`, param: 'field' });
    }
  });
});
