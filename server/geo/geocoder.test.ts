import { describe, expect, it } from 'vitest';
import { parseAddressCoordinates } from './address';
import { geocodeMany, ZipCentroidGeocoder, type Geocoder, type GeocodeResult } from './geocoder';
import type { AddressInput } from './address';

describe('parseAddressCoordinates', () => {
  it('accepts decimal-degree strings and numbers in range', () => {
    expect(parseAddressCoordinates({ latitude: '42.3601', longitude: '-71.0589' })).toEqual({
      kind: 'valid',
      latitude: 42.3601,
      longitude: -71.0589,
    });
    expect(parseAddressCoordinates({ latitude: ' +18.4 ', longitude: '-66.06' })).toEqual({
      kind: 'valid',
      latitude: 18.4,
      longitude: -66.06,
    });
    expect(parseAddressCoordinates({ latitude: 90, longitude: -180 })).toEqual({
      kind: 'valid',
      latitude: 90,
      longitude: -180,
    });
    expect(parseAddressCoordinates({ latitude: '.5', longitude: '1.' })).toEqual({
      kind: 'valid',
      latitude: 0.5,
      longitude: 1,
    });
  });

  it('absent when neither is given', () => {
    expect(parseAddressCoordinates({ postalCode: '02108' })).toEqual({ kind: 'absent' });
    expect(parseAddressCoordinates({ latitude: null, longitude: undefined })).toEqual({ kind: 'absent' });
  });

  it.each([
    [{ latitude: '91', longitude: '0' }, 'latitude'],
    [{ latitude: '-90.0001', longitude: '0' }, 'latitude'],
    [{ latitude: '0', longitude: '180.5' }, 'longitude'],
    [{ latitude: 'north', longitude: '0' }, 'latitude'],
    [{ latitude: '', longitude: '0' }, 'latitude'],
    [{ latitude: '1e1', longitude: '0' }, 'latitude'],
    [{ latitude: 'NaN', longitude: '0' }, 'latitude'],
    [{ latitude: '0', longitude: 'Infinity' }, 'longitude'],
    [{ latitude: '0x10', longitude: '0' }, 'latitude'],
    [{ latitude: '42,36', longitude: '0' }, 'latitude'],
    [{ latitude: Number.NaN, longitude: 0 }, 'latitude'],
    [{ latitude: '42.1' }, 'longitude'],
    [{ longitude: '-71.1' }, 'latitude'],
  ])('%j is invalid, naming %s', (address, field) => {
    const parsed = parseAddressCoordinates(address);
    expect(parsed.kind).toBe('invalid');
    if (parsed.kind === 'invalid') {
      expect(parsed.field).toBe(field);
      expect(parsed.message).toContain(field);
    }
  });
});

describe('ZipCentroidGeocoder', () => {
  const geocoder = new ZipCentroidGeocoder();

  it('request coordinates win over the postal code', async () => {
    const result = await geocoder.geocode({ postalCode: '02108', latitude: '40.0', longitude: '-75.0' });
    expect(result).toEqual({ status: 'resolved', latitude: 40, longitude: -75, source: 'request', zip: '02108' });
  });

  it('invalid request coordinates are reported, not replaced by the ZIP centroid', async () => {
    const result = await geocoder.geocode({ postalCode: '02108', latitude: '100', longitude: '-75.0' });
    expect(result).toMatchObject({ status: 'invalid', field: 'latitude' });
  });

  it('resolves a ZIP+4 with a leading zero to the ZIP centroid', async () => {
    const result = await geocoder.geocode({
      addressLine1: '24 Beacon St',
      city: 'Boston',
      state: 'MA',
      postalCode: ' 02108-3602 ',
    });
    expect(result).toMatchObject({ status: 'resolved', source: 'zip_centroid', zip: '02108' });
    if (result.status === 'resolved') {
      expect(result.latitude).toBeCloseTo(42.3576, 3);
      expect(result.longitude).toBeCloseTo(-71.0684, 3);
    }
  });

  it('resolves Puerto Rico', async () => {
    expect(await geocoder.geocode({ city: 'San Juan', state: 'PR', postalCode: '00901' })).toMatchObject({
      status: 'resolved',
      zip: '00901',
      latitude: 18.4,
      longitude: -66.06,
    });
  });

  it('reports what it cannot resolve instead of guessing', async () => {
    expect(await geocoder.geocode({ addressLine1: '1 Main St', city: 'Springfield', state: 'IL' })).toEqual({
      status: 'unresolved',
      reason: 'no coordinates and no postal code',
    });
    expect(await geocoder.geocode({ postalCode: '99999' })).toEqual({
      status: 'unresolved',
      reason: 'unknown ZIP code 99999',
    });
    expect(await geocoder.geocode({ postalCode: 'SW1A 1AA' })).toMatchObject({ status: 'unresolved' });
  });
});

describe('geocodeMany', () => {
  it('asks once per distinct address, keeps input order, and bounds concurrency', async () => {
    const asked: AddressInput[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const inner = new ZipCentroidGeocoder();
    const counting: Geocoder = {
      async geocode(address): Promise<GeocodeResult> {
        asked.push(address);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return inner.geocode(address);
      },
    };
    const zips = ['02108', '00901', '85004', '96813', '99501', '46204'];
    const addresses = Array.from({ length: 30 }, (_, i) => ({ postalCode: zips[i % zips.length]! }));
    const results = await geocodeMany(counting, addresses, 3);
    expect(asked).toHaveLength(zips.length);
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(results).toHaveLength(30);
    results.forEach((result, i) => expect(result).toMatchObject({ status: 'resolved', zip: zips[i % zips.length] }));
  });
});
