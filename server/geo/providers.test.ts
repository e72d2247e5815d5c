import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import { EmbeddedMatrixProvider } from './embedded-matrix';
import { CachingMatrixProvider } from './matrix-cache';
import { createMatrixProvider } from './providers';
import { startFakeOsrm, startFakeValhalla } from './testing';

describe('createMatrixProvider', () => {
  it('embedded by default', () => {
    expect(createMatrixProvider(parseConfig({}))).toBeInstanceOf(EmbeddedMatrixProvider);
  });

  it('OSRM and Valhalla from ROUTING_ENGINE and ROUTING_ENGINE_URL, cached, with the table limit applied', async () => {
    const osrm = await startFakeOsrm(6);
    const valhalla = await startFakeValhalla(9);
    try {
      const points = Array.from({ length: 7 }, (_, i) => ({ latitude: 40 + i * 0.01, longitude: -75 }));
      const o = createMatrixProvider(
        parseConfig({ ROUTING_ENGINE: 'osrm', ROUTING_ENGINE_URL: osrm.url, ROUTING_ENGINE_TABLE_LIMIT: '6' }),
      );
      expect(o).toBeInstanceOf(CachingMatrixProvider);
      expect(o.name).toBe('osrm');
      const first = await o.matrix(points.slice(0, 5), 'car');
      // Through the cache a square matrix still goes as one coordinate list.
      expect(osrm.requests).toHaveLength(1);
      expect(osrm.requests[0]!.path).not.toContain('sources=');
      expect(first.durations[1]).toBeGreaterThan(0);
      await o.matrix(points, 'car');
      expect(osrm.requests.length).toBeGreaterThan(2);
      const v = createMatrixProvider(
        parseConfig({
          ROUTING_ENGINE: 'valhalla',
          ROUTING_ENGINE_URL: valhalla.url,
          ROUTING_ENGINE_TABLE_LIMIT: '9',
          MATRIX_CACHE_LEGS: '0',
        }),
      );
      expect(v.name).toBe('valhalla');
      expect(v).not.toBeInstanceOf(CachingMatrixProvider);
      const m = await v.matrix(points, 'car');
      expect(valhalla.requests.length).toBe(9);
      expect(m.durations[1]).toBeGreaterThan(0);
    } finally {
      await osrm.close();
      await valhalla.close();
    }
  });
});
