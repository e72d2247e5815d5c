import { EjectionSearch, PairEjectionSearch } from '../ejection';
import { type JobIndex, PICKUP, type VehicleIndex, deliveryNode, hasStop, jobOf, pickupNode } from '../instance';
import { Budget } from './budget';
import { Incumbent } from './incumbent';
import type { Moves } from './moves';
import type { PlanState } from './plan-state';
import { type Recreate, SortMode } from './recreate';
import { vehicleLowerBound } from './vehicle-bound';

/** Once a try at one route fewer has run this share of the budget, ejection may put its left-out job in. See docs/benchmarks.md#solver-parameters. */
const EJECT_AFTER = 0.15;
/** Ejection is tried every this many moves. See docs/benchmarks.md#solver-parameters. */
const EJECT_EVERY = 5;
/** The most jobs one ejection takes out. See docs/benchmarks.md#solver-parameters. */
const EJECT_MAX = 2;
/** Depth-first steps of one ejection search for single-stop jobs (it keeps the best choice found by then). See docs/benchmarks.md#solver-parameters. */
const EJECT_MAX_STEPS = 20_000;
/** Checks of one ejection search for jobs of two stops. See docs/benchmarks.md#solver-parameters. */
const PAIR_EJECT_MAX_CHECKS = 300;
/** Share of route elimination moves that recreate the jobs left out most often first. See docs/benchmarks.md#solver-parameters. */
const ABSENCE_SORT_RATE = 0.5;
/** Long routes with pairs: a move that only lowers absence counters may add this many times the cost per job at first. See docs/benchmarks.md#solver-parameters. */
const SQUEEZE_CAP = 1;
/** ...a cap that loosens to none over this share of the budget (see squeezeAllowance). See docs/benchmarks.md#solver-parameters. */
export const SQUEEZE_WINDOW = 0.03;

/**
 * The most a move of route elimination may add while only lowering absence counters, `spent` of
 * the budget after the route's jobs began to look for room: `cap` at first, unbounded once
 * SQUEEZE_WINDOW is spent.
 */
export function squeezeAllowance(cap: number, spent: number): number {
  const left = 1 - spent / SQUEEZE_WINDOW;
  return left > 0 ? cap / left : Infinity;
}

/**
 * Route elimination (vehicles-first objectives): drop the route with the fewest stops and run moves
 * until its jobs find room elsewhere, steered by absence counters (jobs left out often go first),
 * with ejection of the least absent jobs for a last left-out one; stop at the first route that
 * cannot go, at the lower bound, or at the end of the phase.
 */
export class RouteElimination {
  /** Moves that lowered the absence counters but were turned down for adding more than squeezeAllowance. */
  squeezesTurnedDown = 0;
  /** Insertion with ejection where it applies; made on first use. */
  private ejection: EjectionSearch | PairEjectionSearch | null | undefined = undefined;

  constructor(
    private readonly state: PlanState,
    private readonly recreate: Recreate,
    private readonly moves: Moves,
  ) {}

  /** Vehicles any plan of this search's jobs needs (route elimination stops there). */
  lowerBound(): number {
    return vehicleLowerBound(this.state.inst, this.state.active);
  }

  /**
   * Runs within the first `shortRouteShare` of the budget (`longRouteShare` once the routes are
   * long), from the current plan; ends on the best plan.
   */
  eliminate(budget: Budget, best: Incumbent, longRouteShare: number, shortRouteShare: number): void {
    const state = this.state;
    const shareNow = (): number => (state.routesAreLong() ? longRouteShare : shortRouteShare);
    let share = shareNow();
    const phaseOver = (): boolean => budget.stopped() || budget.fraction() >= share;
    this.recreate.closedFleet = true;
    state.absence.fill(0);
    const fewest = this.lowerBound();
    while (!phaseOver() && state.usedVehicles() > fewest) {
      let victim = -1;
      for (let r = 0; r < state.routes.length; r++) {
        const size = state.routes[r]!.size;
        if (size > 0 && (victim < 0 || size < state.routes[victim]!.size)) victim = r;
      }
      state.beginMove();
      const freed: JobIndex[] = [];
      state.removeRoute(victim, freed);
      state.unassigned = freed;
      if (!this.reinsertFreedJobs(budget, phaseOver)) break;
      best.take();
      best.report(false);
      share = shareNow();
    }
    this.recreate.closedFleet = false;
    state.restore(best.routes, best.unassigned);
  }

  /**
   * Route elimination alone from the current plan within `maxIterations` moves, ending at
   * `longRouteShare` of them on long routes and `shortRouteShare` on short ones (tests). Returns
   * the moves it spent.
   */
  eliminateWithin(maxIterations: number, longRouteShare: number, shortRouteShare: number): number {
    const budget = Budget.unbounded().child(maxIterations);
    const best = new Incumbent(this.state, budget);
    best.take();
    this.eliminate(budget, best, longRouteShare, shortRouteShare);
    return budget.iterations;
  }

  /** Route elimination with ejection, from the current plan's one left-out job (tests; see ejectLeftOut). */
  ejectOnce(): boolean {
    this.state.beginMove();
    return this.ejectLeftOut();
  }

  /** Moves until no job is left out (true) or the phase ends (false). */
  private reinsertFreedJobs(budget: Budget, phaseOver: () => boolean): boolean {
    const state = this.state;
    let fleetCost = state.totalCost();
    const startedAt = budget.fraction();
    const ejectFrom = startedAt + EJECT_AFTER;
    const squeezeCap = state.routesAreLong() && state.hasPairs() ? SQUEEZE_CAP * state.costPerOrder() : Infinity;
    while (!phaseOver()) {
      budget.iterations++;
      const before = state.unassigned.slice();
      let beforeAbsence = 0;
      for (const j of before) beforeAbsence += state.absence[j]!;
      this.moves.ruinAndRecreate(
        state.rng.next() < ABSENCE_SORT_RATE ? SortMode.MostAbsentFirst : this.recreate.randomSortMode(),
      );
      let afterAbsence = 0;
      for (const j of state.unassigned) {
        state.absence[j]!++;
        afterAbsence += state.absence[j]!;
      }
      const cmp = state.compareUnassigned(state.unassigned, before);
      const fewer = state.unassigned.length < before.length;
      const cost = state.totalCost();
      // Absences drive the elimination; among equally many left-out jobs a shorter plan is kept
      // too, so the plan that finally serves everyone is not needlessly tangled.
      const shorter = state.unassigned.length === before.length && cost < fleetCost;
      const lowered = afterAbsence < beforeAbsence;
      const lessAbsent = lowered && cost - fleetCost <= squeezeAllowance(squeezeCap, budget.fraction() - startedAt);
      if (lowered && !lessAbsent) this.squeezesTurnedDown++;
      if (state.touchedFeasible() && (cmp < 0 || (cmp === 0 && (fewer || lessAbsent || shorter)))) {
        fleetCost = cost;
      } else {
        state.rollback();
      }
      if (state.unassigned.length === 0) return true;
      if (budget.iterations % EJECT_EVERY === 0 && budget.fraction() >= ejectFrom && this.ejectLeftOut()) {
        budget.iterations++;
        fleetCost = state.totalCost();
        if (state.unassigned.length === 0) return true;
      }
    }
    return false;
  }

  /**
   * Where one job is left out, it goes into a route that ejects its least weighty jobs (by absence
   * counters; see EjectionSearch), which are left out instead. False when more jobs are left out,
   * or ejection does not apply or finds no way.
   */
  private ejectLeftOut(): boolean {
    const state = this.state;
    const inst = state.inst;
    if (this.ejection === undefined) {
      this.ejection = EjectionSearch.applies(inst, state.active)
        ? new EjectionSearch(inst, EJECT_MAX, EJECT_MAX_STEPS)
        : PairEjectionSearch.applies(inst, state.active)
          ? new PairEjectionSearch(inst, state.model, state.inserter, EJECT_MAX, PAIR_EJECT_MAX_CHECKS)
          : null;
    }
    const ejection = this.ejection;
    const job = state.unassigned[0];
    if (ejection === null || job === undefined || state.unassigned.length > 1) return false;
    if (ejection instanceof PairEjectionSearch) return this.ejectForPair(ejection, job);
    const node = hasStop(inst, job, PICKUP) ? pickupNode(job) : deliveryNode(job);
    if (!ejection.find(state.routes, node, state.absence, state.rng)) return false;
    const r = ejection.route;
    const route = state.routes[r]!;
    // The new stop goes after position `after` of the route as it was: fewer the ejected stops up to there.
    const out: JobIndex[] = [];
    let ejectedBefore = 0;
    for (let e = 0; e < ejection.ejectedCount; e++) {
      const q = ejection.ejected[e]!;
      out.push(jobOf(route.node[q]!));
      if (q <= ejection.after) ejectedBefore++;
    }
    this.ejectFrom(r, out);
    route.insert(node, ejection.after - ejectedBefore, -1, -1);
    route.update(state.model);
    state.jobRoute[job] = r;
    return true;
  }

  /** Starts an ejection move: the jobs `out` leave route r and are the ones left out (the caller then puts the new job in). */
  private ejectFrom(r: VehicleIndex, out: JobIndex[]): void {
    const state = this.state;
    state.beginMove();
    state.touch(r);
    for (const j of out) {
      state.removedMark[j] = 1;
      state.jobRoute[j] = -1;
    }
    state.routes[r]!.removeMarkedJobs(state.removedMark);
    for (const j of out) state.removedMark[j] = 0;
    state.unassigned = out;
  }

  /** ejectLeftOut where jobs have two stops (see PairEjectionSearch). */
  private ejectForPair(ejection: PairEjectionSearch, job: JobIndex): boolean {
    const state = this.state;
    if (!ejection.find(state.routes, job, state.absence, state.rng)) return false;
    const r = ejection.route;
    this.ejectFrom(r, Array.from(ejection.ejected.subarray(0, ejection.ejectedCount)));
    state.routes[r]!.update(state.model);
    state.place(job, r, ejection.placement);
    return true;
  }
}
