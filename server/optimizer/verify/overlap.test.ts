import { describe, expect, it } from 'vitest';
import type { Objective, Problem, Route, Solution } from '../model';
import { solveOnThisThread } from '../index';
import { checkSolution } from './checker';
import { euclideanMatrices } from './generators';

/**
 * MIN_VEHICLE_AVOID_TOUR_OVERLAP charges each route's spread (objective.ts, routeSpread). Two
 * clusters 1000 m either side of the depot (x = -1000 and x = +1000), four stops each, 100 m apart;
 * travel at 1 m/s; two vehicles of at most four stops. Time windows reward interleaving: the early
 * west pair, then the east pair 4000 s later, fills one vehicle's waiting with the drive across, so
 * interleaved tours are 8000 s shorter in total (and about 3800 m longer) than one tour per cluster.
 * MIN_DURATION interleaves; duration plus distance alone would too; the spread term keeps each tour
 * in its own cluster.
 */
const DEPOT: [number, number] = [0, 0];
const STOPS: { at: [number, number]; window: [number, number] }[] = [
  { at: [-1000, -150], window: [2000, 2200] },
  { at: [-1000, 50], window: [2000, 2200] },
  { at: [1000, -150], window: [6000, 6200] },
  { at: [1000, 50], window: [6000, 6200] },
  { at: [-1000, -50], window: [10_000, 10_200] },
  { at: [-1000, 150], window: [10_000, 10_200] },
  { at: [1000, -50], window: [14_000, 14_200] },
  { at: [1000, 150], window: [14_000, 14_200] },
];
const POINTS: [number, number][] = [DEPOT, ...STOPS.map((s) => s.at)];

function twoClusters(objective: Objective): Problem {
  return {
    locationCount: POINTS.length,
    ...euclideanMatrices(POINTS, 1),
    dimensions: 1,
    vehicles: [0, 1].map((i) => ({
      id: `v${i}`,
      startLocation: 0,
      endLocation: 0,
      earliestStart: 0,
      latestEnd: 36_000,
      capacity: [100],
      skills: [],
      maxStops: 4,
      fixedCost: 0,
      costPerHour: 0,
      costPerMeter: 0,
      speedFactor: 1,
    })),
    shipments: STOPS.map((s, i) => ({
      id: `s${i}`,
      pickup: null,
      delivery: { location: i + 1, serviceSeconds: 0, timeWindows: [{ start: s.window[0], end: s.window[1] }] },
      size: [1],
      requiredSkills: [],
      priority: 0,
    })),
    objective,
  };
}

function solveChecked(problem: Problem): Solution {
  const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 3000, timeLimitMs: 60_000 });
  expect(checkSolution(problem, solution).violations).toEqual([]);
  expect(solution.unassigned).toEqual([]);
  return solution;
}

const pointsOf = (route: Route) => route.stops.map((s) => POINTS[s.location]!);
const centroid = (points: [number, number][]): [number, number] => [
  points.reduce((sum, p) => sum + p[0], 0) / points.length,
  points.reduce((sum, p) => sum + p[1], 0) / points.length,
];
const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Stops that lie closer to another route's centroid than to their own route's (0: no overlap). */
function misplacedStops(solution: Solution): number {
  const centroids = solution.routes.map((r) => centroid(pointsOf(r)));
  let misplaced = 0;
  solution.routes.forEach((route, r) => {
    for (const p of pointsOf(route)) {
      const own = dist(p, centroids[r]!);
      if (centroids.some((c, o) => o !== r && dist(p, c) < own)) misplaced++;
    }
  });
  return misplaced;
}

interface Box {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}
const boxOf = (route: Route): Box => {
  const pts = pointsOf(route);
  return {
    minX: Math.min(...pts.map((p) => p[0])),
    maxX: Math.max(...pts.map((p) => p[0])),
    minY: Math.min(...pts.map((p) => p[1])),
    maxY: Math.max(...pts.map((p) => p[1])),
  };
};
/** Whether the bounding boxes of two routes' stops intersect. */
const boxesOverlap = (a: Box, b: Box) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** Reference spread: sum over a route's stops of the mean Euclidean distance to its other stops. */
function spread(route: Route): number {
  const pts = pointsOf(route);
  let sum = 0;
  for (const a of pts) for (const b of pts) sum += dist(a, b);
  return sum / pts.length;
}

describe('MIN_VEHICLE_AVOID_TOUR_OVERLAP', () => {
  it('keeps each tour in its own cluster where MIN_DURATION interleaves them', () => {
    const interleaved = solveChecked(twoClusters('MIN_DURATION'));
    expect(interleaved.routes).toHaveLength(2);
    // Both MIN_DURATION tours visit both clusters.
    for (const route of interleaved.routes) {
      expect(new Set(pointsOf(route).map((p) => Math.sign(p[0]))).size).toBe(2);
    }

    const compact = solveChecked(twoClusters('MIN_VEHICLE_AVOID_TOUR_OVERLAP'));
    expect(compact.routes).toHaveLength(2);
    for (const route of compact.routes) {
      expect(route.stops).toHaveLength(4);
      expect(new Set(pointsOf(route).map((p) => Math.sign(p[0]))).size).toBe(1);
    }
    expect(misplacedStops(compact)).toBe(0);
    expect(boxesOverlap(boxOf(compact.routes[0]!), boxOf(compact.routes[1]!))).toBe(false);
    expect(boxesOverlap(boxOf(interleaved.routes[0]!), boxOf(interleaved.routes[1]!))).toBe(true);
    // The compact plan is worse on duration plus distance: the spread term is what decides.
    expect(compact.duration + compact.distance).toBeGreaterThan(interleaved.duration + interleaved.distance);
    // The reported cost is duration + distance + spread (weight 1), as the search charges it.
    const expected = compact.duration + compact.distance + compact.routes.reduce((sum, r) => sum + spread(r), 0);
    expect(compact.cost).toBeCloseTo(expected, 6);
  });

  it('still uses fewer vehicles before compact tours', () => {
    // Without the windows one vehicle of eight stops can serve both clusters: it must.
    const problem = twoClusters('MIN_VEHICLE_AVOID_TOUR_OVERLAP');
    for (const s of problem.shipments) s.delivery!.timeWindows = [];
    for (const v of problem.vehicles) v.maxStops = 8;
    const solution = solveChecked(problem);
    expect(solution.routes).toHaveLength(1);
  });
});
