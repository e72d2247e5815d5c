import type { AddressInput } from './address';
import { normalizeZip } from './zip';

/** A street-level geocoder's answer: a point, or null for "no match". */
export interface CachedGeocode {
  location: { latitude: number; longitude: number } | null;
  /** Epoch seconds when the answer was stored. */
  storedAt: number;
}

/**
 * Where street-level answers are kept: the database in the service (DatabaseGeocodeCache), memory
 * in tests and scripts. Keys are (geocoder, normalized address).
 */
export interface GeocodeCache {
  get(geocoder: string, query: string): Promise<CachedGeocode | undefined>;
  set(geocoder: string, query: string, value: CachedGeocode): Promise<void>;
}

/** The cache key of an address: the fields a street geocoder reads, normalized. */
export function geocodeQueryKey(address: AddressInput): string {
  const clean = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return [
    clean(address.addressLine1),
    clean(address.addressLine2),
    clean(address.city),
    clean(address.state),
    normalizeZip(address.postalCode) ?? clean(address.postalCode),
  ].join('|');
}

/** A bounded in-memory cache (least recently used entries go first). */
export class InMemoryGeocodeCache implements GeocodeCache {
  private readonly entries = new Map<string, CachedGeocode>();

  constructor(private readonly maxEntries = 100_000) {}

  get size(): number {
    return this.entries.size;
  }

  async get(geocoder: string, query: string): Promise<CachedGeocode | undefined> {
    const key = `${geocoder}\u0000${query}`;
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  async set(geocoder: string, query: string, value: CachedGeocode): Promise<void> {
    const key = `${geocoder}\u0000${query}`;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
