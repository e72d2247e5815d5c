'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { RouterOutputs } from '@/server/api';
import { dateTime, formatDuration, formatMiles, localTime } from './date-picker';
import { ItineraryChanges } from './itinerary-changes';
import { BookDialog, countsOf, EditProblems, MoveDialog, routesOf, type FixedRoutes } from './plan-editor';
import type { DisplayedItinerary } from './itinerary-display';
import { useTRPC } from './providers';
import { RoutesPanel } from './routes-panel';
import { StatusBadge } from './routing-jobs-view';

type JobDetail = RouterOutputs['routingJobs']['get'];
type Unassigned = NonNullable<JobDetail['plan']>['unassigned'];
type Summary = NonNullable<JobDetail['plan']>['summary'];
type UnassignedOrderDetail = JobDetail['unassignedOrders'][number];

function Progress({ detail }: { detail: JobDetail }) {
  const { job } = detail;
  const progress = job.progress;
  const elapsedMs = job.runningForMs ?? 0;
  return (
    <section className="panel" aria-labelledby="progress-heading" data-testid="job-progress">
      <h2 id="progress-heading">Solving…</h2>
      <dl className="stats" aria-live="polite">
        <div>
          <dt>Elapsed</dt>
          <dd data-testid="progress-elapsed">
            {job.runningForMs !== null
              ? `${(elapsedMs / 1000).toFixed(1)} s of ${(detail.timeLimitMs / 1000).toFixed(0)} s`
              : 'waiting for a solver thread'}
          </dd>
        </div>
        <div>
          <dt>Best cost so far</dt>
          <dd data-testid="progress-cost">{progress ? Math.round(progress.cost).toLocaleString() : '–'}</dd>
        </div>
        <div>
          <dt>Served so far</dt>
          <dd data-testid="progress-served">
            {progress ? `${progress.shipments - progress.unassigned} of ${progress.shipments}` : '–'}
          </dd>
        </div>
        <div>
          <dt>Vehicles</dt>
          <dd>{progress ? progress.vehicles : '–'}</dd>
        </div>
        <div>
          <dt>Iterations</dt>
          <dd data-testid="progress-iterations">{progress ? progress.iterations.toLocaleString() : '–'}</dd>
        </div>
      </dl>
      <progress
        max={detail.timeLimitMs}
        value={Math.min(detail.timeLimitMs, elapsedMs)}
        aria-label="Time used of the solver's limit"
      />
    </section>
  );
}

function Totals({ summary }: { summary: Summary }) {
  return (
    <dl className="stats" data-testid="job-totals">
      <div>
        <dt>Vehicles</dt>
        <dd>{summary.vehiclesUsed}</dd>
      </div>
      <div>
        <dt>Served</dt>
        <dd>{summary.ordersServed}</dd>
      </div>
      <div>
        <dt>Unassigned</dt>
        <dd>{summary.ordersUnassigned}</dd>
      </div>
      <div>
        <dt>Distance</dt>
        <dd>{formatMiles(summary.distanceMeters)}</dd>
      </div>
      <div>
        <dt>Duration</dt>
        <dd>{formatDuration(summary.durationSeconds)}</dd>
      </div>
    </dl>
  );
}

/** Each reason code in a few words; the reason's own description gives the limiting fact. */
const REASON_IN_WORDS: Record<Unassigned[number]['reasons'][number]['code'], string> = {
  NO_VEHICLE_WITH_SKILLS: 'No vehicle has the skills it needs',
  EXCEEDS_VEHICLE_CAPACITY: 'Too heavy or too large for every vehicle',
  TIME_WINDOW_UNREACHABLE: 'Its time window cannot be reached',
  INVALID_TIME_WINDOW: 'Its time window closes before it opens',
  OUTSIDE_SHIFT: 'Its window is outside every shift',
  ADDRESS_NOT_RESOLVED: 'Its address could not be found',
  LOCKED_STOP_CONFLICT: 'It conflicts with locked stops',
  INSUFFICIENT_FLEET: 'No room left in the fleet',
};

const windowText = (open: string | null, close: string | null) =>
  open || close ? `${open ? localTime(open) : 'open'}–${close ? localTime(close) : 'open'}` : 'any time';

/** "Apply fix and re-plan": the plan's request with the order's checked fix, planned again as a new job. */
function ApplyFixButton({ jobId, orderExternalId }: { jobId: string; orderExternalId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const replan = useMutation(
    trpc.routingJobs.replanWithFix.mutationOptions({
      onSuccess: ({ jobId: id }) => router.push(`/console/jobs/${id}`),
    }),
  );
  return (
    <>
      <button
        type="button"
        className="secondary small"
        onClick={() => replan.mutate({ jobId, orderExternalId })}
        disabled={replan.isPending}
      >
        {replan.isPending ? 'Re-planning…' : 'Apply fix and re-plan'}
        <span className="sr-only"> for {orderExternalId}</span>
      </button>
      <RefusalAlert error={replan.error} testId="replan-error" />
    </>
  );
}

/** Unassigned orders as a table: the order, where and when it goes, why it was left out and what would let it in. */
function UnassignedOrders({
  unassigned,
  details,
  jobId,
}: {
  unassigned: Unassigned;
  details: readonly UnassignedOrderDetail[];
  /** A plan's job: its checked fixes can be applied (a new plan); absent for a booking. */
  jobId?: string | undefined;
}) {
  if (unassigned.length === 0) return null;
  const detailOf = new Map(details.map((d) => [d.externalId, d]));
  return (
    <section className="panel" aria-labelledby="unassigned-heading">
      <h2 id="unassigned-heading">Unassigned orders ({unassigned.length})</h2>
      <div className="table-scroll">
        <table className="unassigned-table" data-testid="unassigned-list">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Address</th>
              <th scope="col">Window</th>
              <th scope="col">Why it is unassigned</th>
              <th scope="col">What would let it in</th>
            </tr>
          </thead>
          <tbody>
            {unassigned.map((order) => {
              const detail = detailOf.get(order.externalId);
              return (
                <tr key={order.externalId} data-testid="unassigned-order">
                  <th scope="row">{order.externalId}</th>
                  <td data-label="Address">
                    {detail ? `${detail.side === 'pickup' ? 'Pickup: ' : ''}${detail.address || 'no address'}` : '–'}
                  </td>
                  <td data-label="Window">{detail ? windowText(detail.windowOpen, detail.windowClose) : '–'}</td>
                  <td data-label="Why">
                    {order.reasons.map((reason) => (
                      <p key={reason.code} data-testid="unassigned-reason">
                        <strong>{REASON_IN_WORDS[reason.code]}.</strong> {reason.description}
                      </p>
                    ))}
                  </td>
                  <td data-label="What would let it in">
                    {order.reasons.map((reason) =>
                      reason.fix ? (
                        <p key={reason.code} data-testid="unassigned-fix">
                          {reason.fix.description}
                        </p>
                      ) : null,
                    )}
                    {order.reasons.some((reason) => reason.fix) ? (
                      jobId ? (
                        <ApplyFixButton jobId={jobId} orderExternalId={order.externalId} />
                      ) : null
                    ) : (
                      <p className="muted">No single change found</p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Result({
  itineraries,
  unassigned,
  details,
  summary,
  jobId,
}: {
  itineraries: readonly DisplayedItinerary[];
  unassigned: Unassigned;
  details: readonly UnassignedOrderDetail[];
  summary: Summary;
  jobId?: string;
}) {
  const places = useMemo(
    () =>
      details.flatMap((d) =>
        d.latitude === null || d.longitude === null
          ? []
          : [
              {
                externalId: d.externalId,
                latitude: d.latitude,
                longitude: d.longitude,
                label: `Unassigned ${d.externalId}: ${d.address}, ${windowText(d.windowOpen, d.windowClose)}`,
              },
            ],
      ),
    [details],
  );
  return (
    <>
      <Totals summary={summary} />
      <RoutesPanel itineraries={itineraries} unassigned={places} />
      <UnassignedOrders unassigned={unassigned} details={details} jobId={jobId} />
    </>
  );
}

/** The server's refusal, at the field or order it names. */
function RefusalAlert({
  error,
  testId,
}: {
  error: { message: string; data?: { param?: string | null } | null } | null;
  testId: string;
}) {
  if (!error) return null;
  return (
    <p className="alert" role="alert" data-testid={testId}>
      {error.data?.param ? (
        <>
          At <code data-testid={`${testId}-param`}>{error.data.param}</code>:{' '}
        </>
      ) : null}
      {error.message}
    </p>
  );
}

/**
 * A finished plan: its map, timeline and unassigned orders; moving orders before dispatch (timed
 * by the server with the solver's code), and booking exactly what is shown after a confirmation.
 */
function PlanWorkspace({ detail, plan }: { detail: JobDetail; plan: NonNullable<JobDetail['plan']> }) {
  const trpc = useTRPC();
  const router = useRouter();
  const jobId = detail.job.id;
  const [edited, setEdited] = useState<FixedRoutes | null>(null);
  const [dialog, setDialog] = useState<'move' | 'book' | null>(null);
  const evaluate = useMutation(trpc.routingJobs.evaluateEdit.mutationOptions());
  const book = useMutation(
    trpc.routingJobs.book.mutationOptions({ onSuccess: ({ jobId: id }) => router.push(`/console/jobs/${id}`) }),
  );
  const planned = useMemo(() => routesOf(plan), [plan]);
  const routes = edited ?? planned;
  const shown = edited && evaluate.data ? evaluate.data.plan : plan;
  const problems = edited && evaluate.data ? evaluate.data.problems : [];
  const routeNames = useMemo(
    () => new Map(plan.itineraries.map((p, i) => [p.fleetIndex, `Route ${i + 1}: ${p.itinerary.externalId}`])),
    [plan],
  );
  const counts = countsOf(routes);
  const waiting = edited !== null && (evaluate.isPending || !evaluate.data);
  const move = (next: FixedRoutes) => {
    setDialog(null);
    setEdited(next);
    evaluate.mutate({ jobId, routes: next });
  };
  return (
    <>
      <div className="book-action">
        <button
          type="button"
          onClick={() => setDialog('book')}
          disabled={book.isPending || waiting || problems.length > 0}
        >
          {book.isPending ? 'Booking…' : `Book this ${edited ? 'edited ' : ''}plan (${detail.job.environment})`}
        </button>
        <button type="button" className="secondary" onClick={() => setDialog('move')}>
          Move an order…
        </button>
        {edited ? (
          <button
            type="button"
            className="link"
            onClick={() => {
              setEdited(null);
              evaluate.reset();
            }}
          >
            Undo all edits
          </button>
        ) : null}
        <span className="muted" data-testid="edit-status" aria-live="polite">
          {edited
            ? evaluate.isPending
              ? 'Timing the edited plan…'
              : 'Edited: times, loads and windows below are the edited plan’s.'
            : 'Books these itineraries stop for stop (every stop locked); unassigned orders are not booked.'}
        </span>
      </div>
      <RefusalAlert error={evaluate.error} testId="edit-error" />
      <EditProblems problems={problems} />
      <RefusalAlert error={book.error} testId="book-error" />
      {dialog === 'move' ? (
        <MoveDialog routes={routes} routeNames={routeNames} onMove={move} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'book' ? (
        <BookDialog
          environment={detail.job.environment}
          vans={counts.vans}
          orders={counts.orders}
          edited={edited !== null}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            book.mutate({ jobId, ...(edited ? { routes: edited } : {}) });
          }}
        />
      ) : null}
      <Result
        itineraries={shown.itineraries.map((p) => p.itinerary)}
        unassigned={plan.unassigned}
        details={detail.unassignedOrders}
        summary={{ ...shown.summary, ordersUnassigned: plan.summary.ordersUnassigned }}
        jobId={jobId}
      />
    </>
  );
}

/** One routing job: progress while it solves (updating itself), then its map, timeline, totals and unassigned reasons. */
export function RoutingJobView({ jobId }: { jobId: string }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.routingJobs.get.queryOptions({ jobId }),
    refetchInterval: (q) => (q.state.data?.job.status === 'processing' ? 1000 : false),
  });
  const detail = query.data;
  return (
    <>
      <p className="breadcrumbs">
        <Link href="/console/jobs">Routing jobs</Link> /
      </p>
      <h1>{detail ? detail.job.problemId : 'Routing job'}</h1>
      {query.isPending ? <p className="muted">Loading…</p> : null}
      {query.error ? (
        <p className="alert" role="alert">
          {query.error.message}
        </p>
      ) : null}
      {detail ? (
        <>
          <p className="job-meta" data-testid="job-meta">
            <StatusBadge status={detail.job.status} /> {detail.job.kind} · {detail.job.environment} ·{' '}
            {detail.job.accountName} · created {dateTime(detail.job.createdAt)}
            {detail.job.solveSeconds !== null ? ` · solved in ${detail.job.solveSeconds.toFixed(1)} s` : ''}
          </p>
          {detail.job.status === 'processing' ? <Progress detail={detail} /> : null}
          {detail.error ? (
            <p className="alert" role="alert">
              {detail.error.code}: {detail.error.message}
            </p>
          ) : null}
          {detail.plan ? <PlanWorkspace detail={detail} plan={detail.plan} /> : null}
          {detail.booked ? (
            <>
              {detail.job.kind === 'plan' ? (
                <p className="muted">Preview of an update: what booking it would give; nothing was written.</p>
              ) : (
                <p className="muted">
                  Booked {detail.booked.itineraries.length} itineraries (ids{' '}
                  {detail.booked.itineraries.map((i) => i.id).join(', ') || 'none'}); see them under{' '}
                  <Link href={`/console/itineraries?date=${detail.booked.itineraries[0]?.date ?? ''}`}>
                    Itineraries
                  </Link>
                  .
                </p>
              )}
              <ItineraryChanges itineraries={detail.booked.itineraries} />
              <Result
                itineraries={detail.booked.itineraries}
                unassigned={detail.booked.unassigned}
                details={detail.unassignedOrders}
                summary={detail.booked.summary}
              />
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
