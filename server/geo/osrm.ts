import { RoutingEngineError } from './errors';
import { RemoteMatrixProvider, readNestedRows, type BlockRequest } from './remote-matrix';

/**
 * OSRM table service: GET {url}/table/v1/{profile}/{lon,lat;...}?annotations=duration,distance
 * &sources=..&destinations=.. . The answer has `code` ("Ok" or an error such as "InvalidQuery",
 * "TooBig", "NoSegment"), `durations` (seconds) and `distances` (meters) as row-major arrays of
 * rows, null where no route exists.
 *
 * An OSRM server is built for one profile; the profile segment of the URL is conventionally
 * "driving". Vans and trucks get their times from it stretched by PROFILE_SLOWDOWN.
 */
export class OsrmMatrixProvider extends RemoteMatrixProvider {
  readonly name = 'osrm';
  protected readonly limitKind = 'locations' as const;

  protected async fetchBlock(request: BlockRequest): Promise<{ durations: Float64Array; distances: Float64Array }> {
    const coordinates = request.sameSet ? request.sources : [...request.sources, ...request.destinations];
    const path = coordinates.map((p) => `${round6(p.longitude)},${round6(p.latitude)}`).join(';');
    const params = new URLSearchParams({ annotations: 'duration,distance' });
    if (!request.sameSet) {
      params.set('sources', request.sources.map((_, i) => i).join(';'));
      params.set('destinations', request.destinations.map((_, i) => request.sources.length + i).join(';'));
    }
    // Separators stay literal: OSRM's URL parser expects ';' and ','.
    const query = params.toString().replace(/%3B/g, ';').replace(/%2C/g, ',');
    const url = `${this.options.url.replace(/\/+$/, '')}/table/v1/driving/${path}?${query}`;
    const { status, body } = await this.request(url, { method: 'GET', headers: { accept: 'application/json' } });

    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (status >= 400 || (typeof record.code === 'string' && record.code !== 'Ok')) {
      const detail =
        typeof record.message === 'string' ? record.message : typeof body === 'string' ? body.slice(0, 200) : '';
      throw new RoutingEngineError(
        'routing_engine_rejected',
        this.name,
        `${typeof record.code === 'string' ? record.code : `HTTP ${status}`}: ${detail}`,
        status,
      );
    }
    const rows = request.sources.length;
    const columns = request.destinations.length;
    const durations = readNestedRows(record.durations, rows, columns, 1);
    const distances = readNestedRows(record.distances, rows, columns, 1);
    if (record.code !== 'Ok' || !durations || !distances) {
      throw new RoutingEngineError(
        'routing_engine_bad_response',
        this.name,
        `expected code "Ok" with ${rows}x${columns} durations and distances`,
        status,
      );
    }
    // A pair is unreachable when either annotation is missing.
    for (let k = 0; k < durations.length; k++) {
      if (durations[k] === Infinity || distances[k] === Infinity) {
        durations[k] = Infinity;
        distances[k] = Infinity;
      }
    }
    return { durations, distances };
  }
}

function round6(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
