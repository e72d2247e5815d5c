import type { LatLng } from './distance';
import {
  emptyMatrix,
  TableMatrixProvider,
  VEHICLE_PROFILES,
  type MatrixProvider,
  type TravelMatrix,
  type VehicleProfile,
} from './matrix';

/**
 * An in-process LRU of pairwise legs in front of a road-network provider.
 *
 * Why legs and not whole location sets: a booking search asks for one matrix per candidate route
 * of a branch, and those sets overlap (same depot, same stops, the same new order) without being
 * equal. Caching legs lets each search fetch only the pairs it has not seen.
 *
 * Points are keyed by coordinates rounded to 5 decimals (about 1 m), so the same address geocoded
 * twice hits. Legs are held in typed arrays (16 bytes of values plus a Map entry each) and evicted
 * least recently used. A request with more pairs than the cache holds bypasses it: it would only
 * evict everything it stored. On a miss, one rectangular table covering every source with a missing
 * pair and every destination with a missing pair is fetched.
 *
 * Not used in front of the embedded provider: computing a leg there is cheaper than looking it up.
 */
export class CachingMatrixProvider extends TableMatrixProvider {
  readonly name: string;
  private readonly pointIds = new Map<string, number>();
  /** leg key -> slot in the value arrays; Map order is recency order (oldest first). */
  private readonly slots = new Map<number, number>();
  private readonly inFlight = new Map<string, Promise<TravelMatrix>>();
  private readonly durations: Float64Array;
  private readonly distances: Float64Array;
  private nextSlot = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly inner: MatrixProvider,
    private readonly capacity: number,
  ) {
    super();
    this.name = inner.name;
    this.durations = new Float64Array(capacity);
    this.distances = new Float64Array(capacity);
  }

  /** Legs currently held. */
  get size(): number {
    return this.slots.size;
  }

  clear(): void {
    this.inFlight.clear();
    this.pointIds.clear();
    this.slots.clear();
    this.nextSlot = 0;
  }

  async table(
    sources: readonly LatLng[],
    destinations: readonly LatLng[],
    profile: VehicleProfile,
    departureTime?: number,
  ): Promise<TravelMatrix> {
    const pairs = sources.length * destinations.length;
    // Time-dependent answers are not reusable across departure times.
    if (pairs > this.capacity || departureTime !== undefined) {
      return this.inner.table(sources, destinations, profile, departureTime);
    }
    const result = emptyMatrix(sources.length, destinations.length);
    const sourceIds = sources.map((p) => this.pointId(p));
    const destinationIds = destinations.map((p) => this.pointId(p));
    const missingRows = new Set<number>();
    const missingColumns = new Set<number>();
    const profileIndex = VEHICLE_PROFILES.indexOf(profile);
    for (let i = 0; i < sources.length; i++) {
      for (let j = 0; j < destinations.length; j++) {
        const key = legKey(profileIndex, sourceIds[i]!, destinationIds[j]!);
        const slot = this.slots.get(key);
        const at = i * destinations.length + j;
        if (slot === undefined) {
          missingRows.add(i);
          missingColumns.add(j);
          result.durations[at] = NaN;
          continue;
        }
        // Refresh recency.
        this.slots.delete(key);
        this.slots.set(key, slot);
        result.durations[at] = this.durations[slot]!;
        result.distances[at] = this.distances[slot]!;
      }
    }
    if (missingRows.size === 0) {
      this.hits += pairs;
      return result;
    }
    const rows = [...missingRows];
    const columns = [...missingColumns];
    // Identical concurrent requests (two searches over the same route at once) share one fetch.
    const flightKey = `${profileIndex}|${rows.map((i) => sourceIds[i]).join(',')}|${columns.map((j) => destinationIds[j]).join(',')}`;
    let flight = this.inFlight.get(flightKey);
    if (!flight) {
      const rowPoints = rows.map((i) => sources[i]!);
      // Same points both ways: pass one list, so an engine can send each coordinate once.
      const square =
        sources === destinations && rows.length === columns.length && rows.every((i, k) => i === columns[k]);
      flight = this.inner.table(rowPoints, square ? rowPoints : columns.map((j) => destinations[j]!), profile);
      this.inFlight.set(flightKey, flight);
      const forget = () => this.inFlight.delete(flightKey);
      flight.then(forget, forget);
    }
    const fetched = await flight;
    let fetchedMisses = 0;
    for (let r = 0; r < rows.length; r++) {
      const i = rows[r]!;
      for (let c = 0; c < columns.length; c++) {
        const j = columns[c]!;
        const at = i * destinations.length + j;
        const duration = fetched.durations[r * columns.length + c]!;
        const distance = fetched.distances[r * columns.length + c]!;
        if (Number.isNaN(result.durations[at]!)) fetchedMisses++;
        result.durations[at] = duration;
        result.distances[at] = distance;
        this.store(legKey(profileIndex, sourceIds[i]!, destinationIds[j]!), duration, distance);
      }
    }
    this.misses += fetchedMisses;
    this.hits += pairs - fetchedMisses;
    return result;
  }

  private pointId(point: LatLng): number {
    const key = `${point.latitude.toFixed(5)},${point.longitude.toFixed(5)}`;
    let id = this.pointIds.get(key);
    if (id === undefined) {
      // Ids must fit the leg key; on the (rare) overflow start afresh.
      if (this.pointIds.size >= MAX_POINT_IDS) this.clear();
      id = this.pointIds.size;
      this.pointIds.set(key, id);
    }
    return id;
  }

  private store(key: number, duration: number, distance: number): void {
    let slot = this.slots.get(key);
    if (slot !== undefined) {
      this.slots.delete(key);
    } else if (this.nextSlot < this.capacity) {
      slot = this.nextSlot++;
    } else {
      // Evict the least recently used leg and take its slot.
      const oldest = this.slots.entries().next().value!;
      this.slots.delete(oldest[0]);
      slot = oldest[1];
    }
    this.slots.set(key, slot);
    this.durations[slot] = duration;
    this.distances[slot] = distance;
  }
}

const MAX_POINT_IDS = 2 ** 24;

function legKey(profileIndex: number, from: number, to: number): number {
  // 2 bits of profile and 24 bits per point id: below 2^53, exact as a double.
  return (profileIndex * MAX_POINT_IDS + from) * MAX_POINT_IDS + to;
}
