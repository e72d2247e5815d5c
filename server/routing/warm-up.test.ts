import { describe, expect, it } from 'vitest';
import { routingRequestSchema } from './request-schema';
import { SIDE_BY_SIDE_MAX_ORDERS } from './solve-routing';
import { warmUpRequest, warmUpRouting } from './warm-up';

describe('routing warm-up', () => {
  it('plans what a caller could send: a request the plan endpoint accepts, of the largest size solved on two threads', () => {
    const request = warmUpRequest();
    expect(request.orders).toHaveLength(SIDE_BY_SIDE_MAX_ORDERS);
    const parsed = routingRequestSchema({ maxOrders: 1000, maxFleet: 100 }, 'plan').safeParse({ problemId: 'warm-up', ...request });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // Every place has coordinates: a configured remote geocoder would never be asked.
    for (const order of request.orders) expect(order.dropoffAddress?.latitude && order.pickupAddress?.latitude).toBeTruthy();
  });

  it('solves the warm-up plan on the solver threads and ends', async () => {
    await expect(warmUpRouting(1)).resolves.toBeUndefined();
  });
});
