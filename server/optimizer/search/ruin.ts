import { type JobIndex, PICKUP, deliveryNode, hasStop, isPair, jobOf, pickupNode } from '../instance';
import type { PlanState } from './plan-state';

/** SISR (Christiaens & Vanden Berghe 2020): average number of jobs a ruin removes. See docs/benchmarks.md#solver-parameters. */
export const AVG_REMOVED = 10;
/** SISR: the longest string a ruin cuts. See docs/benchmarks.md#solver-parameters. */
const MAX_STRING = 10;
/** The longest string of a long-string ruin (a diversifying thread's share of moves). See docs/benchmarks.md#solver-parameters. */
const LONG_MAX_STRING = 20;
/** Average number of jobs a long-string ruin removes. See docs/benchmarks.md#solver-parameters. */
const LONG_AVG_REMOVED = 15;
/** Tail exchanges and route group rebuilds: how many of a job's nearest neighbours count as near. See docs/benchmarks.md#solver-parameters. */
export const NEAR_NEIGHBORS = 10;

/**
 * Ruin: SISR string removals (strings, or split strings, of stops from routes near a random job),
 * and 2-opt* as a ruin (two routes exchange their tails, pairs the cut separates are removed).
 */
export class Ruin {
  /** Share of ruins that cut longer strings (set during annealing only). */
  longStringShare = 0;
  private readonly ruined: Uint8Array;
  /** The stops of the route a string is being cut from, to put back if the cut breaks it. */
  private backup = new Int32Array(16);
  /** Tail exchange: per job, its stops counted in one of the new routes. */
  private readonly stopCount: Uint8Array;

  constructor(private readonly state: PlanState) {
    this.ruined = new Uint8Array(state.inst.vehicles);
    this.stopCount = new Uint8Array(state.inst.jobs);
  }

  /** SISR: removes strings (or split strings) of stops from routes near a random seed job; the jobs go to `out`. */
  strings(out: JobIndex[]): void {
    const state = this.state;
    const { inst, routes, rng, jobRoute } = state;
    let stops = 0;
    let used = 0;
    for (const r of routes) {
      if (r.size > 0) {
        stops += r.size;
        used++;
      }
    }
    if (used === 0) return;
    const long = this.longStringShare > 0 && rng.next() < this.longStringShare;
    const lsMax = Math.min(long ? LONG_MAX_STRING : MAX_STRING, stops / used);
    const ksMax = (4 * (long ? LONG_AVG_REMOVED : AVG_REMOVED)) / (1 + lsMax) - 1;
    const ks = Math.floor(rng.next() * ksMax) + 1;
    const seed = state.randomPlannedJob();
    if (seed < 0) return;
    this.ruined.fill(0);
    let strings = 0;
    const K = inst.neighborCount;
    for (let idx = -1; idx < K && strings < ks; idx++) {
      const c = idx < 0 ? seed : inst.neighbors[seed * K + idx]!;
      const r = jobRoute[c]!;
      if (r < 0 || this.ruined[r]) continue;
      const route = routes[r]!;
      const n = route.size;
      const lMax = Math.min(n, lsMax);
      const l = Math.floor(rng.next() * lMax) + 1;
      const nodeC = hasStop(inst, c, PICKUP) ? pickupNode(c) : deliveryNode(c);
      const pos = route.positionOf(nodeC);
      const victims: JobIndex[] = [];
      if (l >= n || rng.next() < 0.5) {
        let first = pos - rng.int(l);
        first = Math.max(1, Math.min(first, n - l + 1));
        for (let k = first; k < first + l; k++) victims.push(jobOf(route.node[k]!));
      } else {
        let m = 1;
        while (l + m < n && rng.next() < 0.5) m++;
        let first = pos - rng.int(l + m);
        first = Math.max(1, Math.min(first, n - l - m + 1));
        const keepAt = first + rng.int(l + 1);
        for (let k = first; k < first + l + m; k++) {
          if (k >= keepAt && k < keepAt + m) continue;
          victims.push(jobOf(route.node[k]!));
        }
      }
      const removedBefore = out.length;
      if (this.backup.length < n) this.backup = new Int32Array(2 * n);
      this.backup.set(route.node.subarray(1, n + 1));
      // The string's jobs leave in one pass over the route (removeJob walks the route per job).
      for (const j of victims) state.takeOut(j, out);
      // Only this string's jobs are marked and still in the route: earlier strings left theirs out.
      route.removeMarkedJobs(state.removedMark);
      route.update(state.model);
      this.ruined[r] = 1;
      strings++;
      // Removing stops need not keep a route feasible: with time-of-day traffic (or a duration
      // matrix without the triangle inequality) the shortened route can arrive at a later stop at
      // another time, and its schedule can then break a window or maxDuration. Such a string
      // stays: the route goes back to its stops before the removal.
      if (!route.feasible) {
        route.setStops(this.backup, n);
        route.update(state.model);
        for (let k = removedBefore; k < out.length; k++) {
          const j = out[k]!;
          jobRoute[j] = r;
          state.removedMark[j] = 0;
        }
        out.length = removedBefore;
      }
    }
    for (const j of out) state.removedMark[j] = 0;
  }

  /**
   * 2-opt* as a ruin: a random job c and one of its nearest jobs d in another route; c's route
   * keeps its stops up to c and goes on with d's route from d, d's route keeps its stops before d
   * and goes on with the rest of c's. Jobs whose pickup and delivery the cuts put in different
   * routes are removed into `out`. Nothing changes when no such pair of routes is found or a new
   * route breaks a constraint. Returns whether the routes were exchanged.
   */
  exchangeTails(out: JobIndex[]): boolean {
    const state = this.state;
    const { inst, rng, jobRoute } = state;
    const c = state.randomPlannedJob();
    if (c < 0) return false;
    const a = jobRoute[c]!;
    const K = inst.neighborCount;
    let d = -1;
    for (let k = rng.int(Math.max(1, Math.min(K, NEAR_NEIGHBORS))); k < K && d < 0; k++) {
      const near = inst.neighbors[c * K + k]!;
      const r = jobRoute[near]!;
      if (r >= 0 && r !== a) d = near;
    }
    if (d < 0) return false;
    const b = jobRoute[d]!;
    const A = state.routes[a]!;
    const B = state.routes[b]!;
    const nA = A.size;
    const nB = B.size;
    const cutA = A.positionOf(state.randomStopOf(c));
    const cutB = B.positionOf(state.randomStopOf(d)) - 1;
    if (!(state.compatibleStops(B, cutB + 1, nB, A.vehicle) && state.compatibleStops(A, cutA + 1, nA, B.vehicle)))
      return false;
    state.swapTails(a, cutA, b, cutB);
    // A job with one stop in the new route a has its other stop in the new route b.
    const count = this.stopCount;
    for (let k = 1; k <= A.size; k++) count[jobOf(A.node[k]!)]!++;
    const removedBefore = out.length;
    for (let k = 1; k <= A.size; k++) {
      const job = jobOf(A.node[k]!);
      if (count[job] === 1 && isPair(inst, job)) out.push(job);
      count[job] = 0;
    }
    for (let k = removedBefore; k < out.length; k++) {
      const job = out[k]!;
      A.removeJob(job);
      B.removeJob(job);
      jobRoute[job] = -1;
    }
    A.update(state.model);
    B.update(state.model);
    if (A.feasible && B.feasible) return true;
    out.length = removedBefore;
    state.rollback();
    state.beginMove();
    return false;
  }
}
