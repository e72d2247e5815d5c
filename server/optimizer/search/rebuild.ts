import { type JobIndex, jobOf } from '../instance';
import type { Annealing } from './annealing';
import type { Budget } from './budget';
import { Incumbent } from './incumbent';
import { LOCAL_SEARCH_MIN_GAIN } from './local-search/gain';
import type { PlanState } from './plan-state';
import type { Recreate } from './recreate';
import { NEAR_NEIGHBORS } from './ruin';
import { END_TEMPERATURE, START_TEMPERATURE } from './temperature';

/** Share of the annealing of long routes at which route groups are rebuilt. See docs/benchmarks.md#solver-parameters. */
export const REBUILD_AT = 0.5;
/** How many route groups are rebuilt then. See docs/benchmarks.md#solver-parameters. */
export const REBUILD_TRIES = 3;
/** Annealing moves of one group's own search (charged to the budget). See docs/benchmarks.md#solver-parameters. */
export const REBUILD_MOVES = 2000;

/** A search of one route group's jobs and vehicles only. */
interface GroupSearch extends PlanState {
  readonly recreate: Recreate;
  readonly annealing: Annealing;
  construct(): void;
}

/**
 * Route group rebuild: a random route and the one or two routes nearest to it (most of its jobs'
 * nearest neighbours) are planned from scratch by a search of their jobs and vehicles only, and
 * the new routes replace them when they serve every job at a lower cost. A fresh plan of two or
 * three routes leaves a basin that annealing the whole plan does not.
 */
export class RouteGroupRebuild {
  /** The search of one group, reused, and which jobs it plans. */
  private groupSearch: GroupSearch | null = null;
  private groupActive: Uint8Array | null = null;

  constructor(
    private readonly state: PlanState,
    private readonly newSearch: (active: Uint8Array, seed: number) => GroupSearch,
  ) {}

  /** Rebuilds one group within `moves` moves charged to `budget` (`longRoutes`: the group anneals as long routes). Returns whether it replaced the group. */
  rebuild(budget: Budget, moves: number, longRoutes: boolean): boolean {
    const state = this.state;
    const { inst, routes, jobRoute, rng } = state;
    const used: number[] = [];
    for (let r = 0; r < routes.length; r++) if (routes[r]!.size > 0) used.push(r);
    if (used.length < 2) return false;
    const first = used[rng.int(used.length)]!;
    const nearness = new Float64Array(routes.length);
    const K = inst.neighborCount;
    const seedRoute = routes[first]!;
    for (let k = 1; k <= seedRoute.size; k++) {
      const job = jobOf(seedRoute.node[k]!);
      for (let q = 0; q < Math.min(K, NEAR_NEIGHBORS); q++) {
        const r = jobRoute[inst.neighbors[job * K + q]!]!;
        if (r >= 0 && r !== first) nearness[r]!++;
      }
    }
    const group = [first];
    const size = rng.next() < 0.5 ? 3 : 2;
    while (group.length < size) {
      let next = -1;
      for (let r = 0; r < routes.length; r++)
        if (nearness[r]! > 0 && !group.includes(r) && (next < 0 || nearness[r]! > nearness[next]!)) next = r;
      if (next < 0) break;
      group.push(next);
    }
    if (group.length < 2) return false;

    const active = (this.groupActive ??= new Uint8Array(inst.jobs));
    active.fill(0);
    let jobs = 0;
    const mask = new Uint8Array(inst.vehicles);
    for (const r of group) {
      const route = routes[r]!;
      mask[route.vehicle] = 1;
      for (let k = 1; k <= route.size; k++) {
        const job: JobIndex = jobOf(route.node[k]!);
        if (!active[job]) jobs++;
        active[job] = 1;
      }
    }
    const sub = (this.groupSearch ??= this.newSearch(active, rng.int(0x40000000)));
    sub.recreate.vehicleMask = mask;
    sub.scaleJobs = jobs;
    sub.clear();
    sub.construct();
    const subBudget = budget.child(moves);
    const rebuilt = new Incumbent(sub, subBudget);
    rebuilt.take();
    sub.annealing.anneal(subBudget, rebuilt, {
      longRoutes,
      longStringShare: 0,
      shortStart: START_TEMPERATURE,
      end: END_TEMPERATURE,
    });
    budget.iterations += subBudget.iterations;
    if (rebuilt.unassigned.length > 0) return false;
    let groupCost = 0;
    for (const r of group) groupCost += routes[r]!.cost;
    if (!(rebuilt.cost < groupCost - LOCAL_SEARCH_MIN_GAIN)) return false;
    state.beginMove();
    for (const r of group) {
      state.touch(r);
      state.assignStops(r, rebuilt.routes[r]!);
    }
    return true;
  }
}
