import { z } from 'zod';
import type { Config } from '@/server/config';
import type { AddressInput } from './address';
import type { LatLng } from './distance';
import { GeocoderUnavailableError } from './errors';
import { geocodeQueryKey, type GeocodeCache } from './geocode-cache';
import { resolveFromRequest, resolveFromZip, ZipCentroidGeocoder, type Geocoder, type GeocodeResult } from './geocoder';
import { fetchJson, type HttpPolicy } from './http';
import { normalizeZip } from './zip';

/** A street-level geocoding service: a point for an address, null for no match; throws GeocoderUnavailableError. */
export interface StreetGeocoderClient {
  readonly name: 'nominatim' | 'pelias';
  search(address: AddressInput): Promise<LatLng | null>;
}

const USER_AGENT = 'routing-booking-service (self-hosted geocoding)';

const text = (value: string | null | undefined): string | undefined => value?.trim() || undefined;
const streetOf = (address: AddressInput): string | undefined =>
  [text(address.addressLine1), text(address.addressLine2)].filter(Boolean).join(', ') || undefined;

/** An engine's names for the fields of a structured address query. */
interface StructuredFields {
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

/** A geocoder answering a structured address query with a GET at `baseUrl`. */
abstract class StructuredSearchClient implements StreetGeocoderClient {
  abstract readonly name: 'nominatim' | 'pelias';

  constructor(
    private readonly baseUrl: string,
    private readonly policy: HttpPolicy,
  ) {}

  abstract search(address: AddressInput): Promise<LatLng | null>;

  /** The engine's JSON answer to `path` with `fixed` parameters and the address's non-empty fields. */
  protected async query(
    path: string,
    fixed: Record<string, string>,
    names: StructuredFields,
    address: AddressInput,
  ): Promise<unknown> {
    const params = new URLSearchParams(fixed);
    const fields: [string, string | undefined][] = [
      [names.street, streetOf(address)],
      [names.city, text(address.city)],
      [names.state, text(address.state)],
      [names.postalCode, normalizeZip(address.postalCode) ?? undefined],
    ];
    for (const [key, value] of fields) if (value) params.set(key, value);
    const outcome = await fetchJson(
      `${this.baseUrl.replace(/\/+$/, '')}${path}?${params}`,
      { method: 'GET', headers: { accept: 'application/json', 'user-agent': USER_AGENT } },
      this.policy,
    );
    if (outcome.kind === 'failure') throw new GeocoderUnavailableError(this.name, outcome.message);
    if (outcome.status >= 400) throw new GeocoderUnavailableError(this.name, `HTTP ${outcome.status}`);
    return outcome.body;
  }
}

const nominatimAnswer = z.array(
  z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) }).loose(),
);

/** Nominatim `/search`, structured query, jsonv2 (an array of places with string lat/lon). */
export class NominatimClient extends StructuredSearchClient {
  readonly name = 'nominatim';

  async search(address: AddressInput): Promise<LatLng | null> {
    const body = await this.query(
      '/search',
      { format: 'jsonv2', limit: '1', countrycodes: 'us', addressdetails: '0' },
      { street: 'street', city: 'city', state: 'state', postalCode: 'postalcode' },
      address,
    );
    const parsed = nominatimAnswer.safeParse(body);
    if (!parsed.success) throw new GeocoderUnavailableError(this.name, 'answer is not a Nominatim jsonv2 result list');
    const first = parsed.data[0];
    return first ? { latitude: first.lat, longitude: first.lon } : null;
  }
}

const peliasAnswer = z.object({
  features: z.array(
    z.object({
      geometry: z.object({
        coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()),
      }),
      properties: z.object({ match_type: z.string().optional(), layer: z.string().optional() }).loose().optional(),
    }),
  ),
});

/** Pelias `/v1/search/structured` (a GeoJSON FeatureCollection, coordinates [lon, lat]). */
export class PeliasClient extends StructuredSearchClient {
  readonly name = 'pelias';

  async search(address: AddressInput): Promise<LatLng | null> {
    const body = await this.query(
      '/v1/search/structured',
      { country: 'USA', size: '1' },
      { street: 'address', city: 'locality', state: 'region', postalCode: 'postalcode' },
      address,
    );
    const parsed = peliasAnswer.safeParse(body);
    if (!parsed.success)
      throw new GeocoderUnavailableError(this.name, 'answer is not a Pelias GeoJSON FeatureCollection');
    const first = parsed.data.features[0];
    // A `fallback` match is a city or postal-code centroid, no better than the bundled ZIP centroid.
    if (!first || first.properties?.match_type === 'fallback') return null;
    const [longitude, latitude] = first.geometry.coordinates;
    return { latitude, longitude };
  }
}

export interface StreetLevelGeocoderOptions {
  /**
   * When the street geocoder is down: true (default) answers with the ZIP centroid and says so in
   * `fallbackReason`; false throws GeocoderUnavailableError.
   */
  fallbackToZip?: boolean;
  /** After a failure, skip the geocoder for this long instead of waiting out a timeout per address. */
  cooldownMs?: number;
  /** Cached answers older than this are asked again (addresses get built; geocoders improve). */
  maxAgeSeconds?: number;
  now?: () => number;
}

/**
 * Request coordinates, else the configured street-level geocoder (answers cached), else the ZIP
 * centroid.
 *
 * Decision on outages: fall back to the ZIP centroid by default. One flaky dependency should not
 * fail a 2,000-order solve; a ZIP centroid is what the service uses without a geocoder anyway, and
 * the result says `source: 'zip_centroid'` with a `fallbackReason`, so callers can log or surface
 * the degradation. Deployments that prefer a hard failure set `fallbackToZip: false`. While the
 * geocoder is down it is skipped for `cooldownMs`, so a batch does not pay one timeout per address.
 * Failures are never cached; "no match" answers are.
 *
 * Addresses without a street line go straight to the ZIP centroid: a geocoder would answer with a
 * city or postal-code centroid, no better.
 */
export class StreetLevelGeocoder implements Geocoder {
  private downUntil = 0;
  private readonly fallbackToZip: boolean;
  private readonly cooldownMs: number;
  private readonly maxAgeSeconds: number;
  private readonly now: () => number;

  constructor(
    private readonly client: StreetGeocoderClient,
    private readonly cache: GeocodeCache,
    options: StreetLevelGeocoderOptions = {},
  ) {
    this.fallbackToZip = options.fallbackToZip ?? true;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.maxAgeSeconds = options.maxAgeSeconds ?? 90 * 86_400;
    this.now = options.now ?? Date.now;
  }

  async geocode(address: AddressInput): Promise<GeocodeResult> {
    const fromRequest = resolveFromRequest(address);
    if (fromRequest) return fromRequest;
    if (!text(address.addressLine1)) return resolveFromZip(address);

    const query = geocodeQueryKey(address);
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = await this.cache.get(this.client.name, query);
    if (cached && nowSeconds - cached.storedAt <= this.maxAgeSeconds) return this.answer(address, cached.location);

    if (this.now() < this.downUntil)
      return this.unavailable(address, 'did not answer recently; skipped during cooldown');
    let location: LatLng | null;
    try {
      location = await this.client.search(address);
    } catch (error) {
      if (!(error instanceof GeocoderUnavailableError)) throw error;
      this.downUntil = this.now() + this.cooldownMs;
      return this.unavailable(address, error.detail);
    }
    await this.cache.set(this.client.name, query, { location, storedAt: nowSeconds });
    return this.answer(address, location);
  }

  private answer(address: AddressInput, location: LatLng | null): GeocodeResult {
    if (!location) {
      const zip = resolveFromZip(address);
      return zip.status === 'resolved' ? { ...zip, fallbackReason: `${this.client.name} found no match` } : zip;
    }
    return { status: 'resolved', ...location, source: this.client.name, zip: normalizeZip(address.postalCode) };
  }

  private unavailable(address: AddressInput, message: string): GeocodeResult {
    if (!this.fallbackToZip) throw new GeocoderUnavailableError(this.client.name, message);
    const zip = resolveFromZip(address);
    const reason = `${this.client.name} unavailable (${message})`;
    return zip.status === 'resolved'
      ? { ...zip, fallbackReason: reason }
      : { status: 'unresolved', reason: `${zip.reason}; ${reason}` };
  }
}

/**
 * The geocoder configuration selects: ZIP centroids when GEOCODER_URL is unset, else the
 * GEOCODER (nominatim | pelias) at that URL with answers kept in `cache`.
 */
export function createGeocoder(
  config: Pick<Config, 'GEOCODER_URL' | 'GEOCODER' | 'GEOCODER_TIMEOUT_MS'>,
  cache: GeocodeCache,
  options?: StreetLevelGeocoderOptions,
): Geocoder {
  if (!config.GEOCODER_URL) return new ZipCentroidGeocoder();
  const policy: HttpPolicy = { timeoutMs: config.GEOCODER_TIMEOUT_MS, retries: 1, backoffMs: 200 };
  const client =
    config.GEOCODER === 'pelias'
      ? new PeliasClient(config.GEOCODER_URL, policy)
      : new NominatimClient(config.GEOCODER_URL, policy);
  return new StreetLevelGeocoder(client, cache, options);
}
