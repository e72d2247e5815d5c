import { getConfig, type Config } from '@/server/config';
import { EmbeddedMatrixProvider } from './embedded-matrix';
import type { GeocodeCache } from './geocode-cache';
import type { Geocoder } from './geocoder';
import type { MatrixProvider } from './matrix';
import { CachingMatrixProvider } from './matrix-cache';
import { OsrmMatrixProvider } from './osrm';
import { createGeocoder } from './street-geocoder';
import { ValhallaMatrixProvider } from './valhalla';

type MatrixConfig = Pick<
  Config,
  | 'ROUTING_ENGINE'
  | 'ROUTING_ENGINE_URL'
  | 'ROUTING_ENGINE_TIMEOUT_MS'
  | 'ROUTING_ENGINE_TABLE_LIMIT'
  | 'ROUTING_ENGINE_RETRIES'
  | 'ROUTING_ENGINE_CONCURRENCY'
  | 'MATRIX_CACHE_LEGS'
>;

/** Default request limits: osrm-routed's --max-table-size default, Valhalla's default matrix pair limit. */
const DEFAULT_TABLE_LIMIT = { osrm: 100, valhalla: 2500 } as const;

/** The travel-time provider configuration selects: embedded, or OSRM/Valhalla behind a leg cache. */
export function createMatrixProvider(config: MatrixConfig = getConfig()): MatrixProvider {
  if (config.ROUTING_ENGINE === 'embedded') return new EmbeddedMatrixProvider();
  if (!config.ROUTING_ENGINE_URL)
    throw new Error(`ROUTING_ENGINE_URL is required when ROUTING_ENGINE=${config.ROUTING_ENGINE}`);
  const options = {
    url: config.ROUTING_ENGINE_URL,
    timeoutMs: config.ROUTING_ENGINE_TIMEOUT_MS,
    retries: config.ROUTING_ENGINE_RETRIES,
    tableLimit: config.ROUTING_ENGINE_TABLE_LIMIT ?? DEFAULT_TABLE_LIMIT[config.ROUTING_ENGINE],
    concurrency: config.ROUTING_ENGINE_CONCURRENCY,
  };
  const engine =
    config.ROUTING_ENGINE === 'osrm' ? new OsrmMatrixProvider(options) : new ValhallaMatrixProvider(options);
  return config.MATRIX_CACHE_LEGS > 0 ? new CachingMatrixProvider(engine, config.MATRIX_CACHE_LEGS) : engine;
}

// One provider (and so one cache) per process, shared by every bundle Next makes of this module.
const SINGLETON = Symbol.for('routing-booking-service.matrix-provider');
type GlobalWithProvider = typeof globalThis & { [SINGLETON]?: MatrixProvider };

/** The process's travel-time provider, built from configuration on first use. */
export function getMatrixProvider(): MatrixProvider {
  const global = globalThis as GlobalWithProvider;
  global[SINGLETON] ??= createMatrixProvider();
  return global[SINGLETON];
}

const GEOCODER = Symbol.for('routing-booking-service.geocoder');
type GlobalWithGeocoder = typeof globalThis & { [GEOCODER]?: Geocoder };

/**
 * The process's geocoder, built from configuration on first use with the cache the caller hands in
 * (the service passes a DatabaseGeocodeCache). One instance, so the outage cooldown is shared.
 */
export function getGeocoder(cache: GeocodeCache): Geocoder {
  const global = globalThis as GlobalWithGeocoder;
  global[GEOCODER] ??= createGeocoder(getConfig(), cache);
  return global[GEOCODER];
}
