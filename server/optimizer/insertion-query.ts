import { compileInstance, deliveryNode, pickupNode } from './instance';
import { Inserter } from './insertion';
import { emptyCandidate, type DeliveryWindows, type InsertionCandidate } from './insertion-candidate';
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
export function queryInsertionsForWindows(
  query: Omit<InsertionQuery, 'deliveryWindow'>,
  windows: readonly TimeWindow[],
): InsertionOption[][] {
  const base = query.problem;
  const target = base.shipments[query.shipment];
  if (!target) throw new RangeError(`shipment ${query.shipment} does not exist`);
  if (!target.delivery || target.delivery.timeWindows.length > 0) {
    // Own windows intersect each query window differently: compile per window.
    return windows.map((w) =>
      queryIntersected(query, target.delivery ? intersect(target.delivery.timeWindows, w) : null),
    );
  }
  // One placeholder window on the new delivery, rewritten per query window below.
  const shipments = base.shipments.slice();
  shipments[query.shipment] = { ...target, delivery: { ...target.delivery, timeWindows: [{ start: 0, end: 0 }] } };
  const inst = compileInstance({ ...base, shipments, lockedSequences: [] }, { neighbors: false });
  // One window at a time: the reference that compileInsertionQuery's single pass is tested against.
  return routeEvaluator(inst, query).evaluatePerWindow(windows, inst.nodeWindowOffset[2 * query.shipment + 1]!);
}

/**
 * Relaxations a compiled query can be asked under (booking explains an hour without windows by
 * asking again without the new shipment's load, or with a longer shift): the new shipment's size,
 * and every queried route's vehicle with its shift end and stop limit raised by these amounts.
 */
export interface InsertionRelaxation {
  shipmentSize?: readonly number[];
  latestEndDelta?: number;
  maxStopsDelta?: number;
}

export interface CompiledInsertionQuery {
  /** As queryInsertionsForWindows, optionally under a relaxation (the same as compiling the relaxed problem). */
  forWindows(windows: readonly TimeWindow[], relax?: InsertionRelaxation): InsertionOption[][];
  /**
   * False when the new shipment's size cannot be what refuses it: on every queried route the size
   * fits on top of the route's peak load, so relaxing it to zero would change no answer.
   */
  sizeMatters(): boolean;
  /**
   * Makes the query about another new shipment (no windows of its own, like the one compiled): its
   * pickup and delivery locations, service seconds and size. The fixed routes and their schedules
   * are kept, so a caller asking about many orders on the same routes (booking: one per search)
   * compiles each route once; the travel rows and columns of the new locations are the caller's to
   * have written into the problem's matrices before asking. False when the query cannot be
   * re-targeted (it was compiled for a shipment with windows of its own, or without a pickup or a
   * delivery): compile a new one then.
   */
  retarget(shipment: RetargetedShipment): boolean;
}

/** A new stop for CompiledInsertionQuery.retarget: its setup is shared with the stop before it at the same `place` (Problem.places). */
interface RetargetedStop {
  location: number;
  serviceSeconds: number;
  setupSeconds?: number;
  place?: number;
}

/** A new shipment's stops for CompiledInsertionQuery.retarget. */
export interface RetargetedShipment {
  pickup: RetargetedStop;
  delivery: RetargetedStop;
  size: readonly number[];
}

/**
 * One query compiled once and asked for several window sets and relaxations: the relaxation
 * rewrites the compiled instance's arrays (the shipment's size and its vehicle compatibility by
 * capacity, the vehicles' shift end and stop limit) and re-derives the fixed routes' schedules,
 * instead of compiling the relaxed problem again.
 */
export function compileInsertionQuery(query: Omit<InsertionQuery, 'deliveryWindow'>): CompiledInsertionQuery {
  const base = query.problem;
  const target = base.shipments[query.shipment];
  if (!target) throw new RangeError(`shipment ${query.shipment} does not exist`);
  if (!target.delivery || target.delivery.timeWindows.length > 0) {
    return {
      forWindows: (windows, relax) =>
        queryInsertionsForWindows({ ...query, problem: relaxedProblem(base, query, relax) }, windows),
      sizeMatters: () => true,
      retarget: () => false,
    };
  }
  // Compiled with no load on the new shipment, so `compatible` says what everything but capacity allows.
  const shipments = base.shipments.slice();
  shipments[query.shipment] = {
    ...target,
    size: target.size.map(() => 0),
    delivery: { ...target.delivery, timeWindows: [{ start: 0, end: 0 }] },
  };
  const inst = compileInstance({ ...base, shipments, lockedSequences: [] }, { neighbors: false });
  const dims = inst.dims;
  const job = query.shipment;
  const compatibleBeyondCapacity = inst.compatible.slice(job * inst.vehicles, (job + 1) * inst.vehicles);
  const vehicles = [...new Set(query.routes.map((r) => r.vehicle))];
  const latest = vehicles.map((v) => inst.vehicleLatest[v]!);
  const maxStops = vehicles.map((v) => inst.vehicleMaxStops[v]!);
  const evaluator = routeEvaluator(inst, query, false);
  const slot = inst.nodeWindowOffset[deliveryNode(job)]!;
  let targetSize: readonly number[] = target.size;
  // What the compiled arrays hold now: the new shipment's size, and the vehicles' shift and stop
  // limit deltas (only these change the fixed routes' schedules, which are then re-derived).
  let appliedSize: string | null = null;
  let appliedShift: string | null = null;
  const apply = (relax: InsertionRelaxation | undefined) => {
    const size = relax?.shipmentSize ?? targetSize;
    const sizeKey = size.join(',');
    if (sizeKey !== appliedSize) {
      for (let d = 0; d < dims; d++) inst.size[job * dims + d] = size[d] ?? 0;
      for (let v = 0; v < inst.vehicles; v++) {
        let fits = compatibleBeyondCapacity[v] === 1;
        for (let d = 0; d < dims && fits; d++) if ((size[d] ?? 0) > inst.vehicleCapacity[v * dims + d]!) fits = false;
        inst.compatible[job * inst.vehicles + v] = fits ? 1 : 0;
      }
      appliedSize = sizeKey;
    }
    const shiftKey = `${relax?.latestEndDelta ?? 0},${relax?.maxStopsDelta ?? 0}`;
    if (shiftKey !== appliedShift) {
      vehicles.forEach((v, k) => {
        inst.vehicleLatest[v] = latest[k]! + (relax?.latestEndDelta ?? 0);
        inst.vehicleMaxStops[v] = maxStops[k]! + (relax?.maxStopsDelta ?? 0);
      });
      evaluator.refresh();
      appliedShift = shiftKey;
    }
  };
  return {
    forWindows(windows, relax) {
      apply(relax);
      return evaluator.evaluateWindows(windows, slot);
    },
    sizeMatters() {
      apply(undefined);
      return evaluator.states.some((route) => {
        const v = route.vehicle;
        for (let d = 0; d < dims; d++) {
          const peak = route.loadPrefixMax[route.size * dims + d]!;
          if (peak + (targetSize[d] ?? 0) > inst.vehicleCapacity[v * dims + d]!) return true;
        }
        return false;
      });
    },
    retarget(shipment) {
      if (!target.pickup) return false;
      for (const [node, stop] of [
        [pickupNode(job), shipment.pickup],
        [deliveryNode(job), shipment.delivery],
      ] as const) {
        inst.nodeLocation[node] = stop.location;
        inst.nodeService[node] = stop.serviceSeconds;
        inst.nodeSetup[node] = stop.setupSeconds ?? 0;
        inst.nodePlace[node] = stop.place ?? base.places?.[stop.location] ?? stop.location;
        if (inst.nodeSetup[node] > 0) inst.hasSetup = true;
      }
      // Applied with the next question (apply compares sizes); the fixed routes' schedules do not depend on it.
      targetSize = shipment.size.slice();
      return true;
    },
  };
}

/** The problem a relaxation stands for, for queries compiled per window. */
function relaxedProblem(
  problem: Problem,
  query: Omit<InsertionQuery, 'deliveryWindow'>,
  relax: InsertionRelaxation | undefined,
): Problem {
  if (!relax) return problem;
  let out = problem;
  if (relax.shipmentSize) {
    const shipments = out.shipments.slice();
    shipments[query.shipment] = { ...shipments[query.shipment]!, size: [...relax.shipmentSize] };
    out = { ...out, shipments };
  }
  if (relax.latestEndDelta || relax.maxStopsDelta) {
    const queried = new Set(query.routes.map((r) => r.vehicle));
    out = {
      ...out,
      vehicles: out.vehicles.map((v, i) =>
        queried.has(i)
          ? {
              ...v,
              latestEnd: v.latestEnd + (relax.latestEndDelta ?? 0),
              maxStops: (v.maxStops ?? 2 * out.shipments.length + 2) + (relax.maxStopsDelta ?? 0),
            }
          : v,
      ),
    };
  }
  return out;
}

function queryIntersected(
  query: Omit<InsertionQuery, 'deliveryWindow'>,
  deliveryWindows: TimeWindow[] | null,
): InsertionOption[] {
  const target = query.problem.shipments[query.shipment]!;
  if (deliveryWindows?.length === 0) return noOptions(query);
  const shipments = query.problem.shipments.slice();
  shipments[query.shipment] = {
    ...target,
    delivery:
      target.delivery && deliveryWindows ? { ...target.delivery, timeWindows: deliveryWindows } : target.delivery,
  };
  const inst = compileInstance({ ...query.problem, shipments, lockedSequences: [] }, { neighbors: false });
  return routeEvaluator(inst, query).evaluate();
}

/** The fixed routes' schedules, built once; the returned function evaluates the insertion on each. */
function routeEvaluator(
  inst: ReturnType<typeof compileInstance>,
  query: Omit<InsertionQuery, 'deliveryWindow'>,
  update = true,
): {
  evaluate: () => InsertionOption[];
  evaluatePerWindow: (windows: readonly TimeWindow[], slot: number) => InsertionOption[][];
  evaluateWindows: (windows: readonly TimeWindow[], slot: number) => InsertionOption[][];
  refresh: () => void;
  states: RouteState[];
} {
  const model = costModel(inst);
  const inserter = new Inserter(inst, model, new Random(1));
  inserter.mode = 'earliestDelivery';
  const best = emptyCandidate();
  const states = query.routes.map((fixed) => {
    const route = new RouteState(inst, fixed.vehicle, fixed.stops.length + 4);
    const nodes = fixed.stops.map((s) => 2 * s.shipment + (s.kind === 'pickup' ? 0 : 1));
    route.setStops(nodes, nodes.length);
    if (update) route.update(model);
    return route;
  });
  const refresh = () => {
    for (const route of states) {
      route.invalidate();
      route.update(model);
    }
  };
  const hasPickup = inst.nodeLocation[2 * query.shipment]! >= 0;
  const hasDelivery = inst.nodeLocation[2 * query.shipment + 1]! >= 0;
  const reset = (candidate: InsertionCandidate) => {
    candidate.cost = Infinity;
    candidate.route = -1;
    candidate.addedDistance = 0;
  };
  const record = (option: InsertionOption, candidate: InsertionCandidate) => {
    if (candidate.route < 0) return;
    option.feasible = true;
    option.earliestDeliveryStart = candidate.deliveryStart;
    option.addedDistance = candidate.addedDistance;
    option.addedDuration = candidate.addedDuration;
    option.pickupAfter = hasPickup ? candidate.i : -1;
    option.deliveryAfter = hasDelivery ? (hasPickup ? candidate.j : candidate.i) : -1;
  };
  const evaluate = () => {
    const options = noOptions(query);
    states.forEach((route, idx) => {
      if (!route.feasible) return;
      reset(best);
      inserter.evaluate(route, idx, query.shipment, best);
      record(options[idx]!, best);
    });
    return options;
  };
  /** The options per window with the delivery's window (at `slot`) set to each in turn. */
  const evaluatePerWindow = (windows: readonly TimeWindow[], slot: number) =>
    windows.map((w) => {
      if (w.start > w.end) return noOptions(query);
      inst.windowStart[slot] = w.start;
      inst.windowEnd[slot] = w.end;
      return evaluate();
    });
  /** The same, every window in one pass over each route's position pairs (Inserter.deliveryWindows). */
  const evaluateWindows = (windows: readonly TimeWindow[], slot: number): InsertionOption[][] => {
    if (!hasPickup || !hasDelivery || windows.length < 2) return evaluatePerWindow(windows, slot);
    const open = windows.filter((w) => w.start <= w.end);
    const pass: DeliveryWindows = {
      start: Float64Array.from(open, (w) => w.start),
      end: Float64Array.from(open, (w) => w.end),
      count: open.length,
      lastEnd: open.reduce((m, w) => Math.max(m, w.end), -Infinity),
      slot,
      bests: open.map(() => emptyCandidate()),
    };
    const perOpen = open.map(() => noOptions(query));
    inserter.deliveryWindows = pass;
    try {
      states.forEach((route, idx) => {
        if (!route.feasible) return;
        for (const candidate of pass.bests) reset(candidate);
        inserter.evaluate(route, idx, query.shipment, best);
        pass.bests.forEach((candidate, w) => record(perOpen[w]![idx]!, candidate));
      });
    } finally {
      inserter.deliveryWindows = null;
    }
    let k = 0;
    return windows.map((w) => (w.start <= w.end ? perOpen[k++]! : noOptions(query)));
  };
  return { evaluate, evaluatePerWindow, evaluateWindows, refresh, states };
}
