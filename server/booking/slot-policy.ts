import type { SlotPolicy, TimeframeBucket } from '@/server/accounts';
import { addDays, localDateOf, localTimeToEpoch } from '@/server/geo';
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
  return hour >= 24 ? localTimeToEpoch(addDays(date, 1), '00:00', zone) : localTimeToEpoch(date, `${String(hour).padStart(2, '0')}:00`, zone);
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

/**
 * The slot policy, evaluated in the destination's local time, in the contract's order:
 * date_out_of_range, date_blackout, lead_time_not_met, same_day_cutoff_passed,
 * timeframe_bucket_not_available. `nowSeconds` is the caller's clock (injectable in tests).
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
    );
  }
  if (policy.blackoutDates.includes(request.date)) {
    throw new BookingError('date_blackout', `date: ${request.date} is a blackout date; no deliveries are scheduled that day.`, 'date');
  }
  const bucket = request.timeframeBucket ?? policy.defaultBucket;
  const bucketParam = request.timeframeBucket ? 'timeframeBucket' : undefined;
  const span = policy.buckets[bucket];
  const hours = bucketHours(request.date, span.startHour, span.endHour, zone);
  const earliestStart = nowSeconds + policy.leadTimeMinutes * 60;
  const bucketEnd = hours.at(-1)?.end ?? 0;
  if (earliestStart >= bucketEnd) {
    throw new BookingError(
      'lead_time_not_met',
      `date: the ${bucket} bucket on ${request.date} ends before the lead time of ${policy.leadTimeMinutes} minutes allows a delivery.`,
      'date',
    );
  }
  if (policy.sameDayCutoff !== null && request.date === today && nowSeconds >= localTimeToEpoch(today, policy.sameDayCutoff, zone)) {
    throw new BookingError(
      'same_day_cutoff_passed',
      `date: same-day deliveries can be booked until ${policy.sameDayCutoff} local time; that time has passed.`,
      'date',
    );
  }
  if (!policy.availableBuckets.includes(bucket)) {
    throw new BookingError(
      'timeframe_bucket_not_available',
      `timeframeBucket: ${bucket} is not available; available buckets: ${policy.availableBuckets.join(', ')}.`,
      bucketParam ?? 'timeframeBucket',
    );
  }
  return { bucket, hours, earliestStart };
}
