import { describe, expect, it } from 'vitest';
import type { LatLng } from './distance';
import { embeddedTable } from './embedded-matrix';
import { RoutingEngineError } from './errors';
import { OsrmMatrixProvider } from './osrm';
import { planBlocks, type RemoteMatrixOptions } from './remote-matrix';
import { fakeEnginesClosedAfterEach, startFakeOsrm, startFakeValhalla, type FakeEngine } from './testing';
import { readValhallaMatrix, ValhallaMatrixProvider } from './valhalla';

/** Points around Boston, deterministic. */
function points(n: number, seed = 1): LatLng[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, () => ({ latitude: 42.2 + next() * 0.4, longitude: -71.3 + next() * 0.5 }));
}

const fake = fakeEnginesClosedAfterEach();

function options(engine: FakeEngine, overrides: Partial<RemoteMatrixOptions> = {}): RemoteMatrixOptions {
  return { url: engine.url, timeoutMs: 2000, retries: 0, backoffMs: 10, tableLimit: 100, concurrency: 3, ...overrides };
}

function expectMatches(
  actual: { durations: Float64Array; distances: Float64Array },
  expected: { durations: Float64Array; distances: Float64Array },
  timeScale = 1,
  timeTolerance = 0.06,
): void {
  expect(actual.durations.length).toBe(expected.durations.length);
  for (let k = 0; k < expected.durations.length; k++) {
    expect(Math.abs(actual.durations[k]! - expected.durations[k]! * timeScale)).toBeLessThanOrEqual(
      timeTolerance * timeScale + 1e-9,
    );
    expect(Math.abs(actual.distances[k]! - expected.distances[k]!)).toBeLessThanOrEqual(0.51);
  }
}

async function rejection(promise: Promise<unknown>): Promise<RoutingEngineError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RoutingEngineError);
  return error as RoutingEngineError;
}

describe('planBlocks', () => {
  it('keeps every block within the limit and covers each cell exactly once', () => {
    for (const [s, d, limit, kind] of [
      [250, 250, 100, 'locations'],
      [3, 1000, 100, 'locations'],
      [1000, 1, 10, 'locations'],
      [130, 77, 2500, 'pairs'],
      [1, 5000, 2500, 'pairs'],
      [7, 7, 1, 'pairs'],
    ] as const) {
      const seen = new Uint8Array(s * d);
      for (const b of planBlocks(s, d, limit, kind)) {
        const size = kind === 'locations' ? b.s1 - b.s0 + (b.d1 - b.d0) : (b.s1 - b.s0) * (b.d1 - b.d0);
        expect(size).toBeLessThanOrEqual(limit);
        for (let i = b.s0; i < b.s1; i++) for (let j = b.d0; j < b.d1; j++) seen[i * d + j]!++;
      }
      expect(seen.every((v) => v === 1)).toBe(true);
    }
    expect(planBlocks(0, 10, 100, 'locations')).toEqual([]);
  });
});

describe('OSRM provider (local server speaking the OSRM table format)', () => {
  it('a matrix that fits one request is one request with one coordinate list', async () => {
    const engine = await fake(startFakeOsrm(100));
    const pts = points(12);
    const m = await new OsrmMatrixProvider(options(engine)).matrix(pts, 'car');
    expect(engine.requests).toHaveLength(1);
    const path = engine.requests[0]!.path;
    expect(path).toMatch(/^\/table\/v1\/driving\/[-0-9.,;]+\?annotations=duration,distance$/);
    expect(m.sources).toBe(12);
    expectMatches(m, embeddedTable(pts, pts, 'car'));
  });

  it('chunks a large matrix to the table limit and reassembles it', async () => {
    const engine = await fake(startFakeOsrm(10));
    const pts = points(27);
    const m = await new OsrmMatrixProvider(options(engine, { tableLimit: 10 })).matrix(pts, 'car');
    expect(engine.requests.length).toBe(planBlocks(27, 27, 10, 'locations').length);
    for (const request of engine.requests) {
      const coordinates = decodeURIComponent(request.path.split('?')[0]!.split('/').pop()!).split(';');
      expect(coordinates.length).toBeLessThanOrEqual(10);
    }
    // Diagonal blocks go as one coordinate list, the others name their sources and destinations.
    expect(engine.requests.filter((r) => r.path.includes('sources=')).length).toBeGreaterThan(0);
    expect(engine.requests.filter((r) => !r.path.includes('sources=')).length).toBe(Math.ceil(27 / 5));
    expectMatches(m, embeddedTable(pts, pts, 'car'));
  });

  it('rectangular tables, van slowdown, and unreachable pairs as Infinity', async () => {
    const engine = await fake(startFakeOsrm(100));
    engine.unreachable.add('1,2');
    const sources = points(3, 7);
    const destinations = points(5, 9);
    const m = await new OsrmMatrixProvider(options(engine)).table(sources, destinations, 'van');
    expect([m.sources, m.destinations]).toEqual([3, 5]);
    expect(m.durations[1 * 5 + 2]).toBe(Infinity);
    expect(m.distances[1 * 5 + 2]).toBe(Infinity);
    const expected = embeddedTable(sources, destinations, 'car');
    expected.durations[7] = Infinity;
    expected.distances[7] = Infinity;
    for (let k = 0; k < 15; k++) {
      if (k === 7) continue;
      expect(m.durations[k]).toBeCloseTo((Math.round(expected.durations[k]! * 10) / 10) * 1.08, 6);
    }
  });

  it('an engine error (TooBig) is routing_engine_rejected, without retries', async () => {
    const engine = await fake(startFakeOsrm(5));
    const error = await rejection(
      new OsrmMatrixProvider(options(engine, { tableLimit: 10, retries: 3 })).matrix(points(8), 'car'),
    );
    expect(error.code).toBe('routing_engine_rejected');
    expect(error.message).toContain('TooBig');
    expect(error.httpStatus).toBe(400);
    expect(engine.requests).toHaveLength(1);
  });

  it('retries 503s with backoff and succeeds when the engine recovers', async () => {
    const engine = await fake(startFakeOsrm());
    engine.mode = 'fail';
    engine.failuresLeft = 2;
    const pts = points(4);
    const m = await new OsrmMatrixProvider(options(engine, { retries: 2 })).matrix(pts, 'car');
    expect(engine.requests).toHaveLength(3);
    expectMatches(m, embeddedTable(pts, pts, 'car'));
  });

  it('gives up after the retries with routing_engine_unavailable', async () => {
    const engine = await fake(startFakeOsrm());
    engine.mode = 'fail';
    const error = await rejection(new OsrmMatrixProvider(options(engine, { retries: 2 })).matrix(points(4), 'car'));
    expect(error.code).toBe('routing_engine_unavailable');
    expect(error.message).toContain('503');
    expect(engine.requests).toHaveLength(3);
  });

  it('a server that never answers times out instead of hanging', async () => {
    const engine = await fake(startFakeOsrm());
    engine.mode = 'hang';
    const started = performance.now();
    const error = await rejection(
      new OsrmMatrixProvider(options(engine, { timeoutMs: 150, retries: 1 })).matrix(points(4), 'car'),
    );
    const elapsed = performance.now() - started;
    expect(error.code).toBe('routing_engine_unavailable');
    expect(error.message).toContain('150 ms');
    expect(engine.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(3000);
  });

  it('a refused connection is routing_engine_unavailable', async () => {
    const engine = await startFakeOsrm();
    const url = engine.url;
    await engine.close();
    const error = await rejection(new OsrmMatrixProvider({ ...options(engine), url }).matrix(points(3), 'car'));
    expect(error.code).toBe('routing_engine_unavailable');
  });

  it('an answer not in the OSRM format is routing_engine_bad_response', async () => {
    const engine = await fake(startFakeOsrm());
    engine.mode = 'garbage';
    const error = await rejection(new OsrmMatrixProvider(options(engine)).matrix(points(3), 'car'));
    expect(error.code).toBe('routing_engine_bad_response');
  });
});

describe('Valhalla provider (local server speaking the sources_to_targets format)', () => {
  it('posts sources, targets and costing; reads the row-major answer in meters and seconds', async () => {
    const engine = await fake(startFakeValhalla());
    const pts = points(9);
    const m = await new ValhallaMatrixProvider(options(engine, { tableLimit: 2500 })).matrix(pts, 'car');
    expect(engine.requests).toHaveLength(1);
    const body = engine.requests[0]!.body as { sources: unknown[]; targets: unknown[]; costing: string };
    expect(engine.requests[0]!.path).toBe('/sources_to_targets');
    expect(body.costing).toBe('auto');
    expect(body.sources).toHaveLength(9);
    expect(body.targets).toHaveLength(9);
    expectMatches(m, embeddedTable(pts, pts, 'car'), 1, 0.51);
  });

  it('chunks by location pairs', async () => {
    const engine = await fake(startFakeValhalla(100));
    const pts = points(30);
    const m = await new ValhallaMatrixProvider(options(engine, { tableLimit: 100 })).matrix(pts, 'car');
    expect(engine.requests.length).toBe(9);
    for (const request of engine.requests) {
      const body = request.body as { sources: unknown[]; targets: unknown[] };
      expect(body.sources.length * body.targets.length).toBeLessThanOrEqual(100);
    }
    expectMatches(m, embeddedTable(pts, pts, 'car'), 1, 0.51);
  });

  it('trucks use truck costing without a second slowdown; vans use auto, stretched', async () => {
    const engine = await fake(startFakeValhalla());
    const pts = points(4);
    const truck = await new ValhallaMatrixProvider(options(engine)).matrix(pts, 'truck');
    const van = await new ValhallaMatrixProvider(options(engine)).matrix(pts, 'van');
    expect((engine.requests[0]!.body as { costing: string }).costing).toBe('truck');
    expect((engine.requests[1]!.body as { costing: string }).costing).toBe('auto');
    expect(van.durations[1]).toBeCloseTo(truck.durations[1]! * 1.08, 6);
  });

  it('passes a departure time as local time at the first source', async () => {
    const engine = await fake(startFakeValhalla());
    await new ValhallaMatrixProvider(options(engine)).table(
      points(1),
      points(3),
      'car',
      Date.parse('2026-07-15T12:00:00Z') / 1000,
    );
    expect((engine.requests[0]!.body as { date_time: unknown }).date_time).toEqual({
      type: 1,
      value: '2026-07-15T08:00',
    });
    // More sources than targets: Valhalla refuses time-dependence there, so none is sent.
    await new ValhallaMatrixProvider(options(engine)).table(
      points(3),
      points(1),
      'car',
      Date.parse('2026-07-15T12:00:00Z') / 1000,
    );
    expect(engine.requests[1]!.body).not.toHaveProperty('date_time');
  });

  it('unreachable pairs (null time and distance) become Infinity', async () => {
    const engine = await fake(startFakeValhalla());
    engine.unreachable.add('0,1');
    const m = await new ValhallaMatrixProvider(options(engine)).matrix(points(3), 'car');
    expect(m.durations[1]).toBe(Infinity);
    expect(m.distances[1]).toBe(Infinity);
    expect(Number.isFinite(m.durations[2]!)).toBe(true);
  });

  it('reads the compact (verbose: false) form too, in miles when told', () => {
    const parsed = readValhallaMatrix(
      {
        durations: [
          [0, 60],
          [61, null],
        ],
        distances: [
          [0, 1],
          [1.1, null],
        ],
      },
      2,
      2,
      1609.344,
    );
    expect(parsed).not.toBeNull();
    expect(Array.from(parsed!.durations)).toEqual([0, 60, 61, Infinity]);
    expect(parsed!.distances[1]).toBeCloseTo(1609.344, 6);
    expect(parsed!.distances[3]).toBe(Infinity);
    expect(readValhallaMatrix({ durations: [[0]], distances: [[0]] }, 2, 2, 1000)).toBeNull();
  });

  it('an engine error is routing_engine_rejected with its error code', async () => {
    const engine = await fake(startFakeValhalla(10));
    const error = await rejection(
      new ValhallaMatrixProvider(options(engine, { tableLimit: 100, retries: 2 })).matrix(points(5), 'car'),
    );
    expect(error.code).toBe('routing_engine_rejected');
    expect(error.message).toContain('error_code 154');
    expect(engine.requests).toHaveLength(1);
  });

  it('times out and reports routing_engine_unavailable', async () => {
    const engine = await fake(startFakeValhalla());
    engine.mode = 'hang';
    const error = await rejection(
      new ValhallaMatrixProvider(options(engine, { timeoutMs: 100, retries: 0 })).matrix(points(3), 'car'),
    );
    expect(error.code).toBe('routing_engine_unavailable');
  });

  it('garbage is routing_engine_bad_response', async () => {
    const engine = await fake(startFakeValhalla());
    engine.mode = 'garbage';
    expect((await rejection(new ValhallaMatrixProvider(options(engine)).matrix(points(3), 'car'))).code).toBe(
      'routing_engine_bad_response',
    );
  });
});
