import { RoutingEngineError } from './errors';
import type { VehicleProfile } from './matrix';
import {
  everyNestedCell,
  PROFILE_SLOWDOWN,
  RemoteMatrixProvider,
  readNestedRows,
  type BlockRequest,
} from './remote-matrix';
import { epochToLocalIso, zoneForCoordinate } from './timezone';

/**
 * Valhalla time-distance matrix: POST {url}/sources_to_targets with
 * { sources: [{lat, lon}], targets: [{lat, lon}], costing, units }.
 * The answer's `sources_to_targets` is row-major: in the default verbose form an array of rows of
 * { from_index, to_index, time (s), distance (in `units`) } with null time/distance when unreachable;
 * with `verbose: false` an object of nested `durations` and `distances` arrays. Both are read.
 * Errors come as HTTP 4xx with { error_code, error, status_code }.
 *
 * Cars and vans use `auto` costing (vans stretched by PROFILE_SLOWDOWN), trucks `truck` costing.
 */
const COSTING: Readonly<Record<VehicleProfile, string>> = { car: 'auto', van: 'auto', truck: 'truck' };

export class ValhallaMatrixProvider extends RemoteMatrixProvider {
  readonly name = 'valhalla';
  protected readonly limitKind = 'pairs' as const;

  protected override engineModelsProfile(profile: VehicleProfile): number {
    return COSTING[profile] === 'truck' ? PROFILE_SLOWDOWN.truck : 1;
  }

  protected async fetchBlock(request: BlockRequest): Promise<{ durations: Float64Array; distances: Float64Array }> {
    const body: Record<string, unknown> = {
      sources: request.sources.map((p) => ({ lat: p.latitude, lon: p.longitude })),
      targets: request.destinations.map((p) => ({ lat: p.latitude, lon: p.longitude })),
      costing: COSTING[request.profile],
      units: 'kilometers',
    };
    // Valhalla wants departure as local time at the origin, and allows a departure time only when
    // there are no more sources than targets; other blocks go time-independent.
    const first = request.sources[0];
    if (request.departureTime !== undefined && first && request.sources.length <= request.destinations.length) {
      const zone = zoneForCoordinate(first.latitude, first.longitude);
      if (zone.ok) body.date_time = { type: 1, value: epochToLocalIso(request.departureTime, zone.zone).slice(0, 16) };
    }
    const url = `${this.options.url.replace(/\/+$/, '')}/sources_to_targets`;
    const { status, body: answer } = await this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });

    const record = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
    if (status >= 400 || record.error_code !== undefined) {
      const detail =
        typeof record.error === 'string' ? record.error : typeof answer === 'string' ? answer.slice(0, 200) : '';
      const errorCode = record.error_code;
      const code =
        typeof errorCode === 'number' || typeof errorCode === 'string' ? `error_code ${errorCode}` : `HTTP ${status}`;
      throw new RoutingEngineError('routing_engine_rejected', this.name, `${code}: ${detail}`, status);
    }
    const metersPerUnit = record.units === 'miles' || record.units === 'mi' ? 1609.344 : 1000;
    const parsed = readValhallaMatrix(
      record.sources_to_targets,
      request.sources.length,
      request.destinations.length,
      metersPerUnit,
    );
    if (!parsed) {
      throw new RoutingEngineError(
        'routing_engine_bad_response',
        this.name,
        `expected sources_to_targets for ${request.sources.length}x${request.destinations.length} locations`,
        status,
      );
    }
    return parsed;
  }
}

/** Reads `sources_to_targets` in either form into seconds and meters; null when malformed. */
export function readValhallaMatrix(
  value: unknown,
  rows: number,
  columns: number,
  metersPerUnit: number,
): { durations: Float64Array; distances: Float64Array } | null {
  // Compact form (verbose: false).
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const compact = value as Record<string, unknown>;
    const durations = readNestedRows(compact.durations, rows, columns, 1);
    const distances = readNestedRows(compact.distances, rows, columns, metersPerUnit);
    if (!durations || !distances) return null;
    return unreachableTogether(durations, distances);
  }
  const durations = new Float64Array(rows * columns);
  const distances = new Float64Array(rows * columns);
  const read = everyNestedCell(value, rows, columns, (cell, i, j) => {
    if (typeof cell !== 'object' || cell === null) return false;
    const { time, distance, from_index: from, to_index: to } = cell as Record<string, unknown>;
    // Cells carry their own indices; trust them over position when present.
    const s = typeof from === 'number' ? from : i;
    const d = typeof to === 'number' ? to : j;
    if (s < 0 || s >= rows || d < 0 || d >= columns) return false;
    const at = s * columns + d;
    if (time === null || time === undefined || distance === null || distance === undefined) {
      durations[at] = Infinity;
      distances[at] = Infinity;
    } else if (typeof time === 'number' && typeof distance === 'number') {
      durations[at] = time;
      distances[at] = distance * metersPerUnit;
    } else {
      return false;
    }
    return true;
  });
  if (!read) return null;
  return { durations, distances };
}

function unreachableTogether(
  durations: Float64Array,
  distances: Float64Array,
): { durations: Float64Array; distances: Float64Array } {
  for (let k = 0; k < durations.length; k++) {
    if (durations[k] === Infinity || distances[k] === Infinity) {
      durations[k] = Infinity;
      distances[k] = Infinity;
    }
  }
  return { durations, distances };
}
