'use client';

import 'leaflet/dist/leaflet.css';
import {
  canvas,
  circleMarker,
  divIcon,
  latLngBounds,
  layerGroup,
  marker,
  type LatLngTuple,
  type Renderer,
} from 'leaflet';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import {
  GeoJSON,
  MapContainer,
  Marker,
  Polyline,
  Popup,
  ScaleControl,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import type { MapPlace, MapRoute, MapVisit, UnassignedPlace } from './itinerary-display';
import type { MapTiles } from './map-tiles';

function FitBounds({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length > 0) map.fitBounds(latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
  }, [map, points]);
  return null;
}

interface BaseLayers {
  land: FeatureCollection;
  states: MultiLineString;
  counties: MultiLineString;
}

/**
 * US land, state and county outlines from the Census Bureau's boundaries (the us-atlas package),
 * bundled with the app: the map shows geography with no tile server and no network.
 */
function useUsBoundaries(): BaseLayers | null {
  const [layers, setLayers] = useState<BaseLayers | null>(null);
  useEffect(() => {
    let live = true;
    void import('us-atlas/counties-10m.json').then((module) => {
      const topology = (module.default ?? module) as unknown as Topology<{
        nation: GeometryCollection;
        states: GeometryCollection;
        counties: GeometryCollection;
      }>;
      if (!live) return;
      setLayers({
        land: feature(topology, topology.objects.nation),
        states: mesh(topology, topology.objects.states, (a, b) => a !== b),
        counties: mesh(
          topology,
          topology.objects.counties,
          (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2),
        ),
      });
    });
    return () => {
      live = false;
    };
  }, []);
  return layers;
}

/** Drawn on a canvas: thousands of outline segments would make the page heavy as SVG. */
const BaseMap = memo(function BaseMap({ layers, renderer }: { layers: BaseLayers; renderer: Renderer }) {
  // GeoJSON hands its options (the renderer among them) to every layer it creates.
  const onCanvas = { renderer } as object;
  return (
    <>
      <GeoJSON
        data={layers.land}
        interactive={false}
        {...onCanvas}
        style={{ stroke: false, fillColor: '#f4f1ea', fillOpacity: 1 }}
      />
      <GeoJSON
        data={layers.counties}
        interactive={false}
        {...onCanvas}
        style={{ color: '#c9c4b8', weight: 0.6, fill: false }}
      />
      <GeoJSON
        data={layers.states}
        interactive={false}
        {...onCanvas}
        style={{ color: '#8d877a', weight: 1.4, fill: false }}
      />
    </>
  );
});

/** At this zoom and closer, every visit in view gets its numbered marker. */
const NUMBERED_ZOOM = 14;
/** Up to this many visits in all, every visit is a numbered marker at every zoom; more would overlap when the whole day is in view. */
const NUMBERED_VISIT_LIMIT = 60;
/** The Leaflet pane of the visit circles: above the route lines (overlay pane, 400), below markers (600). */
const VISIT_PANE = 'visits';
/** Dimmed routes (another one is selected) keep this much of their opacity. */
const DIMMED = 0.15;

const kinds = (visit: MapVisit) => [...new Set(visit.stops.map((s) => s.type))].join(' and ');

function visitTitle(route: MapRoute, visit: MapVisit): string {
  const last = visit.stops.at(-1)!;
  const numbers = visit.stops.length > 1 ? `stops ${visit.number}–${last.stopNumber}` : `stop ${visit.number}`;
  const orders = visit.stops.flatMap((s) => s.orderExternalIds).join(', ');
  return `Route ${route.index} ${route.label} · ${numbers} · ${kinds(visit)} ${orders} · ${visit.stops[0]!.arrival.slice(11, 16)}–${last.departure.slice(11, 16)}`;
}

const hhmm = (iso: string | null) => (iso ? iso.slice(11, 16) : 'open');

/** The popup of a visit, built as DOM (text only, no HTML parsing of order ids or addresses). */
function visitPopup(route: MapRoute, visit: MapVisit): HTMLElement {
  const root = document.createElement('div');
  root.className = 'visit-popup';
  root.dataset.testid = 'visit-popup';
  const add = (parent: HTMLElement, tag: string, text: string, className?: string) => {
    const element = document.createElement(tag);
    element.textContent = text;
    if (className) element.className = className;
    parent.appendChild(element);
    return element;
  };
  const first = visit.stops[0]!;
  add(root, 'strong', `Route ${route.index} · ${route.label}`);
  const { addressLine1, city, state, postalCode } = first.address;
  add(
    root,
    'p',
    [addressLine1, city, [state, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') ||
      `${first.latitude.toFixed(5)}, ${first.longitude.toFixed(5)}`,
    'visit-address',
  );
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const title of ['Stop', 'Orders', 'Window', 'Arrives', 'Load after'])
    add(head, 'th', title).setAttribute('scope', 'col');
  const body = table.createTBody();
  for (const stop of visit.stops) {
    const row = body.insertRow();
    add(row, 'td', `${stop.stopNumber} ${stop.type}`);
    add(row, 'td', stop.orderExternalIds.join(', '));
    add(row, 'td', stop.windowOpen || stop.windowClose ? `${hhmm(stop.windowOpen)}–${hhmm(stop.windowClose)}` : 'none');
    add(row, 'td', stop.arrival.slice(11, 16));
    add(row, 'td', `${Math.round(stop.load.pounds).toLocaleString()} lb`);
  }
  root.appendChild(table);
  return root;
}

function numberedIcon(route: MapRoute, visit: MapVisit, dimmed: boolean) {
  const type = visit.stops.every((s) => s.type === 'pickup') ? 'pickup' : 'dropoff';
  const many = visit.stops.length > 1 ? `<sup>${visit.stops.length}</sup>` : '';
  return divIcon({
    className: `stop-pin stop-pin-${type}${dimmed ? ' stop-pin-dimmed' : ''}`,
    html: `<span style="--pin:${route.color}">${visit.number}${many}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

const unassignedIcon = divIcon({
  className: 'unassigned-pin',
  html: '<span>!</span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

const depotIcon = divIcon({ className: 'depot-pin', html: '<span>D</span>', iconSize: [24, 24], iconAnchor: [12, 12] });

function routePath(route: MapRoute): LatLngTuple[] {
  return [
    ...(route.start ? [[route.start.latitude, route.start.longitude] as LatLngTuple] : []),
    ...route.visits.map((v): LatLngTuple => [v.latitude, v.longitude]),
    ...(route.end ? [[route.end.latitude, route.end.longitude] as LatLngTuple] : []),
  ];
}

const RouteLine = memo(function RouteLine({
  route,
  dimmed,
  onSelect,
}: {
  route: MapRoute;
  dimmed: boolean;
  onSelect: (key: string) => void;
}) {
  const path = useMemo(() => routePath(route), [route]);
  const handlers = useMemo(() => ({ click: () => onSelect(route.key) }), [onSelect, route.key]);
  return (
    <Polyline
      positions={path}
      className="route-line"
      pathOptions={{ color: route.color, weight: dimmed ? 3 : 4, opacity: dimmed ? DIMMED : 0.85 }}
      eventHandlers={handlers}
    >
      <Tooltip sticky>{`Route ${route.index} · ${route.label}`}</Tooltip>
    </Polyline>
  );
});

/**
 * Every visit as a canvas circle when there are many (one pass, no React component each), and as a
 * numbered, keyboard-focusable marker when there are few, when zoomed in far enough (those in view),
 * or when its route is selected. Clicking either opens the visit's popup and selects its route.
 */
function VisitMarkers({
  routes,
  selected,
  onSelect,
  onDrawn,
}: {
  routes: MapRoute[];
  selected: string | null;
  onSelect: (key: string) => void;
  /** Called once every visit has its marker on the map (the benchmark's "map drawn with markers"). */
  onDrawn: () => void;
}) {
  const map = useMap();
  const visitTotal = routes.reduce((n, r) => n + r.visits.length, 0);
  const numberedAll = visitTotal <= NUMBERED_VISIT_LIMIT;
  const [view, setView] = useState(() => ({ zoom: map.getZoom(), bounds: map.getBounds() }));
  useMapEvents({ moveend: () => setView({ zoom: map.getZoom(), bounds: map.getBounds() }) });

  // The circles' own canvas, in a pane above the route lines (the outlines' canvas lies below them).
  const renderer = useMemo(() => {
    if (!map.getPane(VISIT_PANE)) map.createPane(VISIT_PANE).style.zIndex = '450';
    return canvas({ pane: VISIT_PANE, padding: 0.5 });
  }, [map]);

  // Canvas circles: built again only when the routes or the selection change.
  useEffect(() => {
    if (numberedAll) return;
    const group = layerGroup();
    for (const route of routes) {
      const dimmed = selected !== null && selected !== route.key;
      for (const visit of route.visits) {
        const pickup = visit.stops.every((s) => s.type === 'pickup');
        const circle = circleMarker([visit.latitude, visit.longitude], {
          renderer,
          radius: pickup ? 4 : 5,
          color: pickup ? '#222' : '#fff',
          weight: 1.5,
          opacity: dimmed ? DIMMED : 1,
          fillColor: route.color,
          fillOpacity: dimmed ? DIMMED : 1,
        });
        circle.bindPopup(() => visitPopup(route, visit), { maxWidth: 420 });
        circle.on('click', () => onSelect(route.key));
        circle.once('mouseover', () => circle.bindTooltip(visitTitle(route, visit)).openTooltip());
        group.addLayer(circle);
      }
    }
    group.addTo(map);
    onDrawn();
    return () => {
      group.remove();
    };
  }, [map, routes, selected, onSelect, renderer, numberedAll, onDrawn]);

  // Numbered markers: all of them, or the selected route's and (zoomed in) those in view.
  useEffect(() => {
    const group = layerGroup();
    const zoomedIn = view.zoom >= NUMBERED_ZOOM;
    for (const route of routes) {
      const dimmed = selected !== null && selected !== route.key;
      const whole = numberedAll || selected === route.key;
      if (!whole && !zoomedIn) continue;
      for (const visit of route.visits) {
        if (!whole && !view.bounds.contains([visit.latitude, visit.longitude])) continue;
        const title = visitTitle(route, visit);
        const pin = marker([visit.latitude, visit.longitude], {
          icon: numberedIcon(route, visit, dimmed),
          title,
          alt: title,
          keyboard: true,
          zIndexOffset: dimmed ? -1000 : selected === route.key ? 1000 : 0,
        });
        pin.bindPopup(() => visitPopup(route, visit), { maxWidth: 420 });
        pin.on('click', () => onSelect(route.key));
        group.addLayer(pin);
      }
    }
    group.addTo(map);
    if (numberedAll) onDrawn();
    return () => {
      group.remove();
    };
  }, [map, routes, selected, onSelect, numberedAll, view, onDrawn]);
  return null;
}

/**
 * Routes on a map of the US: one colour and number per vehicle, visits numbered in visiting order
 * (pickups square, dropoffs round; a small count when several stops share the place), depots
 * marked "D", fit to the routes, with a scale bar. Selecting a route (legend, line or stop) dims the
 * others. Client-only.
 */
export default function RouteMap({
  routes,
  unassigned,
  selected,
  onSelect,
  tiles,
}: {
  routes: MapRoute[];
  unassigned: readonly UnassignedPlace[];
  selected: string | null;
  onSelect: (key: string) => void;
  tiles: MapTiles | null;
}) {
  const layers = useUsBoundaries();
  const [markersDrawn, setMarkersDrawn] = useState(false);
  const markDrawn = useCallback(() => setMarkersDrawn(true), []);
  // Route lines stay SVG (each selectable); the outlines go on one canvas below them.
  const renderer = useMemo(() => canvas({ padding: 0.5 }), []);
  const points = useMemo(
    () => [...routes.flatMap(routePath), ...unassigned.map((u): LatLngTuple => [u.latitude, u.longitude])],
    [routes, unassigned],
  );
  const depots = useMemo(() => {
    const seen = new Map<string, MapPlace>();
    for (const r of routes)
      for (const place of [r.start, r.end]) if (place) seen.set(`${place.latitude},${place.longitude}`, place);
    return [...seen.values()];
  }, [routes]);
  const stopCount = routes.reduce((n, r) => n + r.visits.reduce((m, v) => m + v.stops.length, 0), 0);
  const visitCount = routes.reduce((n, r) => n + r.visits.length, 0);
  return (
    <div
      data-testid="route-map"
      className="route-map-frame"
      data-routes={routes.length}
      data-stops={stopCount}
      data-visits={visitCount}
      data-selected={selected ?? ''}
      data-base-map={layers ? 'ready' : 'loading'}
      data-tiles={tiles ? 'street' : 'none'}
      data-markers={markersDrawn ? 'drawn' : 'pending'}
    >
      <MapContainer
        className="tour-map"
        center={points[0] ?? [39.5, -98.35]}
        zoom={points.length > 0 ? 11 : 4}
        scrollWheelZoom
      >
        {layers ? <BaseMap layers={layers} renderer={renderer} /> : null}
        {tiles ? <TileLayer url={tiles.url} attribution={tiles.attribution} /> : null}
        <ScaleControl position="bottomleft" imperial metric />
        <FitBounds points={points} />
        {routes.map((route) => (
          <RouteLine
            key={route.key}
            route={route}
            dimmed={selected !== null && selected !== route.key}
            onSelect={onSelect}
          />
        ))}
        <VisitMarkers routes={routes} selected={selected} onSelect={onSelect} onDrawn={markDrawn} />
        {unassigned.map((order) => (
          <Marker
            key={`unassigned-${order.externalId}`}
            position={[order.latitude, order.longitude]}
            icon={unassignedIcon}
            title={order.label}
            alt={order.label}
          >
            <Popup>{order.label}</Popup>
          </Marker>
        ))}
        {depots.map((depot) => (
          <Marker
            key={`${depot.latitude},${depot.longitude}`}
            position={[depot.latitude, depot.longitude]}
            icon={depotIcon}
            title={depot.label}
            alt={depot.label}
          />
        ))}
      </MapContainer>
    </div>
  );
}
