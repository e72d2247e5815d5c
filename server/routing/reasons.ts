import type { ReasonCode } from '@/server/optimizer';

/**
 * The fixed set of unassigned-order reason codes (docs/decisions.md, Routing), each with what it means.
 * A reason in a result carries its own description naming the limiting fact; these are the
 * general meanings, documented in the OpenAPI document and docs/decisions.md.
 */
export const REASON_DESCRIPTIONS = {
  NO_VEHICLE_WITH_SKILLS: 'No vehicle in the fleet provides all of the order’s requiredSkills.',
  EXCEEDS_VEHICLE_CAPACITY:
    'The order’s weight (or, with volumeOptimization, volume) exceeds every eligible vehicle’s capacity.',
  TIME_WINDOW_UNREACHABLE: 'No eligible vehicle can reach the pickup and dropoff inside their time windows.',
  INVALID_TIME_WINDOW: 'A time window of the order closes before it opens.',
  OUTSIDE_SHIFT: 'The order’s windows lie outside every eligible vehicle’s shift.',
  ADDRESS_NOT_RESOLVED:
    'The pickup or dropoff address could not be located (no coordinates and an unknown or missing postal code).',
  LOCKED_STOP_CONFLICT: 'The order’s locked stops cannot be served in the pinned order on the pinned itinerary.',
  INSUFFICIENT_FLEET: 'The order is feasible on its own, but the fleet has no room left for it.',
} as const satisfies Record<ReasonCode, string>;

export const REASON_CODES = Object.keys(REASON_DESCRIPTIONS) as [ReasonCode, ...ReasonCode[]];
