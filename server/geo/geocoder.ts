import { parseAddressCoordinates, type AddressInput, type CoordinateField } from './address';
import { runLimited } from './http';
import { lookupZip, normalizeZip } from './zip';

/** Where a resolved location came from, from most to least precise. */
export type GeocodeSource = 'request' | 'nominatim' | 'pelias' | 'zip_centroid';

export type GeocodeResult =
  | {
      status: 'resolved';
      latitude: number;
      longitude: number;
      source: GeocodeSource;
      /** Normalized 5-digit ZIP when the address had a valid one. */
      zip: string | null;
      /** Set when a configured street-level geocoder could not be used and the ZIP centroid stood in. */
      fallbackReason?: string;
    }
  /** Nothing in the address locates it; never guessed. */
  | { status: 'unresolved'; reason: string }
  /** Coordinates in the request are malformed: the caller answers 400 naming `field`. */
  | { status: 'invalid'; field: CoordinateField; message: string };

export interface Geocoder {
  geocode(address: AddressInput): Promise<GeocodeResult>;
}

/**
 * What every geocoder does before anything else: request coordinates win, validated.
 * Returns null when the address carries no coordinates.
 */
export function resolveFromRequest(address: AddressInput): GeocodeResult | null {
  const parsed = parseAddressCoordinates(address);
  if (parsed.kind === 'absent') return null;
  if (parsed.kind === 'invalid') return { status: 'invalid', field: parsed.field, message: parsed.message };
  return {
    status: 'resolved',
    latitude: parsed.latitude,
    longitude: parsed.longitude,
    source: 'request',
    zip: normalizeZip(address.postalCode),
  };
}

/** The ZIP-centroid answer for an address, or `unresolved` saying why. */
export function resolveFromZip(address: AddressInput): Extract<GeocodeResult, { status: 'resolved' | 'unresolved' }> {
  const zip = normalizeZip(address.postalCode);
  if (!zip) {
    const given = address.postalCode?.trim();
    return {
      status: 'unresolved',
      reason: given ? `postal code ${JSON.stringify(given)} is not a US ZIP code` : 'no coordinates and no postal code',
    };
  }
  const place = lookupZip(zip);
  if (!place) return { status: 'unresolved', reason: `unknown ZIP code ${zip}` };
  return { status: 'resolved', latitude: place.latitude, longitude: place.longitude, source: 'zip_centroid', zip };
}

/** The embedded default: request coordinates, else the ZIP code's centroid; fully offline. */
export class ZipCentroidGeocoder implements Geocoder {
  async geocode(address: AddressInput): Promise<GeocodeResult> {
    return resolveFromRequest(address) ?? resolveFromZip(address);
  }
}

/**
 * Geocodes a batch: identical addresses are asked once, and at most `concurrency` lookups run at
 * a time (a remote geocoder answers one address per round trip). Results are in input order.
 */
export async function geocodeMany(
  geocoder: Geocoder,
  addresses: readonly AddressInput[],
  concurrency = 8,
): Promise<GeocodeResult[]> {
  const keyOf = (a: AddressInput) =>
    JSON.stringify(
      [a.addressLine1, a.addressLine2, a.city, a.state, a.postalCode, a.latitude, a.longitude].map((v) =>
        v === undefined ? null : v,
      ),
    );
  const unique = new Map<string, AddressInput>();
  for (const address of addresses) {
    const key = keyOf(address);
    if (!unique.has(key)) unique.set(key, address);
  }
  const keys = [...unique.keys()];
  const results = await runLimited(
    keys.map((key) => () => geocoder.geocode(unique.get(key)!)),
    concurrency,
  );
  const byKey = new Map(keys.map((key, i) => [key, results[i]!]));
  return addresses.map((address) => byKey.get(keyOf(address))!);
}
