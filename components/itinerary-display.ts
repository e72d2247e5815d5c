import type { TimelineRoute, TimelineStop } from './route-timeline';

// Kept apart from route-map.tsx: that module loads Leaflet, which needs a browser (`window`).

/** A place on a route that is not a stop: the depot it leaves from or the end it must reach. */
export interface MapPlace {
  latitude: number;
  longitude: number;
  label: string;
}

/** An unassigned order where it would have gone (its dropoff, else its pickup). */
export interface UnassignedPlace {
  externalId: string;
  latitude: number;
  longitude: number;
  label: string;
}

interface MapStop {
  stopNumber: number;
  type: 'pickup' | 'dropoff';
  latitude: number;
  longitude: number;
  arrival: string;
  departure: string;
  orderExternalIds: string[];
  address: { addressLine1: string; city: string; state: string; postalCode: string };
  windowOpen: string | null;
  windowClose: string | null;
  load: { pounds: number; cubicInches: number };
}

/**
 * Consecutive stops of a route at one place (17 pickups at a depot, two dropoffs at one building):
 * drawn as one marker and listed as one visit with all its orders.
 */
export interface MapVisit {
  /** The first stop's number: the visit's number on the map. */
  number: number;
  latitude: number;
  longitude: number;
  stops: MapStop[];
}

/** What the map draws per vehicle: its colour and number, depot start and end, and its visits in order. */
export interface MapRoute {
  key: string;
  /** 1-based: printed in the legend and on the markers next to the colour, so routes stay apart beyond what colour alone separates. */
  index: number;
  label: string;
  color: string;
  start: MapPlace | null;
  end: MapPlace | null;
  visits: MapVisit[];
}

/** Stops closer than this are one place (the decision's stop clustering uses 25 m too). */
const SAME_PLACE_METERS = 25;

function metersBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.hypot(x, y) * 6_371_000;
}

/** Groups back-to-back stops at one place into visits, keeping visiting order. */
function visitsOf(stops: readonly MapStop[]): MapVisit[] {
  const visits: MapVisit[] = [];
  for (const stop of stops) {
    const last = visits.at(-1);
    if (last && metersBetween(last, stop) <= SAME_PLACE_METERS) last.stops.push(stop);
    else visits.push({ number: stop.stopNumber, latitude: stop.latitude, longitude: stop.longitude, stops: [stop] });
  }
  return visits;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

/** WCAG contrast of white text on an sRGB colour (channels 0..1). */
function contrastWithWhite(rgb: [number, number, number]): number {
  const linear = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
  return 1.05 / (luminance + 0.05);
}

/**
 * Route colours: hues a golden angle apart at three lightness and three saturation levels, so that
 * neighbours in the list differ in hue and lightness (60+ routes stay apart, with the route number as
 * the second cue); each darkened until white numbers on it keep a 4.5:1 contrast.
 */
function routeColor(index: number): string {
  const hue = (index * 137.508 + 210) % 360;
  const saturation = [0.75, 0.9, 0.6][Math.floor(index / 3) % 3] ?? 0.75;
  let lightness = [0.42, 0.3, 0.22][index % 3] ?? 0.4;
  let rgb = hslToRgb(hue, saturation, lightness);
  while (contrastWithWhite(rgb) < 4.6 && lightness > 0.05) {
    lightness -= 0.02;
    rgb = hslToRgb(hue, saturation, lightness);
  }
  return `#${rgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

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
    address: { addressLine1: string; city: string; state: string; postalCode: string };
    load: { pounds: number; cubicInches: number };
  }[];
}

const placeLabel = (kind: string, place: NonNullable<DisplayedItinerary['start']>) =>
  `${kind}: ${[place.address.addressLine1, place.address.city].filter(Boolean).join(', ') || `${place.latitude.toFixed(4)}, ${place.longitude.toFixed(4)}`}`;

type DisplayedStop = DisplayedItinerary['itineraryStops'][number];

/** The timeline's entries: back-to-back stops at one place become one visit spanning them (driver breaks stay apart). */
function timelineVisits(stops: readonly DisplayedStop[]): TimelineStop[] {
  const groups: DisplayedStop[][] = [];
  for (const stop of stops) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    if (
      group &&
      last &&
      stop.type !== 'break' &&
      last.type !== 'break' &&
      metersBetween(last, stop) <= SAME_PLACE_METERS
    )
      group.push(stop);
    else groups.push([stop]);
  }
  return groups.map((group) => {
    const first = group[0]!;
    if (group.length === 1) return first;
    const closes = group.map((s) => s.windowClose).filter((c): c is string => c !== null);
    return {
      ...first,
      orderExternalIds: group.flatMap((s) => s.orderExternalIds),
      departure: group.at(-1)!.departure,
      // The band shows the tightest close among them.
      windowClose: closes.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null,
      members: group,
    };
  });
}

/** Itineraries with stops, each with its colour (the same on the map, the timeline and the legend). */
export function displayRoutes(itineraries: readonly DisplayedItinerary[]): {
  map: MapRoute[];
  timeline: TimelineRoute[];
} {
  const used = itineraries.filter((it) => it.itineraryStops.length > 0);
  return {
    map: used.map((it, i) => ({
      key: `${i}-${it.externalId}`,
      index: i + 1,
      label: it.externalId,
      color: routeColor(i),
      start: it.start
        ? { latitude: it.start.latitude, longitude: it.start.longitude, label: placeLabel('Depot', it.start) }
        : null,
      end: it.end ? { latitude: it.end.latitude, longitude: it.end.longitude, label: placeLabel('End', it.end) } : null,
      // Driver breaks are not visits: the map numbers and pins visits only.
      visits: visitsOf(
        it.itineraryStops.filter(
          (stop): stop is MapStop & (typeof it.itineraryStops)[number] =>
            stop.type !== 'break' && stop.stopNumber !== null,
        ),
      ),
    })),
    timeline: used.map((it, i) => ({
      key: `${i}-${it.externalId}`,
      label: it.externalId,
      color: routeColor(i),
      routeStart: it.routeStart,
      routeEnd: it.routeEnd,
      stops: timelineVisits(it.itineraryStops),
    })),
  };
}
