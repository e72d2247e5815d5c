import {
  DELIVERY,
  type Instance,
  PICKUP,
  deliveryNode,
  lastWindowEnd,
  nodeOf,
  chargedService,
  pickupNode,
  travelTime,
  windowStartFor,
} from './instance';
import { Inserter } from './insertion';
import { emptyCandidate } from './insertion-candidate';
import type { OrderSide, ReasonCode, Stop, VerdictDetail } from './model';
import { costModel } from './objective';
import { Random } from './random';
import { RouteState } from './route';
import { planRoute } from './schedule';

export interface JobVerdict {
  reason: ReasonCode;
  description: string;
  detail: VerdictDetail;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

function windowsText(stop: Stop): string {
  return stop.timeWindows.map((w) => `[${fmt(w.start)}, ${fmt(w.end)}]`).join(', ');
}

/**
 * Proves, per job, whether any vehicle could serve it alone. Returns null for jobs that can be
 * served alone by at least one vehicle (the search plans those); otherwise the first limiting fact.
 */
export function screenJobs(inst: Instance): (JobVerdict | null)[] {
  const problem = inst.problem;
  const model = costModel(inst);
  const inserter = new Inserter(inst, model, new Random(1));
  const empty = problem.vehicles.map((_, v) => {
    const r = new RouteState(inst, v, 4);
    r.update(model);
    return r;
  });
  const D = inst.dims;
  const verdicts: (JobVerdict | null)[] = [];
  const lockRankOf = new Map<string, number>();
  for (const seq of problem.lockedSequences ?? []) {
    seq.stops.forEach((s, rank) => lockRankOf.set(`${s.shipment}:${s.kind}`, rank));
  }

  problem.shipments.forEach((s, j) => {
    if (problem.vehicles.length === 0) {
      verdicts.push({
        reason: 'INSUFFICIENT_FLEET',
        description: 'no vehicles are available',
        detail: { kind: 'no_vehicles' },
      });
      return;
    }
    const stops = [s.pickup, s.delivery].filter((x): x is Stop => x !== null);
    if (stops.length === 0) {
      verdicts.push({
        reason: 'ADDRESS_NOT_RESOLVED',
        description: 'has neither a pickup nor a delivery stop',
        detail: { kind: 'no_stops' },
      });
      return;
    }
    for (const stop of stops) {
      const side: OrderSide = stop === s.pickup ? 'pickup' : 'delivery';
      const bad = stop.timeWindows.find((w) => !(w.end >= w.start));
      if (bad) {
        verdicts.push({
          reason: 'INVALID_TIME_WINDOW',
          description: `${side} time window ends (${fmt(bad.end)}) before it starts (${fmt(bad.start)})`,
          detail: { kind: 'invalid_window', side, start: bad.start, end: bad.end },
        });
        return;
      }
      if (stop.location < 0 || stop.location >= inst.locations) {
        verdicts.push({
          reason: 'ADDRESS_NOT_RESOLVED',
          description: `${side} location ${stop.location} is not in the matrix`,
          detail: { kind: 'unknown_location', side },
        });
        return;
      }
    }

    const lockVehicle = inst.jobLockVehicle[j]!;
    if (lockVehicle >= 0) {
      const rp = lockRankOf.get(`${j}:pickup`);
      const rd = lockRankOf.get(`${j}:delivery`);
      if (lockVehicle >= inst.vehicles) {
        verdicts.push({
          reason: 'LOCKED_STOP_CONFLICT',
          description: `locked to vehicle ${lockVehicle}, which does not exist`,
          detail: { kind: 'lock_missing_vehicle', vehicle: lockVehicle },
        });
        return;
      }
      if (rp !== undefined && rd !== undefined && rd < rp) {
        verdicts.push({
          reason: 'LOCKED_STOP_CONFLICT',
          description: 'locked sequence puts the delivery before the pickup',
          detail: { kind: 'lock_order', vehicle: lockVehicle },
        });
        return;
      }
      if (!inst.compatible[j * inst.vehicles + lockVehicle]) {
        verdicts.push({
          reason: 'LOCKED_STOP_CONFLICT',
          description: `locked to vehicle ${problem.vehicles[lockVehicle]!.id}, which lacks its skills, capacity or permission`,
          detail: { kind: 'lock_incompatible', vehicle: lockVehicle },
        });
        return;
      }
    }

    const judge = (ignoreLock: boolean): JobVerdict | null => {
      const allowed = s.allowedVehicles ? new Set(s.allowedVehicles) : null;
      const candidates = problem.vehicles
        .map((_, v) => v)
        .filter((v) => (!allowed || allowed.has(v)) && (ignoreLock || lockVehicle < 0 || v === lockVehicle));
      const skilled = candidates.filter((v) => s.requiredSkills.every((k) => problem.vehicles[v]!.skills.includes(k)));
      if (skilled.length === 0) {
        return {
          reason: 'NO_VEHICLE_WITH_SKILLS',
          description: `needs skills [${s.requiredSkills.join(', ')}]; no ${allowed ? 'allowed ' : ''}vehicle has them`,
          detail: { kind: 'skills', skills: [...s.requiredSkills], allowedVehiclesOnly: allowed !== null },
        };
      }
      const fitting = skilled.filter((v) => {
        for (let d = 0; d < D; d++) if (inst.size[j * D + d]! > inst.vehicleCapacity[v * D + d]!) return false;
        return true;
      });
      if (fitting.length === 0) {
        let maxCap = -Infinity;
        let dim = 0;
        for (let d = 0; d < D; d++) {
          for (const v of skilled) {
            const gap = inst.size[j * D + d]! - inst.vehicleCapacity[v * D + d]!;
            if (gap > 0 && inst.vehicleCapacity[v * D + d]! > maxCap) {
              maxCap = inst.vehicleCapacity[v * D + d]!;
              dim = d;
            }
          }
        }
        return {
          reason: 'EXCEEDS_VEHICLE_CAPACITY',
          description: `size ${fmt(inst.size[j * D + dim]!)} in dimension ${dim} exceeds the largest suitable vehicle capacity ${fmt(maxCap)}`,
          detail: { kind: 'capacity', dimension: dim, size: inst.size[j * D + dim]!, largestCapacity: maxCap },
        };
      }

      // Every window must overlap some suitable vehicle's shift.
      const overlapsShift = (v: number): boolean => {
        for (const side of [PICKUP, DELIVERY]) {
          const node = nodeOf(j, side);
          if (inst.nodeLocation[node]! < 0) continue;
          const off = inst.nodeWindowOffset[node]!;
          let any = false;
          for (let w = off; w < off + inst.nodeWindowCount[node]!; w++) {
            if (inst.windowEnd[w]! >= inst.vehicleEarliest[v]! && inst.windowStart[w]! <= inst.vehicleLatest[v]!)
              any = true;
          }
          if (!any) return false;
        }
        return true;
      };
      const inShift = fitting.filter(overlapsShift);
      if (inShift.length === 0) {
        const v = fitting[0]!;
        // The side whose windows miss this vehicle's shift.
        const stop =
          stops.find(
            (st) =>
              st.timeWindows.length > 0 &&
              st.timeWindows.every((w) => w.end < inst.vehicleEarliest[v]! || w.start > inst.vehicleLatest[v]!),
          ) ??
          stops.find((st) => st.timeWindows.length > 0) ??
          stops[0]!;
        const side: OrderSide = stop === s.pickup ? 'pickup' : 'delivery';
        return {
          reason: 'OUTSIDE_SHIFT',
          description: `${side} time windows ${windowsText(stop)} lie outside every suitable vehicle's shift (e.g. ${problem.vehicles[v]!.id}: ${fmt(inst.vehicleEarliest[v]!)} to ${fmt(inst.vehicleLatest[v]!)})`,
          detail: {
            kind: 'outside_shift',
            side,
            windows: stop.timeWindows.map((w) => ({ start: w.start, end: w.end })),
            vehicle: v,
            shiftStart: inst.vehicleEarliest[v]!,
            shiftEnd: inst.vehicleLatest[v]!,
          },
        };
      }

      for (const v of inShift) {
        const best = emptyCandidate();
        // Without the lock, the job may try vehicles its lock excludes.
        const key = j * inst.vehicles + v;
        const saved = inst.compatible[key]!;
        if (ignoreLock) inst.compatible[key] = 1;
        inserter.evaluate(empty[v]!, v, j, best);
        inst.compatible[key] = saved;
        if (best.route >= 0) return null;
      }
      const detail = furthestAlone(inst, j, inShift);
      const v = detail.vehicle;
      const closing = [pickupNode(j), deliveryNode(j)]
        .filter((x) => inst.nodeLocation[x]! >= 0)
        .map((x) => fmt(lastWindowEnd(inst, x)));
      return {
        reason: 'TIME_WINDOW_UNREACHABLE',
        description: `no suitable vehicle can reach the stops within their windows (closing at ${closing.join(' and ')}) and finish its shift by ${fmt(inst.vehicleLatest[v]!)}, even serving it alone; first fails at the ${detail.side}`,
        detail,
      };
    };
    const verdict = judge(false);
    if (verdict && lockVehicle >= 0) {
      // The lock is to blame when some vehicle could serve the order without it.
      const free = judge(true);
      verdicts.push(
        free ?? {
          reason: 'LOCKED_STOP_CONFLICT',
          description: `locked to vehicle ${problem.vehicles[lockVehicle]!.id}, which cannot serve it: ${verdict.description}`,
          detail: { kind: 'lock_cannot_serve', vehicle: lockVehicle, cause: verdict.detail },
        },
      );
    } else verdicts.push(verdict);
  });
  return verdicts;
}

export function insufficientFleet(priority: number): JobVerdict {
  return {
    reason: 'INSUFFICIENT_FLEET',
    description: `feasible on its own, but no vehicle had room left (time, capacity or stops) after serving orders of priority ${priority} or higher`,
    detail: { kind: 'no_room', priority },
  };
}

const STAGE = { pickup: 0, delivery: 1, shift_end: 2, route: 3, break: 3 } as const;

/**
 * Serves job j alone on each vehicle, leaving at the start of the shift and starting each service
 * as early as its windows allow, and reports where the vehicle that gets furthest first fails.
 */
function furthestAlone(
  inst: Instance,
  j: number,
  vehicles: readonly number[],
): Extract<VerdictDetail, { kind: 'unreachable' }> {
  let best: Extract<VerdictDetail, { kind: 'unreachable' }> | null = null;
  for (const v of vehicles) {
    let t = inst.vehicleEarliest[v]!;
    let at = inst.vehicleStart[v]!;
    let found: Extract<VerdictDetail, { kind: 'unreachable' }> | null = null;
    for (const [k, side] of [
      [PICKUP, 'pickup'],
      [DELIVERY, 'delivery'],
    ] as const) {
      const node = nodeOf(j, k);
      const location = inst.nodeLocation[node]!;
      if (location < 0) continue;
      const arrival = t + travelTime(inst, v, at, location, t);
      const start = windowStartFor(inst, node, arrival);
      if (start === Infinity) {
        found = {
          kind: 'unreachable',
          side,
          vehicle: v,
          earliestArrival: arrival,
          closes: lastWindowEnd(inst, node),
          shiftEnd: inst.vehicleLatest[v]!,
        };
        break;
      }
      t = start + chargedService(inst, k === PICKUP ? -1 : nodeOf(j, PICKUP), node);
      at = location;
    }
    if (!found) {
      const end = t + travelTime(inst, v, at, inst.vehicleEnd[v]!, t);
      found =
        end > inst.vehicleLatest[v]!
          ? {
              kind: 'unreachable',
              side: 'shift_end',
              vehicle: v,
              earliestArrival: end,
              closes: inst.vehicleLatest[v]!,
              shiftEnd: inst.vehicleLatest[v]!,
            }
          : {
              kind: 'unreachable',
              side: breaksInTheWay(inst, v, j) ? 'break' : 'route',
              vehicle: v,
              earliestArrival: end,
              closes: inst.vehicleLatest[v]!,
              shiftEnd: inst.vehicleLatest[v]!,
            };
    }
    const further =
      best === null ||
      STAGE[found.side] > STAGE[best.side] ||
      (STAGE[found.side] === STAGE[best.side] &&
        found.earliestArrival - found.closes < best.earliestArrival - best.closes);
    if (further) best = found;
  }
  return best!;
}

/** Whether job j alone fits vehicle v's windows, shift and limits without its driver breaks but not with them. */
function breaksInTheWay(inst: Instance, v: number, j: number): boolean {
  if (inst.vehicleBreakCount[v] === 0) return false;
  const nodes = [pickupNode(j), deliveryNode(j)].filter((x) => inst.nodeLocation[x]! >= 0);
  if (inst.vehicleMaxStops[v]! < nodes.length) return false;
  if (planRoute(inst, v, nodes, nodes.length).feasible) return false;
  // Without them (switched off for this one check), does it fit?
  const count = inst.vehicleBreakCount[v]!;
  inst.vehicleBreakCount[v] = 0;
  const fitsWithout = planRoute(inst, v, nodes, nodes.length).feasible;
  inst.vehicleBreakCount[v] = count;
  return fitsWithout;
}
