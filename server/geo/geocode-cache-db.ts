import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { geocodeCache } from '@/server/db/schema/geo';
import type { CachedGeocode, GeocodeCache } from './geocode-cache';

/** The geocode cache in the service's database (table geocode_cache), shared by every instance. */
export class DatabaseGeocodeCache implements GeocodeCache {
  constructor(private readonly db: DbOrTx) {}

  async get(geocoder: string, query: string): Promise<CachedGeocode | undefined> {
    const rows = await this.db
      .select()
      .from(geocodeCache)
      .where(and(eq(geocodeCache.geocoder, geocoder), eq(geocodeCache.query, query)))
      .limit(1);
    const row = rows[0];
    if (!row) return undefined;
    const location =
      row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
    return { location, storedAt: Math.floor(row.storedAt.getTime() / 1000) };
  }

  async set(geocoder: string, query: string, value: CachedGeocode): Promise<void> {
    const fields = {
      latitude: value.location?.latitude ?? null,
      longitude: value.location?.longitude ?? null,
      storedAt: new Date(value.storedAt * 1000),
    };
    await this.db
      .insert(geocodeCache)
      .values({ geocoder, query, ...fields })
      .onConflictDoUpdate({ target: [geocodeCache.geocoder, geocodeCache.query], set: fields });
  }
}
