import type { JobIndex } from '../../instance';
import type { Budget } from '../budget';
import type { PlanState } from '../plan-state';
import { type Recreate, SortMode } from '../recreate';
import { LOCAL_SEARCH_MIN_GAIN } from './gain';

/** Relocate: each planned job (in random order) moves to its cheapest position if that lowers the cost. */
export class Relocate {
  private readonly order: JobIndex[] = [];

  constructor(
    private readonly state: PlanState,
    private readonly recreate: Recreate,
  ) {}

  /** One pass over the jobs; `charge` counts each tried job as work. True when some job moved. */
  pass(budget: Budget, charge: (units: number) => void): boolean {
    const state = this.state;
    const order = this.order;
    order.length = 0;
    for (let j = 0; j < state.inst.jobs; j++) if (state.jobRoute[j]! >= 0) order.push(j);
    state.rng.shuffle(order);
    let improved = false;
    for (const job of order) {
      if (budget.stopped()) break;
      charge(1);
      const r = state.jobRoute[job]!;
      if (r < 0) continue;
      const before = state.totalCost();
      state.beginMove();
      state.touch(r);
      const route = state.routes[r]!;
      route.removeJob(job);
      route.update(state.model);
      state.jobRoute[job] = -1;
      this.recreate.insert([job], SortMode.Random);
      if (
        state.unassigned.length === state.backupUnassigned.length &&
        state.touchedFeasible() &&
        state.totalCost() < before - LOCAL_SEARCH_MIN_GAIN
      ) {
        improved = true;
      } else state.rollback();
    }
    return improved;
  }
}
