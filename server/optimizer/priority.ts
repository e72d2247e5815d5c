/**
 * Order priorities: levels 0 (lowest) to 5. Plans are compared by how many orders they leave out at
 * each level, from the highest level down, before anything else (search moves and the best of
 * several threads alike).
 */
export const PRIORITY_LEVELS = 6;

/** A problem's priority as a level (rounded, clamped). */
export function priorityLevel(priority: number): number {
  return Math.max(0, Math.min(PRIORITY_LEVELS - 1, Math.round(priority)));
}

/** Left-out counts per level: <0 when `a` leaves fewer out (highest level first), >0 when more, 0 when the same. */
export function compareLeftOut(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let p = PRIORITY_LEVELS - 1; p >= 0; p--) if (a[p] !== b[p]) return a[p]! - b[p]!;
  return 0;
}
