import { compileInstance } from './instance';
import { Inserter, emptyCandidate } from './insertion';
import type { Problem, StopKind, TimeWindow } from './model';
import { costModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';

export interface FixedRoute {
  vehicle: number;
  /** Existing stops in visiting order; they keep this order. */
  stops: { shipment: number; kind: StopKind }[];
}

export interface InsertionQuery {
  /** Matrices, vehicles and shipments; `shipment` indexes the new one, the others are on `routes`. */
  problem: Problem;
  routes: FixedRoute[];
  shipment: number;
  /** The new delivery's service must start inside this window (intersected with its own windows). */
  deliveryWindow: TimeWindow;
}

export interface InsertionOption {
  /** Index into query.routes. */
  route: number;
  vehicle: number;
  feasible: boolean;
  /** Earliest feasible service start of the new delivery (Infinity when infeasible). */
  earliestDeliveryStart: number;
  /** Added distance and duration of the insertion achieving that start (least distance among ties). */
  addedDistance: number;
  addedDuration: number;
  /** The new pickup goes after this many existing stops; the delivery after deliveryAfter (both -1 when infeasible or absent). */
  pickupAfter: number;
  deliveryAfter: number;
}

function intersect(windows: readonly TimeWindow[], w: TimeWindow): TimeWindow[] {
  if (windows.length === 0) return [w];
  const out: TimeWindow[] = [];
  for (const x of windows) {
    const start = Math.max(x.start, w.start);
    const end = Math.min(x.end, w.end);
    if (start <= end) out.push({ start, end });
  }
  return out;
}

/**
 * For each fixed route, the earliest feasible start of the new shipment's delivery when its pickup
 * and delivery are inserted without reordering existing stops, keeping every stop in its window,
 * the capacity, locks and the shift. Constant time per position pair on cached route schedules.
 */
export function queryInsertions(query: InsertionQuery): InsertionOption[] {
  return queryInsertionsForWindows(query, [query.deliveryWindow])[0]!;
}

function noOptions(query: Omit<InsertionQuery, 'deliveryWindow'>): InsertionOption[] {
  return query.routes.map((r, idx) => ({
    route: idx,
    vehicle: r.vehicle,
    feasible: false,
    earliestDeliveryStart: Infinity,
    addedDistance: 0,
    addedDuration: 0,
    pickupAfter: -1,
    deliveryAfter: -1,
  }));
}

/**
 * The same query for several delivery windows (booking asks one per hour): the instance is
 * compiled and the fixed routes' schedules are cached once; each window only rewrites the new
 * delivery's window in the compiled instance and re-runs the evaluation. Returns, per window, the
 * options per route.
 */
export function queryInsertionsForWindows(query: Omit<InsertionQuery, 'deliveryWindow'>, windows: readonly TimeWindow[]): InsertionOption[][] {
  const base = query.problem;
  const target = base.shipments[query.shipment];
  if (!target) throw new RangeError(`shipment ${query.shipment} does not exist`);
  if (!target.delivery || target.delivery.timeWindows.length > 0) {
    // Own windows intersect each query window differently: compile per window.
    return windows.map((w) => queryIntersected(query, target.delivery ? intersect(target.delivery.timeWindows, w) : null));
  }
  // One placeholder window on the new delivery, rewritten per query window below.
  const shipments = base.shipments.slice();
  shipments[query.shipment] = { ...target, delivery: { ...target.delivery, timeWindows: [{ start: 0, end: 0 }] } };
  const inst = compileInstance({ ...base, shipments, lockedSequences: [] }, { neighbors: false });
  const evaluate = routeEvaluator(inst, query);
  const slot = inst.nodeWindowOffset[2 * query.shipment + 1]!;
  return windows.map((w) => {
    if (w.start > w.end) return noOptions(query);
    inst.windowStart[slot] = w.start;
    inst.windowEnd[slot] = w.end;
    return evaluate();
  });
}

function queryIntersected(query: Omit<InsertionQuery, 'deliveryWindow'>, deliveryWindows: TimeWindow[] | null): InsertionOption[] {
  const target = query.problem.shipments[query.shipment]!;
  if (deliveryWindows && deliveryWindows.length === 0) return noOptions(query);
  const shipments = query.problem.shipments.slice();
  shipments[query.shipment] = {
    ...target,
    delivery: target.delivery && deliveryWindows ? { ...target.delivery, timeWindows: deliveryWindows } : target.delivery,
  };
  const inst = compileInstance({ ...query.problem, shipments, lockedSequences: [] }, { neighbors: false });
  return routeEvaluator(inst, query)();
}

/** The fixed routes' schedules, built once; the returned function evaluates the insertion on each. */
function routeEvaluator(inst: ReturnType<typeof compileInstance>, query: Omit<InsertionQuery, 'deliveryWindow'>): () => InsertionOption[] {
  const model = costModel(inst);
  const inserter = new Inserter(inst, model, new Random(1));
  inserter.mode = 'earliestDelivery';
  const best = emptyCandidate();
  const states = query.routes.map((fixed) => {
    const route = new RouteState(inst, fixed.vehicle, fixed.stops.length + 4);
    const nodes = fixed.stops.map((s) => 2 * s.shipment + (s.kind === 'pickup' ? 0 : 1));
    route.setStops(nodes, nodes.length);
    route.update(model);
    return route;
  });
  const hasPickup = inst.nodeLocation[2 * query.shipment]! >= 0;
  const hasDelivery = inst.nodeLocation[2 * query.shipment + 1]! >= 0;
  return () => {
    const options = noOptions(query);
    states.forEach((route, idx) => {
      if (!route.feasible) return;
      best.cost = Infinity;
      best.route = -1;
      best.addedDistance = 0;
      inserter.evaluate(route, idx, query.shipment, best);
      if (best.route < 0) return;
      const option = options[idx]!;
      option.feasible = true;
      option.earliestDeliveryStart = best.deliveryStart;
      option.addedDistance = best.addedDistance;
      option.addedDuration = best.addedDuration;
      option.pickupAfter = hasPickup ? best.i : -1;
      option.deliveryAfter = hasDelivery ? (hasPickup ? best.j : best.i) : -1;
    });
    return options;
  };
}
