/**
 * An independent feasibility and consistency check of a Solution against its Problem, recomputed
 * from the model alone (matrices, speedFactor, traffic formula). It never trusts a reported number
 * it can recompute: physics first (arrival from the previous departure), then the reported values
 * are compared with the recomputation.
 */
import type { Problem, Route, Solution, Stop } from '../model';
import {
  REASON_CODES,
  insideSomeWindow,
  legDuration,
  matrixDistance,
  serviceAfter,
  stopOf,
  stopsOfShipment,
  structuralFailure,
  type StopRef,
} from './schedule';

export interface CheckOptions {
  /** Seconds of slack when comparing times (rounding in the solver's arithmetic). */
  timeTolerance?: number;
  /** Meters (or instance units) of slack when comparing distances. */
  distanceTolerance?: number;
  /** Stop after this many violations (the first ones explain the rest). */
  maxViolations?: number;
}

export interface CheckResult {
  feasible: boolean;
  violations: string[];
}

const close = (a: number, b: number, tolerance: number) =>
  Math.abs(a - b) <= tolerance + 1e-9 * Math.max(Math.abs(a), Math.abs(b));

export function checkSolution(problem: Problem, solution: Solution, options: CheckOptions = {}): CheckResult {
  const timeTol = options.timeTolerance ?? 1e-3;
  const distTol = options.distanceTolerance ?? 1e-3;
  const maxViolations = options.maxViolations ?? 200;
  const violations: string[] = [];
  const report = (message: string) => {
    if (violations.length < maxViolations) violations.push(message);
  };

  const seenVehicles = new Set<number>();
  /** shipment index -> number of its stops found on routes */
  const routedStops = new Map<number, number>();
  let totalDistance = 0;
  let totalDuration = 0;

  for (const [r, route] of solution.routes.entries()) {
    const vehicle = problem.vehicles[route.vehicle];
    if (!vehicle) {
      report(`route ${r}: vehicle ${route.vehicle} does not exist`);
      continue;
    }
    if (seenVehicles.has(route.vehicle)) report(`route ${r}: vehicle ${vehicle.id} is used by more than one route`);
    seenVehicles.add(route.vehicle);
    const where = `route ${r} (vehicle ${vehicle.id})`;

    const sequence: StopRef[] = route.stops.map((s) => ({ shipment: s.shipment, kind: s.kind }));
    const structural = structuralFailure(problem, route.vehicle, sequence);
    if (structural) report(`${where}: ${structural}`);
    for (const s of route.stops) routedStops.set(s.shipment, (routedStops.get(s.shipment) ?? 0) + 1);
    const recomputable = route.stops.every((s) => {
      const shipment = problem.shipments[s.shipment];
      return shipment !== undefined && stopOf(shipment, s.kind) !== null;
    });
    if (!recomputable) continue;

    checkRouteSchedule(problem, route, where, timeTol, distTol, report);
    totalDistance += route.distance;
    totalDuration += route.duration;
  }

  const unassignedSeen = new Set<number>();
  const reasons = new Set<string>(REASON_CODES);
  for (const u of solution.unassigned) {
    const shipment = problem.shipments[u.shipment];
    if (!shipment) {
      report(`unassigned names shipment ${u.shipment}, which does not exist`);
      continue;
    }
    if (unassignedSeen.has(u.shipment)) report(`shipment ${shipment.id} is listed as unassigned twice`);
    unassignedSeen.add(u.shipment);
    if (!reasons.has(u.reason)) report(`shipment ${shipment.id} is unassigned with unknown reason ${String(u.reason)}`);
    if (!u.description || u.description.trim() === '')
      report(`shipment ${shipment.id} is unassigned without a description`);
  }
  for (const [i, shipment] of problem.shipments.entries()) {
    const routed = routedStops.get(i) ?? 0;
    const needed = stopsOfShipment(shipment, i).length;
    const unassigned = unassignedSeen.has(i);
    if (routed > 0 && unassigned) report(`shipment ${shipment.id} is both routed and unassigned`);
    if (routed === 0 && !unassigned) report(`shipment ${shipment.id} is neither routed nor unassigned`);
    if (routed > 0 && routed !== needed)
      report(`shipment ${shipment.id} has ${routed} routed stops; it needs ${needed}`);
  }

  if (!close(solution.distance, totalDistance, distTol * Math.max(1, solution.routes.length))) {
    report(`solution distance ${solution.distance} differs from the sum of route distances ${totalDistance}`);
  }
  if (!close(solution.duration, totalDuration, timeTol * Math.max(1, solution.routes.length))) {
    report(`solution duration ${solution.duration} differs from the sum of route durations ${totalDuration}`);
  }
  return { feasible: violations.length === 0, violations };
}

function checkRouteSchedule(
  problem: Problem,
  route: Route,
  where: string,
  timeTol: number,
  distTol: number,
  report: (message: string) => void,
): void {
  const vehicle = problem.vehicles[route.vehicle]!;
  const dims = problem.dimensions;
  if (route.start < vehicle.earliestStart - timeTol)
    report(`${where}: departs at ${route.start}, before earliestStart ${vehicle.earliestStart}`);

  const load = new Array<number>(dims).fill(0);
  for (const s of route.stops) {
    const shipment = problem.shipments[s.shipment]!;
    if (!shipment.pickup) for (let d = 0; d < dims; d++) load[d]! += shipment.size[d] ?? 0;
  }
  for (let d = 0; d < dims; d++) {
    if (load[d]! > vehicle.capacity[d]! + 1e-9)
      report(`${where}: start load ${load[d]} exceeds capacity ${vehicle.capacity[d]} in dimension ${d}`);
  }

  let location = vehicle.startLocation;
  let previous: Stop | null = null;
  let time = route.start;
  let distance = 0;
  let travel = 0;
  let service = 0;
  let waiting = 0;

  // Driver breaks: a route that serves anything takes each of its vehicle's breaks once, whole,
  // where the vehicle is, inside the break's window, between stops (or before the first, or after
  // the last before driving to the end); the next leg leaves when the break ends.
  const vehicleBreaks = vehicle.breaks ?? [];
  const taken = route.breaks ?? [];
  if (route.stops.length > 0) {
    for (const [index] of vehicleBreaks.entries()) {
      const times = taken.filter((b) => b.break === index).length;
      if (times !== 1)
        report(`${where}: takes break ${index} ${times} times; a used vehicle takes each of its breaks once`);
    }
  } else if (taken.length > 0) report(`${where}: takes breaks but serves no stop`);
  for (const [k, b] of taken.entries()) {
    if (!vehicleBreaks[b.break]) report(`${where}: break ${k} names break ${b.break}, which the vehicle does not have`);
    if (!Number.isInteger(b.afterStops) || b.afterStops < 0 || b.afterStops > route.stops.length)
      report(`${where}: break ${k} after ${b.afterStops} stops is not between stops`);
    if (k > 0 && b.afterStops < taken[k - 1]!.afterStops) report(`${where}: breaks are not listed in the order taken`);
  }
  let nextBreak = 0;
  const takeBreaks = (afterStops: number) => {
    while (nextBreak < taken.length && taken[nextBreak]!.afterStops === afterStops) {
      const b = taken[nextBreak]!;
      const spec = vehicleBreaks[b.break];
      const at = `${where} break ${nextBreak} (after ${afterStops} stops)`;
      nextBreak++;
      if (!spec) continue;
      if (b.location !== location) report(`${at}: location ${b.location}, but the vehicle is at ${location}`);
      if (!close(b.arrival, time, timeTol)) report(`${at}: arrival ${b.arrival}, recomputed ${time}`);
      if (b.start < time - timeTol) report(`${at}: starts at ${b.start}, before the vehicle is there at ${time}`);
      const start = Math.max(b.start, time);
      if (start < spec.earliestStart - timeTol)
        report(`${at}: starts at ${start}, before its window opens at ${spec.earliestStart}`);
      const end = start + spec.durationSeconds;
      if (!close(b.end, end, timeTol))
        report(`${at}: end ${b.end}, recomputed ${end} (${spec.durationSeconds} s from its start)`);
      if (end > spec.latestEnd + timeTol) report(`${at}: ends at ${end}, after its window closes at ${spec.latestEnd}`);
      if (!close(b.waitSeconds, start - time, timeTol))
        report(`${at}: waitSeconds ${b.waitSeconds}, recomputed ${start - time}`);
      waiting += start - time;
      time = end;
    }
  };
  for (const [i, s] of route.stops.entries()) {
    takeBreaks(i);
    const shipment = problem.shipments[s.shipment]!;
    const stop = stopOf(shipment, s.kind)!;
    const at = `${where} stop ${i} (${shipment.id} ${s.kind})`;
    if (s.location !== stop.location)
      report(`${at}: location ${s.location}, the shipment's ${s.kind} is at ${stop.location}`);
    const legTime = legDuration(problem, vehicle, location, stop.location, time);
    const legDist = matrixDistance(problem, location, stop.location);
    const arrival = time + legTime;
    if (!close(s.legDuration, legTime, timeTol)) report(`${at}: legDuration ${s.legDuration}, recomputed ${legTime}`);
    if (!close(s.legDistance, legDist, distTol)) report(`${at}: legDistance ${s.legDistance}, recomputed ${legDist}`);
    if (!close(s.arrival, arrival, timeTol)) report(`${at}: arrival ${s.arrival}, recomputed ${arrival}`);
    // The vehicle may wait longer than needed, but never serve before it arrives.
    if (s.serviceStart < arrival - timeTol)
      report(`${at}: service starts at ${s.serviceStart}, before arrival ${arrival}`);
    const serviceStart = Math.max(s.serviceStart, arrival);
    if (!insideSomeWindow(stop.timeWindows, serviceStart, timeTol)) {
      const windows = stop.timeWindows.map((w) => `[${w.start}, ${w.end}]`).join(' ');
      report(`${at}: service starts at ${serviceStart}, outside its windows ${windows}`);
    }
    if (!close(s.waitSeconds, serviceStart - arrival, timeTol))
      report(`${at}: waitSeconds ${s.waitSeconds}, recomputed ${serviceStart - arrival}`);
    const serviceSeconds = serviceAfter(problem, previous, stop);
    const departure = serviceStart + serviceSeconds;
    if (!close(s.serviceSeconds, serviceSeconds, timeTol))
      report(`${at}: serviceSeconds ${s.serviceSeconds}, recomputed ${serviceSeconds}`);
    if (!close(s.departure, departure, timeTol)) report(`${at}: departure ${s.departure}, recomputed ${departure}`);

    const sign = s.kind === 'pickup' ? 1 : -1;
    for (let d = 0; d < dims; d++) {
      load[d]! += sign * (shipment.size[d] ?? 0);
      if (load[d]! > vehicle.capacity[d]! + 1e-9)
        report(`${at}: load ${load[d]} exceeds capacity ${vehicle.capacity[d]} in dimension ${d}`);
      if (load[d]! < -1e-9) report(`${at}: load ${load[d]} is negative in dimension ${d}`);
      if (!close(s.load[d] ?? Number.NaN, load[d]!, 1e-6))
        report(`${at}: reported load ${s.load[d]} in dimension ${d}, recomputed ${load[d]}`);
    }
    distance += legDist;
    travel += legTime;
    service += serviceSeconds;
    waiting += serviceStart - arrival;
    location = stop.location;
    previous = stop;
    time = departure;
  }
  takeBreaks(route.stops.length);
  if (vehicle.endLocation !== null) {
    const legTime = legDuration(problem, vehicle, location, vehicle.endLocation, time);
    distance += matrixDistance(problem, location, vehicle.endLocation);
    travel += legTime;
    time += legTime;
  }
  const end = time;
  const n = Math.max(1, route.stops.length + 1);
  if (!close(route.end, end, timeTol * n)) report(`${where}: end ${route.end}, recomputed ${end}`);
  if (end > vehicle.latestEnd + timeTol) report(`${where}: ends at ${end}, after latestEnd ${vehicle.latestEnd}`);
  if (vehicle.maxDuration !== undefined && end - route.start > vehicle.maxDuration + timeTol) {
    report(`${where}: lasts ${end - route.start} s, more than maxDuration ${vehicle.maxDuration}`);
  }
  if (!close(route.distance, distance, distTol * n))
    report(`${where}: distance ${route.distance}, recomputed ${distance}`);
  if (!close(route.duration, end - route.start, timeTol * n))
    report(`${where}: duration ${route.duration}, recomputed ${end - route.start}`);
  if (!close(route.travel, travel, timeTol * n)) report(`${where}: travel ${route.travel}, recomputed ${travel}`);
  if (!close(route.service, service, timeTol * n)) report(`${where}: service ${route.service}, recomputed ${service}`);
  if (!close(route.waiting, waiting, timeTol * n)) report(`${where}: waiting ${route.waiting}, recomputed ${waiting}`);
}
