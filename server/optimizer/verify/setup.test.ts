import { describe, expect, it } from 'vitest';
import { OBJECTIVES, type Problem, type Stop } from '../model';
import { solveOnThisThread } from '../index';
import { checkSolution } from './checker';
import { solveExhaustively, toSolution } from './exhaustive';
import { lineInstance } from './fixtures';
import { randomInstance } from './generators';
import { compareObjective, describeObjective, solutionObjective } from './objective';

/**
 * Setup once per place (Stop.setupSeconds, Problem.places): the checker, the exhaustive solver and
 * the solver agree on tiny instances whose stops share places, and charge the setup only where the
 * stop before is at another place.
 */

const SETUP = 240;

/** A random instance whose pickups are at one store (one location) and whose first dropoff is next door (another location, the same place). */
function colocated(seed: number): Problem {
  const base = randomInstance(seed * 7919 + 65, {
    shipments: 3 + (seed % 2),
    vehicles: 2,
    objective: OBJECTIVES[seed % OBJECTIVES.length]!,
  });
  const store = base.shipments[0]!.pickup!.location;
  const nextDoor = base.shipments[0]!.delivery!.location;
  const places = Array.from({ length: base.locationCount }, (_, location) => location);
  places[nextDoor] = places[store]!;
  const withSetup = (stop: Stop | null, location?: number): Stop | null =>
    stop && { ...stop, location: location ?? stop.location, setupSeconds: SETUP };
  return {
    ...base,
    places,
    shipments: base.shipments.map((s) => ({
      ...s,
      pickup: withSetup(s.pickup, store),
      delivery: withSetup(s.delivery),
    })),
  };
}

describe('setup once per place', () => {
  it('checker, exhaustive solver and solver agree on tiny instances with co-located stops', () => {
    const mismatches: string[] = [];
    for (let seed = 1; seed <= 16; seed++) {
      const problem = colocated(seed);
      const label = `seed ${seed} ${problem.objective}`;
      const exact = solveExhaustively(problem);
      const exactViolations = checkSolution(problem, toSolution(problem, exact)).violations;
      if (exactViolations.length > 0) mismatches.push(`${label}: exhaustive plan rejected: ${exactViolations[0]}`);
      const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 2000, timeLimitMs: 60_000 });
      const violations = checkSolution(problem, solution).violations;
      if (violations.length > 0) {
        mismatches.push(`${label}: solver plan rejected: ${violations[0]}`);
        continue;
      }
      const found = solutionObjective(problem, solution);
      if (compareObjective(problem.objective, found, exact.value, 1e-6) !== 0)
        mismatches.push(`${label}\n  solver ${describeObjective(found)}\n  exact  ${describeObjective(exact.value)}`);
    }
    expect(mismatches).toEqual([]);
  });

  // A van loads three orders at the store (location 1) and delivers them at 2, 3 and 3 again.
  const store = (): Problem =>
    lineInstance({
      points: [0, 100, 1000, 2000],
      vehicles: [{}],
      shipments: [2, 3, 3].map((location) => ({
        pickup: { location: 1, serviceSeconds: 30, setupSeconds: 180 },
        delivery: { location, serviceSeconds: 30, setupSeconds: 180 },
      })),
    });

  it('charges one setup per arrival at a place: the exhaustive plan and the solver', () => {
    const problem = store();
    const exact = toSolution(problem, solveExhaustively(problem));
    const solution = solveOnThisThread(problem, { seed: 1, maxIterations: 500 });
    for (const plan of [exact, solution]) {
      expect(checkSolution(problem, plan).violations).toEqual([]);
      const route = plan.routes.find((r) => r.stops.length > 0)!;
      expect(route.stops.map((s) => s.serviceSeconds)).toEqual([210, 30, 30, 210, 210, 30]);
      expect(route.service).toBe(720);
    }
    expect(solutionObjective(problem, solution)).toEqual(solutionObjective(problem, exact));
  });

  it('the checker rejects a plan that charges the setup at every stop, and one that charges none', () => {
    const problem = store();
    const plan = toSolution(problem, solveExhaustively(problem));
    const route = plan.routes.find((r) => r.stops.length > 0)!;
    const everyStop = structuredClone(plan);
    everyStop.routes[plan.routes.indexOf(route)]!.stops[1]!.serviceSeconds = 210;
    expect(checkSolution(problem, everyStop).violations.join('\n')).toMatch(/serviceSeconds 210, recomputed 30/);
    const noSetup = {
      ...problem,
      shipments: problem.shipments.map((s) => ({ ...s, pickup: { ...s.pickup!, setupSeconds: 0 } })),
    };
    expect(checkSolution(noSetup, plan).violations.length).toBeGreaterThan(0);
  });
});
