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
  const base = query.problem;
  const target = base.shipments[query.shipment];
  if (!target) throw new RangeError(`shipment ${query.shipment} does not exist`);
  const options: InsertionOption[] = query.routes.map((r, idx) => ({
    route: idx, vehicle: r.vehicle, feasible: false, earliestDeliveryStart: Infinity,
    addedDistance: 0, addedDuration: 0, pickupAfter: -1, deliveryAfter: -1,
  }));
  const delivery = target.delivery
    ? { ...target.delivery, timeWindows: intersect(target.delivery.timeWindows, query.deliveryWindow) }
    : null;
  if (delivery && delivery.timeWindows.length === 0) return options;
  const shipments = base.shipments.slice();
  shipments[query.shipment] = { ...target, delivery };
  const inst = compileInstance({ ...base, shipments, lockedSequences: [] }, { neighbors: false });
  const model = costModel(inst);
  const inserter = new Inserter(inst, model, new Random(1));
  inserter.mode = 'earliestDelivery';
  const best = emptyCandidate();
  query.routes.forEach((fixed, idx) => {
    const route = new RouteState(inst, fixed.vehicle, fixed.stops.length + 4);
    const nodes = fixed.stops.map((s) => 2 * s.shipment + (s.kind === 'pickup' ? 0 : 1));
    route.setStops(nodes, nodes.length);
    route.update(model);
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
    const hasPickup = inst.nodeLocation[2 * query.shipment]! >= 0;
    const hasDelivery = inst.nodeLocation[2 * query.shipment + 1]! >= 0;
    option.pickupAfter = hasPickup ? best.i : -1;
    option.deliveryAfter = hasDelivery ? (hasPickup ? best.j : best.i) : -1;
  });
  return options;
}
