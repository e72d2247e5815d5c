/**
 * The optimizer's input and output model. Framework-free: plain objects and typed arrays.
 *
 * Units: time in seconds (absolute, e.g. since epoch, or since an instance's time zero for
 * benchmarks; fractional values allowed so Euclidean benchmark instances stay exact), distance in
 * meters (or instance units), sizes in whatever units the capacity vector uses (pounds, cubic inches).
 * Matrices are row-major n*n: entry [from * n + to].
 */

export type Objective =
  /** Total route duration (travel + service + waiting), after serving as many orders as possible. */
  | 'MIN_DURATION'
  /** Minimize the longest route's travel distance (balanced tours), then total distance. */
  | 'MIN_MAX_TRAVEL_COST_DISTANCE'
  /** Fewest vehicles, then total duration. */
  | 'MIN_VEHICLE_UTILIZATION'
  /** Fewest vehicles, then geographically compact, non-overlapping tours (then duration). */
  | 'MIN_VEHICLE_AVOID_TOUR_OVERLAP'
  /** Fewest vehicles, then total travel distance: the Li & Lim / Solomon benchmark convention. */
  | 'MIN_VEHICLES_THEN_DISTANCE'
  /** Sum of vehicle costs: fixed per used vehicle + per hour of route duration + per meter. */
  | 'MIN_COST';

export const OBJECTIVES: readonly Objective[] = [
  'MIN_DURATION',
  'MIN_MAX_TRAVEL_COST_DISTANCE',
  'MIN_VEHICLE_UTILIZATION',
  'MIN_VEHICLE_AVOID_TOUR_OVERLAP',
  'MIN_VEHICLES_THEN_DISTANCE',
  'MIN_COST',
];

export interface TimeWindow {
  start: number;
  end: number;
}

/**
 * Time-of-day traffic: the duration of a leg departing at time t is
 * matrixDuration * vehicle.speedFactor * factors[floor(((t + offsetSeconds) mod 86400) / bucketSeconds)].
 * offsetSeconds shifts absolute time to local time of day (e.g. the UTC offset of the area).
 */
export interface TrafficProfile {
  bucketSeconds: number;
  offsetSeconds: number;
  /** length = 86400 / bucketSeconds; 1 = free flow, 1.4 = 40% slower. */
  factors: Float64Array;
}

/**
 * A driver break: taken whole, at one place (where the vehicle is: its start location before the
 * first stop, else the location of the stop it just left), between two stops, before the first or
 * after the last (before driving to the end), starting no earlier than earliestStart and ending no
 * later than latestEnd. A vehicle that serves anything takes every one of its breaks, in the order
 * of their earliestStart (then latestEnd); an unused vehicle takes none.
 */
export interface VehicleBreak {
  earliestStart: number;
  latestEnd: number;
  durationSeconds: number;
}

export interface Vehicle {
  id: string;
  startLocation: number;
  /** null: open route, ends at its last stop. */
  endLocation: number | null;
  /** Earliest departure from the start location. */
  earliestStart: number;
  /** Latest arrival at the end location (or, for open routes, latest end of the last service). */
  latestEnd: number;
  /** Maximum route duration from departure to end, if tighter than latestEnd - earliestStart. */
  maxDuration?: number;
  /** Length = Problem.dimensions. */
  capacity: number[];
  skills: string[];
  /** Maximum number of stops (pickups + deliveries) on the route. */
  maxStops?: number;
  fixedCost: number;
  costPerHour: number;
  costPerMeter: number;
  /** Multiplies matrix durations for this vehicle (1 = as given; 1.2 = 20% slower). */
  speedFactor: number;
  /** Driver breaks (see VehicleBreak); absent or empty: none. */
  breaks?: VehicleBreak[];
}

export interface Stop {
  location: number;
  /** Handling time, paid at every stop. */
  serviceSeconds: number;
  /**
   * Setup time (parking, walking in), paid on arrival at a place: added to the stop's service when
   * it is its route's first stop or the previous stop is at another place (Problem.places).
   * Absent: 0.
   */
  setupSeconds?: number;
  /** One or more disjoint windows for the start of service, sorted by start. Empty = always open. */
  timeWindows: TimeWindow[];
}

/**
 * A shipment: picked up and delivered by the same vehicle, pickup before delivery.
 * A single-stop job has pickup null (loaded at the vehicle's start, delivered at `delivery`) or
 * delivery null (picked up at `pickup`, carried to the vehicle's end).
 */
export interface Shipment {
  id: string;
  pickup: Stop | null;
  delivery: Stop | null;
  /** Length = Problem.dimensions. */
  size: number[];
  requiredSkills: string[];
  /** 0..5, 5 highest. A lower-priority shipment is never served at the cost of a higher one. */
  priority: number;
  /** If set, only these vehicle indices may serve it. */
  allowedVehicles?: number[];
}

export type StopKind = 'pickup' | 'delivery';

/** Stops that must stay on `vehicle` in this relative order; other stops may go between them. */
export interface LockedSequence {
  vehicle: number;
  stops: { shipment: number; kind: StopKind }[];
}

/** A route to start the search from (a warm start): these stops on `vehicle`, in this order. */
export interface InitialRoute {
  vehicle: number;
  stops: { shipment: number; kind: StopKind }[];
}

export interface Problem {
  locationCount: number;
  /** Seconds, length locationCount^2. */
  durations: Float64Array;
  /** Meters, length locationCount^2. */
  distances: Float64Array;
  /** Number of capacity dimensions (1 = weight only, 2 = weight and volume, ...). */
  dimensions: number;
  vehicles: Vehicle[];
  shipments: Shipment[];
  objective: Objective;
  lockedSequences?: LockedSequence[];
  /**
   * The plan the search starts from instead of its own construction: each route as far as it is
   * feasible, the other shipments inserted around it. The search may improve it, never ends worse.
   */
  initialRoutes?: InitialRoute[];
  traffic?: TrafficProfile;
  /**
   * Per location: the place it is at (locations with the same number are one place, e.g. within
   * 25 m of each other), which decides whether consecutive stops share a setup (Stop.setupSeconds).
   * Absent: every location is a place of its own.
   */
  places?: ArrayLike<number>;
}

export type ReasonCode =
  | 'NO_VEHICLE_WITH_SKILLS'
  | 'EXCEEDS_VEHICLE_CAPACITY'
  | 'TIME_WINDOW_UNREACHABLE'
  | 'INVALID_TIME_WINDOW'
  | 'OUTSIDE_SHIFT'
  | 'ADDRESS_NOT_RESOLVED'
  | 'LOCKED_STOP_CONFLICT'
  | 'INSUFFICIENT_FLEET';

/** Which stop of an order a fact is about. */
export type OrderSide = 'pickup' | 'delivery';

/**
 * The limiting fact behind a reason, in the problem's own units (time in the problem's seconds,
 * sizes per capacity dimension, vehicles by index), so that a caller can say it in its own terms.
 */
export type VerdictDetail =
  | { kind: 'no_vehicles' }
  | { kind: 'no_stops' }
  | { kind: 'invalid_window'; side: OrderSide; start: number; end: number }
  | { kind: 'unknown_location'; side: OrderSide }
  | { kind: 'lock_missing_vehicle'; vehicle: number }
  | { kind: 'lock_order'; vehicle: number }
  | { kind: 'lock_incompatible'; vehicle: number }
  | { kind: 'lock_cannot_serve'; vehicle: number; cause: VerdictDetail }
  | { kind: 'skills'; skills: string[]; allowedVehiclesOnly: boolean }
  | { kind: 'capacity'; dimension: number; size: number; largestCapacity: number }
  | {
      kind: 'outside_shift';
      side: OrderSide;
      windows: TimeWindow[];
      vehicle: number;
      shiftStart: number;
      shiftEnd: number;
    }
  /**
   * Served alone by the vehicle that gets furthest, leaving at the start of its shift: `side` is
   * where it first fails (its earliest arrival after the stop's last window closes, or, for
   * `shift_end`, the end of the route after the shift ends); `route` when only a route limit
   * (duration, stops) stands in the way; `break` when only the vehicle's driver breaks do (serving
   * it pushes a break out of its window or the route past its end; earliestArrival is then the end
   * of the route without the breaks).
   */
  | {
      kind: 'unreachable';
      side: OrderSide | 'shift_end' | 'route' | 'break';
      vehicle: number;
      earliestArrival: number;
      closes: number;
      shiftEnd: number;
    }
  | { kind: 'no_room'; priority: number };

/**
 * The smallest change found that would let an unassigned shipment in, in the problem's own units,
 * checked by inserting the shipment into the solution's routes (or an added vehicle) with the
 * change applied (fixes.ts). `vehicle` indexes Problem.vehicles; `candidate` indexes the extra
 * vehicles the caller offered.
 */
export type FixDetail =
  /** One window bound of one stop moved by `seconds` (close later or open earlier); the new window. */
  | { kind: 'widen_window'; side: OrderSide; bound: 'open' | 'close'; seconds: number; start: number; end: number }
  /** The vehicle's latestEnd moved `seconds` later. */
  | { kind: 'extend_shift'; vehicle: number; seconds: number; latestEnd: number }
  /** The vehicle's capacity raised by `extra` per dimension (0 where that dimension does not bind). */
  | { kind: 'add_capacity'; vehicle: number; extra: number[]; capacity: number[] }
  /** The vehicle also given these skills. */
  | { kind: 'add_skill'; vehicle: number; skills: string[] }
  /** One more vehicle: the caller's extra vehicle candidate of that index, serving only this shipment. */
  | { kind: 'add_vehicle'; candidate: number };

export interface RouteStop {
  shipment: number;
  kind: StopKind;
  location: number;
  arrival: number;
  serviceStart: number;
  departure: number;
  waitSeconds: number;
  /** Vehicle load after this stop, length = Problem.dimensions. */
  load: number[];
  /** The service charged here: the stop's setup (when paid here) plus its handling; departure - serviceStart. */
  serviceSeconds: number;
  /** Travel from the previous stop (or the vehicle start). */
  legDistance: number;
  legDuration: number;
}

/** A driver break as taken on a route. */
export interface RouteBreak {
  /** Index into the vehicle's breaks. */
  break: number;
  /** Stops served before it (0: before the first stop, at the start location). */
  afterStops: number;
  location: number;
  /** When the vehicle is ready for it (departure from the previous stop, the start, or the previous break's end). */
  arrival: number;
  start: number;
  end: number;
  /** start - arrival: waiting for the break's window to open. */
  waitSeconds: number;
}

export interface Route {
  vehicle: number;
  /** Departure time from the start location. */
  start: number;
  /** Arrival at the end location (or end of the last service for open routes). */
  end: number;
  stops: RouteStop[];
  distance: number;
  /** end - start. */
  duration: number;
  travel: number;
  service: number;
  /** Waiting before stops' windows open and before breaks' windows open. */
  waiting: number;
  /** Driver breaks taken, in the order taken (absent: none). duration = travel + service + waiting + break durations. */
  breaks?: RouteBreak[];
}

export interface Unassigned {
  shipment: number;
  reason: ReasonCode;
  /** Names the limiting fact, e.g. "needs skills [freezer]; no vehicle has them". */
  description: string;
  /** The fact in structured form (absent in solutions not made by the solver's own explanation). */
  detail?: VerdictDetail;
  /** The smallest change found that lets it in (set by findFixes; absent when none was found). */
  fix?: FixDetail;
}

export interface SolveProgress {
  elapsedMs: number;
  iterations: number;
  vehicles: number;
  unassigned: number;
  cost: number;
}

export interface Solution {
  routes: Route[];
  unassigned: Unassigned[];
  /** Objective value in the objective's own terms (lower is better, after unassigned/vehicles). */
  cost: number;
  distance: number;
  duration: number;
  stats: {
    iterations: number;
    elapsedMs: number;
    timeToFirstFeasibleMs: number;
    seed: number;
    threads: number;
    progress: SolveProgress[];
  };
}

export interface SolveOptions {
  seed?: number;
  timeLimitMs?: number;
  maxIterations?: number;
  /**
   * Stop once the search has converged (an annealing cycle, whose length grows with the number of
   * orders, that no longer improves the best plan) instead of spending the whole time limit, which
   * then only caps it. Default false: the search spends its time limit (or iteration limit). On
   * several threads the independent runs go side by side instead, one per thread.
   */
  untilConverged?: boolean;
  /**
   * With untilConverged: make exactly this many independent runs (run k with the settings and seed
   * of solver thread k) and keep the best, instead of stopping at the first run that does not
   * improve. The runs are spread over the threads, so the plan is the same on any number of
   * threads and at any load, as long as the time limit does not cut them short.
   */
  independentRuns?: number;
  /**
   * With untilConverged: the most moves of each run (it cools over them). A run's moves grow with
   * the square of the orders it plans; this caps them for large plans.
   */
  maxRunMoves?: number;
  /** Worker threads searching in parallel (the best wins). 1 = search on the calling thread. */
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (progress: SolveProgress) => void;
}
