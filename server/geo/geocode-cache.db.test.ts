import { describe, expect, it } from 'vitest';
import { useTestDb } from '@/server/db/testing-hooks';
import { DatabaseGeocodeCache } from './geocode-cache-db';

const testDb = useTestDb();

describe('DatabaseGeocodeCache', () => {
  it('stores hits and no-match answers per geocoder, and replaces on a second set', async () => {
    const cache = new DatabaseGeocodeCache(testDb.db);
    expect(await cache.get('nominatim', '24 beacon st||boston|ma|02108')).toBeUndefined();
    await cache.set('nominatim', '24 beacon st||boston|ma|02108', {
      location: { latitude: 42.35812, longitude: -71.06252 },
      storedAt: 1_800_000_000,
    });
    await cache.set('nominatim', '1 nowhere ln||||00901', { location: null, storedAt: 1_800_000_001 });
    expect(await cache.get('nominatim', '24 beacon st||boston|ma|02108')).toEqual({
      location: { latitude: 42.35812, longitude: -71.06252 },
      storedAt: 1_800_000_000,
    });
    expect(await cache.get('nominatim', '1 nowhere ln||||00901')).toEqual({ location: null, storedAt: 1_800_000_001 });
    expect(await cache.get('pelias', '24 beacon st||boston|ma|02108')).toBeUndefined();
    await cache.set('nominatim', '1 nowhere ln||||00901', {
      location: { latitude: 18.4, longitude: -66.06 },
      storedAt: 1_800_000_100,
    });
    expect(await cache.get('nominatim', '1 nowhere ln||||00901')).toEqual({
      location: { latitude: 18.4, longitude: -66.06 },
      storedAt: 1_800_000_100,
    });
  });
});
