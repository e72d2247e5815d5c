/**
 * The address fields geocoding reads (the contract's Address; latitude/longitude arrive as
 * decimal-degree strings, numbers are accepted from internal callers).
 */
export interface AddressInput {
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  latitude?: string | number | null;
  longitude?: string | number | null;
}

export type CoordinateField = 'latitude' | 'longitude';

export type CoordinateParse =
  | { kind: 'absent' }
  | { kind: 'valid'; latitude: number; longitude: number }
  | { kind: 'invalid'; field: CoordinateField; message: string };

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function parseDegrees(value: string | number, field: CoordinateField, limit: number): number | string {
  let degrees: number;
  if (typeof value === 'number') {
    degrees = value;
  } else {
    const text = value.trim();
    // Plain decimal degrees only: no exponents, hex, 'NaN' or 'Infinity' that Number() would accept.
    if (!DECIMAL.test(text)) return `${field} must be decimal degrees, got ${JSON.stringify(value)}`;
    degrees = Number(text);
  }
  if (!Number.isFinite(degrees)) return `${field} must be a finite number`;
  if (degrees < -limit || degrees > limit) return `${field} must be between -${limit} and ${limit}, got ${degrees}`;
  return degrees;
}

const isAbsent = (v: unknown): boolean => v === undefined || v === null;

/**
 * Coordinates given with an address: both absent, both valid, or an error naming the field at
 * fault (the API turns it into a 400 with that field as `param`). One without the other is an error:
 * a half-given location is more likely a client bug than a wish to geocode.
 */
export function parseAddressCoordinates(address: AddressInput): CoordinateParse {
  const { latitude, longitude } = address;
  if (isAbsent(latitude) && isAbsent(longitude)) return { kind: 'absent' };
  if (isAbsent(latitude)) return { kind: 'invalid', field: 'latitude', message: 'latitude is required with longitude' };
  if (isAbsent(longitude))
    return { kind: 'invalid', field: 'longitude', message: 'longitude is required with latitude' };
  const lat = parseDegrees(latitude!, 'latitude', 90);
  if (typeof lat === 'string') return { kind: 'invalid', field: 'latitude', message: lat };
  const lng = parseDegrees(longitude!, 'longitude', 180);
  if (typeof lng === 'string') return { kind: 'invalid', field: 'longitude', message: lng };
  return { kind: 'valid', latitude: lat, longitude: lng };
}
