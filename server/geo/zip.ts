import zipcodes from 'zipcodes';

/** A US ZIP code's centroid and place name, from the `zipcodes` package (shipped data, no network). */
export interface ZipPlace {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/**
 * Normalizes a US postal code to its 5-digit ZIP: trims whitespace, drops a ZIP+4 suffix
 * ("02108-1234", "021081234", "02108 1234") and restores leading zeros lost by spreadsheets or
 * numeric fields ("2108" -> "02108"). Returns null for anything that is not a US ZIP.
 */
export function normalizeZip(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim();
  const full = /^(\d{5})(?:[\s-]?\d{4})?$/.exec(text);
  if (full) return full[1]!;
  // Leading zeros lost by a spreadsheet or a numeric field; a +4 suffix then needs its separator.
  const short = /^(\d{3,4})(?:[\s-]\d{4})?$/.exec(text);
  if (short) return short[1]!.padStart(5, '0');
  return null;
}

/** The ZIP code's centroid, or null when the code is unknown or the data has no coordinates for it. */
export function lookupZip(postalCode: string | number | null | undefined): ZipPlace | null {
  const zip = normalizeZip(postalCode);
  if (!zip) return null;
  const record = zipcodes.codes[zip];
  if (record?.country !== 'US') return null;
  // About 300 entries (retired or PO-box-only codes) carry 0,0 instead of a location.
  if (record.latitude === 0 && record.longitude === 0) return null;
  return { zip, latitude: record.latitude, longitude: record.longitude, city: record.city, state: record.state };
}
