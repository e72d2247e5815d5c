/** What bounds one run of the search: time, moves, and a stop flag. */
export interface BudgetLimits {
  timeLimitMs: number;
  maxIterations: number;
  signal?: { readonly aborted: boolean } | undefined;
  /**
   * The budget is counted in work (moves, cycles): the time limit only stops the search and never
   * paces it, so that the search makes the same moves at any speed until the limit binds.
   */
  timeOnlyStops?: boolean | undefined;
}

/**
 * The time and iteration budget of one run, and how much of it is spent. When stopping on
 * convergence, the budget is spent in cycles: `fraction()` is then the share of the current cycle
 * (its iterations, or the time left when it began, whichever is further along).
 */
export class Budget {
  iterations = 0;
  readonly startedAt = performance.now();
  private readonly deadline: number;
  private cycleStartedAt: number;
  private cycleFirstIteration = 0;
  private cycleLength = Infinity;

  constructor(
    private readonly limits: BudgetLimits,
    /** Nothing to choose between (no orders or no vehicles): stopped from the start. */
    private readonly trivial = false,
  ) {
    this.deadline = this.startedAt + limits.timeLimitMs;
    this.cycleStartedAt = this.startedAt;
  }

  stopped(): boolean {
    return (
      this.trivial ||
      this.iterations >= this.limits.maxIterations ||
      performance.now() >= this.deadline ||
      this.limits.signal?.aborted === true
    );
  }

  /** A cycle of `iterations` iterations starts now (the first one at the start of the run). */
  startCycle(iterations: number, now = performance.now()): void {
    this.cycleStartedAt = now;
    this.cycleFirstIteration = this.iterations;
    this.cycleLength = iterations;
  }

  /** No limit at all (tests driving single search steps). */
  static unbounded(): Budget {
    return new Budget({ timeLimitMs: Infinity, maxIterations: Infinity });
  }

  /** A budget of at most `iterations` more iterations, within this one's time limit and stop signal. */
  child(iterations: number): Budget {
    const left = Math.max(0, Math.min(iterations, this.limits.maxIterations - this.iterations));
    return new Budget({
      ...this.limits,
      timeLimitMs: Math.max(0, this.deadline - performance.now()),
      maxIterations: left,
    });
  }

  /** The current cycle has run its length (never true without cycles). */
  cycleOver(): boolean {
    return Number.isFinite(this.cycleLength) && this.fraction() >= 1;
  }

  /** Share of the budget (or of the current cycle) spent, by time or by iterations, whichever is further along. */
  fraction(): number {
    const span = this.deadline - this.cycleStartedAt;
    return Math.max(
      this.limits.timeOnlyStops === true
        ? 0
        : span > 0
          ? Math.min(1, (performance.now() - this.cycleStartedAt) / span)
          : 1,
      Number.isFinite(this.limits.maxIterations) ? this.iterations / this.limits.maxIterations : 0,
      Number.isFinite(this.cycleLength) ? (this.iterations - this.cycleFirstIteration) / this.cycleLength : 0,
    );
  }
}
