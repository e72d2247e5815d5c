import type { BookedRoute } from '@/server/routing';
import { epochToLocalIso } from '@/server/geo';
import type { TimeframeBucket } from '@/server/accounts';
import type { BookingPrice, FallbackReason } from './request-schema';
import type { BookingSearchResult, HourReason } from './search';

/**
 * A booking search's result in its two forms: as the job stores it (compact) and as the poll and
 * the console render it (windows on the wire: ISO 8601 with the destination's UTC offset).
 */

export interface WireWindow {
  deliveryWindowStart: string;
  deliveryWindowEnd: string;
  price?: BookingPrice;
}

export interface HourOutcome {
  start: string;
  end: string;
  windows: (WireWindow & { routeId: number; routeExternalId: string; vehicleType: string })[];
  reason: HourReason | null;
  routeReasons: { routeId: number; reason: HourReason }[];
}

/** The result fields beside the windows (DECISIONS: result fields), as the poll shows them. */
interface ResultContext {
  timeZone: string;
  date?: string;
  timeframeBucket?: TimeframeBucket;
  computedAt?: string;
}

/** A search's result as the poll returns it (without `status`). */
type WireResult = {
  windows: WireWindow[];
  fallback?: 'asap';
  fallbackReason?: FallbackReason;
} & Partial<ResultContext>;

/** A search's outcome as the console shows it: the contract's result fields plus the per-hour explanation. */
export interface BookingSearchOutcome extends Partial<ResultContext> {
  windows: WireWindow[];
  fallback?: 'asap';
  fallbackReason?: FallbackReason;
  price: BookingPrice | null;
  hours: HourOutcome[];
  /** Booking's clock minus the real clock at submission, kept for the retention check on that clock. */
  clockOffsetMs?: number;
}

/**
 * What the job stores: the same outcome in epoch seconds, each window once, routes by index. A
 * result is written to the database and read back by every poll; rendered, with the explanation
 * repeating each window beside its route, a search of 50 routes stored about 60 KB, and writing and
 * reading that jsonb was the largest single cost of a search on the embedded database.
 */
export interface StoredBookingOutcome {
  format: 2;
  /** The destination's zone: windows are rendered with its UTC offset. */
  timeZone: string;
  price: BookingPrice | null;
  /** [id, externalId, vehicleType] of each searched route, in search order. */
  routes: [number, string, string][];
  hours: StoredHour[];
  clockOffsetMs?: number;
  /** The requested date and the bucket searched. */
  date?: string;
  bucket?: TimeframeBucket;
  /** Epoch milliseconds on booking's clock when the search ran. */
  computedAt?: number;
  /** Why the search found no window (absent when it found some). */
  fallbackReason?: FallbackReason;
  /**
   * What the answer was computed from (see service.ts, freshness): the version of the scope's
   * booked routes the search read and the digest of the effective settings it applied.
   */
  routesVersion?: string;
  settingsDigest?: string;
}

interface StoredHour {
  start: number;
  end: number;
  /** Per window of the hour, in route order: route index, then the window's start (it ends with the hour). */
  windows: number[];
  reason: HourReason | null;
  /** When the hour was explained per route: one letter per route, in route order (ROUTE_REASON_LETTERS). */
  routeReasons: string;
}

const ROUTE_REASON_LETTERS: Partial<Record<HourReason, string>> = { capacity: 'c', shift: 's', stop_window: 'w' };
const REASON_OF_LETTER = new Map(
  Object.entries(ROUTE_REASON_LETTERS).map(([reason, letter]) => [letter, reason as HourReason]),
);

/** The stored form of a search's result. */
export function storeOutcome(
  routes: readonly BookedRoute[],
  result: BookingSearchResult,
  price: BookingPrice | null,
  timeZone: string,
  extra: Pick<StoredBookingOutcome, 'date' | 'bucket' | 'computedAt' | 'fallbackReason'> = {},
): StoredBookingOutcome {
  const indexOf = new Map(routes.map((route, k) => [route.id, k]));
  return {
    format: 2,
    timeZone,
    price,
    ...extra,
    routes: routes.map((route) => [route.id, route.externalId, route.vehicleType]),
    hours: result.hours.map((hour) => ({
      start: hour.start,
      end: hour.end,
      windows: hour.windows.flatMap((w) => [indexOf.get(w.routeId)!, w.start]),
      reason: hour.reason,
      routeReasons:
        hour.routeReasons.length === routes.length
          ? hour.routeReasons.map((r) => ROUTE_REASON_LETTERS[r.reason] ?? '?').join('')
          : '',
    })),
  };
}

/** A stored window: its route index, start and end (epoch seconds). */
interface StoredWindow {
  route: number;
  start: number;
  end: number;
}

function storedWindowsOf(hour: StoredHour): StoredWindow[] {
  const out: StoredWindow[] = [];
  for (let k = 0; k + 1 < hour.windows.length; k += 2)
    out.push({ route: hour.windows[k]!, start: hour.windows[k + 1]!, end: hour.end });
  return out;
}

/** Renders epoch seconds in one zone, each distinct instant once. */
function isoRenderer(timeZone: string): (epochSeconds: number) => string {
  const rendered = new Map<number, string>();
  return (t) => {
    let text = rendered.get(t);
    if (text === undefined) {
      text = epochToLocalIso(t, timeZone);
      rendered.set(t, text);
    }
    return text;
  };
}

const isStored = (result: unknown): result is StoredBookingOutcome =>
  (result as { format?: unknown } | null)?.format === 2;

/** The result fields beside the windows, from a stored result. */
function contextOf(result: StoredBookingOutcome): ResultContext {
  return {
    timeZone: result.timeZone,
    ...(result.date !== undefined ? { date: result.date } : {}),
    ...(result.bucket !== undefined ? { timeframeBucket: result.bucket } : {}),
    ...(result.computedAt !== undefined ? { computedAt: new Date(result.computedAt).toISOString() } : {}),
  };
}

/**
 * The contract's windows of a job's result, sorted by start, then end, each with the one price;
 * windows of several routes that are identical (start, end and the one price) are returned once.
 * Results stored before the compact form are read as they were.
 */
export function resultWindows(result: unknown): WireResult {
  if (!isStored(result)) {
    const legacy = result as BookingSearchOutcome;
    return { windows: legacy.windows, ...(legacy.fallback ? { fallback: legacy.fallback } : {}) };
  }
  const all = result.hours.flatMap(storedWindowsOf).sort((a, b) => a.start - b.start || a.end - b.end);
  const iso = isoRenderer(result.timeZone);
  const price = result.price;
  const windows: WireWindow[] = [];
  let previous: StoredWindow | undefined;
  for (const w of all) {
    if (previous?.start === w.start && previous.end === w.end) continue;
    previous = w;
    windows.push({ deliveryWindowStart: iso(w.start), deliveryWindowEnd: iso(w.end), ...(price ? { price } : {}) });
  }
  const empty =
    windows.length === 0
      ? { fallback: 'asap' as const, ...(result.fallbackReason ? { fallbackReason: result.fallbackReason } : {}) }
      : {};
  return { windows, ...empty, ...contextOf(result) };
}

/** How many windows a job's result holds. */
export function resultWindowCount(result: unknown): number {
  if (!isStored(result))
    return Array.isArray((result as { windows?: unknown } | null)?.windows)
      ? (result as BookingSearchOutcome).windows.length
      : 0;
  return result.hours.reduce((sum, hour) => sum + hour.windows.length / 2, 0);
}

/** A job's result as the console shows it. */
export function readOutcome(result: unknown): BookingSearchOutcome {
  if (!isStored(result)) return result as BookingSearchOutcome;
  const iso = isoRenderer(result.timeZone);
  const price = result.price;
  const withPrice = price ? { price } : {};
  const { windows, ...rest } = resultWindows(result);
  return {
    windows,
    ...rest,
    price,
    hours: result.hours.map((hour) => ({
      start: iso(hour.start),
      end: iso(hour.end),
      windows: storedWindowsOf(hour).map((w) => {
        const [routeId, routeExternalId, vehicleType] = result.routes[w.route]!;
        return {
          deliveryWindowStart: iso(w.start),
          deliveryWindowEnd: iso(w.end),
          ...withPrice,
          routeId,
          routeExternalId,
          vehicleType,
        };
      }),
      reason: hour.reason,
      routeReasons: [...hour.routeReasons].map((letter, k) => ({
        routeId: result.routes[k]![0],
        reason: REASON_OF_LETTER.get(letter) ?? 'stop_window',
      })),
    })),
    ...(result.clockOffsetMs !== undefined ? { clockOffsetMs: result.clockOffsetMs } : {}),
  };
}
