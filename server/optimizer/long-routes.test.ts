import { describe, expect, it } from 'vitest';
import type { Problem } from './model';
import { parseSolomon } from './benchmarks';
import { buildSolution } from './solution';
import {
  Budget,
  DEFAULT_SEARCH_PARAMS,
  PAIRS_LONG_ROUTE_FLEET_SHARE,
  SQUEEZE_WINDOW,
  TIMED_FLEET_PHASE_SHARE,
  TIMED_PAIRS_START_TEMPERATURE,
  annealingTemperatures,
  longRouteFleetShare,
  searchParams,
  squeezeAllowance,
} from './search';
import { prepareSearch, solveOnThisThread } from './solve';
import { checkSolution, mixedInstance, randomInstance } from './verify';

const STEPS = 150;

/** A seeded random instance with few vehicles for many orders (long routes), every model feature by turns. */
function longRouteInstance(seed: number) {
  return mixedInstance(seed, seed * 6_007 + 11, {
    shipments: 24 + (seed % 13),
    vehicles: 2 + (seed % 2),
  });
}

function constructed(problem: Problem, seed: number) {
  const { inst, verdicts, search } = prepareSearch(problem, seed);
  search.construct();
  const check = () => {
    const stats = { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed, threads: 1, progress: [] };
    return checkSolution(problem, buildSolution(inst, search.snapshot(), search.unassigned, verdicts, stats));
  };
  return { search, check };
}

describe('tail exchange ruin (2-opt* with the split orders recreated)', () => {
  it('keeps every plan feasible, serves no fewer orders, and a rejected exchange restores the plan exactly', () => {
    let exchanged = 0;
    let kept = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const problem = longRouteInstance(seed);
      const { search, check: checkPlan } = constructed(problem, seed);
      for (let step = 0; step < STEPS; step++) {
        const routesBefore = search.snapshot();
        const unassignedBefore = search.unassigned.slice().sort((a, b) => a - b);
        const costBefore = search.totalCost();
        const result = search.moves.exchangeTailsAndRecreate();
        if (result.exchanged) exchanged++;
        if (!result.kept) {
          expect(search.snapshot()).toEqual(routesBefore);
          expect(search.unassigned.slice().sort((a, b) => a - b)).toEqual(unassignedBefore);
          expect(search.totalCost()).toBe(costBefore);
          continue;
        }
        kept++;
        expect(search.unassigned.length).toBeLessThanOrEqual(unassignedBefore.length);
        const check = checkPlan();
        expect(check.violations, `seed ${seed}, step ${step}`).toEqual([]);
        expect(check.feasible).toBe(true);
        // Every planned order sits in the route jobRoute names, with both of its stops.
        const routes = search.snapshot();
        routes.forEach((nodes, r) => {
          for (const node of nodes) expect(search.jobRoute[node >> 1]).toBe(r);
        });
      }
    }
    // It does something. Random windows are tight, so most cuts break one and change nothing
    // (813 of 3,600 tries exchanged, 792 of those kept, when this was written).
    expect(exchanged).toBeGreaterThan(400);
    expect(kept).toBeGreaterThan(300);
  });
});

describe('route group rebuild (two or three nearby routes planned again by their own search)', () => {
  it('replaces routes only with a feasible plan that serves the same orders at a lower cost', () => {
    let rebuilt = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const problem = longRouteInstance(seed);
      const { search, check } = constructed(problem, seed);
      for (let step = 0; step < 4; step++) {
        const routesBefore = search.snapshot();
        const unassignedBefore = search.unassigned.slice().sort((a, b) => a - b);
        const costBefore = search.totalCost();
        if (!search.rebuild.rebuild(Budget.unbounded(), 300, false)) {
          expect(search.snapshot()).toEqual(routesBefore);
          expect(search.totalCost()).toBe(costBefore);
          continue;
        }
        rebuilt++;
        expect(search.totalCost()).toBeLessThan(costBefore);
        expect(search.unassigned.slice().sort((a, b) => a - b)).toEqual(unassignedBefore);
        const result = check();
        expect(result.violations, `seed ${seed}, step ${step}`).toEqual([]);
        expect(result.feasible).toBe(true);
        search.snapshot().forEach((nodes, r) => {
          for (const node of nodes) expect(search.jobRoute[node >> 1]).toBe(r);
        });
        // The cost the search keeps is the cost of its routes planned again from their stops.
        const again = constructed(problem, seed).search;
        again.restore(search.snapshot(), search.unassigned);
        expect(again.totalCost()).toBeCloseTo(search.totalCost(), 6);
      }
    }
    // Greedy constructions leave room: many groups are rebuilt shorter (39 of 96 tries when this was written).
    expect(rebuilt).toBeGreaterThan(30);
  });
});

describe('annealing on long routes starts hotter', () => {
  it('calls routes long from 24 stops per used route on, and starts their annealing 10 times hotter, ending as cold', () => {
    let long = 0;
    let short = 0;
    for (let seed = 1; seed <= 24; seed++) {
      // Two vehicles with room for 30 shipments without windows, then eight vehicles for 12 shipments: both sides of the rule.
      const problem =
        seed % 2 === 0
          ? randomInstance(seed * 7_919 + 3, { shipments: 30, vehicles: 2, openStopShare: 1, capacityShare: 1 })
          : randomInstance(seed * 7_919 + 3, { shipments: 12, vehicles: 8 });
      const { search } = constructed(problem, seed);
      const routes = search.snapshot().filter((nodes) => nodes.length > 0);
      const stops = routes.reduce((sum, nodes) => sum + nodes.length, 0);
      const expected = stops >= 24 * Math.max(1, routes.length);
      expect(search.routesAreLong(), `seed ${seed}: ${stops} stops on ${routes.length} routes`).toBe(expected);
      if (expected) long++;
      else short++;

      const usual = annealingTemperatures(search.costPerOrder(), false);
      const hot = annealingTemperatures(search.costPerOrder(), true);
      expect(usual.start).toBeGreaterThan(usual.end);
      expect(hot.start / usual.start).toBeCloseTo(10, 9);
      expect(hot.end).toBe(usual.end);
      // The start on short routes that solve() gives its threads for plans with pairs against a time limit.
      const timedPairs = annealingTemperatures(search.costPerOrder(), false, TIMED_PAIRS_START_TEMPERATURE);
      expect(timedPairs.start / usual.start).toBeCloseTo(TIMED_PAIRS_START_TEMPERATURE, 9);
      expect(timedPairs.end).toBe(usual.end);
      expect(annealingTemperatures(search.costPerOrder(), true, TIMED_PAIRS_START_TEMPERATURE).start).toBe(hot.start);
    }
    expect(long).toBeGreaterThan(3);
    expect(short).toBeGreaterThan(3);
  });
});

/**
 * A Solomon instance of `groups` clusters of `perGroup` customers, far apart and open at the same
 * hours: one vehicle cannot serve two clusters in time, while capacity alone would allow one
 * vehicle for all (so route elimination tries, and always fails, to go below one route per cluster).
 * The windows close at `close`: by default time for one cluster (5 units of service a stop, 1 of
 * travel between neighbours) and not for the 75 or more to the next.
 */
function separateClusters(groups: number, perGroup: number, close = 100 + 10 * perGroup): Problem {
  const rows = ['0 50 50 0 0 2000 0'];
  for (let g = 0; g < groups; g++) {
    // Two per column: (5, 5) and (5, 95), then (85, 5) and (85, 95).
    const cx = 5 + 80 * Math.floor(g / 2);
    const cy = g % 2 === 0 ? 5 : 95;
    for (let k = 0; k < perGroup; k++)
      rows.push(`${rows.length} ${cx + (k % 5)} ${cy + Math.floor(k / 5)} 1 100 ${close} 5`);
  }
  const text = ['CLUSTERS', 'VEHICLE', 'NUMBER CAPACITY', `${groups + 2} 1000`, 'CUSTOMER', ...rows].join('\n');
  return parseSolomon('clusters', text).problem;
}

describe('route elimination on long routes', () => {
  const MOVES = 2_000;

  it('ends at the share of the budget it is given once the routes are long, and keeps to half of it on short routes', () => {
    const long = constructed(separateClusters(2, 30), 1).search;
    expect(long.routesAreLong()).toBe(true);
    expect(long.routeElimination.eliminateWithin(MOVES, 0.1, DEFAULT_SEARCH_PARAMS.fleetShare)).toBe(0.1 * MOVES);
    expect(long.usedVehicles()).toBe(2);
    expect(
      constructed(separateClusters(2, 30), 1).search.routeElimination.eliminateWithin(
        MOVES,
        0.5,
        DEFAULT_SEARCH_PARAMS.fleetShare,
      ),
    ).toBe(0.5 * MOVES);

    // Windows so tight that construction opens a third route: the routes are long once it goes.
    const lengthening = constructed(separateClusters(2, 30, 320), 1).search;
    expect(lengthening.usedVehicles()).toBe(3);
    expect(lengthening.routesAreLong()).toBe(false);
    expect(lengthening.routeElimination.eliminateWithin(MOVES, 0.1, DEFAULT_SEARCH_PARAMS.fleetShare)).toBe(
      0.1 * MOVES,
    );
    expect(lengthening.usedVehicles()).toBe(2);

    const short = constructed(separateClusters(4, 5), 1).search;
    expect(short.routesAreLong()).toBe(false);
    expect(short.routeElimination.eliminateWithin(MOVES, 0.1, DEFAULT_SEARCH_PARAMS.fleetShare)).toBe(0.5 * MOVES);
    expect(short.usedVehicles()).toBe(4);
    // The share for short routes that solve() gives its threads against a time limit (TIMED_FLEET_PHASE_SHARE).
    const shortTimed = constructed(separateClusters(4, 5), 1).search;
    expect(shortTimed.routeElimination.eliminateWithin(MOVES, 0.1, TIMED_FLEET_PHASE_SHARE)).toBe(
      TIMED_FLEET_PHASE_SHARE * MOVES,
    );
    expect(shortTimed.usedVehicles()).toBe(4);
  });
});

describe('route elimination on long routes of plans with pairs', () => {
  it('takes the share for plans with pairs when the plan has pairs, and the share for long routes otherwise', () => {
    const limits = { longRouteFleetShare: 0.5, pairsLongRouteFleetShare: PAIRS_LONG_ROUTE_FLEET_SHARE };
    const pairs = prepareSearch(longRouteInstance(1), 1).search;
    expect(longRouteFleetShare(searchParams(limits), pairs.hasPairs())).toBe(PAIRS_LONG_ROUTE_FLEET_SHARE);
    expect(longRouteFleetShare(searchParams({ longRouteFleetShare: 0.5 }), pairs.hasPairs())).toBe(0.5);
    const singles = prepareSearch(separateClusters(2, 30), 1).search;
    expect(longRouteFleetShare(searchParams(limits), singles.hasPairs())).toBe(0.5);
    expect(longRouteFleetShare(searchParams({}), singles.hasPairs())).toBe(0.5);
  });
});

describe('the squeeze of route elimination on long routes with pairs', () => {
  it('allows a move the cap at first, more as the window is spent, anything once it is', () => {
    expect(squeezeAllowance(5, 0)).toBe(5);
    expect(squeezeAllowance(5, SQUEEZE_WINDOW / 2)).toBeCloseTo(10, 9);
    expect(squeezeAllowance(5, 0.9 * SQUEEZE_WINDOW)).toBeCloseTo(50, 9);
    expect(squeezeAllowance(5, SQUEEZE_WINDOW)).toBe(Infinity);
    expect(squeezeAllowance(5, 2 * SQUEEZE_WINDOW)).toBe(Infinity);
    // Plans of single stops and short routes have no cap.
    expect(squeezeAllowance(Infinity, 0)).toBe(Infinity);
  });

  it('turns down costly squeezes of a plan with pairs on long routes, never of single stops', () => {
    const pairs = constructed(longRouteInstance(7), 7);
    expect(pairs.search.usedVehicles()).toBe(3);
    pairs.search.routeElimination.eliminateWithin(2_000, 0.5, DEFAULT_SEARCH_PARAMS.fleetShare);
    expect(pairs.search.usedVehicles()).toBe(2);
    expect(pairs.search.routeElimination.squeezesTurnedDown).toBeGreaterThan(0);
    expect(pairs.check().feasible).toBe(true);

    const singles = constructed(separateClusters(2, 30, 320), 1).search;
    expect(singles.usedVehicles()).toBe(3);
    singles.routeElimination.eliminateWithin(2_000, 0.1, DEFAULT_SEARCH_PARAMS.fleetShare);
    expect(singles.usedVehicles()).toBe(2);
    expect(singles.routeElimination.squeezesTurnedDown).toBe(0);
  });
});

describe('the start temperature for plans with pairs', () => {
  const MOVES = 1_500;
  const plan = (problem: Problem, seed: number, pairsStartTemperature?: number): string =>
    JSON.stringify(
      solveOnThisThread(problem, {
        seed,
        maxIterations: MOVES,
        ...(pairsStartTemperature !== undefined ? { params: { pairsStartTemperature } } : {}),
      }).routes.map((r) => `${r.vehicle}:${r.stops.map((s) => `${s.shipment}${s.kind}`).join(',')}`),
    );

  it('leaves plans of single stops alone and anneals plans with pairs from it', () => {
    let changed = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const singles = randomInstance(seed * 7_919 + 11, { shipments: 14, vehicles: 6, singleStopShare: 1 });
      expect(plan(singles, seed, TIMED_PAIRS_START_TEMPERATURE), `seed ${seed}`).toBe(plan(singles, seed));
      const pairs = randomInstance(seed * 7_919 + 11, { shipments: 14, vehicles: 6 });
      if (plan(pairs, seed, TIMED_PAIRS_START_TEMPERATURE) !== plan(pairs, seed)) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });
});
