import type { LatLng } from './distance';
import { RoutingEngineError } from './errors';
import { fetchJson, runLimited, type HttpPolicy } from './http';
import { emptyMatrix, TableMatrixProvider, type TravelMatrix, type VehicleProfile } from './matrix';

/** One request's slice of a table: sources [s0, s1) x destinations [d0, d1). */
interface Block {
  s0: number;
  s1: number;
  d0: number;
  d1: number;
}

/**
 * Splits a sources x destinations table into requests the engine accepts.
 * `locations`: at most `limit` coordinates per request (OSRM's --max-table-size counts sources
 * plus destinations). `pairs`: at most `limit` source-target pairs (Valhalla's matrix limits).
 */
export function planBlocks(sources: number, destinations: number, limit: number, kind: 'locations' | 'pairs'): Block[] {
  if (sources === 0 || destinations === 0) return [];
  let sBlock: number;
  let dBlock: number;
  if (kind === 'locations') {
    if (limit < 2) throw new RangeError('a table request needs room for at least 2 locations');
    dBlock = Math.min(destinations, Math.max(1, Math.floor(limit / 2)));
    sBlock = Math.min(sources, limit - dBlock);
    dBlock = Math.min(destinations, limit - sBlock);
  } else {
    if (limit < 1) throw new RangeError('a table request needs room for at least 1 pair');
    sBlock = Math.min(sources, Math.max(1, Math.floor(Math.sqrt(limit))));
    dBlock = Math.min(destinations, Math.max(1, Math.floor(limit / sBlock)));
    sBlock = Math.min(sources, Math.max(1, Math.floor(limit / dBlock)));
  }
  const blocks: Block[] = [];
  for (let s0 = 0; s0 < sources; s0 += sBlock) {
    for (let d0 = 0; d0 < destinations; d0 += dBlock) {
      blocks.push({ s0, s1: Math.min(sources, s0 + sBlock), d0, d1: Math.min(destinations, d0 + dBlock) });
    }
  }
  return blocks;
}

export interface RemoteMatrixOptions {
  /** Engine base URL, without a trailing slash needed. */
  url: string;
  timeoutMs: number;
  retries: number;
  /** First retry delay in ms (doubles per retry). */
  backoffMs?: number;
  tableLimit: number;
  concurrency: number;
}

/**
 * Travel times scale for vehicles the engine's profile does not model: a car-profile engine's times
 * stretched by the same ratios the embedded model uses between car, van and truck speeds.
 */
export const PROFILE_SLOWDOWN: Readonly<Record<VehicleProfile, number>> = { car: 1, van: 1.08, truck: 1.2 };

/** What a concrete engine supplies: how to ask for one block and read the answer. */
export interface BlockRequest {
  sources: readonly LatLng[];
  destinations: readonly LatLng[];
  /** True when sources and destinations are the same list (a square block on the diagonal). */
  sameSet: boolean;
  profile: VehicleProfile;
  departureTime?: number;
}

export abstract class RemoteMatrixProvider extends TableMatrixProvider {
  protected abstract readonly limitKind: 'locations' | 'pairs';
  protected readonly policy: HttpPolicy;

  constructor(protected readonly options: RemoteMatrixOptions) {
    super();
    this.policy = { timeoutMs: options.timeoutMs, retries: options.retries, backoffMs: options.backoffMs ?? 250 };
  }

  /** Fetches one block; fills `durations` and `distances` (row-major over the block) in seconds and meters. */
  protected abstract fetchBlock(request: BlockRequest): Promise<{ durations: Float64Array; distances: Float64Array }>;

  async table(
    sources: readonly LatLng[],
    destinations: readonly LatLng[],
    profile: VehicleProfile,
    departureTime?: number,
  ): Promise<TravelMatrix> {
    const result = emptyMatrix(sources.length, destinations.length);
    const square = sources === destinations;
    let blocks = planBlocks(sources.length, destinations.length, this.options.tableLimit, this.limitKind);
    // A square matrix that fits one request goes as one coordinate list (no sources/destinations split).
    if (square && this.limitKind === 'locations' && sources.length <= this.options.tableLimit) {
      blocks = [{ s0: 0, s1: sources.length, d0: 0, d1: sources.length }];
    }
    const slowdown = PROFILE_SLOWDOWN[profile] / this.engineModelsProfile(profile);
    await runLimited(
      blocks.map((block) => async () => {
        const blockSources = sources.slice(block.s0, block.s1);
        const sameSet = square && block.s0 === block.d0 && block.s1 === block.d1;
        const blockDestinations = sameSet ? blockSources : destinations.slice(block.d0, block.d1);
        const answer = await this.fetchBlock({
          sources: blockSources,
          destinations: blockDestinations,
          sameSet,
          profile,
          departureTime,
        });
        const width = block.d1 - block.d0;
        for (let i = 0; i < block.s1 - block.s0; i++) {
          for (let j = 0; j < width; j++) {
            const at = (block.s0 + i) * destinations.length + block.d0 + j;
            result.durations[at] = answer.durations[i * width + j]! * slowdown;
            result.distances[at] = answer.distances[i * width + j]!;
          }
        }
      }),
      this.options.concurrency,
    );
    return result;
  }

  /**
   * The slowdown the engine itself already applies for `profile` (1 = none, it routes as a car):
   * an engine with a truck model returns truck times, which must not be stretched again.
   */
  protected engineModelsProfile(_profile: VehicleProfile): number {
    return 1;
  }

  /** POST/GET JSON; maps transport failures to `routing_engine_unavailable`. */
  protected async request(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    const outcome = await fetchJson(url, init, this.policy);
    if (outcome.kind === 'failure') {
      throw new RoutingEngineError(
        'routing_engine_unavailable',
        this.name,
        `${outcome.message} (after ${this.policy.retries + 1} attempts)`,
        outcome.status,
      );
    }
    return outcome;
  }
}

/**
 * Visits every cell of a `rows` x `columns` array of arrays, row by row. False when the value is
 * not of that shape or `visit` refuses a cell (returns false).
 */
export function everyNestedCell(
  value: unknown,
  rows: number,
  columns: number,
  visit: (cell: unknown, row: number, column: number) => boolean,
): boolean {
  if (!Array.isArray(value) || value.length !== rows) return false;
  for (let i = 0; i < rows; i++) {
    const row: unknown = value[i];
    if (!Array.isArray(row) || row.length !== columns) return false;
    for (let j = 0; j < columns; j++) if (!visit(row[j], i, j)) return false;
  }
  return true;
}

/** Reads a row-major array-of-arrays of numbers-or-null into a flat array; null becomes Infinity. */
export function readNestedRows(
  rows: unknown,
  sources: number,
  destinations: number,
  scale: number,
): Float64Array | null {
  const flat = new Float64Array(sources * destinations);
  const read = everyNestedCell(rows, sources, destinations, (value, i, j) => {
    if (value === null) flat[i * destinations + j] = Infinity;
    else if (typeof value === 'number' && Number.isFinite(value)) flat[i * destinations + j] = value * scale;
    else return false;
    return true;
  });
  return read ? flat : null;
}
