import {
  DELIVERY,
  type Instance,
  type JobIndex,
  type NodeIndex,
  PICKUP,
  type VehicleIndex,
  deliveryNode,
  hasStop,
  isPair,
  jobOf,
  pickupNode,
} from '../instance';
import { Inserter } from '../insertion';
import { type InsertionCandidate, type InserterPaths, SEARCH_PATHS } from '../insertion-candidate';
import { type CostModel, MAX_ROUTE_WEIGHT, VEHICLE_WEIGHT, costModel } from '../objective';
import { PRIORITY_LEVELS, compareLeftOut } from '../priority';
import { Random } from '../random';
import { RouteState } from '../route';

/** Routes are long when they average at least this many stops (long-route tactics switch on). See docs/benchmarks.md#solver-parameters. */
export const LONG_ROUTE_MIN_STOPS = 24;

/** A plan as the search stores it: per vehicle its nodes in visiting order, and the jobs left out. */
export interface Plan {
  routes: NodeIndex[][];
  unassigned: JobIndex[];
}

/** Vehicles a plan (per vehicle, its nodes) uses. */
export function routesInUse(routes: readonly (readonly NodeIndex[])[]): number {
  let used = 0;
  for (const nodes of routes) if (nodes.length > 0) used++;
  return used;
}

/**
 * The plan being searched (route r is vehicle r's), the jobs it leaves out, and the undo log of the
 * current move: every route a move changes is touched first (backed up), and a rejected move swaps
 * the backups back. The parts of the search (recreate, ruin, local search, ...) work on it.
 */
export class PlanState {
  readonly model: CostModel;
  readonly rng: Random;
  readonly inserter: Inserter;
  readonly routes: RouteState[];
  /** Per job: the route serving it, -1 when left out (or not planned). */
  readonly jobRoute: Int32Array;
  unassigned: JobIndex[] = [];
  /** Per job: 1 when this search plans it (the others passed no screening, or belong to another route group). */
  readonly active: Uint8Array;
  /** Per route: its state when the current move first touched it (a rejected move swaps it back). */
  readonly backups: RouteState[];
  private readonly touched: Uint8Array;
  touchedList: VehicleIndex[] = [];
  /** The jobs left out when the current move began. */
  backupUnassigned: JobIndex[] = [];
  /** Per job: a scratch mark (taken out in this step); every user clears its marks. */
  readonly removedMark: Uint8Array;
  /** Route elimination's absence counters: per job, how often it was left out (recreate may sort by them). */
  readonly absence: Float64Array;
  /** Jobs the annealing temperature is scaled by (all, or a route group's). */
  scaleJobs: number;
  private readonly countsA = new Int32Array(PRIORITY_LEVELS);
  private readonly countsB = new Int32Array(PRIORITY_LEVELS);
  /** Tail exchanges: the stops of the two routes being recombined. */
  private tailBuffer = new Int32Array(32);

  constructor(
    readonly inst: Instance,
    active: Uint8Array,
    seed: number,
    /** Which of the inserter's fast paths to take (SEARCH_PATHS; REFERENCE_PATHS for equivalence tests). */
    paths: InserterPaths = SEARCH_PATHS,
  ) {
    this.model = costModel(inst);
    this.rng = new Random(seed);
    this.inserter = new Inserter(inst, this.model, this.rng, paths);
    this.active = active;
    this.scaleJobs = inst.jobs;
    this.routes = [];
    for (let v = 0; v < inst.vehicles; v++) {
      const r = new RouteState(inst, v);
      r.update(this.model);
      this.routes.push(r);
    }
    this.jobRoute = new Int32Array(inst.jobs).fill(-1);
    this.backups = this.routes.map((r) => new RouteState(inst, r.vehicle));
    this.touched = new Uint8Array(inst.vehicles);
    this.removedMark = new Uint8Array(inst.jobs);
    this.absence = new Float64Array(inst.jobs);
  }

  // ---- the undo log ------------------------------------------------------------------------

  /** Route r is about to change in this move: back it up (once per move). */
  touch(r: VehicleIndex): void {
    if (this.touched[r]) return;
    this.touched[r] = 1;
    this.touchedList.push(r);
    this.backups[r]!.copyFrom(this.routes[r]!);
  }

  beginMove(): void {
    for (const r of this.touchedList) this.touched[r] = 0;
    this.touchedList = [];
    this.backupUnassigned = this.unassigned.slice();
  }

  rollback(): void {
    for (const j of this.unassigned) this.jobRoute[j] = -1;
    for (const r of this.touchedList) {
      const route = this.routes[r]!;
      route.swapWith(this.backups[r]!);
      for (let k = 1; k <= route.size; k++) this.jobRoute[jobOf(route.node[k]!)] = r;
      this.touched[r] = 0;
    }
    this.touchedList = [];
    this.unassigned = this.backupUnassigned;
    for (const j of this.unassigned) this.jobRoute[j] = -1;
    if (this.model.usesMaxDistance) this.inserter.refreshMaxDistance(this.routes);
  }

  /** Every route this move changed is feasible (the one condition for keeping a move). */
  touchedFeasible(): boolean {
    for (const r of this.touchedList) if (!this.routes[r]!.feasible) return false;
    return true;
  }

  // ---- the plan ----------------------------------------------------------------------------

  totalCost(): number {
    let c = 0;
    let m = 0;
    for (const r of this.routes) {
      c += r.cost;
      if (r.distance > m) m = r.distance;
    }
    return this.model.usesMaxDistance ? c + MAX_ROUTE_WEIGHT * m : c;
  }

  usedVehicles(): number {
    let u = 0;
    for (const r of this.routes) if (r.size > 0) u++;
    return u;
  }

  /** Cost without the per-vehicle term: the scale for annealing temperatures. */
  private variableCost(): number {
    const c = this.totalCost();
    return this.model.vehiclesFirst ? c - VEHICLE_WEIGHT * this.usedVehicles() : c;
  }

  /** The plan's average variable cost per job: the unit of temperatures and of route elimination's squeeze cap. */
  costPerOrder(): number {
    return Math.max(1e-9, this.variableCost() / Math.max(1, this.scaleJobs));
  }

  private countByPriority(list: readonly JobIndex[], out: Int32Array): Int32Array {
    out.fill(0);
    for (const j of list) out[this.inst.priority[j]!]!++;
    return out;
  }

  /** <0 when list a leaves fewer jobs unserved (highest priority first), >0 when more. */
  compareUnassigned(a: readonly JobIndex[], b: readonly JobIndex[]): number {
    return compareLeftOut(this.countByPriority(a, this.countsA), this.countByPriority(b, this.countsB));
  }

  snapshot(): NodeIndex[][] {
    return this.routes.map((r) => Array.from(r.node.subarray(1, r.size + 1)));
  }

  restore(routes: readonly (readonly NodeIndex[])[], unassigned: readonly JobIndex[]): void {
    this.jobRoute.fill(-1);
    routes.forEach((nodes, r) => this.assignStops(r, nodes));
    this.unassigned = unassigned.slice();
    this.touchedList = [];
    this.touched.fill(0);
    if (this.model.usesMaxDistance) this.inserter.refreshMaxDistance(this.routes);
  }

  /** An empty plan: every route cleared, no job left out (the caller constructs one). */
  clear(): void {
    this.restore(
      this.routes.map(() => []),
      [],
    );
  }

  /** Route r visits exactly these nodes, its schedule updated and its jobs' jobRoute set. */
  assignStops(r: VehicleIndex, nodes: readonly NodeIndex[]): void {
    const route = this.routes[r]!;
    route.setStops(nodes, nodes.length);
    route.update(this.model);
    for (const x of nodes) this.jobRoute[jobOf(x)] = r;
  }

  /** Puts job into route r at the positions of `at` (an inserter candidate for that route). */
  place(job: JobIndex, r: VehicleIndex, at: InsertionCandidate): void {
    const inst = this.inst;
    const route = this.routes[r]!;
    const hasP = hasStop(inst, job, PICKUP);
    const hasD = hasStop(inst, job, DELIVERY);
    if (hasP && hasD) route.insert(pickupNode(job), at.i, deliveryNode(job), at.j);
    else route.insert(hasP ? pickupNode(job) : deliveryNode(job), at.i, -1, -1);
    route.update(this.model);
    this.jobRoute[job] = r;
  }

  removeJob(job: JobIndex, out: JobIndex[]): void {
    const r = this.takeOut(job, out);
    if (r >= 0) this.routes[r]!.removeJob(job);
  }

  /**
   * The bookkeeping of removing job from its route (backup, marks, `out`), leaving its stops to the
   * caller; returns the route, or -1 when the job is unassigned or already taken out.
   */
  takeOut(job: JobIndex, out: JobIndex[]): VehicleIndex {
    const r = this.jobRoute[job]!;
    if (r < 0 || this.removedMark[job]) return -1;
    this.touch(r);
    this.jobRoute[job] = -1;
    this.removedMark[job] = 1;
    out.push(job);
    return r;
  }

  /** Empties route r, its jobs added to `out`. */
  removeRoute(r: VehicleIndex, out: JobIndex[]): void {
    const route = this.routes[r]!;
    for (let k = 1; k <= route.size; k++) {
      const j = jobOf(route.node[k]!);
      if (!this.removedMark[j]) {
        this.removedMark[j] = 1;
        out.push(j);
      }
    }
    this.touch(r);
    for (const j of out) {
      this.jobRoute[j] = -1;
      this.removedMark[j] = 0;
    }
    route.clear();
    route.update(this.model);
  }

  /**
   * Routes a and b exchange the stops after positions i and j (a keeps 1..i and takes b's j+1..,
   * b keeps 1..j and takes a's i+1..); both are touched first (a rollback undoes it), their stops'
   * jobRoute set, and their schedules left to update.
   */
  swapTails(a: VehicleIndex, i: number, b: VehicleIndex, j: number): void {
    const A = this.routes[a]!;
    const B = this.routes[b]!;
    const nA = A.size;
    const nB = B.size;
    if (this.tailBuffer.length < nA + nB) this.tailBuffer = new Int32Array(2 * (nA + nB));
    const buf = this.tailBuffer;
    this.touch(a);
    this.touch(b);
    // touch() saved both routes (stops at positions 1..n); build the new ones from those copies.
    const oldA = this.backups[a]!.node;
    const oldB = this.backups[b]!.node;
    let w = 0;
    for (let k = 1; k <= i; k++) buf[w++] = oldA[k]!;
    for (let k = j + 1; k <= nB; k++) buf[w++] = oldB[k]!;
    A.setStops(buf, w);
    w = 0;
    for (let k = 1; k <= j; k++) buf[w++] = oldB[k]!;
    for (let k = i + 1; k <= nA; k++) buf[w++] = oldA[k]!;
    B.setStops(buf, w);
    for (let k = 1; k <= A.size; k++) this.jobRoute[jobOf(A.node[k]!)] = a;
    for (let k = 1; k <= B.size; k++) this.jobRoute[jobOf(B.node[k]!)] = b;
  }

  /** Whether every job at positions from..to of route may ride in vehicle v. */
  compatibleStops(route: RouteState, from: number, to: number, v: VehicleIndex): boolean {
    const inst = this.inst;
    for (let k = from; k <= to; k++) if (!inst.compatible[jobOf(route.node[k]!) * inst.vehicles + v]) return false;
    return true;
  }

  // ---- drawing jobs and reading the plan's shape ------------------------------------------

  /** A random job that is in a route (-1 when 50 draws found none). */
  randomPlannedJob(): JobIndex {
    for (let tries = 0; tries < 50; tries++) {
      const j = this.rng.int(this.inst.jobs);
      if (this.jobRoute[j]! >= 0) return j;
    }
    return -1;
  }

  /** The pickup or the delivery of a job, at random when it has both. */
  randomStopOf(job: JobIndex): NodeIndex {
    const inst = this.inst;
    if (!hasStop(inst, job, PICKUP)) return deliveryNode(job);
    if (!hasStop(inst, job, DELIVERY)) return pickupNode(job);
    return this.rng.next() < 0.5 ? pickupNode(job) : deliveryNode(job);
  }

  /** Jobs this search plans (the active ones). */
  plannedJobs(): number {
    let planned = 0;
    for (let j = 0; j < this.inst.jobs; j++) planned += this.active[j]!;
    return planned;
  }

  /** Whether some planned job has both a pickup and a delivery. */
  hasPairs(): boolean {
    for (let j = 0; j < this.inst.jobs; j++) if (this.active[j] && isPair(this.inst, j)) return true;
    return false;
  }

  /** Whether the fleet has vehicles of more than one class. */
  mixedFleet(): boolean {
    for (let v = 1; v < this.inst.vehicles; v++)
      if (this.inst.vehicleClass[v] !== this.inst.vehicleClass[0]) return true;
    return false;
  }

  /** Stops per used route (all stops when none is used). */
  stopsPerRoute(): number {
    let stops = 0;
    for (const route of this.routes) stops += route.size;
    return stops / Math.max(1, this.usedVehicles());
  }

  /** Whether the current plan's routes average at least LONG_ROUTE_MIN_STOPS stops. */
  routesAreLong(): boolean {
    return this.stopsPerRoute() >= LONG_ROUTE_MIN_STOPS;
  }
}
