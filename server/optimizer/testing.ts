/**
 * Helpers for the optimizer's tests that read its internals (the independent checks of solutions
 * are in verify/, which reads only the model).
 */
import type { FixedRoute } from './insertion-query';
import type { InsertionCandidate } from './insertion-candidate';
import { Inserter } from './insertion';
import { compileInstance, pickupNode, type Instance } from './instance';
import type { Problem } from './model';
import { costModel, type CostModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';
import { Search } from './search';
import { solveOnThisThread, type SolveOnThisThreadOptions } from './solve';

/** Every way to insert job into the route: (a, i, b, j) as RouteState.insert takes them, and the new stop sequence. */
export function* insertions(route: RouteState, job: number, hasPickup: boolean, hasDelivery: boolean) {
  const n = route.size;
  const old = Array.from(route.node.subarray(1, n + 1));
  const p = pickupNode(job);
  for (let i = 0; i <= n; i++) {
    if (hasPickup && hasDelivery) {
      for (let j = i; j <= n; j++)
        yield { a: p, i, b: p + 1, j, nodes: [...old.slice(0, i), p, ...old.slice(i, j), p + 1, ...old.slice(j)] };
    } else {
      const x = hasPickup ? p : p + 1;
      yield { a: x, i, b: -1, j: -1, nodes: [...old.slice(0, i), x, ...old.slice(i)] };
    }
  }
}

/** The compiled problem, its cost model, and a search over every job that has built its first plan. */
export function constructedSearch(problem: Problem, seed: number) {
  const inst = compileInstance(problem);
  const model = costModel(inst);
  const search = new Search(inst, new Uint8Array(inst.jobs).fill(1), seed);
  search.construct();
  return { inst, model, search };
}

/** The vehicle's route through these stops, planned from scratch. */
export function plannedRoute(inst: Instance, model: CostModel, vehicle: number, nodes: ArrayLike<number>): RouteState {
  const route = new RouteState(inst, vehicle);
  route.setStops(nodes, nodes.length);
  route.update(model);
  return route;
}

/**
 * Two inserters drawing the same random numbers from seed, to compare one way of evaluating
 * insertions with another, and their random streams (which must stay in step). Both blink at
 * blinkRate and skip tight positions when asked.
 */
export function twinInserters(
  inst: Instance,
  model: CostModel,
  seed: number,
  options: { blinkRate?: number; skipTightPositions?: boolean } = {},
) {
  const randoms = [new Random(seed), new Random(seed)] as const;
  const inserters = [new Inserter(inst, model, randoms[0]), new Inserter(inst, model, randoms[1])] as const;
  for (const inserter of inserters) {
    inserter.blinkRate = options.blinkRate ?? 0;
    if (options.skipTightPositions) inserter.skipTightPositions();
  }
  return { inserters, randoms };
}

/** What two ways of evaluating insertions must agree on when they find the same best candidate. */
export function candidateFields(x: InsertionCandidate) {
  return [x.cost, x.route, x.i, x.j, x.deliveryStart, x.addedDistance, x.addedDuration];
}

/**
 * The routes of a plan of every shipment before the newcomer, as fixed routes for the insertion
 * query: those the plan uses, or every vehicle's (empty ones too) with everyVehicle.
 */
export function routesBefore(
  problem: Problem,
  newcomer: number,
  options: SolveOnThisThreadOptions,
  everyVehicle = false,
): FixedRoute[] {
  const plan = solveOnThisThread({ ...problem, shipments: problem.shipments.slice(0, newcomer) }, options);
  const fixed = (r: (typeof plan.routes)[number]): FixedRoute => ({
    vehicle: r.vehicle,
    stops: r.stops.map((s) => ({ shipment: s.shipment, kind: s.kind })),
  });
  if (!everyVehicle) return plan.routes.map(fixed);
  return problem.vehicles.map((_, v) => {
    const route = plan.routes.find((r) => r.vehicle === v);
    return route ? fixed(route) : { vehicle: v, stops: [] };
  });
}
