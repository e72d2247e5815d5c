import { DELIVERY, type Instance, PICKUP, compileInstance, isDeliveryNode, jobOf, nodeOf } from './instance';
import { Inserter } from './insertion';
import { emptyCandidate } from './insertion-candidate';
import type { FixDetail, LockedSequence, OrderSide, Problem, ReasonCode, Shipment, Solution, Vehicle } from './model';
import { costModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';

/**
 * Fixes for unassigned shipments: for each one, the smallest change found to the problem that lets
 * it in without moving anything already planned. Each kind of change is tried on the compiled
 * instance (a window bound, a shift end, a capacity, a skill, or one more vehicle), searched in whole
 * minutes or whole capacity units, and the result is then checked again on a freshly compiled
 * problem with the change applied: the shipment inserted into that one route must give a feasible
 * route (windows, shift, capacity, stops, locks, exact timing). Only checked changes are returned.
 */

export interface FixOptions {
  /**
   * Vehicles the caller could add, in order of preference (e.g. one more of each type in the fleet,
   * then larger types). The first one that can serve the shipment alone is an `add_vehicle` fix.
   */
  extraVehicles?: readonly Vehicle[];
  /** Largest window or shift change considered, in minutes (default 240). */
  maxMinutes?: number;
  /** Time spent on one shipment before its remaining kinds are skipped (default 25 ms). */
  perShipmentMs?: number;
  /** Time spent on all shipments; shipments beyond it get no fix (default 500 ms). */
  totalMs?: number;
}

/** Reasons no change of the kinds tried here can cure (the input itself is wrong or pinned). */
const NOT_FIXABLE: ReadonlySet<ReasonCode> = new Set([
  'INVALID_TIME_WINDOW',
  'ADDRESS_NOT_RESOLVED',
  'LOCKED_STOP_CONFLICT',
]);

/** Window bounds at or beyond this are open (routing writes an open bound as 0 or MAX_SAFE_INTEGER). */
const OPEN_BOUND = 1e15;
const MINUTE = 60;

/** Where the shipment goes: route index in the finder's list, pickup after i, delivery after old position k. */
interface Placement {
  route: number;
  i: number;
  k: number;
}

type Relax = (problem: Problem) => Problem;

interface Found {
  fix: FixDetail;
  placement: Placement;
  relax: Relax;
  /** Smaller is better inside one kind. */
  size: number;
}

/**
 * Finds, for each unassigned shipment of `solution`, the smallest checked fix and returns the
 * solution with `fix` set on those unassigned entries (a new object; the input is not changed).
 * Kinds are tried in this order and the first kind that yields a fix wins: widen_window,
 * extend_shift, add_capacity, add_skill, add_vehicle.
 */
export function findFixes(problem: Problem, solution: Solution, options: FixOptions = {}): Solution {
  const unassigned = solution.unassigned.map((u) => ({ ...u }));
  const result = { ...solution, unassigned };
  const todo = unassigned.filter(
    (u) =>
      !NOT_FIXABLE.has(u.reason) &&
      problem.shipments[u.shipment] !== undefined &&
      problem.vehicles.length + (options.extraVehicles?.length ?? 0) > 0,
  );
  if (todo.length === 0) return result;
  const finder = new FixFinder(problem, solution, options);
  // Highest priority first, so that a cap cuts off the least important ones.
  todo.sort(
    (a, b) =>
      (problem.shipments[b.shipment]!.priority ?? 0) - (problem.shipments[a.shipment]!.priority ?? 0) ||
      a.shipment - b.shipment,
  );
  const totalDeadline = performance.now() + (options.totalMs ?? 500);
  for (const u of todo) {
    const now = performance.now();
    if (now >= totalDeadline) break;
    const fix = finder.find(u.shipment, Math.min(totalDeadline, now + (options.perShipmentMs ?? 25)));
    if (fix) u.fix = fix;
  }
  return result;
}

class FixFinder {
  private readonly inst: Instance;
  private readonly inserter: Inserter;
  private readonly model: ReturnType<typeof costModel>;
  /** The solution's routes, then one empty route per class of unused vehicles. */
  private readonly routes: RouteState[] = [];
  /** Node lists of those routes as planned. */
  private readonly routeNodes: number[][] = [];
  private readonly maxSeconds: number;
  private deadline = Infinity;

  constructor(
    private readonly problem: Problem,
    solution: Solution,
    private readonly options: FixOptions,
  ) {
    this.inst = compileInstance(problem, { neighbors: false });
    this.model = costModel(this.inst);
    this.inserter = new Inserter(this.inst, this.model, new Random(1));
    this.maxSeconds = Math.max(1, Math.floor(options.maxMinutes ?? 240)) * MINUTE;
    const used = new Set<number>();
    for (const route of solution.routes) {
      if (route.stops.length === 0 || used.has(route.vehicle)) continue;
      used.add(route.vehicle);
      const nodes = route.stops.map((s) => nodeOf(s.shipment, s.kind === 'pickup' ? PICKUP : DELIVERY));
      this.addRoute(route.vehicle, nodes);
    }
    const classes = new Set<number>();
    for (let v = 0; v < this.inst.vehicles; v++) {
      const cls = this.inst.vehicleClass[v]!;
      if (used.has(v) || classes.has(cls)) continue;
      classes.add(cls);
      this.addRoute(v, []);
    }
  }

  private addRoute(vehicle: number, nodes: number[]): void {
    const route = new RouteState(this.inst, vehicle, nodes.length + 4);
    route.setStops(nodes, nodes.length);
    route.update(this.model);
    if (!route.feasible) return;
    this.routes.push(route);
    this.routeNodes.push(nodes);
  }

  private get outOfTime(): boolean {
    return performance.now() >= this.deadline;
  }

  find(j: number, deadline: number): FixDetail | null {
    if (this.inst.jobLockVehicle[j]! >= 0) return null;
    this.deadline = deadline;
    // Already insertable: nothing to change (the search missed it), so no fix to offer.
    if (this.insertable(j, null)) return null;
    const kinds = [
      () => this.widenWindow(j),
      () => this.extendShift(j),
      () => this.addCapacity(j),
      () => this.addSkill(j),
      () => this.addVehicle(j),
    ];
    for (const kind of kinds) {
      if (this.outOfTime) return null;
      const found = kind();
      if (found && this.check(j, found)) return found.fix;
    }
    return null;
  }

  /** First route (or only `only`) the job can be inserted into as the instance now stands. */
  private insertable(j: number, only: number | null): Placement | null {
    const best = emptyCandidate();
    const from = only ?? 0;
    const to = only === null ? this.routes.length : only + 1;
    for (let r = from; r < to; r++) {
      best.cost = Infinity;
      best.route = -1;
      this.inserter.evaluate(this.routes[r]!, r, j, best);
      if (best.route >= 0) return { route: r, i: best.i, k: best.j };
    }
    return null;
  }

  /**
   * Smallest whole number in [1, max] for which `test` holds after `apply(n)` (the test is monotone
   * in n: a larger change only relaxes). Restores with `apply(0)`. Null when even max fails.
   */
  private smallest(
    max: number,
    apply: (n: number) => void,
    test: () => Placement | null,
  ): { n: number; placement: Placement } | null {
    let placement: Placement | null = null;
    try {
      apply(max);
      placement = test();
      if (!placement) return null;
      let lo = 1;
      let hi = max;
      while (lo < hi) {
        if (this.outOfTime) return null;
        const mid = Math.floor((lo + hi) / 2);
        apply(mid);
        const p = test();
        if (p) {
          hi = mid;
          placement = p;
        } else lo = mid + 1;
      }
      apply(hi);
      placement = test() ?? placement;
      return { n: hi, placement };
    } finally {
      apply(0);
    }
  }

  /** A later close or an earlier open of one of the job's windows, by whole minutes. */
  private widenWindow(j: number): Found | null {
    const inst = this.inst;
    const maxMinutes = this.maxSeconds / MINUTE;
    let best: Found | null = null;
    for (const [k, side] of [
      [DELIVERY, 'delivery'],
      [PICKUP, 'pickup'],
    ] as const) {
      const node = nodeOf(j, k);
      if (inst.nodeLocation[node]! < 0) continue;
      const first = inst.nodeWindowOffset[node]!;
      const last = first + inst.nodeWindowCount[node]! - 1;
      const close = inst.windowEnd[last]!;
      const open = inst.windowStart[first]!;
      if (close < OPEN_BOUND) {
        const r = this.smallest(
          maxMinutes,
          (m) => {
            inst.windowEnd[last] = close + m * MINUTE;
          },
          () => this.insertable(j, null),
        );
        if (r && (!best || r.n < best.size)) {
          const seconds = r.n * MINUTE;
          const windowStart = inst.windowStart[last]!;
          best = {
            fix: { kind: 'widen_window', side, bound: 'close', seconds, start: windowStart, end: close + seconds },
            placement: r.placement,
            relax: (p) => withWindow(p, j, side, 'close', seconds),
            size: r.n,
          };
        }
      }
      if (open > 0 && open > -OPEN_BOUND) {
        const r = this.smallest(
          maxMinutes,
          (m) => {
            inst.windowStart[first] = open - m * MINUTE;
          },
          () => this.insertable(j, null),
        );
        if (r && (!best || r.n < best.size)) {
          const seconds = r.n * MINUTE;
          best = {
            fix: {
              kind: 'widen_window',
              side,
              bound: 'open',
              seconds,
              start: open - seconds,
              end: inst.windowEnd[first]!,
            },
            placement: r.placement,
            relax: (p) => withWindow(p, j, side, 'open', seconds),
            size: r.n,
          };
        }
      }
    }
    return best;
  }

  /** The shift of one vehicle ending later, by whole minutes. */
  private extendShift(j: number): Found | null {
    const inst = this.inst;
    let best: Found | null = null;
    for (let r = 0; r < this.routes.length; r++) {
      if (this.outOfTime) break;
      const route = this.routes[r]!;
      const v = route.vehicle;
      if (!inst.compatible[j * inst.vehicles + v]) continue;
      const latest = inst.vehicleLatest[v]!;
      if (!(latest < OPEN_BOUND)) continue;
      const found = this.smallest(
        best ? best.size : this.maxSeconds / MINUTE,
        (m) => {
          inst.vehicleLatest[v] = latest + m * MINUTE;
          route.update(this.model);
        },
        () => this.insertable(j, r),
      );
      if (found && (!best || found.n < best.size)) {
        const seconds = found.n * MINUTE;
        best = {
          fix: { kind: 'extend_shift', vehicle: v, seconds, latestEnd: latest + seconds },
          placement: found.placement,
          relax: (p) => withVehicle(p, v, (x) => ({ ...x, latestEnd: latest + seconds })),
          size: found.n,
        };
      }
    }
    return best;
  }

  /** Skills and allowed vehicles permit the job on vehicle v (capacity aside). */
  private permits(j: number, v: number, skills: readonly string[]): boolean {
    const s = this.problem.shipments[j]!;
    if (s.allowedVehicles && !s.allowedVehicles.includes(v)) return false;
    return s.requiredSkills.every((k) => skills.includes(k));
  }

  /** More capacity on one vehicle, in whole units of each dimension that binds. */
  private addCapacity(j: number): Found | null {
    const inst = this.inst;
    const D = inst.dims;
    const key = (v: number): number => j * inst.vehicles + v;
    let best: Found | null = null;
    for (let r = 0; r < this.routes.length; r++) {
      if (this.outOfTime) break;
      const route = this.routes[r]!;
      const v = route.vehicle;
      if (!this.permits(j, v, this.problem.vehicles[v]!.skills)) continue;
      const original = Array.from(inst.vehicleCapacity.subarray(v * D, v * D + D));
      const compatible = inst.compatible[key(v)]!;
      const setExtra = (extra: readonly number[]): void => {
        let fits = true;
        for (let d = 0; d < D; d++) {
          inst.vehicleCapacity[v * D + d] = original[d]! + extra[d]!;
          if (inst.size[j * D + d]! > inst.vehicleCapacity[v * D + d]!) fits = false;
        }
        inst.compatible[key(v)] = fits ? 1 : 0;
      };
      const restore = (): void => {
        for (let d = 0; d < D; d++) inst.vehicleCapacity[v * D + d] = original[d]!;
        inst.compatible[key(v)] = compatible;
      };
      try {
        // Without any capacity limit at all, does it fit in time? Otherwise capacity is not the obstacle here.
        setExtra(original.map(() => Infinity));
        if (!this.insertable(j, r)) continue;
        const extra = original.map(() => 0);
        let ok = true;
        for (let d = 0; d < D && ok; d++) {
          if (!(original[d]! < OPEN_BOUND)) continue;
          // Enough in d for any position: the route's highest load plus the job.
          const need = Math.ceil(route.loadPrefixMax[route.size * D + d]! + inst.size[j * D + d]! - original[d]!);
          if (need <= 0) continue;
          const others = (n: number): number[] => original.map((_, e) => (e === d ? n : e < d ? extra[e]! : Infinity));
          const found = this.smallest(
            need,
            (n) => setExtra(others(n)),
            () => this.insertable(j, r),
          );
          if (!found) {
            // n = 0 may already fit in d (smallest starts at 1): then d does not bind.
            setExtra(others(0));
            if (!this.insertable(j, r)) ok = false;
          } else {
            setExtra(others(0));
            extra[d] = this.insertable(j, r) ? 0 : found.n;
          }
        }
        if (!ok) continue;
        setExtra(extra);
        const placement = this.insertable(j, r);
        if (!placement) continue;
        const size = extra.reduce((sum, e, d) => sum + e / Math.max(1, original[d]!), 0);
        if (size === 0) continue;
        if (!best || size < best.size) {
          const capacity = original.map((c, d) => c + extra[d]!);
          best = {
            fix: { kind: 'add_capacity', vehicle: v, extra: [...extra], capacity },
            placement,
            relax: (p) => withVehicle(p, v, (x) => ({ ...x, capacity: [...capacity] })),
            size,
          };
        }
      } finally {
        restore();
      }
    }
    return best;
  }

  /** The job's missing skills added to one vehicle (fewest added). */
  private addSkill(j: number): Found | null {
    const inst = this.inst;
    const D = inst.dims;
    const required = this.problem.shipments[j]!.requiredSkills;
    if (required.length === 0) return null;
    let best: Found | null = null;
    for (let r = 0; r < this.routes.length; r++) {
      if (this.outOfTime) break;
      const v = this.routes[r]!.vehicle;
      const vehicle = this.problem.vehicles[v]!;
      const missing = [...new Set(required.filter((k) => !vehicle.skills.includes(k)))];
      if (missing.length === 0 || (best && missing.length >= best.size)) continue;
      if (!this.permits(j, v, [...vehicle.skills, ...missing])) continue;
      let fits = true;
      for (let d = 0; d < D; d++) if (inst.size[j * D + d]! > inst.vehicleCapacity[v * D + d]!) fits = false;
      if (!fits) continue;
      const key = j * inst.vehicles + v;
      const saved = inst.compatible[key]!;
      inst.compatible[key] = 1;
      const placement = this.insertable(j, r);
      inst.compatible[key] = saved;
      if (!placement) continue;
      best = {
        fix: { kind: 'add_skill', vehicle: v, skills: missing },
        placement,
        relax: (p) => withVehicle(p, v, (x) => ({ ...x, skills: [...x.skills, ...missing] })),
        size: missing.length,
      };
    }
    return best;
  }

  /** One more vehicle from the caller's candidates, serving only this job. */
  private addVehicle(j: number): Found | null {
    const shipment = this.problem.shipments[j]!;
    if (shipment.allowedVehicles) return null;
    const extras = this.options.extraVehicles ?? [];
    for (let c = 0; c < extras.length; c++) {
      if (this.outOfTime) break;
      const extra = extras[c]!;
      const relax: Relax = (p) => ({ ...p, vehicles: [...p.vehicles, extra] });
      const v = this.problem.vehicles.length;
      if (servesAlone(relax(this.problem), j, v)) {
        return { fix: { kind: 'add_vehicle', candidate: c }, placement: { route: -1, i: 0, k: 0 }, relax, size: c };
      }
    }
    return null;
  }

  /**
   * The fix checked once more on its own: the problem with the change applied is compiled afresh
   * (only the route's shipments, the job and the vehicle) and the route with the job inserted where
   * the search put it must be feasible.
   */
  private check(j: number, found: Found): boolean {
    const relaxed = found.relax(this.problem);
    if (found.fix.kind === 'add_vehicle') return servesAlone(relaxed, j, relaxed.vehicles.length - 1);
    const route = this.routes[found.placement.route]!;
    const nodes = this.routeNodes[found.placement.route]!;
    return feasibleWith(relaxed, route.vehicle, nodes, j, found.placement);
  }
}

function withWindow(problem: Problem, j: number, side: OrderSide, bound: 'open' | 'close', seconds: number): Problem {
  const shipments = problem.shipments.slice();
  const s = shipments[j]!;
  const stop = side === 'pickup' ? s.pickup! : s.delivery!;
  const windows = [...stop.timeWindows].sort((a, b) => a.start - b.start).map((w) => ({ ...w }));
  if (bound === 'close') windows[windows.length - 1]!.end += seconds;
  else windows[0]!.start -= seconds;
  const changed = { ...stop, timeWindows: windows };
  shipments[j] = side === 'pickup' ? { ...s, pickup: changed } : { ...s, delivery: changed };
  return { ...problem, shipments };
}

function withVehicle(problem: Problem, v: number, change: (vehicle: Vehicle) => Vehicle): Problem {
  const vehicles = problem.vehicles.slice();
  vehicles[v] = change(vehicles[v]!);
  return { ...problem, vehicles };
}

/**
 * The problem cut down to vehicle v, the shipments on `nodes` and job j (locks on v kept), with j
 * inserted at `placement` into the route `nodes`: is that route feasible?
 */
function feasibleWith(problem: Problem, v: number, nodes: readonly number[], j: number, placement: Placement): boolean {
  const keep: number[] = [];
  const index = new Map<number, number>();
  for (const x of [...nodes, nodeOf(j, PICKUP)]) {
    const s = jobOf(x);
    if (!index.has(s)) {
      index.set(s, keep.length);
      keep.push(s);
    }
  }
  const shipments: Shipment[] = keep.map((s) => {
    const shipment = problem.shipments[s]!;
    if (!shipment.allowedVehicles) return shipment;
    return { ...shipment, allowedVehicles: shipment.allowedVehicles.includes(v) ? [0] : [] };
  });
  const lockedSequences: LockedSequence[] = (problem.lockedSequences ?? [])
    .filter((seq) => seq.vehicle === v)
    .map((seq) => ({
      vehicle: 0,
      stops: seq.stops
        .filter((st) => index.has(st.shipment))
        .map((st) => ({ shipment: index.get(st.shipment)!, kind: st.kind })),
    }));
  const reduced: Problem = { ...problem, vehicles: [problem.vehicles[v]!], shipments, lockedSequences };
  const inst = compileInstance(reduced, { neighbors: false });
  const job = index.get(j)!;
  if (!inst.compatible[job * inst.vehicles]) return false;
  const mapped = nodes.map((x) => nodeOf(index.get(jobOf(x))!, isDeliveryNode(x) ? DELIVERY : PICKUP));
  const route = new RouteState(inst, 0, mapped.length + 4);
  route.setStops(mapped, mapped.length);
  const hasP = inst.nodeLocation[nodeOf(job, PICKUP)]! >= 0;
  const hasD = inst.nodeLocation[nodeOf(job, DELIVERY)]! >= 0;
  if (hasP && hasD) route.insert(nodeOf(job, PICKUP), placement.i, nodeOf(job, DELIVERY), placement.k);
  else route.insert(nodeOf(job, hasP ? PICKUP : DELIVERY), placement.i, -1, -1);
  route.update(costModel(inst));
  return route.feasible;
}

/** Vehicle v of `problem` can serve job j on its own (compiled afresh with only the two of them). */
function servesAlone(problem: Problem, j: number, v: number): boolean {
  const shipment = problem.shipments[j]!;
  const alone: Shipment = { ...shipment };
  delete alone.allowedVehicles;
  const reduced: Problem = { ...problem, vehicles: [problem.vehicles[v]!], shipments: [alone], lockedSequences: [] };
  const inst = compileInstance(reduced, { neighbors: false });
  if (!inst.compatible[0]) return false;
  const model = costModel(inst);
  const route = new RouteState(inst, 0, 4);
  route.update(model);
  const best = emptyCandidate();
  new Inserter(inst, model, new Random(1)).evaluate(route, 0, 0, best);
  if (best.route < 0) return false;
  return feasibleWith(reduced, 0, [], 0, { route: 0, i: best.i, k: best.j });
}
