import { DELIVERY, PICKUP, hasStop, jobOf, nodeOf, type JobIndex, type NodeIndex } from '../indices';
import type { InitialRoute } from '../model';
import type { PlanState } from './plan-state';
import { type Recreate, SortMode } from './recreate';

/**
 * The warm start: the plan the search starts from when the problem names initial routes (an
 * itinerary sent back, the booked tours of an update). Each route keeps the stops it can keep in its
 * order: a shipment whose stops are not all there (pickup before delivery), that is not active, not
 * allowed on the vehicle or already placed is left out, and a route that is still infeasible drops
 * its last shipments until it is feasible. The shipments left are then inserted as construction
 * would. The search only ever replaces this plan with a better one, so it never ends worse.
 */
export function constructFromInitialRoutes(
  plan: PlanState,
  recreate: Recreate,
  initialRoutes: readonly InitialRoute[],
): void {
  const inst = plan.inst;
  const placed = new Uint8Array(inst.jobs);
  const routes: NodeIndex[][] = Array.from({ length: inst.vehicles }, () => []);
  for (const initial of initialRoutes) {
    const v = initial.vehicle;
    if (!Number.isInteger(v) || v < 0 || v >= inst.vehicles || routes[v]!.length > 0) continue;
    const nodes = routeNodes(plan, initial, placed);
    const feasible = feasiblePrefix(plan, v, nodes);
    for (const node of feasible) placed[jobOf(node)] = 1;
    routes[v] = feasible;
  }
  plan.restore(routes, []);
  const rest: JobIndex[] = [];
  for (let j = 0; j < inst.jobs; j++) if (plan.active[j] && !placed[j]) rest.push(j);
  plan.beginMove();
  if (rest.length > 0) recreate.insert(rest, SortMode.FarthestFirst);
}

/** The route's nodes of the shipments it can keep whole, in the given order. */
function routeNodes(plan: PlanState, initial: InitialRoute, placed: Uint8Array): NodeIndex[] {
  const inst = plan.inst;
  const v = initial.vehicle;
  const nodes: NodeIndex[] = [];
  const seen = new Set<NodeIndex>();
  for (const stop of initial.stops) {
    const j = stop.shipment;
    if (
      !Number.isInteger(j) ||
      j < 0 ||
      j >= inst.jobs ||
      placed[j] ||
      !plan.active[j] ||
      !inst.compatible[j * inst.vehicles + v]
    )
      continue;
    const node = nodeOf(j, stop.kind === 'pickup' ? PICKUP : DELIVERY);
    if (!hasStop(inst, j, stop.kind === 'pickup' ? PICKUP : DELIVERY) || seen.has(node)) continue;
    // A delivery before its pickup cannot be kept.
    if (stop.kind === 'delivery' && hasStop(inst, j, PICKUP) && !seen.has(nodeOf(j, PICKUP))) continue;
    seen.add(node);
    nodes.push(node);
  }
  // Only shipments with every stop they have on this route.
  return nodes.filter((node) => {
    const j = jobOf(node);
    return (
      (!hasStop(inst, j, PICKUP) || seen.has(nodeOf(j, PICKUP))) &&
      (!hasStop(inst, j, DELIVERY) || seen.has(nodeOf(j, DELIVERY)))
    );
  });
}

/** The nodes with the last shipments dropped until the route is feasible on vehicle v (checked on the plan's route, left empty). */
function feasiblePrefix(plan: PlanState, v: number, nodes: NodeIndex[]): NodeIndex[] {
  let kept = nodes;
  while (kept.length > 0) {
    plan.assignStops(v, kept);
    const feasible = plan.routes[v]!.feasible;
    plan.assignStops(v, []);
    if (feasible) return kept;
    const last = jobOf(kept[kept.length - 1]!);
    kept = kept.filter((node) => jobOf(node) !== last);
  }
  return kept;
}
