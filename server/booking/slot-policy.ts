import type { SlotPolicy, TimeframeBucket } from '@/server/accounts';
import { addDays, epochToLocalIso, localDateOf, localTimeToEpoch } from '@/server/geo';
import { BookingError } from './errors';
import type { SearchHour } from './search';

export interface SlotDecision {
  bucket: TimeframeBucket;
  /** The bucket's local hours on the date, as epoch-second intervals (a DST gap may shorten one to nothing: dropped). */
  hours: SearchHour[];
  /** Epoch seconds: no delivery may start before now + lead time. */
  earliestStart: number;
}

function hourStart(date: string, hour: number, zone: string): number {
  return hour >= 24
    ? localTimeToEpoch(addDays(date, 1), '00:00', zone)
    : localTimeToEpoch(date, `${String(hour).padStart(2, '0')}:00`, zone);
}

/** The local hours [startHour, endHour) of a bucket on a date, in epoch seconds. */
export function bucketHours(date: string, startHour: number, endHour: number, zone: string): SearchHour[] {
  const hours: SearchHour[] = [];
  for (let h = startHour; h < endHour; h++) {
    const start = hourStart(date, h, zone);
    const end = hourStart(date, h + 1, zone);
    if (end > start) hours.push({ start, end });
  }
  return hours;
}

/** The first date after `after`, up to `lastBookable`, that is not a blackout date; undefined when none is left. */
function nextBookableDate(policy: SlotPolicy, after: string, lastBookable: string): string | undefined {
  for (let date = addDays(after, 1); date <= lastBookable; date = addDays(date, 1)) {
    if (!policy.blackoutDates.includes(date)) return date;
  }
  return undefined;
}

/** Epoch seconds at which the last hour of any available bucket ends on the date (0 when none has an hour). */
function lastAvailableHourEnd(policy: SlotPolicy, date: string, zone: string): number {
  let end = 0;
  for (const bucket of policy.availableBuckets) {
    const span = policy.buckets[bucket];
    end = Math.max(end, bucketHours(date, span.startHour, span.endHour, zone).at(-1)?.end ?? 0);
  }
  return end;
}

/**
 * The slot policy, evaluated in the destination's local time: date_out_of_range, date_blackout,
 * timeframe_bucket_not_available (a bucket the policy never offers is refused before any lead-time
 * check), lead_time_not_met, same_day_cutoff_passed. Each error says what would work (its
 * `details`). Lead time refuses a date only when it leaves no hour of any available bucket that
 * day; when it leaves none of the requested bucket alone, the search runs and answers empty with
 * `fallbackReason: no_hours_left` (another bucket that day may still work). `nowSeconds` is the
 * caller's clock (injectable in tests).
 */
export function evaluateSlotPolicy(
  policy: SlotPolicy,
  request: { date: string; timeframeBucket?: TimeframeBucket | undefined },
  zone: string,
  nowSeconds: number,
): SlotDecision {
  const today = localDateOf(nowSeconds, zone);
  const lastBookable = addDays(today, policy.horizonDays);
  if (request.date < today || request.date > lastBookable) {
    throw new BookingError(
      'date_out_of_range',
      `date: ${request.date} is outside the bookable range ${today} to ${lastBookable} (${policy.horizonDays} days ahead, destination local time).`,
      'date',
      undefined,
      { earliestDate: today, latestDate: lastBookable },
    );
  }
  if (policy.blackoutDates.includes(request.date)) {
    const nextDate = nextBookableDate(policy, request.date, lastBookable);
    throw new BookingError(
      'date_blackout',
      `date: ${request.date} is a blackout date; no deliveries are scheduled that day.`,
      'date',
      undefined,
      nextDate ? { nextDate } : undefined,
    );
  }
  const bucket = request.timeframeBucket ?? policy.defaultBucket;
  if (!policy.availableBuckets.includes(bucket)) {
    throw new BookingError(
      'timeframe_bucket_not_available',
      `timeframeBucket: ${bucket} is not available; available buckets: ${policy.availableBuckets.join(', ')}.`,
      'timeframeBucket',
      undefined,
      { availableBuckets: [...policy.availableBuckets] },
    );
  }
  const earliestStart = nowSeconds + policy.leadTimeMinutes * 60;
  if (earliestStart >= lastAvailableHourEnd(policy, request.date, zone)) {
    throw new BookingError(
      'lead_time_not_met',
      `date: with the lead time of ${policy.leadTimeMinutes} minutes no delivery can start on ${request.date} any more; the earliest start is ${epochToLocalIso(earliestStart, zone)}.`,
      'date',
      undefined,
      { earliestStart: epochToLocalIso(earliestStart, zone) },
    );
  }
  if (
    policy.sameDayCutoff !== null &&
    request.date === today &&
    nowSeconds >= localTimeToEpoch(today, policy.sameDayCutoff, zone)
  ) {
    const nextDate = nextBookableDate(policy, today, lastBookable);
    throw new BookingError(
      'same_day_cutoff_passed',
      `date: same-day deliveries can be booked until ${policy.sameDayCutoff} local time; that time has passed.`,
      'date',
      undefined,
      nextDate ? { nextDate } : undefined,
    );
  }
  const span = policy.buckets[bucket];
  return { bucket, hours: bucketHours(request.date, span.startHour, span.endHour, zone), earliestStart };
}
