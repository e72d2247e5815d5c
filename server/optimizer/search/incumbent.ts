import type { SolveProgress } from '../model';
import type { PlanBoard } from '../plan-board';
import type { Budget } from './budget';
import type { PlanState, Plan } from './plan-state';
import { routesInUse } from './plan-state';

/** Least time between two progress reports. See docs/benchmarks.md#solver-parameters. */
const REPORT_INTERVAL_MS = 200;

/** Searching side by side with other threads: the board they post their best plans to, and this thread's slot. */
export interface PlanExchange {
  board: PlanBoard;
  slot: number;
}

/** The best plan found so far, and the progress reports made on it. */
export class Incumbent implements Plan {
  routes: number[][] = [];
  unassigned: number[] = [];
  cost = Infinity;
  readonly progress: SolveProgress[] = [];
  private lastReport = -Infinity;

  constructor(
    private readonly state: PlanState,
    private readonly budget: Budget,
    private readonly onProgress?: ((p: SolveProgress) => void) | undefined,
    /** Where each new best is posted for the other threads (a run's best only, not a route group's). */
    private readonly exchange?: PlanExchange | undefined,
  ) {}

  /** The current plan becomes the best (`cost`: its total cost, when the caller has it). */
  take(cost = this.state.totalCost()): void {
    this.routes = this.state.snapshot();
    this.unassigned = this.state.unassigned.slice();
    this.cost = cost;
    this.exchange?.board.post(this.exchange.slot, this.routes, this.cost);
  }

  /** Takes another incumbent's plan as the best. */
  adopt(other: Incumbent): void {
    this.routes = other.routes;
    this.unassigned = other.unassigned;
    this.cost = other.cost;
    this.exchange?.board.post(this.exchange.slot, this.routes, this.cost);
  }

  /** Whether the current plan (with cost `cost`) beats the best: fewer orders left out by priority, else cheaper. */
  beatenBy(cost: number): boolean {
    const cmp = this.state.compareUnassigned(this.state.unassigned, this.unassigned);
    return cmp < 0 || (cmp === 0 && cost < this.cost - 1e-9);
  }

  /** Takes the current plan (costing `cost`) when it beats the best. */
  takeIfBeaten(cost: number): void {
    if (!this.beatenBy(cost)) return;
    this.take(cost);
    this.report(false);
  }

  report(force: boolean): void {
    const now = performance.now();
    if (!force && now - this.lastReport < REPORT_INTERVAL_MS) return;
    this.lastReport = now;
    const p: SolveProgress = {
      elapsedMs: Math.round(now - this.budget.startedAt),
      iterations: this.budget.iterations,
      vehicles: routesInUse(this.routes),
      unassigned: this.unassigned.length,
      cost: this.cost,
    };
    this.progress.push(p);
    this.onProgress?.(p);
  }
}
