import type { JobIndex } from '../instance';
import type { PlanState } from './plan-state';
import { type Recreate, SortMode } from './recreate';
import type { Ruin } from './ruin';

/** SISR blinks: probability that recreate passes over a feasible position. See docs/benchmarks.md#solver-parameters. */
const BLINK_RATE = 0.01;
/** On long routes, share of moves that begin with a tail exchange before the string removal. See docs/benchmarks.md#solver-parameters. */
const TAIL_EXCHANGE_RATE = 0.1;

/** The moves that route elimination and annealing make on the plan (the caller accepts or rolls back). */
export class Moves {
  /** Ruins begin with a tail exchange at TAIL_EXCHANGE_RATE (set while annealing long routes). */
  tailExchanges = false;

  constructor(
    private readonly state: PlanState,
    private readonly ruin: Ruin,
    private readonly recreate: Recreate,
  ) {}

  /**
   * One ruin-and-recreate move: ruin, then recreate the removed jobs with the left-out jobs worth
   * retrying. True when recreate gave up above `rejectAbove` (see Recreate.insert).
   */
  ruinAndRecreate(sortMode: SortMode, rejectAbove = Infinity): boolean {
    const { state, recreate } = this;
    state.beginMove();
    const removed: JobIndex[] = [];
    if (this.tailExchanges && state.rng.next() < TAIL_EXCHANGE_RATE) this.ruin.exchangeTails(removed);
    this.ruin.strings(removed);
    const pool = removed;
    const left = recreate.pickRetries(removed);
    for (const j of recreate.retry) pool.push(j);
    state.unassigned = left;
    state.inserter.blinkRate = BLINK_RATE;
    for (const j of recreate.retry) recreate.retryMark[j] = 1;
    const rejected = recreate.insert(pool, sortMode, rejectAbove);
    for (const j of recreate.retry) recreate.retryMark[j] = 0;
    state.inserter.blinkRate = 0;
    return rejected;
  }

  /**
   * Moves every job of one route into another vehicle's route (possibly empty), re-inserted
   * cheapest-first. Ruin-and-recreate rarely finds this on mixed fleets: spreading jobs over an
   * empty vehicle pays its fixed cost up front. Returns false when the pair does not qualify.
   */
  transferRoute(): boolean {
    const state = this.state;
    state.beginMove();
    const { routes, inst, rng } = state;
    const a = rng.int(routes.length);
    const b = rng.int(routes.length);
    if (
      a === b ||
      routes[a]!.size === 0 ||
      inst.vehicleClass[routes[a]!.vehicle] === inst.vehicleClass[routes[b]!.vehicle]
    )
      return false;
    const jobs: JobIndex[] = [];
    state.removeRoute(a, jobs);
    this.recreate.onlyRoute = b;
    this.recreate.insert(jobs, SortMode.Random);
    this.recreate.onlyRoute = -1;
    return true;
  }

  /**
   * One tail exchange and recreate on the current plan, kept when every changed route is feasible
   * and no more jobs are left out (tests; see Ruin.exchangeTails). Returns whether routes were
   * exchanged and whether the result was kept.
   */
  exchangeTailsAndRecreate(): { exchanged: boolean; kept: boolean } {
    const state = this.state;
    state.beginMove();
    const pool: JobIndex[] = [];
    const exchanged = this.ruin.exchangeTails(pool);
    this.recreate.insert(pool, SortMode.Random);
    const kept =
      exchanged && state.touchedFeasible() && state.compareUnassigned(state.unassigned, state.backupUnassigned) <= 0;
    if (!kept) state.rollback();
    return { exchanged, kept };
  }
}
