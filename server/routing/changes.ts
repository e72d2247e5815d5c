/**
 * What an updateItinerary did to one itinerary: the orders it gained and lost, whether the orders it
 * kept are visited in another relative order, and how far their arrivals moved. A dispatcher reads
 * this instead of diffing two documents (docs/decisions.md, "Routing").
 */

export interface ItineraryChanges {
  addedOrderExternalIds: string[];
  /** Moved to another itinerary or left unassigned. */
  removedOrderExternalIds: string[];
  /** The relative order of the kept orders' stops changed. */
  resequenced: boolean;
  /** Largest absolute change of a kept stop's arrival, in whole seconds. */
  maxArrivalShiftSeconds: number;
}

/** A stop as both the booked and the planned itinerary know it (arrival in epoch seconds). */
export interface VisitedStop {
  type: 'pickup' | 'dropoff' | 'break';
  orderExternalIds: readonly string[];
  arrival: number;
}

/** Each order's pickup or dropoff, in visiting order with the arrival; orders sharing a stop in id order. */
function orderVisits(stops: readonly VisitedStop[]): { key: string; orderExternalId: string; arrival: number }[] {
  return stops
    .filter((stop) => stop.type !== 'break')
    .flatMap((stop) =>
      [...stop.orderExternalIds]
        .sort()
        .map((orderExternalId) => ({ key: `${stop.type}:${orderExternalId}`, orderExternalId, arrival: stop.arrival })),
    );
}

function distinct(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The changes from `before` (the booked stops; empty for an itinerary the update creates) to `after`. */
export function itineraryChanges(before: readonly VisitedStop[], after: readonly VisitedStop[]): ItineraryChanges {
  const beforeVisits = orderVisits(before);
  const afterVisits = orderVisits(after);
  const beforeOrders = new Set(beforeVisits.map((v) => v.orderExternalId));
  const afterOrders = new Set(afterVisits.map((v) => v.orderExternalId));
  const kept = (v: { orderExternalId: string }, other: ReadonlySet<string>) => other.has(v.orderExternalId);
  const keptBefore = beforeVisits.filter((v) => kept(v, afterOrders));
  const keptAfter = afterVisits.filter((v) => kept(v, beforeOrders));
  const arrivalBefore = new Map(keptBefore.map((v) => [v.key, v.arrival]));
  let maxShift = 0;
  for (const visit of keptAfter) {
    const previous = arrivalBefore.get(visit.key);
    if (previous !== undefined) maxShift = Math.max(maxShift, Math.abs(visit.arrival - previous));
  }
  return {
    addedOrderExternalIds: distinct(
      afterVisits.filter((v) => !beforeOrders.has(v.orderExternalId)).map((v) => v.orderExternalId),
    ),
    removedOrderExternalIds: distinct(
      beforeVisits.filter((v) => !afterOrders.has(v.orderExternalId)).map((v) => v.orderExternalId),
    ),
    resequenced: keptBefore.length !== keptAfter.length || keptBefore.some((v, i) => keptAfter[i]!.key !== v.key),
    maxArrivalShiftSeconds: Math.round(maxShift),
  };
}
