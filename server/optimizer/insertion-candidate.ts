import { grownCopy } from './route';

/** Best insertion found so far; reused across calls so the hot loop allocates nothing. */
export interface InsertionCandidate {
  cost: number;
  route: number;
  /** Pickup (or single node) goes after position i; delivery after old position j (-1: single node). */
  i: number;
  j: number;
  /** Service start of the inserted delivery (or single stop). */
  deliveryStart: number;
  addedDistance: number;
  /** Estimated change of route duration (exact without multiple windows or traffic). */
  addedDuration: number;
}

/** See Inserter.deliveryWindows. */
export interface DeliveryWindows {
  start: Float64Array;
  end: Float64Array;
  count: number;
  /** The greatest end among the windows. */
  lastEnd: number;
  /** Index of the delivery's only window in the instance's window arrays. */
  slot: number;
  bests: InsertionCandidate[];
}

/** Makes `best` the candidate of cost `cost` in route r, a after position i and b after old position j. */
export function takeCandidate(
  best: InsertionCandidate,
  cost: number,
  r: number,
  i: number,
  j: number,
  deliveryStart: number,
  addedDistance: number,
  addedDuration: number,
): void {
  best.cost = cost;
  best.route = r;
  best.i = i;
  best.j = j;
  best.deliveryStart = deliveryStart;
  best.addedDistance = addedDistance;
  best.addedDuration = addedDuration;
}

export function copyCandidate(from: InsertionCandidate, to: InsertionCandidate): void {
  to.cost = from.cost;
  to.route = from.route;
  to.i = from.i;
  to.j = from.j;
  to.deliveryStart = from.deliveryStart;
  to.addedDistance = from.addedDistance;
  to.addedDuration = from.addedDuration;
}

export function emptyCandidate(): InsertionCandidate {
  return { cost: Infinity, route: -1, i: -1, j: -1, deliveryStart: Infinity, addedDistance: 0, addedDuration: 0 };
}

/**
 * The inserter's fast paths: each finds the same candidates as the plain check, sooner. The search
 * takes them all (SEARCH_PATHS); one-off checks, which may rewrite the instance afterwards, and the
 * equivalence tests take none (REFERENCE_PATHS).
 */
export interface InserterPaths {
  skipTightPositions: boolean;
  readLegsByDestination: boolean;
  checkOnlyBindingDimension: boolean;
  cacheInsertions: boolean;
}
export const SEARCH_PATHS: Readonly<InserterPaths> = {
  skipTightPositions: true,
  readLegsByDestination: true,
  checkOnlyBindingDimension: true,
  cacheInsertions: true,
};
export const REFERENCE_PATHS: Readonly<InserterPaths> = {
  skipTightPositions: false,
  readLegsByDestination: false,
  checkOnlyBindingDimension: false,
  cacheInsertions: false,
};

/** Candidates waiting for an exact plan: lower bound of the cost, added distance, delivery start, positions. */
export class PendingCandidates {
  count = 0;
  lower = new Float64Array(64);
  distance = new Float64Array(64);
  start = new Float64Array(64);
  i = new Int32Array(64);
  j = new Int32Array(64);

  add(lower: number, distance: number, i: number, j: number, start: number): void {
    const k = this.count++;
    if (k >= this.lower.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T): T => grownCopy(a, 2 * a.length);
      this.lower = grow(this.lower);
      this.distance = grow(this.distance);
      this.start = grow(this.start);
      this.i = grow(this.i);
      this.j = grow(this.j);
    }
    this.lower[k] = lower;
    this.distance[k] = distance;
    this.start[k] = start;
    this.i[k] = i;
    this.j[k] = j;
  }
}

/**
 * Per (job, vehicle): the route version (0: none) for which no candidate of the job costs less
 * than `noneUnder` (see Inserter.cacheInsertions).
 */
export class InsertionCache {
  /** Route evaluations the cache answered. */
  hits = 0;
  private readonly version: Float64Array;
  private readonly noneUnder: Float64Array;

  constructor(size: number) {
    this.version = new Float64Array(size);
    this.noneUnder = new Float64Array(size);
  }

  /** Whether the route, at this version, is known to hold no candidate under `bound` (counted as a hit). */
  holdsNoneUnder(key: number, version: number, bound: number): boolean {
    if (this.version[key] !== version || bound > this.noneUnder[key]!) return false;
    this.hits++;
    return true;
  }

  record(key: number, version: number, noneUnder: number): void {
    this.version[key] = version;
    this.noneUnder[key] = noneUnder;
  }
}
