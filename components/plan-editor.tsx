'use client';

import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import type { RouterInputs, RouterOutputs } from '@/server/api';

type Plan = NonNullable<RouterOutputs['routingJobs']['get']['plan']>;
export type FixedRoutes = NonNullable<RouterInputs['routingJobs']['book']['routes']>;
export type EditProblems = RouterOutputs['routingJobs']['evaluateEdit']['problems'];
type StopRef = FixedRoutes[number]['stops'][number];

/** The plan's routes as (order, type) pairs per vehicle, in visiting order. */
export function routesOf(plan: Plan): FixedRoutes {
  return plan.itineraries.map(({ fleetIndex, itinerary }) => ({
    fleetIndex,
    stops: itinerary.itineraryStops.flatMap((stop) =>
      stop.type === 'break'
        ? []
        : stop.orderExternalIds.map((orderExternalId) => ({ orderExternalId, type: stop.type as StopRef['type'] })),
    ),
  }));
}

/** Orders and vehicles that have stops in `routes`. */
export function countsOf(routes: FixedRoutes): { vans: number; orders: number } {
  return {
    vans: routes.filter((r) => r.stops.length > 0).length,
    orders: new Set(routes.flatMap((r) => r.stops.map((s) => s.orderExternalId))).size,
  };
}

/** A modal dialog (the browser's own: focus kept inside, Escape closes) with a heading. */
function Dialog({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={headingId} onClose={onClose} data-testid={testId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** Moves `order` (all its stops) to `fleetIndex`, its pickup before `pickupAt` and its dropoff before `dropoffAt` (indexes into the route without it). */
function moveOrder(
  routes: FixedRoutes,
  order: string,
  fleetIndex: number,
  pickupAt: number,
  dropoffAt: number,
): FixedRoutes {
  const types = routes.flatMap((r) => r.stops.filter((s) => s.orderExternalId === order).map((s) => s.type));
  return routes.map((route) => {
    const stops = route.stops.filter((s) => s.orderExternalId !== order);
    if (route.fleetIndex !== fleetIndex) return { ...route, stops };
    if (types.includes('dropoff')) stops.splice(dropoffAt, 0, { orderExternalId: order, type: 'dropoff' });
    if (types.includes('pickup')) stops.splice(pickupAt, 0, { orderExternalId: order, type: 'pickup' });
    return { ...route, stops };
  });
}

/** A select with its own label element (the label names the field only, not the chosen option). */
function SelectField({ label, children, ...props }: { label: string } & ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className="dialog-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...props}>
        {children}
      </select>
    </div>
  );
}

const positionLabel = (stop: StopRef, k: number) => `Before stop ${k + 1} (${stop.type} ${stop.orderExternalId})`;

/**
 * Moving one order to another vehicle or position, by keyboard: the order, the vehicle, and where
 * its pickup and dropoff go among that vehicle's other stops.
 */
export function MoveDialog({
  routes,
  routeNames,
  onMove,
  onClose,
}: {
  routes: FixedRoutes;
  routeNames: ReadonlyMap<number, string>;
  onMove: (routes: FixedRoutes) => void;
  onClose: () => void;
}) {
  const orders = [...new Set(routes.flatMap((r) => r.stops.map((s) => s.orderExternalId)))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const [order, setOrder] = useState(orders[0] ?? '');
  const current = routes.find((r) => r.stops.some((s) => s.orderExternalId === order));
  const [fleetIndex, setFleetIndex] = useState(current?.fleetIndex ?? routes[0]?.fleetIndex ?? 0);
  const target = routes.find((r) => r.fleetIndex === fleetIndex);
  const others = (target?.stops ?? []).filter((s) => s.orderExternalId !== order);
  const types = current?.stops.filter((s) => s.orderExternalId === order).map((s) => s.type) ?? [];
  const [pickupAt, setPickupAt] = useState(0);
  const [dropoffAt, setDropoffAt] = useState(others.length);
  const [error, setError] = useState<string | null>(null);
  const clampedPickup = Math.min(pickupAt, others.length);
  const clampedDropoff = Math.min(dropoffAt, others.length);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (types.includes('pickup') && types.includes('dropoff') && clampedDropoff < clampedPickup) {
      setError('The dropoff must come after the pickup.');
      return;
    }
    onMove(moveOrder(routes, order, fleetIndex, clampedPickup, clampedDropoff));
  };
  const positions = (
    <>
      {others.map((stop, k) => (
        <option key={`${stop.orderExternalId}-${stop.type}`} value={k}>
          {positionLabel(stop, k)}
        </option>
      ))}
      <option value={others.length}>At the end</option>
    </>
  );
  return (
    <Dialog title="Move an order" onClose={onClose} testId="move-dialog">
      <form className="form dialog-form" onSubmit={submit}>
        <SelectField
          label="Order"
          value={order}
          onChange={(e) => {
            setOrder(e.target.value);
            setError(null);
          }}
        >
          {orders.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </SelectField>
        <p className="muted" data-testid="move-current">
          Now on {current ? (routeNames.get(current.fleetIndex) ?? `vehicle ${current.fleetIndex + 1}`) : '–'}.
        </p>
        <SelectField
          label="Vehicle"
          value={fleetIndex}
          onChange={(e) => {
            setFleetIndex(Number(e.target.value));
            setPickupAt(0);
            setDropoffAt(Number.MAX_SAFE_INTEGER);
          }}
        >
          {routes.map((r) => (
            <option key={r.fleetIndex} value={r.fleetIndex}>
              {routeNames.get(r.fleetIndex) ?? `Vehicle ${r.fleetIndex + 1}`}
            </option>
          ))}
        </SelectField>
        {types.includes('pickup') ? (
          <SelectField label="Pickup" value={clampedPickup} onChange={(e) => setPickupAt(Number(e.target.value))}>
            {positions}
          </SelectField>
        ) : null}
        {types.includes('dropoff') ? (
          <SelectField label="Dropoff" value={clampedDropoff} onChange={(e) => setDropoffAt(Number(e.target.value))}>
            {positions}
          </SelectField>
        ) : null}
        {error ? (
          <p className="alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="submit">Move</button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Booking confirmation: what is written where (environment, vehicles, orders) before anything is. */
export function BookDialog({
  environment,
  vans,
  orders,
  edited,
  onConfirm,
  onClose,
}: {
  environment: 'live' | 'sandbox';
  vans: number;
  orders: number;
  edited: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={`Book this ${edited ? 'edited ' : ''}plan in ${environment}?`}
      onClose={onClose}
      testId="book-dialog"
    >
      <p data-testid="book-summary">
        This writes {vans} {vans === 1 ? 'itinerary' : 'itineraries'} with {orders} {orders === 1 ? 'order' : 'orders'}{' '}
        to the <strong>{environment}</strong> environment, stop for stop as shown.
        {environment === 'live' ? ' Drivers and booking see them at once.' : ''}
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={onConfirm}>
          Book {vans} {vans === 1 ? 'van' : 'vans'} ({environment})
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** What the edited plan breaks, named per stop; booking waits until it is empty. */
export function EditProblems({ problems }: { problems: EditProblems }) {
  if (problems.length === 0) return null;
  return (
    <div className="alert" role="alert" data-testid="edit-problems">
      <p>
        <strong>
          The edited plan breaks {problems.length} {problems.length === 1 ? 'constraint' : 'constraints'}; it cannot be
          booked until the stops are moved back or elsewhere.
        </strong>
      </p>
      <ul>
        {problems.map((problem, i) => (
          <li key={i} data-testid="edit-problem" data-kind={problem.kind}>
            {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
