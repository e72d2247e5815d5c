'use client';

import 'leaflet/dist/leaflet.css';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';

/** What the map draws: one tour per itinerary, its stops in order. Client-only (Leaflet needs `window`). */
export interface MapTour {
  id: number;
  externalId: string;
  color: string;
  stops: { stopNumber: number; type: string; latitude: number; longitude: number; arrival: string; departure: string }[];
}

function FitBounds({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length > 0) map.fitBounds(latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
  }, [map, points]);
  return null;
}

/** Tiles are optional: without NEXT_PUBLIC_MAP_TILE_URL (or offline) the map shows only the tours. */
const tileUrl = process.env.NEXT_PUBLIC_MAP_TILE_URL;

export default function ToursMap({ tours }: { tours: MapTour[] }) {
  const points = useMemo(() => tours.flatMap((t) => t.stops.map((s): LatLngTuple => [s.latitude, s.longitude])), [tours]);
  return (
    <div data-testid="tour-map">
      <MapContainer className="tour-map" center={points[0] ?? [39.5, -98.35]} zoom={points.length > 0 ? 11 : 4} scrollWheelZoom>
        {tileUrl ? <TileLayer url={tileUrl} attribution={process.env.NEXT_PUBLIC_MAP_TILE_ATTRIBUTION ?? ''} /> : null}
        <FitBounds points={points} />
        {tours.map((tour) => (
          <Polyline
            key={`line-${tour.id}`}
            positions={tour.stops.map((s): LatLngTuple => [s.latitude, s.longitude])}
            className={`tour-line tour-line-${tour.id}`}
            pathOptions={{ color: tour.color, weight: 4, opacity: 0.85 }}
          >
            <Tooltip sticky>{tour.externalId}</Tooltip>
          </Polyline>
        ))}
        {tours.flatMap((tour) =>
          tour.stops.map((stop) => (
            <CircleMarker
              key={`stop-${tour.id}-${stop.stopNumber}`}
              center={[stop.latitude, stop.longitude]}
              radius={7}
              className={`tour-stop tour-stop-${tour.id}`}
              pathOptions={{ color: '#ffffff', weight: 2, fillColor: tour.color, fillOpacity: 1 }}
            >
              <Tooltip>
                {tour.externalId} · stop {stop.stopNumber} · {stop.type} · {stop.arrival.slice(11, 16)}–{stop.departure.slice(11, 16)}
              </Tooltip>
            </CircleMarker>
          )),
        )}
      </MapContainer>
    </div>
  );
}
