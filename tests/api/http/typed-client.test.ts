import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  waitForBookingJob,
  waitForRoutingJob,
  type ApiClient,
  type ApiSchemas,
} from '@/server/api-client';
import { setBookingClock } from '../booking/clock';
import { baseUrl, createKey, createTenant, createUser, type Tenant } from '../helpers';
import { cargoVans, STORE, uniqueId } from '../client';

/**
 * The typed client (server/api-client) against the real server: requests are typed by the
 * checked-in OpenAPI types, so these tests stop compiling when the client drifts from the API, and
 * fail when the server answers other than the types say.
 */
const DATE = '2026-11-23';

function plan(problemId: string): ApiSchemas['RoutingPlanRequest'] {
  return {
    problemId,
    orders: ['11101', '11238', '10003'].map((postalCode, i) => ({
      externalId: `${problemId}-order-${i + 1}`,
      pickupAddress: STORE,
      dropoffAddress: { addressLine1: `${i + 1} Main St`, city: 'New York', state: 'NY', postalCode },
      dropoffWindowOpen: `${DATE}T09:00:00-05:00`,
      dropoffWindowClose: `${DATE}T18:00:00-05:00`,
      payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
    })),
    fleet: cargoVans(1, DATE),
    options: { solverTimeLimitSeconds: 0.5 },
  };
}

describe('typed /v1 client', () => {
  let tenant: Tenant;
  let api: ApiClient;

  beforeAll(async () => {
    tenant = await createTenant();
    api = createApiClient({
      baseUrl: baseUrl(),
      credentials: { externalUserId: tenant.externalUserId, apiKey: tenant.liveKey },
    });
  });

  it('plans with Prefer: wait=0 (202 pending body), then polls the job to its result', async () => {
    const body = plan(uniqueId('typed-plan'));
    const { data, error, response } = await api.POST('/v1/routing/plan', { body, headers: { Prefer: 'wait=0' } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(202);
    expect(response.headers.get('preference-applied')).toBe('wait=0');
    expect(data).toEqual({
      jobId: body.problemId,
      problemId: body.problemId,
      status: 'processing',
      statusUrl: `/v1/routing/jobs/${body.problemId}`,
    });

    const pendingRetries: number[] = [];
    const result = await waitForRoutingJob(api, body.problemId, {
      onPending: (seconds) => pendingRetries.push(seconds),
    });
    expect(pendingRetries.every((seconds) => seconds === 2)).toBe(true);
    expect(result.problemId).toBe(body.problemId);
    expect(result.unassigned).toEqual([]);
    expect(result.summary.ordersServed).toBe(3);
  });

  it('books, then reads the same itineraries by id and by date', async () => {
    const body: ApiSchemas['RoutingBookRequest'] = { ...plan(uniqueId('typed-book')), mode: 'createItinerary' };
    const booked = await api.POST('/v1/routing/book', { body });
    expect(booked.error).toBeUndefined();
    expect(booked.response.status).toBe(200);
    const itineraries = booked.data?.itineraries ?? [];
    expect(itineraries.length).toBeGreaterThan(0);

    for (const itinerary of itineraries) {
      const { data } = await api.GET('/v1/itineraries/{id}', { params: { path: { id: String(itinerary.id) } } });
      expect(data?.externalId).toBe('driver-1:van-1');
      expect(data?.itineraryStops.map((stop) => stop.orderExternalIds)).toEqual(
        itinerary.itineraryStops.map((stop) => stop.orderExternalIds),
      );
    }
    const listed = await api.GET('/v1/itineraries', { params: { query: { date: DATE } } });
    expect(listed.data?.itineraries.map((itinerary) => itinerary.id)).toEqual(
      expect.arrayContaining(itineraries.map((itinerary) => itinerary.id)),
    );
  });

  it('gets the error envelope typed, naming the field', async () => {
    const body = plan(uniqueId('typed-bad'));
    const { data, error, response } = await api.POST('/v1/routing/plan', {
      body: { ...body, orders: [{ ...body.orders[0]!, dropoffWindowClose: 'tomorrow' }] },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error?.error).toMatchObject({ type: 'invalid_request_error', param: 'orders[0].dropoffWindowClose' });

    const anonymous = createApiClient({ baseUrl: baseUrl() });
    const unauthenticated = await anonymous.GET('/v1/itineraries', { params: { query: { date: DATE } } });
    expect(unauthenticated.response.status).toBe(401);
    expect(unauthenticated.error?.error.code).toBe('unauthenticated');
  });

  it('books a branch with its own key, then the parent searches delivery windows on that route', async () => {
    const branchId = tenant.branchIds[0]!;
    const branchUser = uniqueId('typed-branch-user');
    await createUser({ externalUserId: branchUser, defaultAccountId: branchId });
    const branch = createApiClient({
      baseUrl: baseUrl(),
      credentials: { externalUserId: branchUser, apiKey: await createKey(branchId, branchUser, 'live') },
    });
    const booked = await branch.POST('/v1/routing/book', {
      body: { ...plan(uniqueId('typed-branch')), mode: 'createItinerary' },
    });
    expect(booked.response.status).toBe(200);
    expect(booked.data?.itineraries.every((itinerary) => itinerary.accountId === branchId)).toBe(true);

    setBookingClock(tenant.parentId, `2026-11-22T10:00:00-05:00`);
    const recommended = await api.POST('/v1/booking/recommend', {
      body: {
        cart: {
          items: [
            { description: 'Armchair', dimensionsCm: { height: 90, length: 80, width: 75 }, quantity: 1, weightKg: 25 },
          ],
          orderValueCents: 45_000,
        },
        date: DATE,
        deliveryMethod: 'cargo-van',
        destination: { addressLine1: '350 5th Ave', city: 'New York', state: 'NY', postalCode: '10118' },
        fulfillingBranchId: String(branchId),
        timeframeBucket: 'AFTERNOON',
      },
    });
    expect(recommended.error).toBeUndefined();
    expect(recommended.response.status).toBe(202);
    const result = await waitForBookingJob(api, recommended.data?.jobId ?? '');
    expect(result.status).toBe('complete');
    expect(result.windows.length).toBeGreaterThan(0);
    for (const window of result.windows) expect(window.deliveryWindowStart.endsWith('-05:00')).toBe(true);
  });
});
