import type { Instance, JobIndex, NodeIndex } from '../instance';
import { type InserterPaths, SEARCH_PATHS } from '../insertion-candidate';
import type { SolveProgress } from '../model';
import { Annealing } from './annealing';
import { Budget, type BudgetLimits } from './budget';
import { CONVERGED_GAIN, cycleIterations } from './convergence';
import { Incumbent, type PlanExchange } from './incumbent';
import { LocalSearch } from './local-search';
import { Migration } from './migration';
import { Moves } from './moves';
import { type SearchParams, longRouteFleetShare, searchParams } from './params';
import { LONG_ROUTE_MIN_STOPS, PlanState } from './plan-state';
import { RouteGroupRebuild } from './rebuild';
import { Recreate, SortMode } from './recreate';
import { RouteElimination } from './route-elimination';
import { Ruin } from './ruin';
import { annealingMultiples } from './temperature';
import { constructFromInitialRoutes } from './warm-start';

export interface SearchLimits extends BudgetLimits {
  onProgress?: ((p: SolveProgress) => void) | undefined;
  /**
   * Stop when converged instead of spending the whole time limit: independent runs of a size-based
   * number of iterations each, until one does not beat the best (the time and iteration limits
   * still cap it). Deterministic for a seed when the limits do not bind.
   */
  untilConverged?: boolean | undefined;
  /** With untilConverged: the most moves of each run (cycleIterations of the planned orders below it). */
  maxRunMoves?: number | undefined;
  /** This thread's knobs (the defaults where not given). */
  params?: Partial<SearchParams> | undefined;
  /** Searching on several threads (not when stopping on convergence): the board the threads post their best plans to. */
  exchange?: PlanExchange | undefined;
}

export interface SearchResult {
  /** Per vehicle: its nodes in visiting order. */
  routes: NodeIndex[][];
  unassigned: JobIndex[];
  iterations: number;
  elapsedMs: number;
  timeToFirstFeasibleMs: number;
  progress: SolveProgress[];
}

/**
 * Ruin-and-recreate search: greedy construction, then (for vehicles-first objectives) route
 * elimination with absence counters, then simulated annealing over SISR string removals and blink
 * insertions. Jobs are recreated highest priority first and a plan serving fewer jobs of some
 * priority (compared from the highest priority down) is never accepted. The plan and its undo log
 * are the PlanState this extends; each step is a part of its own.
 */
export class Search extends PlanState {
  readonly recreate: Recreate;
  readonly ruin: Ruin;
  readonly moves: Moves;
  readonly routeElimination: RouteElimination;
  readonly localSearch: LocalSearch;
  readonly migration: Migration;
  readonly rebuild: RouteGroupRebuild;
  readonly annealing: Annealing;

  constructor(inst: Instance, active: Uint8Array, seed: number, paths: InserterPaths = SEARCH_PATHS) {
    super(inst, active, seed, paths);
    this.recreate = new Recreate(this);
    this.ruin = new Ruin(this);
    this.moves = new Moves(this, this.ruin, this.recreate);
    this.routeElimination = new RouteElimination(this, this.recreate, this.moves);
    this.localSearch = new LocalSearch(this, this.recreate);
    this.migration = new Migration(this, this.recreate);
    this.rebuild = new RouteGroupRebuild(
      this,
      (groupActive, groupSeed) => new Search(inst, groupActive, groupSeed, paths),
    );
    this.annealing = new Annealing(
      this,
      this.recreate,
      this.ruin,
      this.moves,
      this.localSearch,
      this.migration,
      this.rebuild,
    );
  }

  /** Greedy construction, route elimination (vehicles-first objectives), annealing, a last retry of left-out jobs. */
  run(limits: SearchLimits): SearchResult {
    const params = searchParams(limits.params);
    const planned = this.plannedJobs();
    const budget = new Budget(limits, planned === 0 || this.inst.vehicles === 0);
    // Stopping on convergence, runs on other threads are independent (and the result deterministic).
    this.migration.exchange = limits.untilConverged ? null : (limits.exchange ?? null);
    const best = new Incumbent(this, budget, limits.onProgress, this.migration.exchange ?? undefined);
    const cycle = Math.min(limits.maxRunMoves ?? Infinity, cycleIterations(planned));
    if (limits.untilConverged) budget.startCycle(cycle, budget.startedAt);

    const initialRoutes = this.inst.problem.initialRoutes;
    if (initialRoutes && initialRoutes.length > 0) constructFromInitialRoutes(this, this.recreate, initialRoutes);
    else this.construct();
    best.take();
    const timeToFirstFeasibleMs = performance.now() - budget.startedAt;
    best.report(true);

    this.improve(budget, best, params, limits.untilConverged === true);
    // Stopping on convergence: independent runs from a new construction until one brings nothing.
    while (limits.untilConverged && !params.oneRun && !budget.stopped()) {
      budget.startCycle(cycle);
      const run = new Incumbent(this, budget);
      this.clear();
      this.construct();
      run.take();
      this.improve(budget, run, params, true);
      if (!this.convergedRunBeats(run, best)) break;
      best.adopt(run);
      best.report(false);
    }
    this.restore(best.routes, best.unassigned);
    this.retryLeftOut(best);
    best.report(true);
    return {
      routes: best.routes,
      unassigned: best.unassigned,
      iterations: budget.iterations,
      elapsedMs: performance.now() - budget.startedAt,
      timeToFirstFeasibleMs,
      progress: best.progress,
    };
  }

  /** Greedy construction of the planned jobs, farthest from the depot first. */
  construct(): void {
    const jobs: JobIndex[] = [];
    for (let j = 0; j < this.inst.jobs; j++) if (this.active[j]) jobs.push(j);
    this.beginMove();
    this.recreate.insert(jobs, SortMode.FarthestFirst);
  }

  /** Route elimination (vehicles-first objectives), then annealing, from the current plan; ends on the best plan. */
  private improve(budget: Budget, best: Incumbent, params: SearchParams, untilConverged: boolean): void {
    if (this.model.vehiclesFirst && this.unassigned.length === 0 && this.usedVehicles() > 1)
      this.routeElimination.eliminate(budget, best, longRouteFleetShare(params, this.hasPairs()), params.fleetShare);
    const stopsPerRoute = this.stopsPerRoute();
    const multiples = annealingMultiples(
      { ...params, untilConverged },
      this.plannedJobs(),
      this.hasPairs(),
      stopsPerRoute,
    );
    this.annealing.anneal(budget, best, {
      longRoutes: stopsPerRoute >= LONG_ROUTE_MIN_STOPS,
      longStringShare: params.longStringShare,
      shortStart: multiples.shortStart,
      end: multiples.end,
    });
    this.restore(best.routes, best.unassigned);
  }

  /** Whether a converged run's plan beats the best of the runs before it: fewer jobs left out, or cheaper by more than CONVERGED_GAIN. */
  private convergedRunBeats(run: Incumbent, best: Incumbent): boolean {
    const cmp = this.compareUnassigned(run.unassigned, best.unassigned);
    return cmp < 0 || (cmp === 0 && run.cost < best.cost - CONVERGED_GAIN * Math.abs(best.cost));
  }

  /** Every left-out job tries every route once more (moves only retried them near the ruin). */
  private retryLeftOut(best: Incumbent): void {
    if (best.unassigned.length === 0) return;
    this.beginMove();
    const pool = this.unassigned;
    this.unassigned = [];
    this.recreate.insert(pool, SortMode.Random);
    if (this.touchedFeasible() && this.compareUnassigned(this.unassigned, best.unassigned) < 0) best.take();
  }
}
