import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './index';

/** The console's street tiles come from the environment at run time (MAP_TILE_URL). */
describe('MAP_TILE_URL', () => {
  it('is unset by default (the bundled outlines alone) and empty means unset', () => {
    expect(parseConfig({}).MAP_TILE_URL).toBeUndefined();
    expect(parseConfig({ MAP_TILE_URL: '' }).MAP_TILE_URL).toBeUndefined();
  });

  it('takes an http(s) template with {z}, {x} and {y}, and its attribution', () => {
    const config = parseConfig({
      MAP_TILE_URL: 'http://tiles.internal:8080/styles/basic/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
    });
    expect(config.MAP_TILE_URL).toBe('http://tiles.internal:8080/styles/basic/{z}/{x}/{y}.png');
    expect(config.MAP_TILE_ATTRIBUTION).toBe('© OpenStreetMap contributors');
    expect(parseConfig({ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }).MAP_TILE_URL).toContain('{s}');
  });

  it('refuses a template without the tile coordinates or with another scheme, naming the variable', () => {
    for (const url of [
      'https://tiles.example.org/tiles.png',
      'javascript:alert(1)//{z}/{x}/{y}',
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
    ]) {
      expect(() => parseConfig({ MAP_TILE_URL: url })).toThrow(ConfigError);
      try {
        parseConfig({ MAP_TILE_URL: url });
      } catch (error) {
        expect((error as ConfigError).issues.map((i) => i.variable)).toEqual(['MAP_TILE_URL']);
      }
    }
  });

  it('console plans are kept 7 days unless configured', () => {
    expect(parseConfig({}).CONSOLE_PLAN_RETENTION_SECONDS).toBe(7 * 24 * 3600);
    expect(parseConfig({ CONSOLE_PLAN_RETENTION_SECONDS: '86400' }).CONSOLE_PLAN_RETENTION_SECONDS).toBe(86400);
  });
});
