import { singleWindowStopsOnly } from '../instance';
import type { PlanState } from './plan-state';

/** The warp penalty adapts every this many soft moves. See docs/benchmarks.md#solver-parameters. */
const WARP_PENALTY_EVERY = 100;
/** The penalty goes up when fewer than this share of the plans tried kept every window, else down. See docs/benchmarks.md#solver-parameters. */
const WARP_FREE_SHARE = 0.5;
/** Factor the penalty goes up by. See docs/benchmarks.md#solver-parameters. */
const WARP_PENALTY_UP = 1.2;
/** Factor the penalty goes down by. See docs/benchmarks.md#solver-parameters. */
const WARP_PENALTY_DOWN = 0.85;
/** Least penalty, a multiple of the plan's distance per unit of travel time. See docs/benchmarks.md#solver-parameters. */
const WARP_PENALTY_MIN = 1e-3;
/** Greatest penalty, the same multiple. See docs/benchmarks.md#solver-parameters. */
const WARP_PENALTY_MAX = 1e4;

/**
 * Whether annealing may search through plans that break time windows: a distance-only cost model,
 * no traffic, and every planned job one stop with one window, no locks, breaks or duration limits
 * (what the constant-time warp pricing of RouteState covers).
 */
export function softWindowsApply(state: PlanState): boolean {
  const model = state.model;
  return (
    !model.usesDuration &&
    !model.usesMaxDistance &&
    !model.usesSpread &&
    // The warp arrays price a stop at a fixed service: setups that depend on the stop before are not.
    !state.inst.hasSetup &&
    singleWindowStopsOnly(state.inst, state.active)
  );
}

/** Total distance over total travel time of the routes (1 where neither is known): the unit of the warp penalty. */
function distancePerTravelTime(state: PlanState): number {
  const inst = state.inst;
  const L = inst.locations;
  let distance = 0;
  let travel = 0;
  for (const route of state.routes) {
    distance += route.distance;
    const speed = inst.vehicleSpeed[route.vehicle]!;
    for (let k = 1; k <= route.size + 1; k++) {
      const from = route.loc[k - 1]!;
      const to = route.loc[k]!;
      if (from >= 0 && to >= 0) travel += inst.durations[from * L + to]! * speed;
    }
  }
  return distance > 0 && travel > 0 ? distance / travel : 1;
}

/** The time warp of the plan (0 when soft windows are off). */
export function totalWarp(state: PlanState): number {
  let w = 0;
  for (const route of state.routes) w += route.warp;
  return w;
}

/**
 * Soft windows in the annealing of long routes: the moves may break time windows at a penalty per
 * unit of time warp, which every WARP_PENALTY_EVERY soft moves goes up when fewer than
 * WARP_FREE_SHARE of the plans tried kept every window, else down.
 */
export class WarpPenaltySchedule {
  on = false;
  private readonly unit: number;
  private penalty = 1;
  private tried = 0;
  private warpFree = 0;

  constructor(
    private readonly state: PlanState,
    /** Whether this annealing uses soft windows at all. */
    private readonly enabled: boolean,
  ) {
    this.unit = enabled ? distancePerTravelTime(state) : 1;
  }

  /** Turns soft windows on or off; true when that changed the plan's costs. */
  switchTo(on: boolean): boolean {
    if (!this.enabled || on === this.on) return false;
    this.on = on;
    this.setSoftWindows(on);
    return true;
  }

  /** Adapts the penalty once WARP_PENALTY_EVERY soft moves were tried; true when that changed the plan's costs. */
  adapt(): boolean {
    if (!this.on || this.tried < WARP_PENALTY_EVERY) return false;
    this.penalty *= this.warpFree < WARP_FREE_SHARE * this.tried ? WARP_PENALTY_UP : WARP_PENALTY_DOWN;
    this.penalty = Math.min(Math.max(this.penalty, WARP_PENALTY_MIN), WARP_PENALTY_MAX);
    this.tried = 0;
    this.warpFree = 0;
    this.setSoftWindows(true);
    return true;
  }

  /** A soft move was tried; `warped`: its plan broke a window. */
  record(warped: boolean): void {
    this.tried++;
    if (!warped) this.warpFree++;
  }

  /**
   * Turns soft windows on or off for every route (and its backup) at the current penalty; while
   * they stay on, only re-prices the routes (their warp is current).
   */
  private setSoftWindows(on: boolean): void {
    const state = this.state;
    const penalty = this.penalty * this.unit;
    const wasOn = state.inserter.softWindows;
    state.inserter.softWindows = on;
    for (let r = 0; r < state.routes.length; r++) {
      const route = state.routes[r]!;
      const backup = state.backups[r]!;
      route.softWindows = backup.softWindows = on;
      route.warpPenalty = backup.warpPenalty = penalty;
      if (!on) {
        route.warp = 0;
        route.cost = route.baseCost;
      } else if (wasOn) route.priceWarp();
      else route.updateWarp();
    }
  }
}
