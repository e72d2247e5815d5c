import { type Instance, distanceBetween } from './instance';
import { Inserter, emptyCandidate } from './insertion';
import type { SolveProgress } from './model';
import { type CostModel, MAX_ROUTE_WEIGHT, VEHICLE_WEIGHT, costModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';

export interface SearchLimits {
  seed: number;
  timeLimitMs: number;
  maxIterations: number;
  signal?: { readonly aborted: boolean };
  onProgress?: (p: SolveProgress) => void;
}

export interface SearchResult {
  /** Per vehicle: node ids in visiting order (node = 2*job + 0 pickup / 1 delivery). */
  routes: number[][];
  unassigned: number[];
  iterations: number;
  elapsedMs: number;
  timeToFirstFeasibleMs: number;
  progress: SolveProgress[];
}

/** SISR parameters (Christiaens & Vanden Berghe 2020), tuned for pickup-and-delivery routes. */
const AVG_REMOVED = 10;
const MAX_STRING = 10;
const BLINK_RATE = 0.01;
const PRIORITIES = 6;
/** With more used routes than this, recreate tries the routes of a job's nearest neighbours first. */
const FOCUS_MIN_ROUTES = 12;
const FOCUS_NEIGHBORS = 24;
/** Left-out orders retried per move when there are many: a random sample of about this size... */
const RETRY_SAMPLE = 16;
/** ...plus those with a ruined order among their nearest neighbours. */
const RETRY_NEIGHBORS = 8;
/** Vehicles-first objectives: share of the budget for route elimination (the rest anneals distance). */
const FLEET_PHASE_SHARE = 0.5;
/** Mixed fleets: share of annealing moves that transfer a whole route to another vehicle. */
const SWAP_RATE = 0.1;

/**
 * Ruin-and-recreate search: greedy construction, then (for vehicles-first objectives) route
 * elimination with absence counters, then simulated annealing over SISR string removals and
 * blink insertions. Jobs are recreated highest priority first and a solution serving fewer orders
 * of some priority (compared from the highest priority down) is never accepted.
 */
export class Search {
  readonly model: CostModel;
  readonly rng: Random;
  readonly inserter: Inserter;
  readonly routes: RouteState[];
  readonly jobRoute: Int32Array;
  unassigned: number[] = [];
  private readonly active: Uint8Array;

  private readonly backupNodes: Int32Array[];
  private readonly backupSize: Int32Array;
  private readonly touched: Uint8Array;
  private touchedList: number[] = [];
  private backupUnassigned: number[] = [];
  private readonly ruined: Uint8Array;
  private readonly classSeen: Uint8Array;
  private readonly routeFocus: Uint8Array;
  private readonly retry: number[] = [];
  private readonly retryMark: Uint8Array;
  /** When >= 0, recreate inserts into this route only. */
  private onlyRoute = -1;
  private readonly removedMark: Uint8Array;
  private readonly sortKey: Float64Array;
  private readonly depotDistance: Float64Array;
  private readonly absence: Float64Array;
  private readonly countsA = new Int32Array(PRIORITIES);
  private readonly countsB = new Int32Array(PRIORITIES);
  private readonly candidate = emptyCandidate();
  /** The stops of the route ruin is cutting a string from, to put back if the cut breaks it. */
  private ruinBackup = new Int32Array(16);
  /** Route elimination: when true, recreate may not open unused vehicles. */
  private closedFleet = false;

  constructor(
    readonly inst: Instance,
    active: Uint8Array,
    seed: number,
  ) {
    this.model = costModel(inst);
    this.rng = new Random(seed);
    this.inserter = new Inserter(inst, this.model, this.rng);
    this.active = active;
    const V = inst.vehicles;
    this.routes = [];
    for (let v = 0; v < V; v++) {
      const r = new RouteState(inst, v);
      r.update(this.model);
      this.routes.push(r);
    }
    this.jobRoute = new Int32Array(inst.jobs).fill(-1);
    this.backupNodes = this.routes.map(() => new Int32Array(16));
    this.backupSize = new Int32Array(V);
    this.touched = new Uint8Array(V);
    this.ruined = new Uint8Array(V);
    this.classSeen = new Uint8Array(V);
    this.routeFocus = new Uint8Array(V);
    this.retryMark = new Uint8Array(inst.jobs);
    this.removedMark = new Uint8Array(inst.jobs);
    this.sortKey = new Float64Array(inst.jobs);
    this.absence = new Float64Array(inst.jobs);
    this.depotDistance = new Float64Array(inst.jobs);
    const depot = V > 0 ? inst.vehicleStart[0]! : -1;
    for (let j = 0; j < inst.jobs; j++) {
      let d = 0;
      for (let k = 0; k < 2; k++) d = Math.max(d, distanceBetween(inst, depot, inst.nodeLocation[2 * j + k]!));
      this.depotDistance[j] = d;
    }
  }

  // ---- state bookkeeping -------------------------------------------------------------------

  private touch(r: number): void {
    if (this.touched[r]) return;
    this.touched[r] = 1;
    this.touchedList.push(r);
    const route = this.routes[r]!;
    if (this.backupNodes[r]!.length < route.size + 1) this.backupNodes[r] = new Int32Array(2 * (route.size + 1));
    this.backupNodes[r]!.set(route.node.subarray(1, route.size + 1));
    this.backupSize[r] = route.size;
  }

  private beginMove(): void {
    for (const r of this.touchedList) this.touched[r] = 0;
    this.touchedList = [];
    this.backupUnassigned = this.unassigned.slice();
  }

  private rollback(): void {
    for (const j of this.unassigned) this.jobRoute[j] = -1;
    for (const r of this.touchedList) {
      const route = this.routes[r]!;
      route.setStops(this.backupNodes[r]!, this.backupSize[r]!);
      route.update(this.model);
      for (let k = 1; k <= route.size; k++) this.jobRoute[route.node[k]! >> 1] = r;
      this.touched[r] = 0;
    }
    this.touchedList = [];
    this.unassigned = this.backupUnassigned;
    for (const j of this.unassigned) this.jobRoute[j] = -1;
    if (this.model.usesMaxDistance) this.inserter.refreshMaxDistance(this.routes);
  }

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

  private countByPriority(list: readonly number[], out: Int32Array): Int32Array {
    out.fill(0);
    for (const j of list) out[this.inst.priority[j]!]!++;
    return out;
  }

  /** <0 when list a leaves fewer orders unserved (highest priority first), >0 when more. */
  compareUnassigned(a: readonly number[], b: readonly number[]): number {
    const ca = this.countByPriority(a, this.countsA);
    const cb = this.countByPriority(b, this.countsB);
    for (let p = PRIORITIES - 1; p >= 0; p--) if (ca[p] !== cb[p]) return ca[p]! - cb[p]!;
    return 0;
  }

  snapshot(): number[][] {
    return this.routes.map((r) => Array.from(r.node.subarray(1, r.size + 1)));
  }

  restore(routes: readonly number[][], unassigned: readonly number[]): void {
    this.jobRoute.fill(-1);
    routes.forEach((nodes, r) => {
      const route = this.routes[r]!;
      route.setStops(nodes, nodes.length);
      route.update(this.model);
      for (const x of nodes) this.jobRoute[x >> 1] = r;
    });
    this.unassigned = unassigned.slice();
    this.touchedList = [];
    this.touched.fill(0);
    if (this.model.usesMaxDistance) this.inserter.refreshMaxDistance(this.routes);
  }

  // ---- recreate ----------------------------------------------------------------------------

  private sortJobs(jobs: number[], mode: number): void {
    const key = this.sortKey;
    const inst = this.inst;
    const D = inst.dims;
    for (const j of jobs) {
      let k: number;
      if (mode === 0) k = this.rng.next();
      else if (mode === 1) {
        k = 0;
        for (let d = 0; d < D; d++) k += inst.size[j * D + d]!;
        k = -k;
      } else if (mode === 2) k = -this.depotDistance[j]!;
      else if (mode === 3) k = this.depotDistance[j]!;
      else k = -this.absence[j]!;
      // Higher priority always first.
      key[j] = -inst.priority[j]! * 1e12 + k;
    }
    jobs.sort((a, b) => key[a]! - key[b]!);
  }

  private randomSortMode(): number {
    const u = this.rng.int(11);
    return u < 4 ? 0 : u < 8 ? 1 : u < 10 ? 2 : 3;
  }

  /**
   * Evaluates job in eligible routes. scope 0: all; 1: focused non-empty routes and one empty route
   * per vehicle class; 2: the non-empty routes scope 1 left out.
   */
  private insertInto(job: number, scope: 0 | 1 | 2): void {
    const inst = this.inst;
    const routes = this.routes;
    this.classSeen.fill(0);
    for (let r = 0; r < routes.length; r++) {
      const route = routes[r]!;
      if (this.onlyRoute >= 0 && r !== this.onlyRoute) continue;
      if (scope !== 0 && route.size > 0 && (this.routeFocus[r] === 1) !== (scope === 1)) continue;
      if (route.size === 0) {
        if ((this.closedFleet || scope === 2) && r !== this.onlyRoute) continue;
        if (!inst.compatible[job * inst.vehicles + route.vehicle]) continue;
        const cls = inst.vehicleClass[route.vehicle]!;
        if (this.classSeen[cls]) continue;
        this.classSeen[cls] = 1;
      }
      this.inserter.evaluate(route, r, job, this.candidate);
    }
  }

  /** Greedy insertion of jobs (cheapest position over all routes); leftovers become unassigned. */
  recreate(jobs: number[], sortMode: number): void {
    this.sortJobs(jobs, sortMode);
    const inst = this.inst;
    const routes = this.routes;
    const best = this.candidate;
    const usesMax = this.model.usesMaxDistance;
    if (usesMax) this.inserter.refreshMaxDistance(routes);
    let used = 0;
    for (const route of routes) if (route.size > 0) used++;
    // Large fleets: try the routes serving the job's nearest neighbours first, all routes only if
    // none of those has room.
    const focus = used > FOCUS_MIN_ROUTES && inst.neighborCount > 0;
    const K = Math.min(inst.neighborCount, FOCUS_NEIGHBORS);
    for (const job of jobs) {
      best.cost = Infinity;
      best.route = -1;
      if (focus) {
        this.routeFocus.fill(0);
        for (let k = 0; k < K; k++) {
          const r = this.jobRoute[inst.neighbors[job * inst.neighborCount + k]!]!;
          if (r >= 0) this.routeFocus[r] = 1;
        }
        this.insertInto(job, 1);
        // Nothing (or only a new route) so far: the other routes get their chance, except for
        // retried left-out orders, which already found no room last time.
        if ((best.route < 0 || routes[best.route]!.size === 0) && !this.retryMark[job]) this.insertInto(job, 2);
      } else this.insertInto(job, 0);
      if (best.route < 0) {
        this.unassigned.push(job);
        this.jobRoute[job] = -1;
        continue;
      }
      const r = best.route;
      this.touch(r);
      const route = routes[r]!;
      const hasP = inst.nodeLocation[2 * job]! >= 0;
      const hasD = inst.nodeLocation[2 * job + 1]! >= 0;
      if (hasP && hasD) route.insert(2 * job, best.i, 2 * job + 1, best.j);
      else route.insert(hasP ? 2 * job : 2 * job + 1, best.i, -1, -1);
      route.update(this.model);
      this.jobRoute[job] = r;
      if (usesMax) this.inserter.refreshMaxDistance(routes);
    }
  }

  // ---- ruin --------------------------------------------------------------------------------

  private removeJob(job: number, out: number[]): void {
    const r = this.jobRoute[job]!;
    if (r < 0 || this.removedMark[job]) return;
    this.touch(r);
    this.routes[r]!.removeJob(job);
    this.jobRoute[job] = -1;
    this.removedMark[job] = 1;
    out.push(job);
  }

  /** SISR: remove strings (or split strings) of stops from routes near a random seed job. */
  ruin(out: number[]): void {
    const inst = this.inst;
    const routes = this.routes;
    let stops = 0;
    let used = 0;
    for (const r of routes) {
      if (r.size > 0) {
        stops += r.size;
        used++;
      }
    }
    if (used === 0) return;
    const lsMax = Math.min(MAX_STRING, stops / used);
    const ksMax = (4 * AVG_REMOVED) / (1 + lsMax) - 1;
    const ks = Math.floor(this.rng.next() * ksMax) + 1;
    // Seed: a random assigned job.
    let seed = -1;
    for (let tries = 0; tries < 50 && seed < 0; tries++) {
      const j = this.rng.int(inst.jobs);
      if (this.jobRoute[j]! >= 0) seed = j;
    }
    if (seed < 0) return;
    this.ruined.fill(0);
    let strings = 0;
    const K = inst.neighborCount;
    for (let idx = -1; idx < K && strings < ks; idx++) {
      const c = idx < 0 ? seed : inst.neighbors[seed * K + idx]!;
      const r = this.jobRoute[c]!;
      if (r < 0 || this.ruined[r]) continue;
      const route = routes[r]!;
      const n = route.size;
      const lMax = Math.min(n, lsMax);
      const l = Math.floor(this.rng.next() * lMax) + 1;
      const nodeC = inst.nodeLocation[2 * c]! >= 0 ? 2 * c : 2 * c + 1;
      const pos = route.positionOf(nodeC);
      const victims: number[] = [];
      if (l >= n || this.rng.next() < 0.5) {
        let first = pos - this.rng.int(l);
        first = Math.max(1, Math.min(first, n - l + 1));
        for (let k = first; k < first + l; k++) victims.push(route.node[k]! >> 1);
      } else {
        let m = 1;
        while (l + m < n && this.rng.next() < 0.5) m++;
        let first = pos - this.rng.int(l + m);
        first = Math.max(1, Math.min(first, n - l - m + 1));
        const keepAt = first + this.rng.int(l + 1);
        for (let k = first; k < first + l + m; k++) {
          if (k >= keepAt && k < keepAt + m) continue;
          victims.push(route.node[k]! >> 1);
        }
      }
      const removedBefore = out.length;
      if (this.ruinBackup.length < n) this.ruinBackup = new Int32Array(2 * n);
      this.ruinBackup.set(route.node.subarray(1, n + 1));
      for (const j of victims) this.removeJob(j, out);
      route.update(this.model);
      this.ruined[r] = 1;
      strings++;
      // Removing stops need not keep a route feasible: with time-of-day traffic (or a duration
      // matrix without the triangle inequality) the shortened route can arrive at a later stop at
      // another time, and its schedule can then break a window or maxDuration. Such a string
      // stays: the route goes back to its stops before the removal.
      if (!route.feasible) {
        route.setStops(this.ruinBackup, n);
        route.update(this.model);
        for (let k = removedBefore; k < out.length; k++) {
          const j = out[k]!;
          this.jobRoute[j] = r;
          this.removedMark[j] = 0;
        }
        out.length = removedBefore;
      }
    }
    for (const j of out) this.removedMark[j] = 0;
  }

  /** Every route this move changed is feasible (the one condition for keeping a move). */
  private touchedFeasible(): boolean {
    for (const r of this.touchedList) if (!this.routes[r]!.feasible) return false;
    return true;
  }

  private removeRoute(r: number, out: number[]): void {
    const route = this.routes[r]!;
    for (let k = 1; k <= route.size; k++) {
      const j = route.node[k]! >> 1;
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
    route.size = 0;
    route.update(this.model);
  }

  // ---- phases ------------------------------------------------------------------------------

  /**
   * Vehicles any plan needs: single-stop jobs ride from the start (or to the end) together, so
   * their total size must fit into the largest capacities. Route elimination stops there.
   */
  vehicleLowerBound(): number {
    const inst = this.inst;
    const D = inst.dims;
    let bound = 1;
    for (let d = 0; d < D; d++) {
      for (const kind of [0, 1]) {
        let total = 0;
        for (let j = 0; j < inst.jobs; j++) {
          if (!this.active[j]) continue;
          // kind 0: delivery-only jobs (no pickup); kind 1: pickup-only jobs (no delivery).
          if (inst.nodeLocation[2 * j + kind]! >= 0 || inst.nodeLocation[2 * j + 1 - kind]! < 0) continue;
          total += inst.size[j * D + d]!;
        }
        if (total <= 0) continue;
        const caps = Array.from({ length: inst.vehicles }, (_, v) => inst.vehicleCapacity[v * D + d]!).sort((a, b) => b - a);
        let k = 0;
        while (total > 1e-9 && k < caps.length) total -= caps[k++]!;
        bound = Math.max(bound, k);
      }
    }
    return bound;
  }

  construct(): void {
    const jobs: number[] = [];
    for (let j = 0; j < this.inst.jobs; j++) if (this.active[j]) jobs.push(j);
    this.beginMove();
    this.recreate(jobs, 2);
  }

  /**
   * Splits the left-out orders into those retried in this move (all when few; else those near the
   * ruined area plus a random sample) and those that stay out. Retrying hundreds of orders that
   * found no room every move would dominate the cost of a move on large, tight instances.
   */
  private pickRetries(removed: readonly number[]): number[] {
    this.retry.length = 0;
    const U = this.unassigned.length;
    if (U <= RETRY_SAMPLE) {
      for (const j of this.unassigned) this.retry.push(j);
      return [];
    }
    const inst = this.inst;
    for (const j of removed) this.removedMark[j] = 1;
    const K = Math.min(inst.neighborCount, RETRY_NEIGHBORS);
    const rate = RETRY_SAMPLE / U;
    const stay: number[] = [];
    for (const j of this.unassigned) {
      let near = this.rng.next() < rate;
      for (let k = 0; k < K && !near; k++) if (this.removedMark[inst.neighbors[j * inst.neighborCount + k]!]) near = true;
      if (near) this.retry.push(j);
      else stay.push(j);
    }
    for (const j of removed) this.removedMark[j] = 0;
    return stay;
  }

  /**
   * Moves every order of one route into another vehicle's route (possibly empty), re-inserted
   * cheapest-first. Ruin-and-recreate rarely finds this on mixed fleets: spreading orders over an
   * empty vehicle pays its fixed cost up front. Returns false when the pair does not qualify.
   */
  private transferRoute(): boolean {
    this.beginMove();
    const routes = this.routes;
    const inst = this.inst;
    const a = this.rng.int(routes.length);
    const b = this.rng.int(routes.length);
    if (a === b || routes[a]!.size === 0 || inst.vehicleClass[routes[a]!.vehicle] === inst.vehicleClass[routes[b]!.vehicle]) {
      return false;
    }
    const jobs: number[] = [];
    this.removeRoute(a, jobs);
    this.onlyRoute = b;
    this.recreate(jobs, 0);
    this.onlyRoute = -1;
    return true;
  }

  /** One ruin-and-recreate move on the current state (not yet accepted). */
  private move(sortMode: number): void {
    this.beginMove();
    const removed: number[] = [];
    this.ruin(removed);
    const pool = removed;
    const left = this.pickRetries(removed);
    for (const j of this.retry) pool.push(j);
    this.unassigned = left;
    this.inserter.blinkRate = BLINK_RATE;
    for (const j of this.retry) this.retryMark[j] = 1;
    this.recreate(pool, sortMode);
    for (const j of this.retry) this.retryMark[j] = 0;
    this.inserter.blinkRate = 0;
  }

  run(limits: SearchLimits): SearchResult {
    const t0 = performance.now();
    const deadline = t0 + limits.timeLimitMs;
    const progress: SolveProgress[] = [];
    let iterations = 0;
    let lastReport = -Infinity;
    let planned = 0;
    for (let j = 0; j < this.inst.jobs; j++) planned += this.active[j]!;
    // Nothing to choose between: no orders to plan or no vehicle to plan them on.
    const trivial = planned === 0 || this.inst.vehicles === 0;
    const stopped = (): boolean =>
      trivial ||
      iterations >= limits.maxIterations || performance.now() >= deadline || limits.signal?.aborted === true;
    const fraction = (): number =>
      Math.max(
        Math.min(1, (performance.now() - t0) / limits.timeLimitMs),
        Number.isFinite(limits.maxIterations) ? iterations / limits.maxIterations : 0,
      );

    this.construct();
    let best = this.snapshot();
    let bestUnassigned = this.unassigned.slice();
    let bestCost = this.totalCost();
    const timeToFirstFeasibleMs = performance.now() - t0;
    const report = (force: boolean): void => {
      const now = performance.now();
      if (!force && now - lastReport < 200) return;
      lastReport = now;
      const p: SolveProgress = {
        elapsedMs: Math.round(now - t0),
        iterations,
        vehicles: best.filter((r) => r.length > 0).length,
        unassigned: bestUnassigned.length,
        cost: bestCost,
      };
      progress.push(p);
      limits.onProgress?.(p);
    };
    report(true);

    // Phase 1 (vehicles-first objectives): eliminate routes while every order stays served.
    if (this.model.vehiclesFirst && this.unassigned.length === 0 && this.usedVehicles() > 1) {
      const phaseEnd = FLEET_PHASE_SHARE;
      this.closedFleet = true;
      this.absence.fill(0);
      const fewest = this.vehicleLowerBound();
      while (!stopped() && fraction() < phaseEnd && this.usedVehicles() > fewest) {
        // Drop the route with the fewest stops; its orders must find room elsewhere.
        let victim = -1;
        for (let r = 0; r < this.routes.length; r++) {
          const size = this.routes[r]!.size;
          if (size > 0 && (victim < 0 || size < this.routes[victim]!.size)) victim = r;
        }
        this.beginMove();
        const freed: number[] = [];
        this.removeRoute(victim, freed);
        this.unassigned = freed;
        let fleetCost = this.totalCost();
        let success = false;
        while (!stopped() && fraction() < phaseEnd) {
          iterations++;
          const before = this.unassigned.slice();
          let beforeAbsence = 0;
          for (const j of before) beforeAbsence += this.absence[j]!;
          this.move(this.rng.next() < 0.5 ? 4 : this.randomSortMode());
          let afterAbsence = 0;
          for (const j of this.unassigned) {
            this.absence[j]!++;
            afterAbsence += this.absence[j]!;
          }
          const cmp = this.compareUnassigned(this.unassigned, before);
          const fewer = this.unassigned.length < before.length;
          const cost = this.totalCost();
          // Absences drive the elimination; among equally many left-out orders a shorter plan is
          // kept too, so the plan that finally serves everyone is not needlessly tangled.
          const shorter = this.unassigned.length === before.length && cost < fleetCost;
          if (this.touchedFeasible() && (cmp < 0 || (cmp === 0 && (fewer || afterAbsence < beforeAbsence || shorter)))) {
            fleetCost = cost;
          } else {
            this.rollback();
          }
          if (this.unassigned.length === 0) {
            success = true;
            break;
          }
        }
        if (!success) break;
        best = this.snapshot();
        bestUnassigned = [];
        bestCost = this.totalCost();
        report(false);
      }
      this.closedFleet = false;
      this.restore(best, bestUnassigned);
    }

    // Phase 2: simulated annealing over ruin-and-recreate.
    const scale = Math.max(1e-9, this.variableCost() / Math.max(1, this.inst.jobs));
    const t0Temp = 1 * scale;
    const tEnd = 0.003 * scale;
    const startFraction = fraction();
    let mixedFleet = false;
    for (let v = 1; v < this.inst.vehicles; v++) if (this.inst.vehicleClass[v] !== this.inst.vehicleClass[0]) mixedFleet = true;
    let current = bestCost;
    while (!stopped()) {
      iterations++;
      const f = startFraction >= 1 ? 1 : (fraction() - startFraction) / (1 - startFraction);
      const temperature = t0Temp * Math.pow(tEnd / t0Temp, f);
      const before = this.unassigned.slice();
      if (mixedFleet && this.rng.next() < SWAP_RATE) {
        if (!this.transferRoute()) continue;
      } else this.move(this.randomSortMode());
      const cmp = this.compareUnassigned(this.unassigned, before);
      const cost = this.totalCost();
      const accept = this.touchedFeasible() && (cmp < 0 || (cmp === 0 && cost < current - temperature * Math.log(this.rng.next())));
      if (!accept) {
        this.rollback();
        continue;
      }
      current = cost;
      const cb = this.compareUnassigned(this.unassigned, bestUnassigned);
      if (cb < 0 || (cb === 0 && cost < bestCost - 1e-9)) {
        best = this.snapshot();
        bestUnassigned = this.unassigned.slice();
        bestCost = cost;
        report(false);
      }
    }
    this.restore(best, bestUnassigned);
    // Final pass: every left-out order tries every route once more (moves only retried them nearby).
    if (bestUnassigned.length > 0) {
      this.beginMove();
      const pool = this.unassigned;
      this.unassigned = [];
      this.recreate(pool, 0);
      if (this.touchedFeasible() && this.compareUnassigned(this.unassigned, bestUnassigned) < 0) {
        best = this.snapshot();
        bestUnassigned = this.unassigned.slice();
        bestCost = this.totalCost();
      }
    }
    report(true);
    return {
      routes: best,
      unassigned: bestUnassigned,
      iterations,
      elapsedMs: performance.now() - t0,
      timeToFirstFeasibleMs,
      progress,
    };
  }
}
