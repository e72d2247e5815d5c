import { parseAddressCoordinates, type AddressInput, type CoordinateField } from './address';
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
    return { status: 'unresolved', reason: given ? `postal code ${JSON.stringify(given)} is not a US ZIP code` : 'no coordinates and no postal code' };
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
