import { beforeAll, describe, expect, it } from 'vitest';
import { liveTenant, type Tenant } from '../helpers';
import { example, expectError, expectJson, expectRefused, type Json, post, smallPlan } from '../client';

describe('POST /v1/routing/plan and /v1/routing/run: errors', () => {
  let tenant: Tenant;
  let auth: string;
  beforeAll(async () => ({ tenant, auth } = await liveTenant()));

  it('400 invalid_input names an unknown field by its JSON path', async () => {
    const body = smallPlan();
    (body.orders as Json[])[0]!.colour = 'red';
    await expectRefused('/v1/routing/plan', body, auth, 'invalid_input', 'orders[0].colour');
  });

  it('400 invalid_input names a malformed field', async () => {
    const body = smallPlan();
    (body.orders as Json[])[0]!.dropoffWindowClose = 'tomorrow';
    await expectRefused('/v1/routing/plan', body, auth, 'invalid_input', 'orders[0].dropoffWindowClose');
    const noProblem = smallPlan();
    delete noProblem.problemId;
    await expectRefused('/v1/routing/plan', noProblem, auth, 'invalid_input', 'problemId');
    const badLatitude = smallPlan();
    (badLatitude.orders as Json[])[0]!.pickupAddress = { postalCode: '11201', latitude: '95', longitude: '-73.9' };
    await expectRefused('/v1/routing/plan', badLatitude, auth, 'invalid_input', 'orders[0].pickupAddress.latitude');
  });

  it('400 invalid_input for a body that is not JSON', async () => {
    await expectRefused('/v1/routing/plan', '{"problemId": ', auth, 'invalid_input');
  });

  it('400 invalid_input with the limit in the message for more than 2,000 orders or 300 fleet entries', async () => {
    const body = smallPlan();
    body.orders = Array.from({ length: 2001 }, (_, i) => ({ externalId: `o${i}` }));
    const orders = await expectRefused('/v1/routing/plan', body, auth, 'invalid_input', 'orders');
    expect(orders.message).toContain('2000');
    const fleet = smallPlan();
    fleet.fleet = Array.from({ length: 301 }, () => (smallPlan().fleet as Json[])[0]);
    const error = await expectRefused('/v1/routing/plan', fleet, auth, 'invalid_input', 'fleet');
    expect(error.message).toContain('300');
  });

  it('400 invalid_routing_input with param fleet when the fleet is missing', async () => {
    const body = smallPlan();
    delete body.fleet;
    await expectRefused('/v1/routing/plan', body, auth, 'invalid_routing_input', 'fleet');
  });

  it('400 invalid_routing_input listing the accepted objectives for an unknown one', async () => {
    const body = { ...smallPlan(), options: { objective: 'FASTEST_PLEASE' } };
    const error = await expectRefused('/v1/routing/plan', body, auth, 'invalid_routing_input', 'options.objective');
    for (const objective of [
      'MIN_DURATION',
      'MIN_MAX_TRAVEL_COST_DISTANCE',
      'MIN_VEHICLE_AVOID_TOUR_OVERLAP',
      'MIN_VEHICLE_UTILIZATION',
    ]) {
      expect(error.message).toContain(objective);
    }
  });

  it('400 invalid_routing_input for an unknown vehicle type, a repeated order id or a locked stop naming an unknown order', async () => {
    const vehicle = smallPlan();
    (vehicle.fleet as Json[])[0]!.vehicleType = 'zeppelin';
    const error = await expectRefused(
      '/v1/routing/plan',
      vehicle,
      auth,
      'invalid_routing_input',
      'fleet[0].vehicleType',
    );
    expect(error.message).toContain('cargo-van');

    const repeated = smallPlan({ orders: 2 });
    (repeated.orders as Json[])[1]!.externalId = 'order-1';
    await expectRefused('/v1/routing/plan', repeated, auth, 'invalid_routing_input', 'orders[1].externalId');

    const locked = {
      ...smallPlan(),
      options: { lockedStops: [['driver-1:van-1', [{ orderExternalId: 'ghost', type: 'pickup' }]]] },
    };
    await expectRefused(
      '/v1/routing/plan',
      locked,
      auth,
      'invalid_routing_input',
      'options.lockedStops[0][1][0].orderExternalId',
    );
  });

  it('400 invalid_routing_input with param problemId when a retained problemId comes with a different body', async () => {
    const body = smallPlan();
    await expectJson(await post('/v1/routing/plan', body, { auth }), 200);
    const changed = { ...body, orders: (body.orders as Json[]).slice(0, 2) };
    await expectRefused('/v1/routing/plan', changed, auth, 'invalid_routing_input', 'problemId');
  });

  it('400 string_account_id_unsupported for a string accountId; 403 account_mismatch for another account', async () => {
    await expectRefused(
      '/v1/routing/plan',
      { ...smallPlan(), accountId: String(tenant.parentId) },
      auth,
      'string_account_id_unsupported',
      'accountId',
    );
    await expectError(
      await post('/v1/routing/plan', { ...smallPlan(), accountId: tenant.branchIds[0] }, { auth }),
      403,
      'account_mismatch',
      'accountId',
    );
    await expectJson(await post('/v1/routing/plan', { ...smallPlan(), accountId: tenant.parentId }, { auth }), 200);
  });

  it('run requires mode plan', async () => {
    await expectRefused('/v1/routing/run', smallPlan(), auth, 'invalid_input', 'mode');
    await expectRefused('/v1/routing/run', { ...smallPlan(), mode: 'createItinerary' }, auth, 'invalid_input', 'mode');
  });

  it('404 not_found for an unknown routing endpoint', async () => {
    await expectError(await post('/v1/routing/optimize', smallPlan(), { auth }), 404, 'not_found');
  });

  it('fleet: [] on plan and createItinerary is 400 invalid_routing_input naming fleet', async () => {
    await expectRefused('/v1/routing/plan', { ...smallPlan(), fleet: [] }, auth, 'invalid_routing_input', 'fleet');
    await expectRefused(
      '/v1/routing/book',
      { ...example('book-create'), fleet: [] },
      auth,
      'invalid_routing_input',
      'fleet',
    );
  });

  it('/v1/routing/plan plans any mode but needs what the mode needs: an unknown mode, an update without targets', async () => {
    await expectRefused('/v1/routing/plan', { ...smallPlan(), mode: 'book' }, auth, 'invalid_input', 'mode');
    const { fleet: _fleet, ...withoutFleet } = smallPlan();
    await expectRefused(
      '/v1/routing/plan',
      { ...withoutFleet, mode: 'updateItinerary' },
      auth,
      'invalid_routing_input',
      'targetItineraryIds',
    );
  });
});
