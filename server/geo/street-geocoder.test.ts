import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import { GeocoderUnavailableError } from './errors';
import { geocodeQueryKey, InMemoryGeocodeCache } from './geocode-cache';
import { ZipCentroidGeocoder } from './geocoder';
import { createGeocoder, NominatimClient, PeliasClient, StreetLevelGeocoder } from './street-geocoder';
import { fakeEnginesClosedAfterEach, startFakeNominatim, startFakePelias } from './testing';

const BEACON_ST = { latitude: 42.35812, longitude: -71.06252 };
const places = { '24 beacon st': BEACON_ST };
const address = { addressLine1: '24 Beacon St', city: 'Boston', state: 'MA', postalCode: '02108-3602' };
const policy = { timeoutMs: 500, retries: 0, backoffMs: 10 };

const fake = fakeEnginesClosedAfterEach();

describe('StreetLevelGeocoder over Nominatim', () => {
  it('uses the street-level answer, sends a structured US query, and caches it', async () => {
    const engine = await fake(startFakeNominatim(places));
    const cache = new InMemoryGeocodeCache();
    const geocoder = new StreetLevelGeocoder(new NominatimClient(engine.url, policy), cache);
    const first = await geocoder.geocode(address);
    expect(first).toEqual({ status: 'resolved', ...BEACON_ST, source: 'nominatim', zip: '02108' });
    const query = new URL(engine.requests[0]!.path, 'http://x').searchParams;
    expect(query.get('format')).toBe('jsonv2');
    expect(query.get('street')).toBe('24 Beacon St');
    expect(query.get('postalcode')).toBe('02108');
    expect(query.get('countrycodes')).toBe('us');
    // Same address, differently spaced: from the cache.
    expect(await geocoder.geocode({ ...address, addressLine1: ' 24  beacon st ' })).toEqual(first);
    expect(engine.requests).toHaveLength(1);
    expect(cache.size).toBe(1);
  });

  it('request coordinates win and skip the geocoder; invalid ones are reported', async () => {
    const engine = await fake(startFakeNominatim(places));
    const geocoder = new StreetLevelGeocoder(new NominatimClient(engine.url, policy), new InMemoryGeocodeCache());
    expect(await geocoder.geocode({ ...address, latitude: '42.1', longitude: '-71.2' })).toMatchObject({
      source: 'request',
      latitude: 42.1,
    });
    expect(await geocoder.geocode({ ...address, latitude: '42.1', longitude: 'east' })).toMatchObject({
      status: 'invalid',
      field: 'longitude',
    });
    expect(engine.requests).toHaveLength(0);
  });

  it('no match: ZIP centroid with a reason, and the no-match answer is cached', async () => {
    const engine = await fake(startFakeNominatim(places));
    const geocoder = new StreetLevelGeocoder(new NominatimClient(engine.url, policy), new InMemoryGeocodeCache());
    const unknown = { addressLine1: '1 Nowhere Ln', postalCode: '00901' };
    const result = await geocoder.geocode(unknown);
    expect(result).toMatchObject({
      status: 'resolved',
      source: 'zip_centroid',
      zip: '00901',
      fallbackReason: 'nominatim found no match',
    });
    await geocoder.geocode(unknown);
    expect(engine.requests).toHaveLength(1);
    // No match and no usable ZIP: unresolved, never guessed.
    expect(await geocoder.geocode({ addressLine1: '1 Nowhere Ln', postalCode: '99999' })).toMatchObject({
      status: 'unresolved',
    });
  });

  it('addresses without a street line use the ZIP centroid directly', async () => {
    const engine = await fake(startFakeNominatim(places));
    const geocoder = new StreetLevelGeocoder(new NominatimClient(engine.url, policy), new InMemoryGeocodeCache());
    expect(await geocoder.geocode({ city: 'Boston', postalCode: '02108' })).toEqual(
      await new ZipCentroidGeocoder().geocode({ postalCode: '02108' }),
    );
    expect(engine.requests).toHaveLength(0);
  });

  it('geocoder down: falls back to the ZIP centroid, says why, skips the geocoder during the cooldown, then retries', async () => {
    const engine = await fake(startFakeNominatim(places));
    engine.mode = 'fail';
    let now = 1_800_000_000_000;
    const cache = new InMemoryGeocodeCache();
    const geocoder = new StreetLevelGeocoder(new NominatimClient(engine.url, policy), cache, {
      cooldownMs: 30_000,
      now: () => now,
    });
    const result = await geocoder.geocode(address);
    expect(result).toMatchObject({ status: 'resolved', source: 'zip_centroid', zip: '02108' });
    expect(result.status === 'resolved' && result.fallbackReason).toMatch(/nominatim unavailable \(HTTP 503/);
    await geocoder.geocode({ ...address, addressLine1: '1 Other St' });
    expect(engine.requests).toHaveLength(1);
    expect(cache.size).toBe(0);
    now += 31_000;
    engine.mode = 'ok';
    expect(await geocoder.geocode(address)).toMatchObject({ source: 'nominatim' });
  });

  it('geocoder timing out is a clear error when fallback is off', async () => {
    const engine = await fake(startFakeNominatim(places));
    engine.mode = 'hang';
    const geocoder = new StreetLevelGeocoder(
      new NominatimClient(engine.url, { ...policy, timeoutMs: 100 }),
      new InMemoryGeocodeCache(),
      {
        fallbackToZip: false,
      },
    );
    const error = await geocoder.geocode(address).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderUnavailableError);
    expect((error as GeocoderUnavailableError).code).toBe('geocoder_unavailable');
    expect((error as Error).message).toContain('no answer within 100 ms');
  });

  it('a malformed answer counts as unavailable', async () => {
    const engine = await fake(startFakeNominatim(places));
    engine.mode = 'garbage';
    const geocoder = new StreetLevelGeocoder(new NominatimClient(engine.url, policy), new InMemoryGeocodeCache());
    expect(await geocoder.geocode(address)).toMatchObject({
      source: 'zip_centroid',
      fallbackReason: expect.stringContaining('not a Nominatim'),
    });
  });

  it('honors the cache age limit', async () => {
    const engine = await fake(startFakeNominatim(places));
    let now = 1_800_000_000_000;
    const geocoder = new StreetLevelGeocoder(new NominatimClient(engine.url, policy), new InMemoryGeocodeCache(), {
      maxAgeSeconds: 3600,
      now: () => now,
    });
    await geocoder.geocode(address);
    now += 3_601_000;
    await geocoder.geocode(address);
    expect(engine.requests).toHaveLength(2);
  });
});

describe('Pelias', () => {
  it('reads the GeoJSON answer ([lon, lat]) from a structured search', async () => {
    const engine = await fake(startFakePelias(places));
    const geocoder = new StreetLevelGeocoder(new PeliasClient(engine.url, policy), new InMemoryGeocodeCache());
    expect(await geocoder.geocode(address)).toEqual({
      status: 'resolved',
      ...BEACON_ST,
      source: 'pelias',
      zip: '02108',
    });
    const request = new URL(engine.requests[0]!.path, 'http://x');
    expect(request.pathname).toBe('/v1/search/structured');
    expect(request.searchParams.get('address')).toBe('24 Beacon St');
    expect(request.searchParams.get('region')).toBe('MA');
  });
});

describe('createGeocoder', () => {
  it('ZIP centroids without GEOCODER_URL; the configured geocoder with it', async () => {
    expect(createGeocoder(parseConfig({}), new InMemoryGeocodeCache())).toBeInstanceOf(ZipCentroidGeocoder);
    const engine = await fake(startFakePelias(places));
    const geocoder = createGeocoder(
      parseConfig({ GEOCODER_URL: engine.url, GEOCODER: 'pelias' }),
      new InMemoryGeocodeCache(),
    );
    expect(await geocoder.geocode(address)).toMatchObject({ source: 'pelias' });
  });

  it('cache keys normalize case, spacing and ZIP+4', () => {
    expect(geocodeQueryKey({ addressLine1: ' 24  Beacon St', city: 'BOSTON', postalCode: '02108-3602' })).toBe(
      geocodeQueryKey({ addressLine1: '24 beacon st', city: 'boston', postalCode: '02108' }),
    );
  });
});
