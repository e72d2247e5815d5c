'use client';

import dynamic from 'next/dynamic';
import { useCallback, useMemo, useState } from 'react';
import { localTime } from './date-picker';
import { displayRoutes, type DisplayedItinerary, type UnassignedPlace } from './itinerary-display';
import { useMapTiles } from './map-tiles';
import { RouteTimeline, stopsText } from './route-timeline';

const RouteMap = dynamic(() => import('./route-map'), {
  ssr: false,
  loading: () => <div className="tour-map tour-map-loading">Loading map…</div>,
});

/**
 * Itineraries (planned or booked) on the map with a legend, and their timeline below. A legend entry,
 * a route line or a stop selects that route: the map dims the others; selecting it again shows all.
 */
export function RoutesPanel({
  itineraries,
  unassigned = [],
}: {
  itineraries: readonly DisplayedItinerary[];
  unassigned?: readonly UnassignedPlace[];
}) {
  const routes = useMemo(() => displayRoutes(itineraries), [itineraries]);
  const tiles = useMapTiles();
  const [selected, setSelected] = useState<string | null>(null);
  const select = useCallback((key: string) => setSelected(key), []);
  if (routes.map.length === 0) return <p className="muted">No vehicle has a stop.</p>;
  const selectedRoute = routes.map.find((r) => r.key === selected);
  return (
    <>
      <div className="tours">
        <RouteMap
          routes={routes.map}
          unassigned={unassigned}
          selected={selectedRoute ? selected : null}
          onSelect={select}
          tiles={tiles}
        />
        <div className="legend-panel">
          <p className="legend-status muted" aria-live="polite" data-testid="route-selection">
            {selectedRoute
              ? `Showing route ${selectedRoute.index} (${selectedRoute.label}); the others are dimmed.`
              : `${routes.map.length} routes. Select one to isolate it.`}
          </p>
          {selectedRoute ? (
            <button type="button" className="link" onClick={() => setSelected(null)}>
              Show all routes
            </button>
          ) : null}
          <ul className="legend" data-testid="route-legend" aria-label="Vehicles">
            {routes.timeline.map((route, i) => {
              const key = routes.map[i]!.key;
              const isSelected = selected === key;
              return (
                <li
                  key={route.key}
                  data-testid="route-legend-item"
                  className={selectedRoute && !isSelected ? 'legend-dimmed' : undefined}
                >
                  <button
                    type="button"
                    className="legend-route"
                    aria-pressed={isSelected}
                    onClick={() => setSelected(isSelected ? null : key)}
                  >
                    <span className="swatch route-number" style={{ background: route.color }} aria-hidden="true">
                      {i + 1}
                    </span>
                    <span>
                      <strong>{route.label}</strong>
                      <br />
                      <span className="muted">
                        {localTime(route.routeStart)}–{localTime(route.routeEnd)} · {stopsText(route.stops)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
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
              {unassigned.length > 0 ? (
                <>
                  <span className="unassigned-pin legend-pin" aria-hidden="true">
                    <span>!</span>
                  </span>
                  unassigned
                </>
              ) : null}
            </li>
          </ul>
        </div>
      </div>
      <section className="panel" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <RouteTimeline routes={routes.timeline} />
      </section>
    </>
  );
}
