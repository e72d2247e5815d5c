import { type JobIndex, type NodeIndex, jobOf } from '../instance';
import type { Incumbent, PlanExchange } from './incumbent';
import { type Plan, type PlanState, routesInUse } from './plan-state';
import type { Recreate } from './recreate';

/** Every this share of its annealing a thread reads the plans the others posted. See docs/benchmarks.md#solver-parameters. */
export const MIGRATION_CHECK_EVERY = 0.02;
/** Shares of the annealing at which a thread moves one route of another's plan into its best (plans without pairs). See docs/benchmarks.md#solver-parameters. */
export const TRANSPLANT_AT = [0.5, 0.75];

/** A plan another thread posted, with the jobs it leaves out here. */
interface PostedPlan extends Plan {
  cost: number;
}

/**
 * Plans exchanged between threads searching side by side: reading the plans the others posted
 * (migration: a better one replaces this thread's), and moving one route of another's plan into
 * this one (transplant).
 */
export class Migration {
  /** The board shared with the other threads (null: this search runs alone). */
  exchange: PlanExchange | null = null;
  /** Reading a posted plan: per job, its stops in the plan. */
  private postedCount: Uint8Array | null = null;

  constructor(
    private readonly state: PlanState,
    private readonly recreate: Recreate,
  ) {}

  /**
   * A plan another thread posted (null when none qualifies). Given `best`, only one that beats it by
   * more than cost: fewer jobs left out by priority, or (vehicles-first objectives) as many and
   * fewer vehicles. Else the cheapest that leaves out no more jobs than the current plan.
   */
  postedPlan(best: Incumbent | null): PostedPlan | null {
    const { exchange, state } = this;
    if (exchange === null) return null;
    const bestVehicles = best === null ? 0 : routesInUse(best.routes);
    let chosen: PostedPlan | null = null;
    for (let slot = 0; slot < exchange.board.slots; slot++) {
      if (slot === exchange.slot) continue;
      const plan = exchange.board.read(slot);
      if (plan?.routes.length !== state.routes.length) continue;
      const unassigned = this.leftOutBy(plan.routes);
      if (unassigned === null) continue;
      if (best !== null) {
        const cmp = state.compareUnassigned(unassigned, best.unassigned);
        const fewerVehicles = state.model.vehiclesFirst && routesInUse(plan.routes) < bestVehicles;
        if (!(cmp < 0 || (cmp === 0 && fewerVehicles))) continue;
      } else if (state.compareUnassigned(unassigned, state.unassigned) > 0) continue;
      if (chosen === null || plan.cost < chosen.cost) chosen = { routes: plan.routes, unassigned, cost: plan.cost };
    }
    return chosen;
  }

  /**
   * Moves one route of a donor plan (another thread's) into the current plan: a donor route whose
   * jobs no route here serves alike, at random, goes to the vehicle of its class here that shares
   * the most of its jobs. That vehicle's other jobs and the donor route's jobs on other routes are
   * taken out, and the first are inserted again without opening vehicles. False (the plan
   * unchanged) when every donor route is served alike here or the result leaves more jobs out or
   * is infeasible.
   */
  transplant(donor: readonly (readonly NodeIndex[])[]): boolean {
    const state = this.state;
    const { inst, routes, jobRoute } = state;
    const differing: number[] = [];
    for (let v = 0; v < donor.length; v++) {
      const nodes = donor[v]!;
      if (nodes.length === 0) continue;
      const r = jobRoute[jobOf(nodes[0]!)]!;
      let alike = r >= 0 && routes[r]!.size === nodes.length;
      for (let k = 1; alike && k < nodes.length; k++) if (jobRoute[jobOf(nodes[k]!)] !== r) alike = false;
      if (!alike) differing.push(v);
    }
    if (differing.length === 0) return false;
    const v = differing[state.rng.int(differing.length)]!;
    const nodes = donor[v]!;
    const shared = new Int32Array(routes.length);
    for (const x of nodes) {
      const r = jobRoute[jobOf(x)]!;
      if (r >= 0) shared[r]!++;
    }
    let target = -1;
    for (let r = 0; r < routes.length; r++) {
      const vehicle = routes[r]!.vehicle;
      if (inst.vehicleClass[vehicle] !== inst.vehicleClass[v]) continue;
      // Same class, same vehicle but for the jobs it may carry (allowed vehicles, locks).
      if (nodes.some((x) => !inst.compatible[jobOf(x) * inst.vehicles + vehicle])) continue;
      if (
        target < 0 ||
        shared[r]! > shared[target]! ||
        (shared[r] === shared[target] && routes[r]!.size < routes[target]!.size)
      )
        target = r;
    }
    if (target < 0) return false;
    state.beginMove();
    const moved: JobIndex[] = [];
    for (const x of nodes) state.removeJob(jobOf(x), moved);
    for (const j of moved) state.removedMark[j] = 0;
    const displaced: JobIndex[] = [];
    state.removeRoute(target, displaced);
    state.assignStops(target, nodes);
    state.unassigned = state.unassigned.filter((j) => jobRoute[j]! < 0);
    const pool = displaced.filter((j) => jobRoute[j]! < 0);
    this.recreate.closedFleet = true;
    this.recreate.insert(pool, this.recreate.randomSortMode());
    this.recreate.closedFleet = false;
    if (!state.touchedFeasible() || state.compareUnassigned(state.unassigned, state.backupUnassigned) > 0) {
      state.rollback();
      return false;
    }
    return true;
  }

  /** The jobs this search plans and a posted plan leaves out (null: the plan serves a job twice, or one this search does not plan). */
  private leftOutBy(routes: readonly (readonly NodeIndex[])[]): JobIndex[] | null {
    const state = this.state;
    const seen = (this.postedCount ??= new Uint8Array(state.inst.jobs));
    seen.fill(0);
    for (const nodes of routes)
      for (const x of nodes) {
        const job = jobOf(x);
        if (!state.active[job] || seen[job]! >= 2) return null;
        seen[job]!++;
      }
    const out: JobIndex[] = [];
    for (let j = 0; j < state.inst.jobs; j++) if (state.active[j] && seen[j] === 0) out.push(j);
    return out;
  }
}
