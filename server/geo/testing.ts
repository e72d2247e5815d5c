/**
 * Stand-ins for remote engines that cannot run here (OSRM, Valhalla, Nominatim, Pelias): local HTTP
 * servers on 127.0.0.1 and a random port that answer in each engine's documented format. Travel
 * times they report come from the embedded model, so results are checkable. For tests only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import type { LatLng } from './distance';
import { embeddedTable } from './embedded-matrix';

export interface FakeEngine {
  url: string;
  /** Every request received: path with query, and the parsed JSON body for POSTs. */
  requests: { path: string; body: unknown }[];
  /**
   * What the next requests get: 'ok'; 'fail' answers 503; 'hang' never answers;
   * 'garbage' answers 200 with a body that is not the engine's format.
   */
  mode: 'ok' | 'fail' | 'hang' | 'garbage';
  /** With mode 'fail': how many requests fail before answers resume (Infinity = all). */
  failuresLeft: number;
  /** Index pairs (into the request's own source and destination lists) reported as unreachable. */
  unreachable: Set<string>;
  close(): Promise<void>;
}

/** For a test file: starts fake engines through the returned function and closes them after each test. */
export function fakeEnginesClosedAfterEach(): (start: Promise<FakeEngine>) => Promise<FakeEngine> {
  const engines: FakeEngine[] = [];
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((e) => e.close()));
  });
  return async (start) => {
    const engine = await start;
    engines.push(engine);
    return engine;
  };
}

type Handler = (engine: FakeEngine, req: IncomingMessage, url: URL, body: unknown, res: ServerResponse) => void;

async function startFake(handler: Handler): Promise<FakeEngine> {
  const hanging = new Set<ServerResponse>();
  const engine: FakeEngine = {
    url: '',
    requests: [],
    mode: 'ok',
    failuresLeft: Infinity,
    unreachable: new Set(),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      engine.requests.push({ path: url.pathname + url.search, body });
      if (engine.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (engine.mode === 'fail' && engine.failuresLeft > 0) {
        engine.failuresLeft--;
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      if (engine.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
        return;
      }
      handler(engine, req, url, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  engine.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return engine;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** OSRM `table` service; rejects more than `maxTableSize` coordinates with code TooBig, as osrm-routed does. */
export function startFakeOsrm(maxTableSize = 100): Promise<FakeEngine> {
  return startFake((engine, _req, url, _body, res) => {
    const match = /^\/table\/v1\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match)
      return json(res, 400, {
        code: 'InvalidUrl',
        message: `URL string malformed close to position 1: "${url.pathname}"`,
      });
    const coordinates: LatLng[] = [];
    for (const pair of decodeURIComponent(match[2]!).split(';')) {
      const [lon, lat] = pair.split(',').map(Number);
      if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat!) > 90 || Math.abs(lon!) > 180) {
        return json(res, 400, { code: 'InvalidValue', message: 'Invalid coordinate value.' });
      }
      coordinates.push({ latitude: lat!, longitude: lon! });
    }
    if (coordinates.length > maxTableSize) {
      return json(res, 400, { code: 'TooBig', message: 'Too many table coordinates' });
    }
    const indexList = (name: string): number[] => {
      const value = url.searchParams.get(name);
      return value === null || value === 'all' ? coordinates.map((_, i) => i) : value.split(';').map(Number);
    };
    const sources = indexList('sources');
    const destinations = indexList('destinations');
    if ([...sources, ...destinations].some((i) => !(i >= 0 && i < coordinates.length))) {
      return json(res, 400, {
        code: 'InvalidOptions',
        message: 'Source or destination indices are greater than number of coordinates',
      });
    }
    const table = embeddedTable(
      sources.map((i) => coordinates[i]!),
      destinations.map((i) => coordinates[i]!),
      'car',
    );
    const annotations = (url.searchParams.get('annotations') ?? 'duration').split(',');
    const rows = (values: Float64Array): (number | null)[][] =>
      sources.map((_, s) =>
        destinations.map((_, d) =>
          engine.unreachable.has(`${s},${d}`) ? null : Math.round(values[s * destinations.length + d]! * 10) / 10,
        ),
      );
    const waypoint = (i: number) => ({
      hint: '',
      distance: 0,
      name: '',
      location: [coordinates[i]!.longitude, coordinates[i]!.latitude],
    });
    json(res, 200, {
      code: 'Ok',
      ...(annotations.includes('duration') ? { durations: rows(table.durations) } : {}),
      ...(annotations.includes('distance') ? { distances: rows(table.distances) } : {}),
      sources: sources.map(waypoint),
      destinations: destinations.map(waypoint),
    });
  });
}

/** Valhalla `sources_to_targets`; rejects more than `maxPairs` location pairs as a Valhalla server does. */
export function startFakeValhalla(maxPairs = 2500): Promise<FakeEngine> {
  return startFake((engine, req, url, body, res) => {
    if (req.method !== 'POST' || url.pathname !== '/sources_to_targets') {
      return json(res, 404, { error_code: 106, error: 'Try any of', status_code: 404, status: 'Not Found' });
    }
    const request = body as {
      sources?: { lat: number; lon: number }[];
      targets?: { lat: number; lon: number }[];
      units?: string;
      verbose?: boolean;
    };
    if (
      !Array.isArray(request.sources) ||
      !Array.isArray(request.targets) ||
      request.sources.length === 0 ||
      request.targets.length === 0
    ) {
      return json(res, 400, {
        error_code: 120,
        error: 'Insufficient number of locations provided',
        status_code: 400,
        status: 'Bad Request',
      });
    }
    if (request.sources.length * request.targets.length > maxPairs) {
      return json(res, 400, {
        error_code: 154,
        error: `Exceeded max locations: ${maxPairs}`,
        status_code: 400,
        status: 'Bad Request',
      });
    }
    const toPoint = (p: { lat: number; lon: number }): LatLng => ({ latitude: p.lat, longitude: p.lon });
    const table = embeddedTable(request.sources.map(toPoint), request.targets.map(toPoint), 'car');
    const miles = request.units === 'miles' || request.units === 'mi';
    const perUnit = miles ? 1609.344 : 1000;
    const n = request.targets.length;
    const cell = (s: number, d: number) => {
      const reachable = !engine.unreachable.has(`${s},${d}`);
      return {
        from_index: s,
        to_index: d,
        time: reachable ? Math.round(table.durations[s * n + d]!) : null,
        distance: reachable ? Math.round((table.distances[s * n + d]! / perUnit) * 1000) / 1000 : null,
      };
    };
    const matrix = request.sources.map((_, s) => request.targets!.map((_, d) => cell(s, d)));
    json(res, 200, {
      sources_to_targets:
        request.verbose === false
          ? {
              durations: matrix.map((row) => row.map((c) => c.time)),
              distances: matrix.map((row) => row.map((c) => c.distance)),
            }
          : matrix,
      sources: request.sources,
      targets: request.targets,
      units: miles ? 'miles' : 'kilometers',
    });
  });
}

/** Nominatim `/search` (format=jsonv2) with a fixed gazetteer: query text (lowercase, contains) -> point. */
export function startFakeNominatim(places: Record<string, LatLng>): Promise<FakeEngine> {
  return startFake((_engine, _req, url, _body, res) => {
    if (url.pathname !== '/search') return json(res, 404, { error: 'not found' });
    const text = ['q', 'street', 'city', 'state', 'postalcode']
      .map((k) => url.searchParams.get(k) ?? '')
      .join(' ')
      .toLowerCase();
    const hit = Object.entries(places).find(([key]) => text.includes(key.toLowerCase()));
    json(
      res,
      200,
      hit
        ? [
            {
              place_id: 1,
              lat: String(hit[1].latitude),
              lon: String(hit[1].longitude),
              display_name: hit[0],
              category: 'place',
              type: 'house',
              importance: 0.5,
            },
          ]
        : [],
    );
  });
}

/** Pelias `/v1/search/structured` (GeoJSON FeatureCollection) with a fixed gazetteer. */
export function startFakePelias(places: Record<string, LatLng>): Promise<FakeEngine> {
  return startFake((_engine, _req, url, _body, res) => {
    if (url.pathname !== '/v1/search/structured' && url.pathname !== '/v1/search')
      return json(res, 404, { error: 'not found' });
    const text = ['text', 'address', 'locality', 'region', 'postalcode']
      .map((k) => url.searchParams.get(k) ?? '')
      .join(' ')
      .toLowerCase();
    const hit = Object.entries(places).find(([key]) => text.includes(key.toLowerCase()));
    json(res, 200, {
      type: 'FeatureCollection',
      geocoding: { version: '0.2', query: Object.fromEntries(url.searchParams) },
      features: hit
        ? [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [hit[1].longitude, hit[1].latitude] },
              properties: { label: hit[0], confidence: 1, match_type: 'exact', layer: 'address' },
            },
          ]
        : [],
    });
  });
}
