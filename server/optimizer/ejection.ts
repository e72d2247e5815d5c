import { type Inserter } from './insertion';
import { type InsertionCandidate, copyCandidate, emptyCandidate } from './insertion-candidate';
import {
  DELIVERY,
  type Instance,
  PICKUP,
  baseTravelTime,
  hasStop,
  jobOf,
  chargedService,
  pickupNode,
  singleWindowOrders,
  singleWindowStopsOnly,
} from './instance';
import type { CostModel } from './objective';
import type { Random } from './random';
import { RouteState } from './route';

/**
 * Insertion with ejection (Nagata & Bräysy 2009, "A powerful route minimization heuristic for the
 * VRPTW"): an order that fits nowhere goes into a route anyway, and up to `maxEjected` of the
 * route's other orders leave it so that the route keeps every time window, its capacity and its
 * shift; of all such choices the one whose ejected orders weigh least (per order, a weight the
 * caller keeps: how often it was left out, plus one) is taken. Route elimination then has to place
 * the ejected orders, which were easy to place so far.
 *
 * For routes whose feasibility is windows, shift, stop count and capacity only: every order one
 * stop with one window on the same side (all pickups or all deliveries, so a route's load is the sum
 * of its sizes), no traffic, duration limits, breaks or locks (see applies). The choices are
 * enumerated depth first over the route's stops in order, each kept or ejected; a branch ends where
 * a kept stop is late, where its weight reaches the best found, and, past the new stop, where the
 * rest of the route as it was still fits (the route's cached latest starts).
 */
export class EjectionSearch {
  /** The choice found: the route, where the order goes (after this position of the route as it was), and the positions ejected. */
  route = -1;
  after = 0;
  ejectedCount = 0;
  readonly ejected: Int32Array;
  /** The ejected orders' weights plus one each (Infinity when nothing was found). */
  weightSum = Infinity;

  // Scratch for one route: the stops with the new one, each one's position in the route as it was (0 for the new one).
  private seqNode = new Int32Array(64);
  private seqOld = new Int32Array(64);
  private readonly path: Int32Array;
  /** Per capacity dimension: how much the route's load exceeds the capacity with the new order. */
  private readonly excess: Float64Array;
  /** Per depth of ejection and dimension: the sizes ejected so far. */
  private readonly ejectedSize: Float64Array;
  private stepsLeft = 0;
  // The route being searched.
  private current: RouteState | null = null;
  private length = 0;
  private insertAt = 0;
  private maxStops = 0;
  private endLoc = -1;
  private endBy = 0;
  private vehicle = 0;
  private weight: Float64Array = new Float64Array(0);

  constructor(
    private readonly inst: Instance,
    private readonly maxEjected: number,
    /** Depth-first steps one search may take (it keeps the best choice found by then). */
    private readonly maxSteps: number,
  ) {
    this.ejected = new Int32Array(maxEjected);
    this.path = new Int32Array(maxEjected);
    this.excess = new Float64Array(inst.dims);
    this.ejectedSize = new Float64Array((maxEjected + 1) * inst.dims);
  }

  /** Whether route feasibility is only what this search checks, for the orders marked active. */
  static applies(inst: Instance, active: Uint8Array): boolean {
    if (!singleWindowStopsOnly(inst, active)) return false;
    // One side for all, so that a route's load is the sum of its sizes.
    let side = -1;
    for (let j = 0; j < inst.jobs; j++) {
      if (!active[j]) continue;
      const s = hasStop(inst, j, PICKUP) ? PICKUP : hasStop(inst, j, DELIVERY) ? DELIVERY : -1;
      if (s < 0 || (side >= 0 && s !== side)) return false;
      side = s;
    }
    return true;
  }

  /**
   * The least weighty way to put `node` (an order's one stop) into one of the routes in use, by
   * ejecting at most maxEjected of its orders; false when there is none (within the step budget).
   * `weight` is per order. Routes are tried from a random one on, so that ties fall at random.
   */
  find(routes: readonly RouteState[], node: number, weight: Float64Array, rng: Random): boolean {
    const inst = this.inst;
    const job = jobOf(node);
    this.weight = weight;
    this.route = -1;
    this.weightSum = Infinity;
    this.stepsLeft = this.maxSteps;
    const R = routes.length;
    const first = rng.int(Math.max(1, R));
    for (let t = 0; t < R && this.stepsLeft > 0; t++) {
      const r = (first + t) % R;
      const route = routes[r]!;
      if (route.size === 0 || !inst.compatible[job * inst.vehicles + route.vehicle]) continue;
      this.searchRoute(r, route, node);
    }
    return this.route >= 0;
  }

  private searchRoute(r: number, route: RouteState, node: number): void {
    const inst = this.inst;
    const v = route.vehicle;
    const n = route.size;
    const D = inst.dims;
    if (this.seqNode.length < n + 3) {
      const cap = 2 * (n + 3);
      this.seqNode = new Int32Array(cap);
      this.seqOld = new Int32Array(cap);
    }
    // Orders all on one side: the route's highest load is the sum of its sizes.
    for (let d = 0; d < D; d++)
      this.excess[d] =
        route.loadPrefixMax[n * D + d]! + inst.size[jobOf(node) * D + d]! - inst.vehicleCapacity[v * D + d]!;
    this.current = route;
    this.length = n + 1;
    this.maxStops = inst.vehicleMaxStops[v]!;
    this.endLoc = inst.vehicleEnd[v]!;
    this.endBy = inst.vehicleLatest[v]!;
    this.vehicle = v;
    for (let after = 0; after <= n && this.stepsLeft > 0; after++) {
      // The stops with the new one after `after`.
      for (let k = 1, i = 1; k <= n + 1; k++) {
        if (k === after + 1) {
          this.seqNode[k] = node;
          this.seqOld[k] = 0;
        } else {
          this.seqNode[k] = route.node[i]!;
          this.seqOld[k] = i;
          i++;
        }
      }
      this.insertAt = after + 1;
      this.ejectedSize.fill(0, 0, D);
      if (this.descend(1, -1, route.loc[0]!, route.start[0]!, 0, 0)) {
        this.route = r;
        this.after = after;
      }
    }
  }

  private travel(from: number, to: number): number {
    return baseTravelTime(this.inst, this.vehicle, from, to);
  }

  /** Capacity holds with the ejections of this depth. */
  private fits(depth: number): boolean {
    const D = this.inst.dims;
    for (let d = 0; d < D; d++) if (this.ejectedSize[depth * D + d]! < this.excess[d]! - 1e-9) return false;
    return true;
  }

  /** The current path is the best so far: keep it. */
  private record(depth: number, weightSum: number): true {
    this.weightSum = weightSum;
    this.ejectedCount = depth;
    this.ejected.set(this.path.subarray(0, depth));
    return true;
  }

  /**
   * Stops from `i` on, leaving the previous kept stop (node lastNode, -1: the start) at location
   * lastLoc at `depart`, with `depth` orders ejected weighing `weightSum`. True when it found a
   * better choice than the best so far.
   */
  private descend(
    i: number,
    lastNode: number,
    lastLoc: number,
    depart: number,
    depth: number,
    weightSum: number,
  ): boolean {
    if (--this.stepsLeft < 0) return false;
    const inst = this.inst;
    if (i > this.length) {
      const arrive = depart + this.travel(lastLoc, this.endLoc);
      if (arrive > this.endBy || this.length - depth > this.maxStops || !this.fits(depth)) return false;
      return this.record(depth, weightSum);
    }
    const x = this.seqNode[i]!;
    const loc = inst.nodeLocation[x]!;
    const arrive = depart + this.travel(lastLoc, loc);
    const w = inst.nodeWindowOffset[x]!;
    const open = inst.windowStart[w]!;
    const start = arrive > open ? arrive : open;
    const old = this.seqOld[i]!;
    const service = chargedService(inst, lastNode, x);
    // Past the new stop the rest is the route as it was (when this stop's service is too): where it
    // still fits, ejecting more only weighs more.
    if (
      i > this.insertAt &&
      start <= this.current!.latest[old]! &&
      service === this.current!.service[old] &&
      this.length - depth <= this.maxStops &&
      this.fits(depth)
    ) {
      return this.record(depth, weightSum);
    }
    let found = false;
    if (arrive <= inst.windowEnd[w]! && this.descend(i + 1, x, loc, start + service, depth, weightSum)) found = true;
    if (i !== this.insertAt && depth < this.maxEjected) {
      const job = jobOf(x);
      const weight = this.weight[job]! + 1;
      if (weightSum + weight < this.weightSum) {
        const D = inst.dims;
        for (let d = 0; d < D; d++)
          this.ejectedSize[(depth + 1) * D + d] = this.ejectedSize[depth * D + d]! + inst.size[job * D + d]!;
        this.path[depth] = old;
        if (this.descend(i + 1, lastNode, lastLoc, depart, depth + 1, weightSum + weight)) found = true;
      }
    }
    return found;
  }
}

/**
 * Insertion with ejection where orders have two stops (Li & Lim's pickups and deliveries, the way
 * Nagata & Kobayashi 2010 route-minimize them): as EjectionSearch, an order that fits nowhere goes
 * into a route anyway, and up to `maxEjected` of the route's other orders leave it, the least weighty
 * such choice. A pair's two positions and the load between them make the stop-by-stop enumeration
 * of EjectionSearch a search over position pairs; here each choice of orders is checked instead by
 * removing them from a copy of the route and asking the inserter whether the order then fits (the
 * same checks as every insertion). Per route the orders are tried lightest first (ties at random)
 * and no choice as heavy as the best found is checked; at most `maxChecks` checks per search.
 */
export class PairEjectionSearch {
  /** The choice found: the route and the orders ejected from it. */
  route = -1;
  ejectedCount = 0;
  readonly ejected: Int32Array;
  /** The ejected orders' weights plus one each (Infinity when nothing was found). */
  weightSum = Infinity;
  /** Where the order goes in the route without the ejected orders (the inserter's cheapest place). */
  readonly placement: InsertionCandidate = emptyCandidate();

  /** Per vehicle, a route to check choices on (copyFrom copies a route of the same vehicle). */
  private readonly scratch: (RouteState | undefined)[];
  private readonly marked: Uint8Array;
  private readonly chosen: Int32Array;
  private readonly probe: InsertionCandidate = emptyCandidate();
  private orders: number[] = [];
  private checksLeft = 0;
  private job = -1;
  private weight: Float64Array = new Float64Array(0);

  constructor(
    private readonly inst: Instance,
    private readonly model: CostModel,
    private readonly inserter: Inserter,
    private readonly maxEjected: number,
    private readonly maxChecks: number,
  ) {
    this.ejected = new Int32Array(maxEjected);
    this.chosen = new Int32Array(maxEjected);
    this.scratch = new Array<RouteState | undefined>(inst.vehicles);
    this.marked = new Uint8Array(inst.jobs);
  }

  /** Whether it applies: some order marked active has two stops, and feasibility is windows, shift, stop count and capacity. */
  static applies(inst: Instance, active: Uint8Array): boolean {
    if (!singleWindowOrders(inst, active, true)) return false;
    for (let j = 0; j < inst.jobs; j++)
      if (active[j] && hasStop(inst, j, PICKUP) && hasStop(inst, j, DELIVERY)) return true;
    return false;
  }

  /**
   * The least weighty way to put `job` into one of the routes in use by ejecting at most maxEjected
   * of its orders; false when there is none (within the check budget). `weight` is per order.
   * Routes are tried from a random one on. The inserter must not blink (its blink rate 0).
   */
  find(routes: readonly RouteState[], job: number, weight: Float64Array, rng: Random): boolean {
    const inst = this.inst;
    this.job = job;
    this.weight = weight;
    this.route = -1;
    this.weightSum = Infinity;
    this.checksLeft = this.maxChecks;
    const R = routes.length;
    const first = rng.int(Math.max(1, R));
    for (let t = 0; t < R && this.checksLeft > 0; t++) {
      const r = (first + t) % R;
      const route = routes[r]!;
      if (route.size === 0 || !inst.compatible[job * inst.vehicles + route.vehicle]) continue;
      // The route's orders, lightest first; ties in random order (shuffled, then a stable sort).
      const orders = this.orders;
      orders.length = 0;
      for (let k = 1; k <= route.size; k++) {
        const x = route.node[k]!;
        const j = jobOf(x);
        // Each order once: at its first stop.
        if (x === pickupNode(j) || !hasStop(inst, j, PICKUP)) orders.push(j);
      }
      rng.shuffle(orders);
      orders.sort((a, b) => weight[a]! - weight[b]!);
      // It may fit as it is (an order left out by a blink): nothing to eject, nothing lighter.
      if (this.fitsWithout(route, 0)) {
        this.route = r;
        this.weightSum = 0;
        this.ejectedCount = 0;
        return true;
      }
      this.choose(r, route, 0, 0, 0);
    }
    return this.route >= 0;
  }

  /** Choices that add orders from position `from` of the sorted list to the `depth` chosen so far, weighing `weightSum`. */
  private choose(r: number, route: RouteState, from: number, depth: number, weightSum: number): void {
    const orders = this.orders;
    for (let q = from; q < orders.length && this.checksLeft > 0; q++) {
      const j = orders[q]!;
      const sum = weightSum + this.weight[j]! + 1;
      // Sorted lightest first: every later order makes a choice at least as heavy.
      if (sum >= this.weightSum) return;
      this.chosen[depth] = j;
      if (this.fitsWithout(route, depth + 1)) {
        this.route = r;
        this.weightSum = sum;
        this.ejectedCount = depth + 1;
        this.ejected.set(this.chosen.subarray(0, depth + 1));
      } else if (depth + 1 < this.maxEjected) this.choose(r, route, q + 1, depth + 1, sum);
    }
  }

  /** Whether the order fits into the route without the first `count` chosen orders (its place then in `placement`). */
  private fitsWithout(route: RouteState, count: number): boolean {
    this.checksLeft--;
    let checked = route;
    if (count > 0) {
      checked = this.scratch[route.vehicle] ??= new RouteState(this.inst, route.vehicle);
      checked.copyFrom(route);
      for (let e = 0; e < count; e++) this.marked[this.chosen[e]!] = 1;
      checked.removeMarkedJobs(this.marked);
      for (let e = 0; e < count; e++) this.marked[this.chosen[e]!] = 0;
      checked.update(this.model);
    }
    const probe = this.probe;
    probe.cost = Infinity;
    probe.route = -1;
    if (!this.inserter.evaluate(checked, -1, this.job, probe)) return false;
    copyCandidate(probe, this.placement);
    return true;
  }
}
