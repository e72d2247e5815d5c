'use client';

import { localTime } from './date-picker';

/** A stop as the timeline draws it (ISO 8601 times with the stop's UTC offset). */
export interface TimelineStop {
  /** null for a driver break. */
  stopNumber: number | null;
  type: 'pickup' | 'dropoff' | 'break';
  orderExternalIds: string[];
  arrival: string;
  departure: string;
  waitSeconds: number;
  windowOpen: string | null;
  windowClose: string | null;
  /** A visit of several back-to-back stops at one place: those stops (this entry spans them all). */
  members?: TimelineStop[];
}

export interface TimelineRoute {
  key: string;
  label: string;
  color: string;
  routeStart: string;
  routeEnd: string;
  stops: TimelineStop[];
}

/** Service starting this close to its window's close is flagged: a small delay makes it late. */
const LATE_RISK_SECONDS = 15 * 60;

const epoch = (iso: string) => Date.parse(iso);

function lateRisk(stop: TimelineStop): boolean {
  if (stop.members) return stop.members.some(lateRisk);
  if (!stop.windowClose) return false;
  const serviceStart = epoch(stop.arrival) + stop.waitSeconds * 1000;
  return epoch(stop.windowClose) - serviceStart < LATE_RISK_SECONDS * 1000;
}

/** Visits (back-to-back stops at one place count once), not driver breaks. */
const visitCount = (stops: readonly TimelineStop[]): number => stops.filter((stop) => stop.type !== 'break').length;

/** "6 stops", or "6 stops at 4 places" when some share a visit. */
export function stopsText(stops: readonly TimelineStop[]): string {
  const visits = visitCount(stops);
  const all = stops.reduce((n, stop) => n + (stop.type === 'break' ? 0 : (stop.members?.length ?? 1)), 0);
  return all === visits ? `${all} stops` : `${all} stops at ${visits} places`;
}

function describe(stop: TimelineStop): string {
  if (stop.type === 'break') {
    const wait = stop.waitSeconds > 0 ? `, after waiting ${Math.round(stop.waitSeconds / 60)} min for its window` : '';
    return `Driver break ${localTime(new Date(epoch(stop.arrival) + stop.waitSeconds * 1000).toISOString())}–${localTime(stop.departure)}${wait}`;
  }
  const window =
    stop.windowOpen || stop.windowClose
      ? `window ${stop.windowOpen ? localTime(stop.windowOpen) : 'open'}–${stop.windowClose ? localTime(stop.windowClose) : 'open'}`
      : 'no window';
  const wait = stop.waitSeconds > 0 ? `, waits ${Math.round(stop.waitSeconds / 60)} min` : '';
  const risk = lateRisk(stop) ? ', late risk' : '';
  if (stop.members && stop.members.length > 1) {
    const types = [...new Set(stop.members.map((m) => m.type))].join(' and ');
    return `Stops ${stop.stopNumber}–${stop.members.at(-1)?.stopNumber} at one place, ${types} ${stop.orderExternalIds.join(', ')}: arrives ${localTime(stop.arrival)}, leaves ${localTime(stop.departure)}${wait}${risk}`;
  }
  return `Stop ${stop.stopNumber} ${stop.type} ${stop.orderExternalIds.join(', ')}: arrives ${localTime(stop.arrival)}, leaves ${localTime(stop.departure)}, ${window}${wait}${risk}`;
}

/**
 * One row per vehicle against a shared clock: each stop's time window (pale band), the wait before
 * it opens (hatched), the service (solid, numbered), and stops at risk of being late (outlined red).
 */
export function RouteTimeline({ routes }: { routes: TimelineRoute[] }) {
  if (routes.length === 0) return null;
  const from = Math.min(...routes.map((r) => epoch(r.routeStart)));
  const to = Math.max(...routes.map((r) => epoch(r.routeEnd)), from + 3_600_000);
  const span = to - from;
  const x = (iso: string) => `${(((epoch(iso) - from) / span) * 100).toFixed(3)}%`;
  const width = (a: number, b: number) => `${Math.max(0.15, ((b - a) / span) * 100).toFixed(3)}%`;
  const hours: number[] = [];
  for (let h = Math.ceil(from / 3_600_000) * 3_600_000; h <= to; h += 3_600_000) hours.push(h);
  const offsetOf = routes[0]?.routeStart.slice(19) ?? '';
  const hourLabel = (ms: number) => {
    // Labels in the routes' own offset (as the itineraries are written), not the browser's zone.
    const match = /^([+-])(\d{2}):(\d{2})$/.exec(offsetOf);
    const offsetMs = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
    return new Date(ms + offsetMs).toISOString().slice(11, 16);
  };
  return (
    <div className="timeline" data-testid="route-timeline">
      <div className="timeline-axis" aria-hidden="true">
        {hours.map((h) => (
          <span key={h} style={{ left: `${(((h - from) / span) * 100).toFixed(3)}%` }}>
            {hourLabel(h)}
          </span>
        ))}
      </div>
      <ul className="timeline-rows" aria-label="Timeline per vehicle">
        {routes.map((route) => {
          const risky = route.stops.filter((stop) => stop.type !== 'break' && lateRisk(stop)).length;
          const waits = route.stops.reduce((n, s) => n + s.waitSeconds, 0);
          return (
            <li key={route.key} className="timeline-row" data-testid="timeline-row">
              <div className="timeline-label">
                <span className="swatch" style={{ background: route.color }} aria-hidden="true" />
                <span>
                  <strong>{route.label}</strong>
                  <br />
                  <span className="muted">
                    {localTime(route.routeStart)}–{localTime(route.routeEnd)} · {stopsText(route.stops)}
                    {waits >= 60 ? ` · waits ${Math.round(waits / 60)} min` : ''}
                    {risky > 0 ? ` · ${risky} at late risk` : ''}
                  </span>
                </span>
              </div>
              <div className="timeline-track">
                <span
                  className="timeline-shift"
                  style={{ left: x(route.routeStart), width: width(epoch(route.routeStart), epoch(route.routeEnd)) }}
                />
                {route.stops.map((stop, index) => {
                  const arrival = epoch(stop.arrival);
                  const serviceStart = arrival + stop.waitSeconds * 1000;
                  const open = stop.windowOpen ? epoch(stop.windowOpen) : null;
                  const close = stop.windowClose ? epoch(stop.windowClose) : null;
                  return (
                    <span key={stop.stopNumber ?? `break-${index}`}>
                      {stop.type !== 'break' &&
                        (open !== null || close !== null ? (
                          <span
                            className="timeline-window"
                            style={{
                              left: x(new Date(Math.max(from, open ?? from)).toISOString()),
                              width: width(Math.max(from, open ?? from), Math.min(to, close ?? to)),
                            }}
                          />
                        ) : null)}
                      {stop.waitSeconds > 0 ? (
                        <span
                          className="timeline-wait"
                          style={{ left: x(stop.arrival), width: width(arrival, serviceStart) }}
                        />
                      ) : null}
                      <span
                        className={`timeline-stop timeline-stop-${stop.type}${stop.type !== 'break' && lateRisk(stop) ? ' timeline-late-risk' : ''}`}
                        style={{
                          left: x(new Date(serviceStart).toISOString()),
                          width: width(serviceStart, epoch(stop.departure)),
                          ...(stop.type === 'break' ? {} : { background: route.color }),
                        }}
                        title={describe(stop)}
                        data-testid="timeline-stop"
                      >
                        <span className="sr-only">{describe(stop)}</span>
                      </span>
                    </span>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="timeline-key muted">
        <span className="key-window" aria-hidden="true" /> time window (line under the stops){' '}
        <span className="key-wait" aria-hidden="true" /> waiting <span className="key-stop" aria-hidden="true" />{' '}
        service <span className="key-break" aria-hidden="true" /> driver break{' '}
        <span className="key-risk" aria-hidden="true" /> starts within {LATE_RISK_SECONDS / 60} min of its window’s
        close
      </p>
    </div>
  );
}
