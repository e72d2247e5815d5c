import type { TimelineRoute } from './route-timeline';

// Kept apart from route-map.tsx: that module loads Leaflet, which needs a browser (`window`).

/** A place on a route that is not a stop: the depot it leaves from or the end it must reach. */
export interface MapPlace {
  latitude: number;
  longitude: number;
  label: string;
}

export interface MapStop {
  stopNumber: number;
  type: 'pickup' | 'dropoff';
  latitude: number;
  longitude: number;
  arrival: string;
  departure: string;
  orderExternalIds: string[];
}

/** What the map draws per vehicle: its colour, depot start and end, and its stops in visiting order. */
export interface MapRoute {
  key: string;
  label: string;
  color: string;
  start: MapPlace | null;
  end: MapPlace | null;
  stops: MapStop[];
}

/** Above this many stops the markers are drawn on the canvas (numbers in their tooltips) to stay smooth. */
export const NUMBERED_MARKER_LIMIT = 600;

/** Distinct, readable on a light background; repeats after twelve routes. */
const ROUTE_PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#5f5f5f', '#9a9a1a', '#393b79', '#637939'];

const routeColor = (index: number): string => ROUTE_PALETTE[index % ROUTE_PALETTE.length] ?? '#1f77b4';

/** The parts of a planned or booked itinerary (the /v1 shapes) that the map and the timeline draw. */
export interface DisplayedItinerary {
  externalId: string;
  routeStart: string;
  routeEnd: string;
  start: { latitude: number; longitude: number; address: { addressLine1: string; city: string } } | null;
  end: { latitude: number; longitude: number; address: { addressLine1: string; city: string } } | null;
  itineraryStops: {
    /** null for a driver break (not a numbered visit). */
    stopNumber: number | null;
    type: 'pickup' | 'dropoff' | 'break';
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
      // Driver breaks are not visits: the map numbers and pins visits only.
      stops: it.itineraryStops.filter((stop): stop is MapStop & (typeof it.itineraryStops)[number] => stop.type !== 'break' && stop.stopNumber !== null),
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
