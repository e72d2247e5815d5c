/**
 * Route arithmetic recomputed straight from the model (server/optimizer/model.ts), shared by the
 * checker, the exhaustive solver and the priority check. Deliberately written without looking at
 * the solver: when the two disagree, one of them misreads the model.
 */
import type {
  Problem,
  ReasonCode,
  Route,
  Shipment,
  Stop,
  StopKind,
  TimeWindow,
  TrafficProfile,
  Vehicle,
} from '../model';

export interface StopRef {
  shipment: number;
  kind: StopKind;
}

export const REASON_CODES: readonly ReasonCode[] = [
  'NO_VEHICLE_WITH_SKILLS',
  'EXCEEDS_VEHICLE_CAPACITY',
  'TIME_WINDOW_UNREACHABLE',
  'INVALID_TIME_WINDOW',
  'OUTSIDE_SHIFT',
  'ADDRESS_NOT_RESOLVED',
  'LOCKED_STOP_CONFLICT',
  'INSUFFICIENT_FLEET',
];

const DAY = 86_400;

/** The traffic multiplier for a leg departing at `departure` (1 without a profile). */
export function trafficFactor(traffic: TrafficProfile | undefined, departure: number): number {
  if (!traffic) return 1;
  const timeOfDay = (((departure + traffic.offsetSeconds) % DAY) + DAY) % DAY;
  return traffic.factors[Math.floor(timeOfDay / traffic.bucketSeconds)] ?? 1;
}

function matrixDuration(problem: Problem, from: number, to: number): number {
  return problem.durations[from * problem.locationCount + to] ?? Number.NaN;
}

export function matrixDistance(problem: Problem, from: number, to: number): number {
  return problem.distances[from * problem.locationCount + to] ?? Number.NaN;
}

/** Travel time of a leg as the model's traffic formula defines it. */
export function legDuration(problem: Problem, vehicle: Vehicle, from: number, to: number, departure: number): number {
  return matrixDuration(problem, from, to) * vehicle.speedFactor * trafficFactor(problem.traffic, departure);
}

export function stopOf(shipment: Shipment, kind: StopKind): Stop | null {
  return kind === 'pickup' ? shipment.pickup : shipment.delivery;
}

/**
 * The model's service time at `stop` after `previous` (null: the route's first stop): its handling,
 * plus its setup unless the previous stop is at the same place (Problem.places; else its location).
 */
export function serviceAfter(problem: Problem, previous: Stop | null, stop: Stop): number {
  const setup = stop.setupSeconds ?? 0;
  if (setup === 0) return stop.serviceSeconds;
  const place = (location: number): number => problem.places?.[location] ?? location;
  return previous !== null && place(previous.location) === place(stop.location)
    ? stop.serviceSeconds
    : stop.serviceSeconds + setup;
}

/** The stops a shipment needs on its route, in the order they must happen. */
export function stopsOfShipment(shipment: Shipment, index: number): StopRef[] {
  const refs: StopRef[] = [];
  if (shipment.pickup) refs.push({ shipment: index, kind: 'pickup' });
  if (shipment.delivery) refs.push({ shipment: index, kind: 'delivery' });
  return refs;
}

/** Earliest service start at or after `arrival` inside one of the windows; null when all have closed. */
export function earliestServiceStart(windows: readonly TimeWindow[], arrival: number): number | null {
  if (windows.length === 0) return arrival;
  for (const w of windows) {
    if (arrival <= w.end) return Math.max(arrival, w.start);
  }
  return null;
}

export function insideSomeWindow(windows: readonly TimeWindow[], time: number, tolerance: number): boolean {
  if (windows.length === 0) return true;
  return windows.some((w) => time >= w.start - tolerance && time <= w.end + tolerance);
}

export function hasSkills(vehicle: Vehicle, shipment: Shipment): boolean {
  return shipment.requiredSkills.every((skill) => vehicle.skills.includes(skill));
}

export function vehicleAllowed(shipment: Shipment, vehicleIndex: number): boolean {
  return !shipment.allowedVehicles || shipment.allowedVehicles.includes(vehicleIndex);
}

interface ScheduledStop {
  arrival: number;
  serviceStart: number;
  departure: number;
  serviceSeconds: number;
  wait: number;
  load: number[];
  legDistance: number;
  legDuration: number;
}

interface ScheduledBreak {
  /** Index into the vehicle's breaks. */
  break: number;
  afterStops: number;
  location: number;
  arrival: number;
  start: number;
  end: number;
  wait: number;
}

export interface Schedule {
  feasible: boolean;
  /** Why the schedule fails, when it does. */
  failure?: string;
  /** True when only maxDuration failed: a later departure may still fit. */
  tooLong?: boolean;
  start: number;
  end: number;
  stops: ScheduledStop[];
  distance: number;
  travel: number;
  service: number;
  waiting: number;
  duration: number;
  /** Load when leaving the start location (single-stop deliveries are loaded there). */
  startLoad: number[];
  /** Driver breaks taken, in order. */
  breaks: ScheduledBreak[];
}

/** The vehicle's breaks in the order the model says they are taken: by window opening, then closing. */
function breakOrder(vehicle: Vehicle): number[] {
  const breaks = vehicle.breaks ?? [];
  return breaks
    .map((_, i) => i)
    .sort(
      (a, b) =>
        breaks[a]!.earliestStart - breaks[b]!.earliestStart || breaks[a]!.latestEnd - breaks[b]!.latestEnd || a - b,
    );
}

/** Every placement of `count` breaks, in order, into the gaps 0..stops (non-decreasing gap numbers). */
function breakPlacements(count: number, stops: number): number[][] {
  if (count === 0) return [[]];
  const result: number[][] = [];
  const extend = (prefix: number[], from: number) => {
    if (prefix.length === count) {
      result.push(prefix.slice());
      return;
    }
    for (let g = from; g <= stops; g++) {
      prefix.push(g);
      extend(prefix, g);
      prefix.pop();
    }
  };
  extend([], 0);
  return result;
}

/**
 * Structural feasibility of a stop sequence on one vehicle, independent of time: stops exist,
 * each shipment's stops all present once, pickup before delivery, skills, allowedVehicles,
 * maxStops, and locks (locked stops of this vehicle in order; none locked to another vehicle).
 * Returns null when fine, else the first problem found.
 */
export function structuralFailure(problem: Problem, vehicleIndex: number, sequence: readonly StopRef[]): string | null {
  const vehicle = problem.vehicles[vehicleIndex];
  if (!vehicle) return `vehicle ${vehicleIndex} does not exist`;
  if (vehicle.maxStops !== undefined && sequence.length > vehicle.maxStops) {
    return `${sequence.length} stops exceed maxStops ${vehicle.maxStops} of vehicle ${vehicle.id}`;
  }
  const position = new Map<string, number>();
  for (let i = 0; i < sequence.length; i++) {
    const ref = sequence[i]!;
    const shipment = problem.shipments[ref.shipment];
    if (!shipment) return `stop ${i} names shipment ${ref.shipment}, which does not exist`;
    if (!stopOf(shipment, ref.kind)) return `shipment ${shipment.id} has no ${ref.kind} stop`;
    const key = `${ref.shipment}:${ref.kind}`;
    if (position.has(key)) return `shipment ${shipment.id} ${ref.kind} appears twice`;
    position.set(key, i);
  }
  for (const ref of sequence) {
    const shipment = problem.shipments[ref.shipment]!;
    if (!hasSkills(vehicle, shipment)) {
      return `shipment ${shipment.id} needs skills [${shipment.requiredSkills.join(', ')}]; vehicle ${vehicle.id} has [${vehicle.skills.join(', ')}]`;
    }
    if (!vehicleAllowed(shipment, vehicleIndex))
      return `shipment ${shipment.id} is not allowed on vehicle ${vehicleIndex}`;
    const pickupAt = position.get(`${ref.shipment}:pickup`);
    const deliveryAt = position.get(`${ref.shipment}:delivery`);
    if (shipment.pickup && pickupAt === undefined)
      return `shipment ${shipment.id} is delivered but not picked up on vehicle ${vehicle.id}`;
    if (shipment.delivery && deliveryAt === undefined)
      return `shipment ${shipment.id} is picked up but not delivered on vehicle ${vehicle.id}`;
    if (pickupAt !== undefined && deliveryAt !== undefined && pickupAt > deliveryAt) {
      return `shipment ${shipment.id} is delivered before it is picked up`;
    }
  }
  for (const lock of problem.lockedSequences ?? []) {
    let last = -1;
    for (const ref of lock.stops) {
      const at = position.get(`${ref.shipment}:${ref.kind}`);
      if (at === undefined) continue;
      if (lock.vehicle !== vehicleIndex) {
        return `shipment ${problem.shipments[ref.shipment]?.id ?? ref.shipment} ${ref.kind} is locked to vehicle ${lock.vehicle}, not ${vehicleIndex}`;
      }
      if (at < last) return `locked stops of vehicle ${vehicleIndex} are out of their locked order`;
      last = at;
    }
  }
  return null;
}

/**
 * Simulates a sequence leaving the start location at `start`: each service begins as early as
 * its windows allow, departure follows service at once. Checks windows, capacity in every
 * dimension, latestEnd and maxDuration (not the structural rules: see structuralFailure).
 */
export function simulate(
  problem: Problem,
  vehicleIndex: number,
  sequence: readonly StopRef[],
  start: number,
  placement: readonly number[] = [],
): Schedule {
  const vehicle = problem.vehicles[vehicleIndex]!;
  // The breaks, in order, each with the number of stops served before it (a used vehicle takes them all).
  const order = sequence.length > 0 ? breakOrder(vehicle) : [];
  const dims = problem.dimensions;
  const load = new Array<number>(dims).fill(0);
  for (const ref of sequence) {
    const shipment = problem.shipments[ref.shipment]!;
    if (!shipment.pickup) for (let d = 0; d < dims; d++) load[d]! += shipment.size[d] ?? 0;
  }
  const startLoad = load.slice();
  const result: Schedule = {
    feasible: true,
    start,
    end: start,
    stops: [],
    distance: 0,
    travel: 0,
    service: 0,
    waiting: 0,
    duration: 0,
    startLoad,
    breaks: [],
  };
  const fail = (failure: string, tooLong = false): Schedule => ({ ...result, feasible: false, failure, tooLong });
  if (start < vehicle.earliestStart) return fail(`departs before the shift starts`);
  for (let d = 0; d < dims; d++) {
    if (load[d]! > vehicle.capacity[d]!) return fail(`start load exceeds capacity in dimension ${d}`);
  }
  if (placement.length !== order.length) return fail(`${order.length} breaks need a place; ${placement.length} given`);
  let location = vehicle.startLocation;
  let previous: Stop | null = null;
  let time = start;
  let taken = 0;
  /** Takes the breaks placed in gap g; false when one misses its window. */
  const takeBreaks = (g: number): boolean => {
    while (taken < order.length && placement[taken] === g) {
      const index = order[taken]!;
      const b = vehicle.breaks![index]!;
      const breakStart = Math.max(time, b.earliestStart);
      const breakEnd = breakStart + b.durationSeconds;
      if (breakEnd > b.latestEnd) return false;
      result.breaks.push({
        break: index,
        afterStops: g,
        location,
        arrival: time,
        start: breakStart,
        end: breakEnd,
        wait: breakStart - time,
      });
      result.waiting += breakStart - time;
      time = breakEnd;
      taken++;
    }
    return true;
  };
  for (const [k, ref] of sequence.entries()) {
    if (!takeBreaks(k)) return fail(`break ${order[taken]} cannot end inside its window before stop ${k}`);
    const shipment = problem.shipments[ref.shipment]!;
    const stop = stopOf(shipment, ref.kind)!;
    const legTime = legDuration(problem, vehicle, location, stop.location, time);
    const legDistance = matrixDistance(problem, location, stop.location);
    const arrival = time + legTime;
    const serviceStart = earliestServiceStart(stop.timeWindows, arrival);
    if (serviceStart === null) return fail(`arrives at ${shipment.id} ${ref.kind} after its last window closes`);
    const sign = ref.kind === 'pickup' ? 1 : -1;
    for (let d = 0; d < dims; d++) {
      load[d]! += sign * (shipment.size[d] ?? 0);
      if (load[d]! > vehicle.capacity[d]!)
        return fail(`load exceeds capacity in dimension ${d} at ${shipment.id} ${ref.kind}`);
    }
    const serviceSeconds = serviceAfter(problem, previous, stop);
    const departure = serviceStart + serviceSeconds;
    result.stops.push({
      arrival,
      serviceStart,
      departure,
      serviceSeconds,
      wait: serviceStart - arrival,
      load: load.slice(),
      legDistance,
      legDuration: legTime,
    });
    result.distance += legDistance;
    result.travel += legTime;
    result.service += serviceSeconds;
    result.waiting += serviceStart - arrival;
    location = stop.location;
    previous = stop;
    time = departure;
  }
  if (!takeBreaks(sequence.length))
    return fail(`break ${order[taken]} cannot end inside its window after the last stop`);
  if (taken !== order.length) return fail(`break placement leaves breaks out`);
  if (vehicle.endLocation !== null) {
    const legTime = legDuration(problem, vehicle, location, vehicle.endLocation, time);
    result.distance += matrixDistance(problem, location, vehicle.endLocation);
    result.travel += legTime;
    time += legTime;
  }
  result.end = time;
  result.duration = time - start;
  if (result.end > vehicle.latestEnd) return fail(`ends after the shift's latestEnd`);
  if (vehicle.maxDuration !== undefined && result.duration > vehicle.maxDuration)
    return fail(`exceeds maxDuration`, true);
  return result;
}

/**
 * The feasible schedule of a sequence with the shortest duration over departure times (a later
 * departure trades waiting for nothing). Without traffic the duration, as a function of the
 * departure time t, only changes slope or jumps where some stop's arrival with no waiting before
 * it meets a window's start or end, so checking the departures that make that happen, plus the
 * earliest start, finds the minimum. With traffic the same candidates are tried (a heuristic).
 */
export function bestSchedule(problem: Problem, vehicleIndex: number, sequence: readonly StopRef[]): Schedule {
  const vehicle = problem.vehicles[vehicleIndex]!;
  const order = sequence.length > 0 ? breakOrder(vehicle) : [];
  let best: Schedule | null = null;
  let firstFailure: Schedule | null = null;
  // With driver breaks, every placement of them into the gaps, each with its own departures.
  for (const placement of breakPlacements(order.length, sequence.length)) {
    for (const start of departureCandidates(problem, vehicleIndex, sequence, order, placement)) {
      const schedule = simulate(problem, vehicleIndex, sequence, start, placement);
      if (!schedule.feasible) {
        firstFailure ??= schedule;
        continue;
      }
      if (!best || schedule.duration < best.duration - 1e-9) best = schedule;
    }
  }
  return best ?? firstFailure!;
}

/**
 * The departures worth trying for one placement of the breaks: the earliest start, and every t at
 * which the no-wait arrival at a stop meets one of its window bounds, the no-wait start of a break
 * meets its earliest or latest start, or the no-wait end meets the shift's end (the offsets
 * include the breaks placed before that point).
 */
function departureCandidates(
  problem: Problem,
  vehicleIndex: number,
  sequence: readonly StopRef[],
  order: readonly number[],
  placement: readonly number[],
): number[] {
  const vehicle = problem.vehicles[vehicleIndex]!;
  const candidates = new Set<number>([vehicle.earliestStart]);
  const add = (t: number) => {
    if (t > vehicle.earliestStart && Number.isFinite(t)) candidates.add(t);
  };
  let offset = 0;
  let location = vehicle.startLocation;
  let previous: Stop | null = null;
  let taken = 0;
  const breaksAt = (g: number) => {
    while (taken < order.length && placement[taken] === g) {
      const b = vehicle.breaks![order[taken]!]!;
      add(b.earliestStart - offset);
      add(b.latestEnd - b.durationSeconds - offset);
      add(b.latestEnd - b.durationSeconds - offset - 1e-6);
      offset += b.durationSeconds;
      taken++;
    }
  };
  for (const [k, ref] of sequence.entries()) {
    breaksAt(k);
    const stop = stopOf(problem.shipments[ref.shipment]!, ref.kind)!;
    offset += matrixDuration(problem, location, stop.location) * vehicle.speedFactor;
    for (const w of stop.timeWindows) {
      // Arriving exactly at a window's end may round to just past it: try a hair earlier too.
      for (const t of [w.start - offset, w.end - offset, w.end - offset - 1e-6]) add(t);
    }
    offset += serviceAfter(problem, previous, stop);
    location = stop.location;
    previous = stop;
  }
  breaksAt(sequence.length);
  if (vehicle.endLocation !== null)
    offset += matrixDuration(problem, location, vehicle.endLocation) * vehicle.speedFactor;
  add(vehicle.latestEnd - offset);
  return [...candidates].sort((a, b) => a - b);
}

/** A model Route from a simulated sequence (to build solutions without the solver). */
export function routeFromSchedule(
  problem: Problem,
  vehicleIndex: number,
  sequence: readonly StopRef[],
  schedule: Schedule,
): Route {
  return {
    vehicle: vehicleIndex,
    start: schedule.start,
    end: schedule.end,
    stops: sequence.map((ref, i) => {
      const s = schedule.stops[i]!;
      return {
        shipment: ref.shipment,
        kind: ref.kind,
        location: stopOf(problem.shipments[ref.shipment]!, ref.kind)!.location,
        arrival: s.arrival,
        serviceStart: s.serviceStart,
        departure: s.departure,
        serviceSeconds: s.serviceSeconds,
        waitSeconds: s.wait,
        load: s.load,
        legDistance: s.legDistance,
        legDuration: s.legDuration,
      };
    }),
    distance: schedule.distance,
    duration: schedule.duration,
    travel: schedule.travel,
    service: schedule.service,
    waiting: schedule.waiting,
    ...(schedule.breaks.length > 0
      ? {
          breaks: schedule.breaks.map((b) => ({
            break: b.break,
            afterStops: b.afterStops,
            location: b.location,
            arrival: b.arrival,
            start: b.start,
            end: b.end,
            waitSeconds: b.wait,
          })),
        }
      : {}),
  };
}
