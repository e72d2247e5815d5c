import { describe, expect, it } from 'vitest';
import { solveOnThisThread } from '../index';
import { checkSolution } from './checker';
import { CITY, CITY_DAY, cityInstance, randomInstance } from './generators';

describe('seeded generators', () => {
  it('same seed, same problem; another seed, another problem', () => {
    const options = {
      shipments: 8,
      vehicles: 3,
      singleStopShare: 0.3,
      multiWindowShare: 0.3,
      traffic: true,
      locks: true,
    };
    expect(randomInstance(5, options)).toEqual(randomInstance(5, options));
    expect(randomInstance(6, options)).not.toEqual(randomInstance(5, options));
    expect(cityInstance(3, { orders: 50, vehicles: 4 })).toEqual(cityInstance(3, { orders: 50, vehicles: 4 }));
  });

  it('city instances: orders in the metro with two-hour customer windows, a mixed fleet at the depots', () => {
    const problem = cityInstance(1, { orders: 300, vehicles: 12 });
    expect(problem.shipments).toHaveLength(300);
    expect(problem.vehicles).toHaveLength(12);
    expect(problem.durations).toHaveLength(problem.locationCount ** 2);
    expect(problem.vehicles.every((v) => v.startLocation < CITY.depots.length && v.capacity.length === 2)).toBe(true);
    expect(new Set(problem.vehicles.map((v) => v.capacity[0])).size).toBe(2);
    for (const s of problem.shipments) {
      expect(s.pickup !== null || s.delivery !== null).toBe(true);
      const customer = s.delivery ?? s.pickup!;
      const window = customer.timeWindows[0]!;
      expect(window.end - window.start).toBeGreaterThanOrEqual(2 * 3600);
      expect(window.start).toBeGreaterThanOrEqual(CITY_DAY + 8 * 3600);
      expect(window.end).toBeLessThanOrEqual(CITY_DAY + 20 * 3600);
    }
    // Everything lies within 30 km of downtown (orders 22 km, the farthest depot about 27 km), so no
    // leg exceeds 60 km in a straight line, 78 km at the haversine fallback's 1.3 circuity.
    expect(problem.distances.reduce((max, d) => Math.max(max, d), 0)).toBeLessThan(78_000);
  });

  it('the solver answers a small city instance with a solution the checker accepts', () => {
    const problem = cityInstance(2, { orders: 120, vehicles: 6 });
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 200, timeLimitMs: 60_000 });
    expect(checkSolution(problem, solution).violations).toEqual([]);
    expect(solution.unassigned.length).toBeLessThan(problem.shipments.length);
  });
});
