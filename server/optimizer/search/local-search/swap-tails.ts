import { type VehicleIndex, distanceBetween, isDeliveryNode, isPair, jobOf, travelTime } from '../../instance';
import type { RouteState } from '../../route';
import type { Budget } from '../budget';
import type { PlanState } from '../plan-state';
import { LOCAL_SEARCH_MIN_GAIN } from './gain';

/**
 * 2-opt* (SwapTails): routes a and b swap the stops after positions i and j (a keeps 1..i and takes
 * b's j+1.., b keeps 1..j and takes a's i+1..). Candidates are screened by distance and by the
 * latest feasible start of the first stop of the taken tail, then checked exactly.
 */
export class SwapTails {
  /** Per position of each of the two routes: its open pickups (see openPairs). */
  private openA: Int32Array = new Int32Array(32);
  private openB: Int32Array = new Int32Array(32);

  constructor(private readonly state: PlanState) {}

  /** One pass over every pair of routes; `charge` counts each exactly checked candidate as work. True when some tails moved. */
  pass(budget: Budget, charge: (units: number) => void): boolean {
    const state = this.state;
    const { inst, routes } = state;
    let improved = false;
    for (let a = 0; a < routes.length; a++) {
      for (let b = a + 1; b < routes.length; b++) {
        if (budget.stopped()) return improved;
        if (routes[a]!.size === 0 || routes[b]!.size === 0) continue;
        let found = true;
        while (found) {
          found = false;
          const A = routes[a]!;
          const B = routes[b]!;
          const nA = A.size;
          const nB = B.size;
          this.openA = this.openPairs(A, this.openA);
          this.openB = this.openPairs(B, this.openB);
          const vA = A.vehicle;
          const vB = B.vehicle;
          const endA = inst.vehicleEnd[vA]!;
          const endB = inst.vehicleEnd[vB]!;
          const oldDistance = A.distance + B.distance;
          for (let i = 0; i <= nA && !found; i++) {
            if (this.openA[i] !== 0) continue;
            const depA = A.departure(i);
            for (let j = 0; j <= nB; j++) {
              if (this.openB[j] !== 0 || (i === nA && j === nB) || (i === 0 && j === 0)) continue;
              // New a: A[0..i] then B[j+1..nB] then a's end; new b: B[0..j] then A[i+1..nA] then b's end.
              const newA =
                A.cumDistance[i]! +
                (j < nB
                  ? distanceBetween(inst, A.loc[i]!, B.loc[j + 1]!) +
                    B.cumDistance[nB]! -
                    B.cumDistance[j + 1]! +
                    distanceBetween(inst, B.loc[nB]!, endA)
                  : distanceBetween(inst, A.loc[i]!, endA));
              const newB =
                B.cumDistance[j]! +
                (i < nA
                  ? distanceBetween(inst, B.loc[j]!, A.loc[i + 1]!) +
                    A.cumDistance[nA]! -
                    A.cumDistance[i + 1]! +
                    distanceBetween(inst, A.loc[nA]!, endB)
                  : distanceBetween(inst, B.loc[j]!, endB));
              if (newA + newB >= oldDistance - LOCAL_SEARCH_MIN_GAIN) continue;
              if (j < nB && depA + travelTime(inst, vA, A.loc[i]!, B.loc[j + 1]!, depA) > B.latest[j + 1]! + 1e-9)
                continue;
              const depB = B.departure(j);
              if (i < nA && depB + travelTime(inst, vB, B.loc[j]!, A.loc[i + 1]!, depB) > A.latest[i + 1]! + 1e-9)
                continue;
              if (vA !== vB && !(state.compatibleStops(B, j + 1, nB, vA) && state.compatibleStops(A, i + 1, nA, vB)))
                continue;
              charge(1);
              if (this.apply(a, i, b, j)) {
                found = true;
                improved = true;
                break;
              }
            }
          }
        }
      }
    }
    return improved;
  }

  /** Per position k of a route: pickups at or before k whose delivery comes after k (a tail cut there splits a pair). */
  private openPairs(route: RouteState, out: Int32Array): Int32Array {
    const n = route.size;
    if (out.length < n + 2) out = new Int32Array(2 * (n + 2));
    const inst = this.state.inst;
    let open = 0;
    out[0] = 0;
    for (let k = 1; k <= n; k++) {
      const x = route.node[k]!;
      if (isPair(inst, jobOf(x))) open += isDeliveryNode(x) ? -1 : 1;
      out[k] = open;
    }
    out[n + 1] = 0;
    return out;
  }

  /** Applies a tail exchange on the real routes; keeps it when both are feasible and the cost falls. */
  private apply(a: VehicleIndex, i: number, b: VehicleIndex, j: number): boolean {
    const state = this.state;
    const A = state.routes[a]!;
    const B = state.routes[b]!;
    const before = state.totalCost();
    state.beginMove();
    state.swapTails(a, i, b, j);
    A.update(state.model);
    B.update(state.model);
    if (A.feasible && B.feasible && state.totalCost() < before - LOCAL_SEARCH_MIN_GAIN) return true;
    state.rollback();
    return false;
  }
}
