import type { BookedRoute } from '@/server/routing';
import { epochToLocalIso } from '@/server/geo';
import type { BookingPrice } from './request-schema';
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

/** A search's outcome as the console shows it: the contract's result fields plus the per-hour explanation. */
export interface BookingSearchOutcome {
  windows: WireWindow[];
  fallback?: 'asap';
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
const REASON_OF_LETTER = new Map(Object.entries(ROUTE_REASON_LETTERS).map(([reason, letter]) => [letter, reason as HourReason]));

/** The stored form of a search's result. */
export function storeOutcome(routes: readonly BookedRoute[], result: BookingSearchResult, price: BookingPrice | null, timeZone: string): StoredBookingOutcome {
  const indexOf = new Map(routes.map((route, k) => [route.id, k]));
  return {
    format: 2,
    timeZone,
    price,
    routes: routes.map((route) => [route.id, route.externalId, route.vehicleType]),
    hours: result.hours.map((hour) => ({
      start: hour.start,
      end: hour.end,
      windows: hour.windows.flatMap((w) => [indexOf.get(w.routeId)!, w.start]),
      reason: hour.reason,
      routeReasons: hour.routeReasons.length === routes.length ? hour.routeReasons.map((r) => ROUTE_REASON_LETTERS[r.reason] ?? '?').join('') : '',
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
  for (let k = 0; k + 1 < hour.windows.length; k += 2) out.push({ route: hour.windows[k]!, start: hour.windows[k + 1]!, end: hour.end });
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

const isStored = (result: unknown): result is StoredBookingOutcome => (result as { format?: unknown } | null)?.format === 2;

/**
 * The contract's windows of a job's result, sorted by start, then end (then route, as the search
 * sorts them), each with the one price. Results stored before the compact form are read as they were.
 */
export function resultWindows(result: unknown): { windows: WireWindow[]; fallback?: 'asap' } {
  if (!isStored(result)) {
    const legacy = result as BookingSearchOutcome;
    return { windows: legacy.windows, ...(legacy.fallback ? { fallback: legacy.fallback } : {}) };
  }
  const routeId = (k: number) => result.routes[k]?.[0] ?? 0;
  const all = result.hours.flatMap(storedWindowsOf).sort((a, b) => a.start - b.start || a.end - b.end || routeId(a.route) - routeId(b.route));
  const iso = isoRenderer(result.timeZone);
  const price = result.price;
  const windows = all.map((w) => ({ deliveryWindowStart: iso(w.start), deliveryWindowEnd: iso(w.end), ...(price ? { price } : {}) }));
  return { windows, ...(windows.length === 0 ? { fallback: 'asap' as const } : {}) };
}

/** How many windows a job's result holds. */
export function resultWindowCount(result: unknown): number {
  if (!isStored(result)) return Array.isArray((result as { windows?: unknown } | null)?.windows) ? (result as BookingSearchOutcome).windows.length : 0;
  return result.hours.reduce((sum, hour) => sum + hour.windows.length / 2, 0);
}

/** A job's result as the console shows it. */
export function readOutcome(result: unknown): BookingSearchOutcome {
  if (!isStored(result)) return result as BookingSearchOutcome;
  const iso = isoRenderer(result.timeZone);
  const price = result.price;
  const withPrice = price ? { price } : {};
  const { windows, fallback } = resultWindows(result);
  return {
    windows,
    ...(fallback ? { fallback } : {}),
    price,
    hours: result.hours.map((hour) => ({
      start: iso(hour.start),
      end: iso(hour.end),
      windows: storedWindowsOf(hour).map((w) => {
        const [routeId, routeExternalId, vehicleType] = result.routes[w.route]!;
        return { deliveryWindowStart: iso(w.start), deliveryWindowEnd: iso(w.end), ...withPrice, routeId, routeExternalId, vehicleType };
      }),
      reason: hour.reason,
      routeReasons: [...hour.routeReasons].map((letter, k) => ({ routeId: result.routes[k]![0], reason: REASON_OF_LETTER.get(letter) ?? 'stop_window' })),
    })),
    ...(result.clockOffsetMs !== undefined ? { clockOffsetMs: result.clockOffsetMs } : {}),
  };
}
