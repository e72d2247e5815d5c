/**
 * Checks of a solution's choices rather than its feasibility: were the right shipments left out,
 * and do the reasons given for them hold? Proving that a solution serves the most it can is as
 * hard as solving the problem, so these checks are sound but incomplete: everything they flag
 * comes with a witness (a feasible route found by simulation) and is a real defect; a clean
 * result proves nothing beyond what was tried.
 */
import type { Problem, ReasonCode, Solution } from '../model';
import {
  bestSchedule,
  hasSkills,
  simulate,
  stopsOfShipment,
  structuralFailure,
  vehicleAllowed,
  type StopRef,
} from './schedule';

/**
 * True when a departure time is found that makes the sequence feasible on the vehicle. `thorough`
 * also tries later departures when the earliest fails for a reason other than maxDuration (only
 * traffic can make that help; costly on long routes).
 */
export function sequenceFeasible(
  problem: Problem,
  vehicle: number,
  sequence: readonly StopRef[],
  thorough = false,
): boolean {
  if (structuralFailure(problem, vehicle, sequence)) return false;
  const earliest = simulate(problem, vehicle, sequence, problem.vehicles[vehicle]!.earliestStart);
  if (earliest.feasible) return true;
  // Without traffic a later departure only helps against maxDuration.
  return (thorough || earliest.tooLong === true) && bestSchedule(problem, vehicle, sequence).feasible;
}

/** Every sequence made by inserting shipment `s`'s stops into `base` (pickup before delivery). */
export function* insertions(problem: Problem, base: readonly StopRef[], s: number): Generator<StopRef[]> {
  const refs = stopsOfShipment(problem.shipments[s]!, s);
  if (refs.length === 1) {
    for (let i = 0; i <= base.length; i++) yield [...base.slice(0, i), refs[0]!, ...base.slice(i)];
    return;
  }
  for (let i = 0; i <= base.length; i++) {
    for (let j = i; j <= base.length; j++) {
      yield [...base.slice(0, i), refs[0]!, ...base.slice(i, j), refs[1]!, ...base.slice(j)];
    }
  }
}

/** Vehicles that could serve shipment `s` on an otherwise empty route. */
export function vehiclesServingAlone(problem: Problem, s: number): number[] {
  const sequence = stopsOfShipment(problem.shipments[s]!, s);
  return problem.vehicles.map((_, v) => v).filter((v) => sequenceFeasible(problem, v, sequence, true));
}

export interface PriorityInversion {
  unassigned: number;
  vehicle: number;
  /** Served shipments of lower priority whose removal from that route makes room. */
  displaced: number[];
  sequence: StopRef[];
}

/**
 * Unassigned shipments that fit on a route once all stops of lower-priority shipments are taken
 * off it (or on an unused vehicle): serving it there beats the solution under the "never at the
 * cost of a higher priority" rule. Reports one witness per unassigned shipment.
 */
export function priorityInversions(problem: Problem, solution: Solution): PriorityInversion[] {
  const routeOf = new Map(
    solution.routes.map((r) => [r.vehicle, r.stops.map((s) => ({ shipment: s.shipment, kind: s.kind }))]),
  );
  const found: PriorityInversion[] = [];
  for (const u of solution.unassigned) {
    const shipment = problem.shipments[u.shipment]!;
    for (let v = 0; v < problem.vehicles.length; v++) {
      if (!hasSkills(problem.vehicles[v]!, shipment) || !vehicleAllowed(shipment, v)) continue;
      const current = routeOf.get(v) ?? [];
      const displaced = [...new Set(current.map((r) => r.shipment))].filter(
        (s) => problem.shipments[s]!.priority < shipment.priority,
      );
      if (current.length > 0 && displaced.length === 0) continue; // covered by missedInsertions
      const base = current.filter((r) => !displaced.includes(r.shipment));
      const witness = firstFeasibleInsertion(problem, v, base, u.shipment);
      if (witness) {
        found.push({ unassigned: u.shipment, vehicle: v, displaced, sequence: witness });
        break;
      }
    }
  }
  return found;
}

export interface MissedInsertion {
  unassigned: number;
  vehicle: number;
  sequence: StopRef[];
}

/**
 * Unassigned shipments that could be added to a route as it stands (or to an unused vehicle)
 * without dropping anything: the solution does not serve as many as it could. Reports one witness
 * per unassigned shipment; `limit` caps the shipments examined for very large solutions.
 */
export function missedInsertions(problem: Problem, solution: Solution, limit = Infinity): MissedInsertion[] {
  const routeOf = new Map(
    solution.routes.map((r) => [r.vehicle, r.stops.map((s) => ({ shipment: s.shipment, kind: s.kind }))]),
  );
  const found: MissedInsertion[] = [];
  let examined = 0;
  for (const u of solution.unassigned) {
    if (examined++ >= limit) break;
    const shipment = problem.shipments[u.shipment]!;
    for (let v = 0; v < problem.vehicles.length; v++) {
      if (!hasSkills(problem.vehicles[v]!, shipment) || !vehicleAllowed(shipment, v)) continue;
      const witness = firstFeasibleInsertion(problem, v, routeOf.get(v) ?? [], u.shipment);
      if (witness) {
        found.push({ unassigned: u.shipment, vehicle: v, sequence: witness });
        break;
      }
    }
  }
  return found;
}

function firstFeasibleInsertion(
  problem: Problem,
  vehicle: number,
  base: readonly StopRef[],
  s: number,
): StopRef[] | null {
  const { maxStops, capacity } = problem.vehicles[vehicle]!;
  if (maxStops !== undefined && base.length + stopsOfShipment(problem.shipments[s]!, s).length > maxStops) return null;
  if (problem.shipments[s]!.size.some((x, d) => x > capacity[d]!)) return null;
  for (const sequence of insertions(problem, base, s))
    if (sequenceFeasible(problem, vehicle, sequence)) return sequence;
  return null;
}

/** Codes that claim the shipment cannot be served even on an empty route. */
const STATIC_REASONS: ReadonlySet<ReasonCode> = new Set([
  'NO_VEHICLE_WITH_SKILLS',
  'EXCEEDS_VEHICLE_CAPACITY',
  'TIME_WINDOW_UNREACHABLE',
  'INVALID_TIME_WINDOW',
  'OUTSIDE_SHIFT',
]);

/**
 * Reasons that contradict the problem: a static reason for a shipment that one vehicle could
 * serve alone; NO_VEHICLE_WITH_SKILLS when an allowed vehicle has the skills;
 * EXCEEDS_VEHICLE_CAPACITY when an allowed, skilled vehicle can carry it; INSUFFICIENT_FLEET
 * ("feasible alone, but no room left") when no vehicle can serve it alone; LOCKED_STOP_CONFLICT
 * for an unlocked shipment; ADDRESS_NOT_RESOLVED, which only the routing layer decides.
 */
export function reasonMismatches(problem: Problem, solution: Solution): string[] {
  const locked = new Set((problem.lockedSequences ?? []).flatMap((l) => l.stops.map((s) => s.shipment)));
  const mismatches: string[] = [];
  for (const u of solution.unassigned) {
    const shipment = problem.shipments[u.shipment];
    if (!shipment) continue;
    const label = `shipment ${shipment.id} (${u.reason})`;
    const allowed = problem.vehicles.map((_, v) => v).filter((v) => vehicleAllowed(shipment, v));
    const skilled = allowed.filter((v) => hasSkills(problem.vehicles[v]!, shipment));
    if (u.reason === 'ADDRESS_NOT_RESOLVED') {
      mismatches.push(`${label}: the solver does not resolve addresses`);
      continue;
    }
    if (u.reason === 'NO_VEHICLE_WITH_SKILLS' && skilled.length > 0) {
      mismatches.push(`${label}: vehicle ${problem.vehicles[skilled[0]!]!.id} has the skills`);
      continue;
    }
    if (u.reason === 'EXCEEDS_VEHICLE_CAPACITY') {
      const fits = skilled.find((v) => shipment.size.every((x, d) => x <= problem.vehicles[v]!.capacity[d]!));
      if (fits !== undefined) {
        mismatches.push(`${label}: vehicle ${problem.vehicles[fits]!.id} can carry it`);
        continue;
      }
    }
    if (u.reason === 'LOCKED_STOP_CONFLICT' && !locked.has(u.shipment)) {
      mismatches.push(`${label}: the shipment is not locked`);
      continue;
    }
    const alone =
      STATIC_REASONS.has(u.reason) || u.reason === 'INSUFFICIENT_FLEET'
        ? vehiclesServingAlone(problem, u.shipment)
        : [];
    if (STATIC_REASONS.has(u.reason) && alone.length > 0) {
      mismatches.push(`${label}: vehicle ${problem.vehicles[alone[0]!]!.id} can serve it on an empty route`);
    }
    if (u.reason === 'INSUFFICIENT_FLEET' && alone.length === 0 && !locked.has(u.shipment)) {
      mismatches.push(`${label}: no vehicle can serve it even on an empty route`);
    }
  }
  return mismatches;
}
