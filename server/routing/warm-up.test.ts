import { describe, expect, it } from 'vitest';
import { routingRequestSchema } from './request-schema';
import { SIDE_BY_SIDE_MAX_ORDERS } from './solve-routing';
import { embeddedProblemOf, warmUpRequests, warmUpRouting } from './warm-up';

describe('routing warm-up', () => {
  it('plans what a caller could send: requests the plan endpoint accepts, of the largest size solved on two threads', () => {
    const requests = warmUpRequests();
    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests) {
      expect(request.orders).toHaveLength(SIDE_BY_SIDE_MAX_ORDERS);
      const parsed = routingRequestSchema({ maxOrders: 1000, maxFleet: 100 }, 'plan').safeParse({
        problemId: 'warm-up',
        ...request,
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      // Every place has coordinates: a configured remote geocoder would never be asked.
      for (const order of request.orders)
        expect(order.dropoffAddress?.latitude && order.pickupAddress?.latitude).toBeTruthy();
      for (const entry of request.fleet) expect(!entry.startAddress || entry.startAddress.latitude).toBeTruthy();
    }
  });

  it('covers both objectives families and a mixed fleet, so the search compiles the paths such plans take', async () => {
    const problems = await Promise.all(
      warmUpRequests().map((request) => embeddedProblemOf({ ...request, settings: null })),
    );
    expect(new Set(problems.map((p) => p.objective))).toEqual(new Set(['MIN_DURATION', 'MIN_VEHICLE_UTILIZATION']));
    for (const problem of problems) expect(problem.shipments).toHaveLength(SIDE_BY_SIDE_MAX_ORDERS);
    const mixed = problems.find((p) => p.objective === 'MIN_VEHICLE_UTILIZATION')!;
    expect(mixed.vehicles.some((v) => v.skills.length > 0)).toBe(true);
    expect(mixed.shipments.some((s) => s.requiredSkills.length > 0 && s.priority > 0)).toBe(true);
  });

  it('solves the warm-up plans on the solver threads and ends', async () => {
    await expect(warmUpRouting(1)).resolves.toBeUndefined();
  });
});
