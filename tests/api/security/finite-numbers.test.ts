/**
 * Numbers stay finite after unit conversion (DECISIONS.md, Everywhere): `1e308` is a finite JSON
 * number that overflows to Infinity once converted (kilograms to pounds, cents by a percentage) and
 * is stored as `null`. Every numeric field of every /v1 body and console (tRPC) input is sent with
 * `1e308`, one field at a time, and must get 400 naming exactly that field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonPath } from '@/server/validation';
import { createConsoleUser, createTenant, type Tenant } from '../helpers';
import { recommendBody } from '../booking/fixtures';
import { expectError, expectJson, expectRefused, type Json, post, smallPlan, uniqueId } from '../client';
import { mutate, query, signIn } from '../http/console-client';

const HUGE = 1e308;
type Place = (string | number)[];

/** Every place in a JSON value that holds a number. */
function numericPlaces(value: unknown, path: Place = []): Place[] {
  if (typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => numericPlaces(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => numericPlaces(item, [...path, key]));
  return [];
}

function withValueAt(root: unknown, path: Place, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

const DATE = '2026-11-23';
const vehicleSpec = {
  capacityPounds: 3000,
  capacityCubicInches: 500_000,
  maxStops: 20,
  shiftHours: 10,
  speedFactor: 1,
  fixedCost: 10,
  costPerHour: 20,
  costPerMile: 1,
};

/** A valid plan with every numeric field of the routing request present. */
function fullPlan(accountId: number): Json {
  const plan = smallPlan({ orders: 2 });
  const orders = plan.orders as Json[];
  orders[0]!.payloadItems = [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 2 }];
  orders[0]!.customTags = [{ name: 'vip' }];
  (plan.fleet as Json[])[0]!.vehicleSpec = {
    ...vehicleSpec,
    breaks: [{ earliestStart: `${DATE}T12:00:00-05:00`, latestEnd: `${DATE}T14:00:00-05:00`, durationMinutes: 30 }],
  };
  return {
    ...plan,
    accountId,
    options: {
      solverTimeLimitSeconds: 0.5,
      tagPriorities: [['vip', 3]],
      serviceTime: { setupSeconds: 60, perItemSeconds: 10 },
      vehicleSpecOverrides: [['cargo-van', vehicleSpec]],
    },
  };
}

let tenant: Tenant;
let admin: Map<string, string>;

beforeAll(async () => {
  tenant = await createTenant();
  const login = await createConsoleUser(tenant, 'numbers', 'admin');
  admin = (await signIn(login.email, login.password)).jar;
});

describe('/v1: 1e308 in any numeric field is 400 invalid_input at that field', () => {
  it('routing plan: the full body plans, and each of its numbers at 1e308 is refused', async () => {
    const body = fullPlan(tenant.parentId);
    await expectJson(await post('/v1/routing/plan', body, { auth: tenant.basicAuthHeader() }), 200);
    const places = numericPlaces(body);
    expect(places.length).toBeGreaterThanOrEqual(25);
    for (const place of places) {
      const huge = withValueAt({ ...body, problemId: uniqueId('huge') }, place, HUGE);
      const error = await expectError(
        await post('/v1/routing/plan', huge, { auth: tenant.basicAuthHeader() }),
        400,
        'invalid_input',
        jsonPath(place),
      );
      expect(error.message, jsonPath(place)).toMatch(/at most|finite|account id|whole number|Invalid/i);
    }
  });

  it('routing book: targetItineraryIds and the same fields', async () => {
    const { fleet: _fleet, ...plan } = smallPlan();
    const update = { ...plan, mode: 'updateItinerary', targetItineraryIds: [HUGE] };
    await expectRefused('/v1/routing/book', update, tenant.basicAuthHeader(), 'invalid_input', 'targetItineraryIds[0]');
    const create = { ...fullPlan(tenant.parentId), mode: 'createItinerary' };
    for (const place of [
      ['orders', 0, 'payloadItems', 0, 'weight'],
      ['fleet', 0, 'vehicleSpec', 'capacityPounds'],
    ]) {
      await expectError(
        await post('/v1/routing/book', withValueAt(create, place, HUGE), { auth: tenant.basicAuthHeader() }),
        400,
        'invalid_input',
        jsonPath(place),
      );
    }
  });

  it('booking recommend: every number of the cart', async () => {
    const body = recommendBody(tenant.branchIds[0]!, DATE);
    const places = numericPlaces(body);
    expect(places.map((place) => jsonPath(place)).sort()).toEqual(
      [
        'cart.items[0].dimensionsCm.height',
        'cart.items[0].dimensionsCm.length',
        'cart.items[0].dimensionsCm.width',
        'cart.items[0].quantity',
        'cart.items[0].weightKg',
        'cart.orderValueCents',
      ].sort(),
    );
    for (const place of places) {
      await expectError(
        await post('/v1/booking/recommend', withValueAt(body, place, HUGE), { auth: tenant.basicAuthHeader() }),
        400,
        'invalid_input',
        jsonPath(place),
      );
    }
  });
});

describe('console tRPC: 1e308 in any numeric input is 400 at that field', () => {
  interface Procedure {
    path: string;
    kind: 'query' | 'mutation';
    input: () => Json;
  }
  const procedures: Procedure[] = [
    { path: 'settings.get', kind: 'query', input: () => ({ accountId: tenant.parentId }) },
    {
      path: 'settings.setBooking',
      kind: 'mutation',
      input: () => ({
        accountId: tenant.parentId,
        booking: {
          pricing: { model: 'free_over', markupPercent: 10, markupFixedCents: 100, freeOverCents: 10_000 },
          rateCards: { 'cargo-van': { baseFeeCents: 1000, perMileCents: 100, perMinuteCents: 10 } },
        },
      }),
    },
    {
      path: 'settings.setSlotPolicy',
      kind: 'mutation',
      input: () => ({
        accountId: tenant.parentId,
        slotPolicy: { horizonDays: 30, leadTimeMinutes: 60, buckets: { MORNING: { startHour: 8, endHour: 12 } } },
      }),
    },
    {
      path: 'settings.setLocation',
      kind: 'mutation',
      input: () => ({
        accountId: tenant.parentId,
        branchLocation: { postalCode: '11201', latitude: 40.7, longitude: -73.99 },
        pickupOverride: { postalCode: '11201', latitude: 40.7, longitude: -73.99 },
      }),
    },
    {
      path: 'admin.createBranch',
      kind: 'mutation',
      input: () => ({
        name: 'Branch',
        parentId: tenant.parentId,
        location: { postalCode: '11201', latitude: 40.7, longitude: -73.99 },
      }),
    },
    {
      path: 'admin.users.invite',
      kind: 'mutation',
      input: () => ({ email: 'invited@example.test', role: 'dispatcher', accountId: tenant.parentId }),
    },
    { path: 'admin.users.resetPassword', kind: 'mutation', input: () => ({ userId: 1 }) },
    { path: 'admin.users.setDisabled', kind: 'mutation', input: () => ({ userId: 1, disabled: false }) },
    {
      path: 'admin.apiKeys.create',
      kind: 'mutation',
      input: () => ({ accountId: tenant.parentId, userId: 1, environment: 'live' }),
    },
    { path: 'admin.apiKeys.revoke', kind: 'mutation', input: () => ({ keyId: 1 }) },
    { path: 'itineraries.list', kind: 'query', input: () => ({ date: DATE, accountId: tenant.parentId }) },
    { path: 'routingJobs.list', kind: 'query', input: () => ({ page: 1, pageSize: 25 }) },
    {
      path: 'routingJobs.plan',
      kind: 'mutation',
      input: () => ({ environment: 'live', request: fullPlan(tenant.parentId) }),
    },
    { path: 'booking.trySearch', kind: 'mutation', input: () => recommendBody(tenant.branchIds[0]!, DATE) },
  ];

  it.each(procedures.map((procedure) => [procedure.path, procedure] as const))('%s', async (_path, procedure) => {
    const input = procedure.input();
    const places = numericPlaces(input);
    expect(places.length).toBeGreaterThan(0);
    for (const place of places) {
      const huge = withValueAt(input, place, HUGE);
      const { status, body } =
        procedure.kind === 'query'
          ? await query(procedure.path, admin, huge)
          : await mutate(procedure.path, admin, huge);
      const what = `${procedure.path} ${jsonPath(place)}: ${JSON.stringify(body).slice(0, 300)}`;
      expect(status, what).toBe(400);
      expect(body.error?.json.data.code, what).toBe('BAD_REQUEST');
      expect(body.error?.json.data.param, what).toBe(jsonPath(place));
    }
  });
});
