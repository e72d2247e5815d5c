'use client';

import 'leaflet/dist/leaflet.css';
import { canvas, circleMarker, divIcon, latLngBounds, layerGroup, type LatLngTuple, type Renderer } from 'leaflet';
import type { FeatureCollection, GeoJsonObject, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { memo, useEffect, useMemo, useState } from 'react';
import { GeoJSON, MapContainer, Marker, Polyline, ScaleControl, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { NUMBERED_MARKER_LIMIT, type MapPlace, type MapRoute, type MapStop } from './itinerary-display';

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
        land: feature(topology, topology.objects.nation) as FeatureCollection,
        states: mesh(topology, topology.objects.states, (a, b) => a !== b),
        counties: mesh(topology, topology.objects.counties, (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2)),
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
      <GeoJSON data={layers.land as GeoJsonObject} interactive={false} {...onCanvas} style={{ stroke: false, fillColor: '#f4f1ea', fillOpacity: 1 }} />
      <GeoJSON data={layers.counties as GeoJsonObject} interactive={false} {...onCanvas} style={{ color: '#c9c4b8', weight: 0.6, fill: false }} />
      <GeoJSON data={layers.states as GeoJsonObject} interactive={false} {...onCanvas} style={{ color: '#8d877a', weight: 1.4, fill: false }} />
    </>
  );
});

/** Tiles are optional: NEXT_PUBLIC_MAP_TILE_URL adds them over the bundled outlines when there is a network. */
const tileUrl = process.env.NEXT_PUBLIC_MAP_TILE_URL;

function stopTitle(route: MapRoute, stop: MapStop): string {
  return `${route.label} · stop ${stop.stopNumber} · ${stop.type} ${stop.orderExternalIds.join(', ')} · ${stop.arrival.slice(11, 16)}–${stop.departure.slice(11, 16)}`;
}

function numberedIcon(stop: MapStop, color: string) {
  return divIcon({
    className: `stop-pin stop-pin-${stop.type}`,
    html: `<span style="--pin:${color}">${stop.stopNumber}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

const depotIcon = divIcon({ className: 'depot-pin', html: '<span>D</span>', iconSize: [24, 24], iconAnchor: [12, 12] });

const RouteLayer = memo(function RouteLayer({ route, numbered }: { route: MapRoute; numbered: boolean }) {
  const path: LatLngTuple[] = [
    ...(route.start ? [[route.start.latitude, route.start.longitude] as LatLngTuple] : []),
    ...route.stops.map((s): LatLngTuple => [s.latitude, s.longitude]),
    ...(route.end ? [[route.end.latitude, route.end.longitude] as LatLngTuple] : []),
  ];
  return (
    <>
      <Polyline positions={path} className="route-line" pathOptions={{ color: route.color, weight: 4, opacity: 0.85 }}>
        <Tooltip sticky>{route.label}</Tooltip>
      </Polyline>
      {numbered
        ? route.stops.map((stop) => (
            <Marker
              key={stop.stopNumber}
              position={[stop.latitude, stop.longitude]}
              icon={numberedIcon(stop, route.color)}
              title={stopTitle(route, stop)}
              alt={stopTitle(route, stop)}
            />
          ))
        : null}
    </>
  );
});

/**
 * Many stops as plain canvas circles (pickups ringed dark, dropoffs ringed white), made in one pass
 * without a React component each; a stop's tooltip is bound when the pointer first reaches it.
 */
function CanvasStops({ routes, renderer }: { routes: MapRoute[]; renderer: Renderer }) {
  const map = useMap();
  useEffect(() => {
    const group = layerGroup();
    for (const route of routes) {
      for (const stop of route.stops) {
        const marker = circleMarker([stop.latitude, stop.longitude], {
          renderer,
          radius: stop.type === 'pickup' ? 4 : 5,
          color: stop.type === 'pickup' ? '#222' : '#fff',
          weight: 1.5,
          fillColor: route.color,
          fillOpacity: 1,
        });
        marker.once('mouseover', () => marker.bindTooltip(stopTitle(route, stop)).openTooltip());
        group.addLayer(marker);
      }
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, routes, renderer]);
  return null;
}

/**
 * Routes on a map of the US: one colour per vehicle, stops numbered in visiting order (pickups
 * square, dropoffs round), depots marked "D", fit to the routes, with a scale bar. Client-only.
 */
export default function RouteMap({ routes }: { routes: MapRoute[] }) {
  const layers = useUsBoundaries();
  // Route lines stay SVG (a handful, each selectable); outlines and large stop sets go on one canvas.
  const renderer = useMemo(() => canvas({ padding: 0.5 }), []);
  const points = useMemo(
    () =>
      routes.flatMap((r) => [
        ...(r.start ? [[r.start.latitude, r.start.longitude] as LatLngTuple] : []),
        ...r.stops.map((s): LatLngTuple => [s.latitude, s.longitude]),
        ...(r.end ? [[r.end.latitude, r.end.longitude] as LatLngTuple] : []),
      ]),
    [routes],
  );
  const depots = useMemo(() => {
    const seen = new Map<string, MapPlace>();
    for (const r of routes) for (const place of [r.start, r.end]) if (place) seen.set(`${place.latitude},${place.longitude}`, place);
    return [...seen.values()];
  }, [routes]);
  const stopCount = routes.reduce((n, r) => n + r.stops.length, 0);
  const numbered = stopCount <= NUMBERED_MARKER_LIMIT;
  return (
    <div data-testid="route-map" className="route-map-frame" data-routes={routes.length} data-stops={stopCount} data-base-map={layers ? 'ready' : 'loading'}>
      <MapContainer className="tour-map" center={points[0] ?? [39.5, -98.35]} zoom={points.length > 0 ? 11 : 4} scrollWheelZoom>
        {layers ? <BaseMap layers={layers} renderer={renderer} /> : null}
        {tileUrl ? <TileLayer url={tileUrl} attribution={process.env.NEXT_PUBLIC_MAP_TILE_ATTRIBUTION ?? ''} /> : null}
        <ScaleControl position="bottomleft" imperial metric />
        <FitBounds points={points} />
        {routes.map((route) => (
          <RouteLayer key={route.key} route={route} numbered={numbered} />
        ))}
        {numbered ? null : <CanvasStops routes={routes} renderer={renderer} />}
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
