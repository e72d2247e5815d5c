import tzLookup from '@photostructure/tz-lookup';
import zipZoneOverrides from './data/zip-zone-overrides.json';
import { STATE_ZONES } from './state-zones';
import { lookupZip } from './zip';

/**
 * Time zones and local-time arithmetic.
 *
 * ZIP -> zone (decision): the ZIP centroid (zipcodes package) is looked up in
 * @photostructure/tz-lookup's bundled, simplified zone polygons at run time and checked against the
 * zones in use in the ZIP's state (state-zones.ts): an answer outside that set (a centroid offshore
 * or over a border) becomes the state's principal zone. That agrees with the full-resolution
 * boundaries (geo-tz) for 99.5% of ZIPs; the remaining ~180, centroids within a few km of a zone
 * line in a split state, are pinned by data/zip-zone-overrides.json, generated once with geo-tz by
 * data/generate-zip-zone-overrides.ts and committed. So every ZIP gets the full-resolution answer,
 * without shipping 71 MB of polygons or downloading anything at run time.
 *
 * Local-time arithmetic uses the runtime's ICU (Intl), which carries the IANA database.
 */

export type ZoneResult = { ok: true; zone: string } | { ok: false; reason: 'timezone_not_found' };

const OVERRIDES: Readonly<Record<string, string | undefined>> = zipZoneOverrides.overrides;

/** IANA zone for a US postal code, or `timezone_not_found` when the code is unknown. */
export function zoneForZip(postalCode: string | number | null | undefined): ZoneResult {
  const place = lookupZip(postalCode);
  if (!place) return { ok: false, reason: 'timezone_not_found' };
  const pinned = OVERRIDES[place.zip];
  return pinned ? { ok: true, zone: pinned } : computedZoneForZip(place.zip);
}

/** The run-time lookup alone, without the committed overrides (for the tool that generates them). */
export function computedZoneForZip(postalCode: string | number | null | undefined): ZoneResult {
  const place = lookupZip(postalCode);
  if (!place) return { ok: false, reason: 'timezone_not_found' };
  const found = zoneForCoordinate(place.latitude, place.longitude);
  const stateZones = STATE_ZONES[place.state];
  if (!stateZones) return found;
  if (found.ok && stateZones.includes(found.zone)) return found;
  return { ok: true, zone: stateZones[0]! };
}

/** IANA zone for a point (open sea gets an `Etc/GMT±N` nautical zone). */
export function zoneForCoordinate(latitude: number, longitude: number): ZoneResult {
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    return { ok: false, reason: 'timezone_not_found' };
  }
  return { ok: true, zone: tzLookup(latitude, longitude) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** True when the runtime knows this IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(epochSeconds: number, zone: string): WallClock {
  const parts = formatterFor(zone).formatToParts(new Date(Math.floor(epochSeconds) * 1000));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * Offsets change only at instants on a quarter hour (every zone's transitions are), so one lookup
 * serves a quarter hour: rendering a search's windows asks Intl once per quarter, not per window.
 */
const OFFSET_SPAN_SECONDS = 900;
const MAX_CACHED_OFFSETS = 50_000;
const offsetCache = new Map<string, number>();

/** Offset of local time from UTC at an instant, in seconds (New York in winter: -18000). */
export function utcOffsetSeconds(epochSeconds: number, zone: string): number {
  const span = Math.floor(epochSeconds / OFFSET_SPAN_SECONDS) * OFFSET_SPAN_SECONDS;
  const key = `${zone}|${span}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const wall = wallClockAt(span, zone);
    offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) / 1000 - span;
    if (offsetCache.size >= MAX_CACHED_OFFSETS) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Parses a calendar date 'YYYY-MM-DD'; throws RangeError on anything else, including 2026-02-30. */
export function parseLocalDate(date: string): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return { year, month, day };
}

/** The calendar date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseLocalDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The instant a local wall-clock time occurs in `zone`. Follows the usual 'compatible' rule
 * (as in Temporal and most calendars): a time skipped by a spring-forward gap moves forward by the
 * gap (02:30 -> 03:30 EDT), and a time repeated by a fall-back overlap takes its first occurrence.
 */
export function localTimeToEpoch(date: string, time: string, zone: string): number {
  const { year, month, day } = parseLocalDate(date);
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`not a HH:MM time: ${time}`);
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? 0);
  // 24:00 is allowed as the end of a day.
  if (hour > 24 || minute > 59 || second > 59 || (hour === 24 && (minute > 0 || second > 0))) {
    throw new RangeError(`not a HH:MM time: ${time}`);
  }
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  // Zones change offset at most once within a day, so the offsets a day either side cover both candidates.
  const offsetBefore = utcOffsetSeconds(wallAsUtc - 86_400, zone);
  const offsetAfter = utcOffsetSeconds(wallAsUtc + 86_400, zone);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallAsUtc - offset)
    .filter((epoch) => utcOffsetSeconds(epoch, zone) === wallAsUtc - epoch)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // In a gap: read the wall time with the offset in force before it, which lands after the gap.
  return wallAsUtc - offsetBefore;
}

/** [start, end) of a local calendar day in epoch seconds; 23 or 25 hours long on DST change days. */
export function localDayBounds(date: string, zone: string): [number, number] {
  return [localTimeToEpoch(date, '00:00', zone), localTimeToEpoch(addDays(date, 1), '00:00', zone)];
}

/** The local calendar date 'YYYY-MM-DD' of an instant in `zone`. */
export function localDateOf(epochSeconds: number, zone: string): string {
  const wall = wallClockAt(epochSeconds, zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** ISO 8601 local time with offset, e.g. 2026-03-08T03:30:00-04:00. */
export function epochToLocalIso(epochSeconds: number, zone: string): string {
  const offset = utcOffsetSeconds(epochSeconds, zone);
  const local = new Date((Math.floor(epochSeconds) + offset) * 1000);
  const wall = {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const offsetText = `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}` +
    `T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${offsetText}`
  );
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
