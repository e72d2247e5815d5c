import { describe, expect, it } from 'vitest';
import type { LatLng } from './distance';
import { embeddedTable } from './embedded-matrix';
import { CachingMatrixProvider } from './matrix-cache';
import type { MatrixProvider, TravelMatrix, VehicleProfile } from './matrix';

/** The embedded model behind the provider interface, counting the pairs it is asked for. */
class CountingProvider implements MatrixProvider {
  readonly name = 'counting';
  pairsAsked = 0;
  calls = 0;
  async matrix(points: readonly LatLng[], profile: VehicleProfile): Promise<TravelMatrix> {
    return this.table(points, points, profile);
  }
  async table(
    sources: readonly LatLng[],
    destinations: readonly LatLng[],
    profile: VehicleProfile,
  ): Promise<TravelMatrix> {
    this.calls++;
    this.pairsAsked += sources.length * destinations.length;
    return embeddedTable(sources, destinations, profile);
  }
}

const grid = (n: number, lat0 = 40.7): LatLng[] =>
  Array.from({ length: n }, (_, i) => ({ latitude: lat0 + (i % 7) * 0.01, longitude: -74 + Math.floor(i / 7) * 0.01 }));

describe('CachingMatrixProvider', () => {
  it('answers a repeated matrix from the cache, identical to the provider', async () => {
    const inner = new CountingProvider();
    const cache = new CachingMatrixProvider(inner, 10_000);
    const points = grid(20);
    const first = await cache.matrix(points, 'van');
    const second = await cache.matrix(points, 'van');
    expect(inner.calls).toBe(1);
    expect(Array.from(second.durations)).toEqual(Array.from(first.durations));
    expect(Array.from(second.distances)).toEqual(Array.from(embeddedTable(points, points, 'van').distances));
    expect(cache.hits).toBe(400);
  });

  it('an overlapping set fetches only the rectangle of rows and columns with new pairs', async () => {
    const inner = new CountingProvider();
    const cache = new CachingMatrixProvider(inner, 10_000);
    const route = grid(10);
    await cache.matrix(route, 'car');
    const newOrder = { latitude: 40.75, longitude: -73.95 };
    const withOrder = [...route, newOrder];
    const m = await cache.matrix(withOrder, 'car');
    // Every row and column has a missing pair (to or from the new point), so 11 x 11 is asked once more;
    // the answer is still exact.
    expect(inner.calls).toBe(2);
    expect(Array.from(m.durations)).toEqual(Array.from(embeddedTable(withOrder, withOrder, 'car').durations));
    // A table from the route to the new point is now fully cached.
    await cache.table(route, [newOrder], 'car');
    expect(inner.calls).toBe(2);
  });

  it('rectangular misses ask only for the missing rows', async () => {
    const inner = new CountingProvider();
    const cache = new CachingMatrixProvider(inner, 10_000);
    const a = grid(5);
    const b = grid(5, 41);
    await cache.table(a, b, 'car');
    await cache.table([...a, { latitude: 39, longitude: -75 }], b, 'car');
    expect(inner.pairsAsked).toBe(25 + 5);
  });

  it('keys by profile and by coordinates rounded to about a meter', async () => {
    const inner = new CountingProvider();
    const cache = new CachingMatrixProvider(inner, 10_000);
    const points = grid(4);
    await cache.matrix(points, 'car');
    await cache.matrix(
      points.map((p) => ({ latitude: p.latitude + 1e-7, longitude: p.longitude - 1e-7 })),
      'car',
    );
    expect(inner.calls).toBe(1);
    await cache.matrix(points, 'truck');
    expect(inner.calls).toBe(2);
  });

  it('evicts least recently used legs at capacity and bypasses requests larger than itself', async () => {
    const inner = new CountingProvider();
    const cache = new CachingMatrixProvider(inner, 50);
    const a = grid(5);
    const b = grid(5, 45);
    await cache.matrix(a, 'car'); // 25 legs
    await cache.matrix(b, 'car'); // 25 more: full
    await cache.matrix(a, 'car'); // hit, refreshes a
    expect(inner.calls).toBe(2);
    const c = grid(5, 50);
    await cache.matrix(c, 'car'); // evicts b, the least recently used
    expect(cache.size).toBe(50);
    await cache.matrix(a, 'car');
    expect(inner.calls).toBe(3);
    await cache.matrix(b, 'car');
    expect(inner.calls).toBe(4);
    const big = grid(8);
    await cache.matrix(big, 'car');
    await cache.matrix(big, 'car');
    expect(inner.calls).toBe(6);
  });

  it('identical concurrent requests share one fetch', async () => {
    const inner = new CountingProvider();
    const cache = new CachingMatrixProvider(inner, 10_000);
    const points = grid(6);
    const [a, b, c] = await Promise.all([
      cache.matrix(points, 'car'),
      cache.matrix(points, 'car'),
      cache.matrix(points, 'car'),
    ]);
    expect(inner.calls).toBe(1);
    expect(Array.from(b.durations)).toEqual(Array.from(a.durations));
    expect(Array.from(c.distances)).toEqual(Array.from(a.distances));
  });

  it('a failed fetch is not remembered', async () => {
    let fail = true;
    const inner = new CountingProvider();
    const flaky: MatrixProvider = {
      name: 'flaky',
      matrix: (points, profile) => flaky.table(points, points, profile),
      table: async (sources, destinations, profile) => {
        if (fail) throw new Error('engine down');
        return inner.table(sources, destinations, profile);
      },
    };
    const cache = new CachingMatrixProvider(flaky, 1000);
    await expect(cache.matrix(grid(3), 'car')).rejects.toThrow('engine down');
    fail = false;
    expect((await cache.matrix(grid(3), 'car')).durations.length).toBe(9);
    expect(cache.size).toBe(9);
  });

  it('passes time-dependent requests through', async () => {
    const inner = new CountingProvider();
    const cache = new CachingMatrixProvider(inner, 1000);
    await cache.matrix(grid(3), 'car', 1_780_000_000);
    await cache.matrix(grid(3), 'car', 1_780_000_000);
    expect(inner.calls).toBe(2);
  });
});
