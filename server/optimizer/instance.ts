import type { Objective, Problem, Stop, TrafficProfile } from './model';
import { priorityLevel } from './priority';
import { DELIVERY, PICKUP, hasStop, nodeOf } from './indices';
import { buildNeighbors } from './neighbors';

/**
 * The solver's compiled view of a Problem: flat typed arrays indexed by job, node and vehicle.
 *
 * Every shipment j owns two nodes: 2j (pickup) and 2j+1 (delivery). A single-stop job leaves one of
 * them absent (location -1): pickup absent = loaded at the vehicle start; delivery absent = carried
 * to the end. Every node has at least one time window; "always open" becomes (-inf, +inf).
 */
export interface Instance {
  problem: Problem;
  objective: Objective;
  locations: number;
  jobs: number;
  vehicles: number;
  dims: number;
  durations: Float64Array;
  distances: Float64Array;
  traffic: TrafficProfile | null;
  /** The traffic factors over the plan's days, for travelTime (null without traffic, or where no table applies). */
  trafficTable: TrafficTable | null;

  nodeLocation: Int32Array;
  nodeService: Float64Array;
  /** Setup per node (Stop.setupSeconds), paid unless the previous stop is at the same place (see chargedService). */
  nodeSetup: Float64Array;
  /** Place per node (Problem.places of its location; -1 without a stop). */
  nodePlace: Int32Array;
  /** Whether any node has a setup (else the service charged is nodeService everywhere). */
  hasSetup: boolean;
  nodeWindowOffset: Int32Array;
  nodeWindowCount: Int32Array;
  windowStart: Float64Array;
  windowEnd: Float64Array;
  /** Rank inside the node's locked sequence (-1 = not locked). */
  nodeLockRank: Int32Array;

  /** jobs * dims. */
  size: Float64Array;
  priority: Int8Array;
  /** Vehicle a locked job is pinned to (-1 = free). */
  jobLockVehicle: Int32Array;
  /** jobs * vehicles: 1 when skills, capacity, allowed vehicles and locks permit. */
  compatible: Uint8Array;

  vehicleStart: Int32Array;
  /** -1 = open route. */
  vehicleEnd: Int32Array;
  vehicleEarliest: Float64Array;
  vehicleLatest: Float64Array;
  /** Infinity when the vehicle has no maxDuration. */
  vehicleMaxDuration: Float64Array;
  /** vehicles * dims. */
  vehicleCapacity: Float64Array;
  vehicleMaxStops: Int32Array;
  vehicleSpeed: Float64Array;
  /** Vehicles with identical profiles share a class: one empty route per class is worth trying. */
  vehicleClass: Int32Array;
  /** The vehicle's driver breaks: breakX[vehicleBreakOffset[v] .. + vehicleBreakCount[v]), in the order taken. */
  vehicleBreakOffset: Int32Array;
  vehicleBreakCount: Int32Array;
  /** Largest vehicleBreakCount (sizes the schedule's scratch buffers). */
  maxBreaks: number;
  breakEarliest: Float64Array;
  breakLatest: Float64Array;
  breakDuration: Float64Array;
  /** Index of the break in its Vehicle.breaks. */
  breakIndex: Int32Array;

  /** For each job, other jobs sorted by closeness; jobs * neighborCount. */
  neighbors: Int32Array;
  neighborCount: number;
}

export * from './indices';

const ALWAYS_OPEN = { start: -Infinity, end: Infinity };

function stopWindows(stop: Stop | null): { start: number; end: number }[] {
  if (!stop || stop.timeWindows.length === 0) return [ALWAYS_OPEN];
  return [...stop.timeWindows].sort((a, b) => a.start - b.start);
}

function hasAll(have: readonly string[], need: readonly string[]): boolean {
  for (const s of need) if (!have.includes(s)) return false;
  return true;
}

/**
 * An Instance made by a constructor rather than returned as an object literal. A literal made
 * again once the search's code is optimized (the second plan a thread solves) turns the fields of
 * its shape from constant to mutable, which throws away every piece of optimized code that reads
 * them; on some runs V8 then left the pair insertion unoptimized for the rest of the thread, at
 * half the speed (seen with --trace-deopt and %GetOptimizationStatus on Li & Lim 200 solved one
 * after another). Fields stored by a constructor keep their shape from the first plan on.
 */
// The fields are Instance's (declared there, stored by the constructor below).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
interface CompiledInstance extends Instance {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class CompiledInstance {
  constructor(fields: Instance) {
    this.problem = fields.problem;
    this.objective = fields.objective;
    this.locations = fields.locations;
    this.jobs = fields.jobs;
    this.vehicles = fields.vehicles;
    this.dims = fields.dims;
    this.durations = fields.durations;
    this.distances = fields.distances;
    this.traffic = fields.traffic;
    this.trafficTable = fields.trafficTable;
    this.nodeLocation = fields.nodeLocation;
    this.nodeService = fields.nodeService;
    this.nodeSetup = fields.nodeSetup;
    this.nodePlace = fields.nodePlace;
    this.hasSetup = fields.hasSetup;
    this.nodeWindowOffset = fields.nodeWindowOffset;
    this.nodeWindowCount = fields.nodeWindowCount;
    this.windowStart = fields.windowStart;
    this.windowEnd = fields.windowEnd;
    this.nodeLockRank = fields.nodeLockRank;
    this.size = fields.size;
    this.priority = fields.priority;
    this.jobLockVehicle = fields.jobLockVehicle;
    this.compatible = fields.compatible;
    this.vehicleStart = fields.vehicleStart;
    this.vehicleEnd = fields.vehicleEnd;
    this.vehicleEarliest = fields.vehicleEarliest;
    this.vehicleLatest = fields.vehicleLatest;
    this.vehicleMaxDuration = fields.vehicleMaxDuration;
    this.vehicleCapacity = fields.vehicleCapacity;
    this.vehicleMaxStops = fields.vehicleMaxStops;
    this.vehicleSpeed = fields.vehicleSpeed;
    this.vehicleClass = fields.vehicleClass;
    this.vehicleBreakOffset = fields.vehicleBreakOffset;
    this.vehicleBreakCount = fields.vehicleBreakCount;
    this.maxBreaks = fields.maxBreaks;
    this.breakEarliest = fields.breakEarliest;
    this.breakLatest = fields.breakLatest;
    this.breakDuration = fields.breakDuration;
    this.breakIndex = fields.breakIndex;
    this.neighbors = fields.neighbors;
    this.neighborCount = fields.neighborCount;
  }
}

export function compileInstance(problem: Problem, options: { neighbors?: boolean } = {}): Instance {
  const jobs = problem.shipments.length;
  const vehicles = problem.vehicles.length;
  const dims = problem.dimensions;
  const nodes = 2 * jobs;

  const nodeLocation = new Int32Array(nodes).fill(-1);
  const nodeService = new Float64Array(nodes);
  const nodeSetup = new Float64Array(nodes);
  const nodePlace = new Int32Array(nodes).fill(-1);
  const nodeWindowOffset = new Int32Array(nodes);
  const nodeWindowCount = new Int32Array(nodes);
  const starts: number[] = [];
  const ends: number[] = [];
  const size = new Float64Array(jobs * dims);
  const priority = new Int8Array(jobs);

  problem.shipments.forEach((s, j) => {
    const stops = [s.pickup, s.delivery];
    for (const k of [PICKUP, DELIVERY]) {
      const node = nodeOf(j, k);
      const stop = stops[k] ?? null;
      nodeWindowOffset[node] = starts.length;
      const windows = stopWindows(stop);
      nodeWindowCount[node] = windows.length;
      for (const w of windows) {
        starts.push(w.start);
        ends.push(w.end);
      }
      if (stop) {
        nodeLocation[node] = stop.location;
        nodeService[node] = stop.serviceSeconds;
        nodeSetup[node] = stop.setupSeconds ?? 0;
        nodePlace[node] = problem.places?.[stop.location] ?? stop.location;
      }
    }
    for (let d = 0; d < dims; d++) size[j * dims + d] = s.size[d] ?? 0;
    priority[j] = priorityLevel(s.priority);
  });

  const nodeLockRank = new Int32Array(nodes).fill(-1);
  const jobLockVehicle = new Int32Array(jobs).fill(-1);
  for (const seq of problem.lockedSequences ?? []) {
    seq.stops.forEach((st, rank) => {
      const node = nodeOf(st.shipment, st.kind === 'pickup' ? PICKUP : DELIVERY);
      if (st.shipment < 0 || st.shipment >= jobs) return;
      nodeLockRank[node] = rank;
      jobLockVehicle[st.shipment] = seq.vehicle;
    });
  }

  const vehicleStart = new Int32Array(vehicles);
  const vehicleEnd = new Int32Array(vehicles);
  const vehicleEarliest = new Float64Array(vehicles);
  const vehicleLatest = new Float64Array(vehicles);
  const vehicleMaxDuration = new Float64Array(vehicles);
  const vehicleCapacity = new Float64Array(vehicles * dims);
  const vehicleMaxStops = new Int32Array(vehicles);
  const vehicleSpeed = new Float64Array(vehicles);
  const vehicleClass = new Int32Array(vehicles);
  const vehicleBreakOffset = new Int32Array(vehicles);
  const vehicleBreakCount = new Int32Array(vehicles);
  const breakEarliest: number[] = [];
  const breakLatest: number[] = [];
  const breakDuration: number[] = [];
  const breakIndex: number[] = [];
  let maxBreaks = 0;
  const classKeys = new Map<string, number>();
  problem.vehicles.forEach((v, i) => {
    // Breaks are taken in the order of their window opening (then closing).
    const breaks = (v.breaks ?? [])
      .map((b, index) => ({ ...b, index }))
      .sort((a, b) => a.earliestStart - b.earliestStart || a.latestEnd - b.latestEnd || a.index - b.index);
    vehicleBreakOffset[i] = breakEarliest.length;
    vehicleBreakCount[i] = breaks.length;
    maxBreaks = Math.max(maxBreaks, breaks.length);
    for (const b of breaks) {
      breakEarliest.push(b.earliestStart);
      breakLatest.push(b.latestEnd);
      breakDuration.push(b.durationSeconds);
      breakIndex.push(b.index);
    }
    vehicleStart[i] = v.startLocation;
    vehicleEnd[i] = v.endLocation ?? -1;
    vehicleEarliest[i] = v.earliestStart;
    vehicleLatest[i] = v.latestEnd;
    vehicleMaxDuration[i] = v.maxDuration ?? Infinity;
    for (let d = 0; d < dims; d++) vehicleCapacity[i * dims + d] = v.capacity[d] ?? 0;
    vehicleMaxStops[i] = v.maxStops ?? 2 * jobs + 2;
    vehicleSpeed[i] = v.speedFactor > 0 ? v.speedFactor : 1;
    const key = JSON.stringify([
      v.startLocation,
      v.endLocation,
      v.earliestStart,
      v.latestEnd,
      v.maxDuration,
      v.capacity,
      [...v.skills].sort(),
      v.maxStops,
      v.fixedCost,
      v.costPerHour,
      v.costPerMeter,
      v.speedFactor,
      breaks.map((b) => [b.earliestStart, b.latestEnd, b.durationSeconds]),
    ]);
    let cls = classKeys.get(key);
    if (cls === undefined) {
      cls = classKeys.size;
      classKeys.set(key, cls);
    }
    vehicleClass[i] = cls;
  });

  const compatible = new Uint8Array(jobs * vehicles);
  problem.shipments.forEach((s, j) => {
    const allowed = s.allowedVehicles ? new Set(s.allowedVehicles) : null;
    problem.vehicles.forEach((v, i) => {
      if (allowed && !allowed.has(i)) return;
      if (jobLockVehicle[j]! >= 0 && jobLockVehicle[j] !== i) return;
      if (!hasAll(v.skills, s.requiredSkills)) return;
      for (let d = 0; d < dims; d++) if ((size[j * dims + d] ?? 0) > (vehicleCapacity[i * dims + d] ?? 0)) return;
      compatible[j * vehicles + i] = 1;
    });
  });

  const instance: Instance = new CompiledInstance({
    problem,
    objective: problem.objective,
    locations: problem.locationCount,
    jobs,
    vehicles,
    dims,
    durations: problem.durations,
    distances: problem.distances,
    traffic: problem.traffic ?? null,
    trafficTable: null,
    nodeLocation,
    nodeService,
    nodeSetup,
    nodePlace,
    hasSetup: nodeSetup.some((t) => t > 0),
    nodeWindowOffset,
    nodeWindowCount,
    windowStart: Float64Array.from(starts),
    windowEnd: Float64Array.from(ends),
    nodeLockRank,
    size,
    priority,
    jobLockVehicle,
    compatible,
    vehicleStart,
    vehicleEnd,
    vehicleEarliest,
    vehicleLatest,
    vehicleMaxDuration,
    vehicleCapacity,
    vehicleMaxStops,
    vehicleSpeed,
    vehicleClass,
    vehicleBreakOffset,
    vehicleBreakCount,
    maxBreaks,
    breakEarliest: Float64Array.from(breakEarliest),
    breakLatest: Float64Array.from(breakLatest),
    breakDuration: Float64Array.from(breakDuration),
    breakIndex: Int32Array.from(breakIndex),
    neighbors: new Int32Array(0),
    neighborCount: 0,
  });
  if (instance.traffic !== null) instance.trafficTable = trafficTableFor(instance.traffic, horizonOf(instance));
  if (options.neighbors !== false) buildNeighbors(instance);
  return instance;
}

const DAY = 86400;
const INV_DAY = 1 / DAY;

/** Traffic multiplier for a leg departing at time t. */
export function trafficFactor(traffic: TrafficProfile, t: number): number {
  const x = t + traffic.offsetSeconds;
  // The time of day, exactly `x % DAY` (plus DAY when negative). V8 computes `%` on doubles with a
  // runtime call, and this runs for every leg the insertion evaluates, so times from the epoch on
  // take x - k * DAY instead: exact (Sterbenz) whether or not the rounded quotient k is one off,
  // and the corrections then bring it into [0, DAY), where the remainder is. So k may come from a
  // multiplication by 1 / DAY, which is cheaper than a division (about 5% of a store plan's move).
  let tod: number;
  if (x >= 0) {
    tod = x - Math.floor(x * INV_DAY) * DAY;
    if (tod < 0) tod += DAY;
    else if (tod >= DAY) tod -= DAY;
  } else {
    tod = x % DAY;
    if (tod < 0) tod += DAY;
  }
  const idx = Math.min(traffic.factors.length - 1, Math.floor(tod / traffic.bucketSeconds));
  return traffic.factors[idx] ?? 1;
}

/**
 * trafficFactor as a table over the plan's days: the factor of every traffic bucket from `anchor`
 * (a midnight of the profile's clock) for `span` seconds. A leg's factor then costs a subtraction, a
 * multiplication and a load, where the time of day costs a remainder and a division; travelTime
 * reads it for every leg a schedule or an insertion check times (on plans with traffic about a fifth
 * of a move went to the factor). The table gives trafficFactor's answer exactly (checked in
 * traffic-factor.test.ts): it is made only for whole-second buckets that tile the day, and
 * `anchor` is 0 or at least `span`, so `x - anchor` is exact (Sterbenz) for every time on it.
 */
interface TrafficTable {
  offsetSeconds: number;
  anchor: number;
  span: number;
  bucketSeconds: number;
  inverseBucket: number;
  factors: Float64Array;
}

/** Days of a table at most (its days start a day before the plan and end two days after). */
const TRAFFIC_TABLE_MAX_DAYS = 16;

/** The times the plan is about: the vehicles' shifts, else the stops' windows ([NaN, NaN] when nothing is finite). */
function horizonOf(inst: Instance): [number, number] {
  let from = Infinity;
  let to = -Infinity;
  const take = (a: Iterable<number>, b: Iterable<number>): void => {
    for (const value of a) if (Number.isFinite(value)) from = Math.min(from, value);
    for (const value of b) if (Number.isFinite(value)) to = Math.max(to, value);
  };
  take(inst.vehicleEarliest, inst.vehicleLatest);
  if (!(from <= to)) take(inst.windowStart, inst.windowEnd);
  return from <= to ? [from, to] : [NaN, NaN];
}

/** The table of `traffic` over [from, to] (null where it would not be exact, or nothing is finite). */
export function trafficTableFor(traffic: TrafficProfile, [from, to]: [number, number]): TrafficTable | null {
  const bucket = traffic.bucketSeconds;
  if (!(Number.isInteger(bucket) && bucket > 0 && DAY % bucket === 0 && Number.isFinite(traffic.offsetSeconds)))
    return null;
  if (!(Number.isFinite(from) && Number.isFinite(to))) return null;
  const first = Math.floor((from + traffic.offsetSeconds) / DAY) - 1;
  const days = Math.min(TRAFFIC_TABLE_MAX_DAYS, Math.ceil((to + traffic.offsetSeconds) / DAY) + 2 - first);
  let anchor = first * DAY;
  const end = anchor + days * DAY;
  // From 0 instead where the days start less than their length after 0 (x - 0 is exact too).
  if (anchor < end - anchor) anchor = 0;
  if (end <= anchor) return null;
  const span = end - anchor;
  const perDay = DAY / bucket;
  const factors = new Float64Array(span / bucket);
  for (let k = 0; k < factors.length; k++)
    factors[k] = traffic.factors[Math.min(traffic.factors.length - 1, k % perDay)] ?? 1;
  return {
    offsetSeconds: traffic.offsetSeconds,
    anchor,
    span,
    bucketSeconds: bucket,
    inverseBucket: 1 / bucket,
    factors,
  };
}

/** trafficFactor(traffic, t), from the table when t is on it. */
export function tableTrafficFactor(table: TrafficTable, traffic: TrafficProfile, t: number): number {
  const r = t + table.offsetSeconds - table.anchor;
  if (r >= 0 && r < table.span) {
    // The bucket is floor(r / bucketSeconds): the product may round across a bucket's edge, and
    // the exact products of whole numbers put it back.
    let k = Math.floor(r * table.inverseBucket);
    if (k * table.bucketSeconds > r) k--;
    else if ((k + 1) * table.bucketSeconds <= r) k++;
    return table.factors[k]!;
  }
  return trafficFactor(traffic, t);
}

/**
 * An instance's travel matrices read by destination: the time or distance from any location x to
 * a fixed location b is durations[b * row + x * stride] (distances alike). Insertion reads the legs
 * into the stop it inserts from every position of a route: by column those are a cache line each,
 * from a row they stay in the cache.
 */
interface DestinationMatrices {
  durations: Float64Array;
  distances: Float64Array;
  row: number;
  stride: number;
}

/** Asymmetric matrices of more locations than this are read by column, not copied (a copy of 1,024 locations takes 8 MB). */
const TRANSPOSE_MAX_LOCATIONS = 1024;
const destinationMatricesOf = new WeakMap<Instance, DestinationMatrices>();

/** Whether matrix[a][b] equals matrix[b][a] everywhere (an asymmetric matrix mostly fails fast; 4,000 locations take about 30 ms). */
function isSymmetric(matrix: Float64Array, L: number): boolean {
  for (let a = 0; a < L; a++) for (let b = a + 1; b < L; b++) if (matrix[a * L + b] !== matrix[b * L + a]) return false;
  return true;
}

function transposed(matrix: Float64Array, L: number): Float64Array {
  const result = new Float64Array(L * L);
  for (let a = 0; a < L; a++) for (let b = 0; b < L; b++) result[b * L + a] = matrix[a * L + b]!;
  return result;
}

/**
 * The instance's matrices by destination (made once per instance, which must not change after):
 * symmetric ones are their own (the same values, bit for bit), asymmetric ones up to
 * TRANSPOSE_MAX_LOCATIONS are transposed, and larger ones are read by column as they are.
 */
export function destinationMatrices(inst: Instance): DestinationMatrices {
  const known = destinationMatricesOf.get(inst);
  if (known !== undefined) return known;
  const L = inst.locations;
  const byRow = (m: Float64Array): Float64Array | null =>
    isSymmetric(m, L) ? m : L <= TRANSPOSE_MAX_LOCATIONS ? transposed(m, L) : null;
  const durations = byRow(inst.durations);
  // Both by row or neither: no distances are transposed for durations read by column.
  const distances = durations === null || inst.distances === inst.durations ? durations : byRow(inst.distances);
  const result =
    durations !== null && distances !== null
      ? { durations, distances, row: L, stride: 1 }
      : { durations: inst.durations, distances: inst.distances, row: 1, stride: L };
  destinationMatricesOf.set(inst, result);
  return result;
}

/** Matrices with more locations than this are not checked by detourShortfall (the check is cubic: about 30 ms at 213 locations, 100 ms at 320). */
const DETOUR_CHECK_MAX_LOCATIONS = 320;
const detourShortfalls = new WeakMap<Float64Array, number>();

/**
 * How much a detour through a third location can be shorter in time than the direct leg, at most:
 * the largest durations[a][c] - (durations[a][b] + durations[b][c]) over all locations (0 when the
 * matrix keeps the triangle inequality, as road and Euclidean times do up to rounding). Infinity
 * when not known: a matrix too large to check in little time, or with negative or non-finite
 * times. Insertion uses it to pass over positions whose slack cannot take a stop's service at all.
 */
export function detourShortfall(inst: Instance): number {
  const durations = inst.durations;
  const known = detourShortfalls.get(durations);
  if (known !== undefined) return known;
  const L = inst.locations;
  let worst = 0;
  if (L > DETOUR_CHECK_MAX_LOCATIONS) worst = Infinity;
  for (let k = 0; k < L * L && worst < Infinity; k++)
    if (!(durations[k]! >= 0 && durations[k]! < Infinity)) worst = Infinity;
  for (let a = 0; a < L && worst < Infinity; a++) {
    const rowA = a * L;
    for (let b = 0; b < L; b++) {
      const ab = durations[rowA + b]!;
      const rowB = b * L;
      for (let c = 0; c < L; c++) {
        const short = durations[rowA + c]! - (ab + durations[rowB + c]!);
        if (short > worst) worst = short;
      }
    }
  }
  detourShortfalls.set(durations, worst);
  return worst;
}

/**
 * Whether a route's time feasibility is its stops' single windows and the shift alone: no traffic,
 * duration limits, breaks or locks, and every stop of the orders marked active with one window.
 * Without `pairs`, every such order is also one stop (what soft windows' warp pricing and insertion
 * with ejection of single stops cover); with it, orders of two stops may be among them (insertion
 * with ejection of pairs).
 */
export function singleWindowOrders(inst: Instance, active: Uint8Array, pairs: boolean): boolean {
  if (inst.traffic !== null) return false;
  for (let v = 0; v < inst.vehicles; v++)
    if (inst.vehicleMaxDuration[v]! < Infinity || inst.vehicleBreakCount[v]! > 0) return false;
  for (let j = 0; j < inst.jobs; j++) {
    if (!active[j]) continue;
    const both = hasStop(inst, j, PICKUP) && hasStop(inst, j, DELIVERY);
    if (both && !pairs) return false;
    for (const side of [PICKUP, DELIVERY]) {
      if (!hasStop(inst, j, side)) continue;
      const x = nodeOf(j, side);
      if (inst.nodeWindowCount[x] !== 1 || inst.nodeLockRank[x]! >= 0) return false;
    }
  }
  return true;
}

/** singleWindowOrders without orders of two stops. */
export function singleWindowStopsOnly(inst: Instance, active: Uint8Array): boolean {
  return singleWindowOrders(inst, active, false);
}

/**
 * The one capacity dimension a route can run out of, or -1 when several can. A dimension whose
 * sizes are all non-negative and add up, over every order, to no more than the least capacity of
 * any vehicle never binds: no load in it can exceed a capacity. Insertion then checks the other
 * dimension alone, in the one-dimension way (size and capacity read once per route).
 */
export function onlyBindingDimension(inst: Instance): number {
  const D = inst.dims;
  let binding = -1;
  for (let d = 0; d < D; d++) {
    let total = 0;
    let negative = false;
    for (let j = 0; j < inst.jobs; j++) {
      const size = inst.size[j * D + d]!;
      if (size < 0) negative = true;
      total += size;
    }
    let least = Infinity;
    for (let v = 0; v < inst.vehicles; v++) least = Math.min(least, inst.vehicleCapacity[v * D + d]!);
    if (!negative && total <= least) continue;
    if (binding >= 0) return -1;
    binding = d;
  }
  return binding < 0 ? 0 : binding;
}

/** Travel time from location a to b for vehicle v without traffic (b = -1: open route end). */
export function baseTravelTime(inst: Instance, v: number, a: number, b: number): number {
  if (b < 0 || a < 0) return 0;
  return inst.durations[a * inst.locations + b]! * inst.vehicleSpeed[v]!;
}

/**
 * The least traffic factor of a leg departing in [from, to] (every bucket those times touch; the
 * whole profile when the span is longer than two days or unbounded); 1 without traffic.
 */
export function leastTrafficFactor(traffic: TrafficProfile | null, from: number, to: number): number {
  if (traffic === null) return 1;
  let least = Infinity;
  if (!Number.isFinite(from) || !Number.isFinite(to) || to - from > 2 * DAY) {
    for (const factor of traffic.factors) least = Math.min(least, factor);
    return least === Infinity ? 1 : least;
  }
  // Half a bucket apart, so every bucket touched is read away from its edges at least once.
  const step = traffic.bucketSeconds / 2;
  for (let t = from; t < to; t += step) least = Math.min(least, trafficFactor(traffic, t));
  return Math.min(least, trafficFactor(traffic, to));
}

/** Travel time from location a to b for vehicle v departing at time t (b = -1: open route end). */
export function travelTime(inst: Instance, v: number, a: number, b: number, t: number): number {
  if (b < 0 || a < 0) return 0;
  return withTraffic(inst, inst.durations[a * inst.locations + b]! * inst.vehicleSpeed[v]!, t);
}

/** A leg's travel time departing at t, from its time without traffic (the matrix's times the vehicle's speed factor). */
export function withTraffic(inst: Instance, base: number, t: number): number {
  if (inst.traffic === null || base === 0) return base;
  return (
    base *
    (inst.trafficTable !== null
      ? tableTrafficFactor(inst.trafficTable, inst.traffic, t)
      : trafficFactor(inst.traffic, t))
  );
}

/**
 * Latest departure from a such that arrival at b is no later than arriveBy (traffic-aware:
 * scans traffic buckets backwards). Returns -Infinity when impossible.
 */
export function latestDeparture(inst: Instance, v: number, a: number, b: number, arriveBy: number): number {
  if (b < 0 || a < 0) return arriveBy;
  const base = inst.durations[a * inst.locations + b]! * inst.vehicleSpeed[v]!;
  const traffic = inst.traffic;
  if (traffic === null || base === 0 || !Number.isFinite(arriveBy)) return arriveBy - base;
  const bucket = traffic.bucketSeconds;
  const offset = traffic.offsetSeconds;
  // Bucket boundaries in absolute time: t such that (t + offset) is a multiple of bucket.
  let bucketStart = Math.floor((arriveBy + offset) / bucket) * bucket - offset;
  const table = inst.trafficTable;
  for (let guard = 0; guard < 4 * (86400 / bucket) + 4; guard++) {
    const factor =
      table !== null ? tableTrafficFactor(table, traffic, bucketStart) : trafficFactor(traffic, bucketStart);
    const dep = Math.min(bucketStart + bucket - 1e-9, arriveBy - base * factor);
    if (dep >= bucketStart) return dep;
    bucketStart -= bucket;
  }
  return -Infinity;
}

export function distanceBetween(inst: Instance, a: number, b: number): number {
  if (a < 0 || b < 0) return 0;
  return inst.distances[a * inst.locations + b]!;
}

/**
 * The service charged at node x when it follows node prev (-1: x is the route's first stop): its
 * handling, plus its setup unless prev is at the same place (a driver parks and walks in once).
 */
export function chargedService(inst: Instance, prev: number, x: number): number {
  const setup = inst.nodeSetup[x]!;
  return setup > 0 && (prev < 0 || inst.nodePlace[prev] !== inst.nodePlace[x])
    ? inst.nodeService[x]! + setup
    : inst.nodeService[x]!;
}

/** Earliest service start at node for arrival t, or +Infinity if every window has closed. */
export function windowStartFor(inst: Instance, node: number, t: number): number {
  const off = inst.nodeWindowOffset[node]!;
  const cnt = inst.nodeWindowCount[node]!;
  for (let w = off; w < off + cnt; w++) {
    if (t <= inst.windowEnd[w]!) return t >= inst.windowStart[w]! ? t : inst.windowStart[w]!;
  }
  return Infinity;
}

/** Latest service start at node no later than t, or -Infinity if no window opens by then. */
export function windowLatestFor(inst: Instance, node: number, t: number): number {
  const off = inst.nodeWindowOffset[node]!;
  const cnt = inst.nodeWindowCount[node]!;
  for (let w = off + cnt - 1; w >= off; w--) {
    if (inst.windowStart[w]! <= t) return t <= inst.windowEnd[w]! ? t : inst.windowEnd[w]!;
  }
  return -Infinity;
}

export function lastWindowEnd(inst: Instance, node: number): number {
  return inst.windowEnd[inst.nodeWindowOffset[node]! + inst.nodeWindowCount[node]! - 1]!;
}
