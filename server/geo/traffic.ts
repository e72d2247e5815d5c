import { localTimeToEpoch, parseLocalDate, utcOffsetSeconds } from './timezone';

/**
 * Time-of-day traffic for `trafficMode: automatic`, in the optimizer's TrafficProfile form
 * (server/optimizer/model.ts; the shapes are checked equal in traffic.test.ts): a leg departing at
 * absolute time t takes matrixDuration x factors[floor(((t + offsetSeconds) mod 86400) / bucketSeconds)].
 *
 * Matrices are free-flow, so every factor is >= 1: night runs at free flow (1.0); weekday morning
 * (peak around 08:00) and evening rush (peak around 17:00) slow traffic by up to 45-50%, midday
 * by 15-20%. Weekends have no rush hours, only a milder midday hump. The curves are typical
 * congestion indices of large US metro areas (peak-hour travel about 1.3-1.5x free flow), given as
 * anchor points and interpolated linearly at 15-minute resolution so that factors change in small
 * steps and a later departure rarely arrives earlier.
 */
export interface TrafficProfile {
  bucketSeconds: number;
  offsetSeconds: number;
  factors: Float64Array;
}

export type TrafficMode = 'automatic' | 'none';

export const TRAFFIC_BUCKET_SECONDS = 900;

/** [local hour, factor] anchors; the first is 0 and the last 24. */
const WEEKDAY_TRAFFIC: readonly (readonly [number, number])[] = [
  [0, 1.0],
  [5, 1.0],
  [6, 1.1],
  [7, 1.35],
  [8, 1.45],
  [9, 1.3],
  [10, 1.15],
  [12, 1.2],
  [14, 1.15],
  [15, 1.25],
  [16, 1.4],
  [17, 1.5],
  [18, 1.35],
  [19, 1.2],
  [20, 1.1],
  [22, 1.0],
  [24, 1.0],
];

const WEEKEND_TRAFFIC: readonly (readonly [number, number])[] = [
  [0, 1.0],
  [8, 1.0],
  [10, 1.1],
  [12, 1.2],
  [15, 1.2],
  [18, 1.15],
  [20, 1.05],
  [22, 1.0],
  [24, 1.0],
];

function interpolate(anchors: readonly (readonly [number, number])[], hour: number): number {
  for (let k = 1; k < anchors.length; k++) {
    const [h1, f1] = anchors[k]!;
    if (hour <= h1) {
      const [h0, f0] = anchors[k - 1]!;
      return f0 + ((f1 - f0) * (hour - h0)) / (h1 - h0);
    }
  }
  return anchors[anchors.length - 1]![1];
}

/**
 * The traffic profile for a local date in `zone`. The offset is the one in force at local noon,
 * so on a DST change day the early-morning hours before the change are read one hour off; they are
 * night hours at free flow, where it makes no difference.
 */
export function buildTrafficProfile(date: string, zone: string): TrafficProfile {
  const { year, month, day } = parseLocalDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const anchors = weekday === 0 || weekday === 6 ? WEEKEND_TRAFFIC : WEEKDAY_TRAFFIC;
  const buckets = 86_400 / TRAFFIC_BUCKET_SECONDS;
  const factors = new Float64Array(buckets);
  for (let b = 0; b < buckets; b++) {
    // Each bucket takes the curve's value at its middle.
    factors[b] = interpolate(anchors, ((b + 0.5) * TRAFFIC_BUCKET_SECONDS) / 3600);
  }
  return {
    bucketSeconds: TRAFFIC_BUCKET_SECONDS,
    offsetSeconds: utcOffsetSeconds(localTimeToEpoch(date, '12:00', zone), zone),
    factors,
  };
}

/** `automatic` -> the day's profile; `none` -> undefined (free flow). */
export function trafficProfileFor(mode: TrafficMode, date: string, zone: string): TrafficProfile | undefined {
  return mode === 'automatic' ? buildTrafficProfile(date, zone) : undefined;
}

/** The factor a profile applies to a leg departing at `epochSeconds`. */
export function trafficFactorAt(profile: TrafficProfile, epochSeconds: number): number {
  const secondOfDay = (((epochSeconds + profile.offsetSeconds) % 86_400) + 86_400) % 86_400;
  return profile.factors[Math.floor(secondOfDay / profile.bucketSeconds)]!;
}
