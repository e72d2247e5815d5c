import type { Budget } from '../budget';
import type { PlanState } from '../plan-state';
import type { Recreate } from '../recreate';
import { AVG_REMOVED } from '../ruin';
import { Relocate } from './relocate';
import { SwapTails } from './swap-tails';

/** Local search: at most this many rounds of relocate and 2-opt* passes. See docs/benchmarks.md#solver-parameters. */
export const LOCAL_SEARCH_MAX_PASSES = 20;
/**
 * Units of local search work (a relocation tried, a tail exchange checked exactly) that count as
 * one move of the budget: a ruin-and-recreate move reinserts about AVG_REMOVED jobs. See docs/benchmarks.md#solver-parameters.
 */
export const LOCAL_SEARCH_WORK_PER_MOVE = AVG_REMOVED;

/**
 * Descent on the current plan until no move improves it (or the budget ends): relocating one job
 * to its cheapest position in any route, and 2-opt* (two routes exchange their tails). Every move
 * is checked on the real routes and kept only when every changed route is feasible and the total
 * cost falls, so the plan never gets worse or infeasible and no job is left out. Skipped for
 * MIN_MAX objectives, whose cost is not a sum over routes.
 */
export class LocalSearch {
  private readonly relocate: Relocate;
  private readonly swapTails: SwapTails;
  /** Work not yet charged to the budget (LOCAL_SEARCH_WORK_PER_MOVE units make one move). */
  private work = 0;

  constructor(
    private readonly state: PlanState,
    recreate: Recreate,
  ) {
    this.relocate = new Relocate(state, recreate);
    this.swapTails = new SwapTails(state);
  }

  /** Runs the descent, charging its work to `budget`. */
  intensify(budget: Budget): void {
    if (this.state.model.usesMaxDistance) return;
    this.work = 0;
    const charge = (units: number): void => {
      this.work += units;
      while (this.work >= LOCAL_SEARCH_WORK_PER_MOVE) {
        this.work -= LOCAL_SEARCH_WORK_PER_MOVE;
        budget.iterations++;
      }
    };
    for (let pass = 0; pass < LOCAL_SEARCH_MAX_PASSES && !budget.stopped(); pass++) {
      const relocated = this.relocate.pass(budget, charge);
      const exchanged = this.swapTails.pass(budget, charge);
      if (!relocated && !exchanged) break;
    }
  }
}
