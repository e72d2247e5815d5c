import type { Budget } from './budget';
import type { Incumbent } from './incumbent';
import type { LocalSearch } from './local-search';
import { MIGRATION_CHECK_EVERY, type Migration, TRANSPLANT_AT } from './migration';
import type { Moves } from './moves';
import { type PlanState, routesInUse } from './plan-state';
import { REBUILD_AT, REBUILD_MOVES, REBUILD_TRIES, type RouteGroupRebuild } from './rebuild';
import type { Recreate } from './recreate';
import type { Ruin } from './ruin';
import { WarpPenaltySchedule, softWindowsApply, totalWarp } from './soft-windows';
import { annealingTemperatures, temperatureAt } from './temperature';

/** Mixed fleets: share of annealing moves that transfer a whole route to another vehicle. See docs/benchmarks.md#solver-parameters. */
const SWAP_RATE = 0.1;
/** Shares of the annealing at which the best plan is polished by local search (plans without pairs). See docs/benchmarks.md#solver-parameters. */
const LOCAL_SEARCH_AT = [0, 0.2, 0.4, 0.6, 0.8, 0.95];

/** How one annealing runs: the plan's shape and the thread's settings. */
interface AnnealingSetup {
  /** The routes are long: hotter start, tail exchanges, soft windows and route group rebuilds where they apply. */
  longRoutes: boolean;
  /** Share of moves that cut longer strings. */
  longStringShare: number;
  /** Start and end multiples of the cost per job (see annealingMultiples). */
  shortStart: number;
  end: number;
}

/**
 * Simulated annealing over ruin-and-recreate for the rest of the budget (or of the run, when
 * stopping on convergence): a move is kept when it leaves out fewer jobs (by priority), or as many
 * and its cost passes the threshold accepting test at the current temperature. At points fixed in
 * the annealing's progress it steps aside to polish the best plan (local search), to read other
 * threads' plans (migration, transplant) or to rebuild route groups, and anneals on from the result.
 */
export class Annealing {
  /** Moves made with soft windows, and how many of them were kept breaking a window. */
  softMoves = 0;
  warpedKept = 0;
  /** The last annealing's start and end temperatures, as multiples of the cost per job (tests). */
  lastTemperatures = { start: 0, end: 0 };

  constructor(
    private readonly state: PlanState,
    private readonly recreate: Recreate,
    private readonly ruin: Ruin,
    private readonly moves: Moves,
    private readonly localSearch: LocalSearch,
    private readonly migration: Migration,
    private readonly rebuild: RouteGroupRebuild,
  ) {}

  anneal(budget: Budget, best: Incumbent, setup: AnnealingSetup): void {
    const state = this.state;
    const scale = state.costPerOrder();
    const { start, end } = annealingTemperatures(scale, setup.longRoutes, setup.shortStart, setup.end);
    this.lastTemperatures = { start: start / scale, end: end / scale };
    const startFraction = budget.fraction();
    const annealed = (): number => (startFraction >= 1 ? 1 : (budget.fraction() - startFraction) / (1 - startFraction));
    const mixedFleet = state.mixedFleet();
    const pairs = state.hasPairs();
    // A run's own annealing, not a route group's: only it rebuilds groups and reads other threads' plans.
    const ownRun = this.recreate.vehicleMask === null;
    const exchanging = this.migration.exchange !== null && ownRun;
    const next = {
      localSearch: pairs ? LOCAL_SEARCH_AT.length : 0,
      rebuild: setup.longRoutes && ownRun && !state.model.usesMaxDistance,
      migrationCheck: 0,
      transplant: exchanging && !pairs ? 0 : TRANSPLANT_AT.length,
    };
    // Soft windows on the thread with SISR's strings only (longer strings make soft moves twice as
    // costly); the steps aside work on plans that keep every window.
    const soft = new WarpPenaltySchedule(
      state,
      ownRun && setup.longRoutes && setup.longStringShare === 0 && softWindowsApply(state),
    );
    let current = best.cost;
    const softSwitch = (on: boolean): void => {
      if (soft.switchTo(on)) current = state.totalCost();
    };
    this.ruin.longStringShare = setup.longStringShare;
    this.moves.tailExchanges = setup.longRoutes;
    while (!budget.stopped() && !budget.cycleOver()) {
      if (next.localSearch < LOCAL_SEARCH_AT.length && annealed() >= LOCAL_SEARCH_AT[next.localSearch]!) {
        next.localSearch++;
        softSwitch(false);
        current = this.polishBest(budget, best);
        continue;
      }
      if (exchanging && annealed() >= next.migrationCheck) {
        // From the share reached: after a long step (a route group rebuild) one read, not one per step missed.
        next.migrationCheck = annealed() + MIGRATION_CHECK_EVERY;
        current = this.migrate(best, () => softSwitch(false)) ?? current;
        continue;
      }
      if (next.transplant < TRANSPLANT_AT.length && annealed() >= TRANSPLANT_AT[next.transplant]!) {
        next.transplant++;
        softSwitch(false);
        current = this.transplantInto(best) ?? current;
        continue;
      }
      if (next.rebuild && annealed() >= REBUILD_AT) {
        next.rebuild = false;
        softSwitch(false);
        current = this.rebuildGroups(budget, best, setup.longRoutes);
        continue;
      }
      softSwitch(true);
      if (soft.adapt()) current = state.totalCost();
      budget.iterations++;
      const temperature = temperatureAt(start, end, annealed());
      const accepted = this.step(best, current, temperature, mixedFleet, soft);
      if (accepted !== null) current = accepted;
    }
    softSwitch(false);
    this.ruin.longStringShare = 0;
    this.moves.tailExchanges = false;
  }

  /**
   * One annealing move from the current plan (costing `current`); returns the new plan's cost when
   * it is kept, null when it was rolled back (or made no change).
   */
  private step(
    best: Incumbent,
    current: number,
    temperature: number,
    mixedFleet: boolean,
    soft: WarpPenaltySchedule,
  ): number | null {
    const state = this.state;
    const before = state.unassigned.slice();
    // The acceptance threshold, drawn before the move: with every job served and no warp penalty,
    // recreate gives up once the plan costs this much or leaves a job out, and the move is
    // rejected without its remaining insertions.
    const threshold = current - temperature * Math.log(state.rng.next());
    if (mixedFleet && state.rng.next() < SWAP_RATE) {
      if (!this.moves.transferRoute()) return null;
    } else if (
      this.moves.ruinAndRecreate(this.recreate.randomSortMode(), before.length === 0 && !soft.on ? threshold : Infinity)
    ) {
      state.rollback();
      return null;
    }
    const cmp = state.compareUnassigned(state.unassigned, before);
    const cost = state.totalCost();
    const warped = soft.on && totalWarp(state) > 0;
    // Jobs left out and a vehicle's weight outweigh any warp penalty: a plan that breaks a window
    // may neither serve other jobs nor use fewer vehicles than the best.
    const accept =
      state.touchedFeasible() &&
      (cmp < 0 || (cmp === 0 && cost < threshold)) &&
      !(warped && (cmp !== 0 || state.usedVehicles() < routesInUse(best.routes)));
    if (soft.on) {
      soft.record(warped);
      this.softMoves++;
    }
    if (!accept) {
      state.rollback();
      return null;
    }
    if (warped) this.warpedKept++;
    if (!warped) best.takeIfBeaten(cost);
    return cost;
  }

  /** Back to the best plan, polished by local search; returns the plan's cost. */
  private polishBest(budget: Budget, best: Incumbent): number {
    this.state.restore(best.routes, best.unassigned);
    this.localSearch.intensify(budget);
    const cost = this.state.totalCost();
    best.takeIfBeaten(cost);
    return cost;
  }

  /** Takes a plan another thread posted that beats the best by more than cost (see Migration.postedPlan); returns its cost, null when none does. */
  private migrate(best: Incumbent, leaveSoftWindows: () => void): number | null {
    const donor = this.migration.postedPlan(best);
    if (donor === null) return null;
    leaveSoftWindows();
    this.state.restore(donor.routes, donor.unassigned);
    best.take();
    best.report(false);
    return best.cost;
  }

  /** Back to the best plan, with one route of the cheapest plan another thread posted moved in; returns the plan's cost, null when no plan qualifies. */
  private transplantInto(best: Incumbent): number | null {
    this.state.restore(best.routes, best.unassigned);
    const donor = this.migration.postedPlan(null);
    if (donor === null) return null;
    this.migration.transplant(donor.routes);
    const cost = this.state.totalCost();
    best.takeIfBeaten(cost);
    return cost;
  }

  /** Back to the best plan, with REBUILD_TRIES route groups rebuilt; returns the plan's cost. */
  private rebuildGroups(budget: Budget, best: Incumbent, longRoutes: boolean): number {
    this.state.restore(best.routes, best.unassigned);
    for (let k = 0; k < REBUILD_TRIES && !budget.stopped(); k++)
      this.rebuild.rebuild(budget, REBUILD_MOVES, longRoutes);
    const cost = this.state.totalCost();
    best.takeIfBeaten(cost);
    return cost;
  }
}
