import { routeColor, type MapRoute } from './route-map';
import type { TimelineRoute } from './route-timeline';

/** The parts of a planned or booked itinerary (the /v1 shapes) that the map and the timeline draw. */
export interface DisplayedItinerary {
  externalId: string;
  routeStart: string;
  routeEnd: string;
  start: { latitude: number; longitude: number; address: { addressLine1: string; city: string } } | null;
  end: { latitude: number; longitude: number; address: { addressLine1: string; city: string } } | null;
  itineraryStops: {
    stopNumber: number;
    type: 'pickup' | 'dropoff';
    orderExternalIds: string[];
    latitude: number;
    longitude: number;
    arrival: string;
    departure: string;
    waitSeconds: number;
    windowOpen: string | null;
    windowClose: string | null;
  }[];
}

const placeLabel = (kind: string, place: NonNullable<DisplayedItinerary['start']>) =>
  `${kind}: ${[place.address.addressLine1, place.address.city].filter(Boolean).join(', ') || `${place.latitude.toFixed(4)}, ${place.longitude.toFixed(4)}`}`;

/** Itineraries with stops, each with its colour (the same on the map, the timeline and the legend). */
export function displayRoutes(itineraries: readonly DisplayedItinerary[]): { map: MapRoute[]; timeline: TimelineRoute[] } {
  const used = itineraries.filter((it) => it.itineraryStops.length > 0);
  return {
    map: used.map((it, i) => ({
      key: `${i}-${it.externalId}`,
      label: it.externalId,
      color: routeColor(i),
      start: it.start ? { latitude: it.start.latitude, longitude: it.start.longitude, label: placeLabel('Depot', it.start) } : null,
      end: it.end ? { latitude: it.end.latitude, longitude: it.end.longitude, label: placeLabel('End', it.end) } : null,
      stops: it.itineraryStops,
    })),
    timeline: used.map((it, i) => ({
      key: `${i}-${it.externalId}`,
      label: it.externalId,
      color: routeColor(i),
      routeStart: it.routeStart,
      routeEnd: it.routeEnd,
      stops: it.itineraryStops,
    })),
  };
}
