'use client';

import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { localTime } from './date-picker';
import { displayRoutes, type DisplayedItinerary } from './itinerary-display';
import { RouteTimeline, visitCount } from './route-timeline';

const RouteMap = dynamic(() => import('./route-map'), {
  ssr: false,
  loading: () => <div className="tour-map tour-map-loading">Loading map…</div>,
});

/** Itineraries (planned or booked) on the map with a legend, and their timeline below. */
export function RoutesPanel({ itineraries }: { itineraries: readonly DisplayedItinerary[] }) {
  const routes = useMemo(() => displayRoutes(itineraries), [itineraries]);
  if (routes.map.length === 0) return <p className="muted">No vehicle has a stop.</p>;
  return (
    <>
      <div className="tours">
        <RouteMap routes={routes.map} />
        <ul className="legend" data-testid="route-legend" aria-label="Vehicles">
          {routes.timeline.map((route) => (
            <li key={route.key} data-testid="route-legend-item">
              <span className="swatch" style={{ background: route.color }} aria-hidden="true" />
              <span>
                <strong>{route.label}</strong>
                <br />
                <span className="muted">
                  {localTime(route.routeStart)}–{localTime(route.routeEnd)} · {visitCount(route.stops)} stops
                </span>
              </span>
            </li>
          ))}
          <li className="legend-key muted">
            <span className="stop-pin stop-pin-pickup legend-pin" aria-hidden="true">
              <span>1</span>
            </span>
            pickup
            <span className="stop-pin stop-pin-dropoff legend-pin" aria-hidden="true">
              <span>2</span>
            </span>
            dropoff
            <span className="depot-pin legend-pin" aria-hidden="true">
              <span>D</span>
            </span>
            depot
          </li>
        </ul>
      </div>
      <section className="panel" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <RouteTimeline routes={routes.timeline} />
      </section>
    </>
  );
}
