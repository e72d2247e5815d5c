import { describe, expect, it } from 'vitest';
import { lookupZip, normalizeZip } from './zip';
import zipZoneOverrides from './data/zip-zone-overrides.json';
import { STATE_ZONES } from './state-zones';
import { computedZoneForZip, isValidTimeZone, zoneForZip } from './timezone';

describe('normalizeZip', () => {
  it.each([
    ['02108', '02108'],
    ['  02108 ', '02108'],
    ['02108-1234', '02108'],
    ['02108 1234', '02108'],
    ['021081234', '02108'],
    ['2108', '02108'],
    [2108, '02108'],
    ['901', '00901'],
    ['2108-1234', '02108'],
  ])('%j -> %s', (input, expected) => {
    expect(normalizeZip(input)).toBe(expected);
  });

  it.each(['', '   ', 'ABCDE', '12', '123456', '12345678', 'K1A 0B1', '02108-12', null, undefined])(
    '%j is not a ZIP',
    (input) => {
      expect(normalizeZip(input)).toBeNull();
    },
  );
});

describe('lookupZip', () => {
  it('resolves a leading-zero ZIP to its place', () => {
    const boston = lookupZip('02108');
    expect(boston).toMatchObject({ zip: '02108', city: 'Boston', state: 'MA' });
    expect(boston!.latitude).toBeCloseTo(42.36, 1);
    expect(boston!.longitude).toBeCloseTo(-71.07, 1);
  });

  it('resolves Puerto Rico', () => {
    const sanJuan = lookupZip('00901-0001');
    expect(sanJuan).toMatchObject({ zip: '00901', city: 'San Juan', state: 'PR' });
    expect(sanJuan!.latitude).toBeCloseTo(18.4, 1);
    expect(sanJuan!.longitude).toBeCloseTo(-66.06, 1);
  });

  it('reports unknown codes and codes the data has no location for', () => {
    expect(lookupZip('00000')).toBeNull();
    expect(lookupZip('99999')).toBeNull();
    // A Canadian postal code is in the package's data but is not a US ZIP.
    expect(lookupZip('K1A 0B1')).toBeNull();
  });
});

describe('zoneForZip', () => {
  it.each([
    ['02108', 'America/New_York'], // Boston, leading zero
    ['00901', 'America/Puerto_Rico'], // San Juan
    ['85004', 'America/Phoenix'], // Phoenix: no DST
    ['86515', 'America/Denver'], // Window Rock, Navajo Nation: Arizona, but observes DST
    ['96813', 'Pacific/Honolulu'],
    ['99501', 'America/Anchorage'],
    ['46204', 'America/Indiana/Indianapolis'],
    ['46402', 'America/Chicago'], // Gary: the Chicago-area counties of Indiana are Central
    ['47708', 'America/Chicago'], // Evansville: southwestern Indiana is Central
    ['48226', 'America/Detroit'],
    ['79901', 'America/Denver'], // El Paso: Texas, but Mountain
    ['32501', 'America/Chicago'], // Pensacola: the Florida panhandle is Central
    ['83814', 'America/Los_Angeles'], // Coeur d'Alene: northern Idaho is Pacific
    ['96799', 'Pacific/Pago_Pago'], // American Samoa; the raw polygon lookup says Samoa (Apia), a day off
    ['30124', 'America/New_York'], // Cave Spring GA: raw polygon lookup says Central, across the Alabama line
    ['58801', 'America/Chicago'], // Williston ND: Central; the simplified polygons put it in Mountain (pinned by the overrides)
    ['47613', 'America/Chicago'], // Elberfeld IN, Warrick County: Central (pinned)
    ['36869', 'America/New_York'], // Phenix City AL: keeps Columbus GA's Eastern time (pinned)
    ['00802', 'America/St_Thomas'], // St Thomas, US Virgin Islands: Atlantic time, no DST
  ])('%s -> %s', (zip, zone) => {
    expect(zoneForZip(zip)).toEqual({ ok: true, zone });
  });

  it('the committed overrides are real zones of their states, and each one changes the run-time answer', () => {
    const overrides = Object.entries(zipZoneOverrides.overrides);
    expect(overrides.length).toBeGreaterThan(100);
    for (const [zip, zone] of overrides) {
      const place = lookupZip(zip);
      expect(place, zip).not.toBeNull();
      expect(isValidTimeZone(zone)).toBe(true);
      expect(STATE_ZONES[place!.state], zip).toContain(zone);
      expect(computedZoneForZip(zip)).not.toEqual({ ok: true, zone });
      expect(zoneForZip(zip)).toEqual({ ok: true, zone });
    }
  });

  it("every ZIP with a location gets a valid zone, one of its state's", () => {
    let count = 0;
    const wrong: string[] = [];
    for (let code = 0; code < 100_000; code++) {
      const place = lookupZip(String(code).padStart(5, '0'));
      if (!place) continue;
      count++;
      const zone = zoneForZip(place.zip);
      const stateZones = STATE_ZONES[place.state];
      if (!zone.ok || (stateZones && !stateZones.includes(zone.zone)))
        wrong.push(`${place.zip} ${place.state} ${JSON.stringify(zone)}`);
    }
    expect(wrong).toEqual([]);
    expect(count).toBeGreaterThan(42_000);
  });

  it('reports an unknown ZIP as timezone_not_found', () => {
    expect(zoneForZip('99999')).toEqual({ ok: false, reason: 'timezone_not_found' });
    expect(zoneForZip('not a zip')).toEqual({ ok: false, reason: 'timezone_not_found' });
    expect(zoneForZip(undefined)).toEqual({ ok: false, reason: 'timezone_not_found' });
  });
});
