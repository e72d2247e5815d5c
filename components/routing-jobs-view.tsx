'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { RouterInputs, RouterOutputs } from '@/server/api';
import { dateTime } from './date-picker';
import { useTRPC } from './providers';

type ListQuery = RouterInputs['routingJobs']['list'];
export type RoutingJobSummary = RouterOutputs['routingJobs']['list']['jobs'][number];

const PAGE_SIZE = 25;

export function StatusBadge({ status }: { status: RoutingJobSummary['status'] }) {
  return <span className={`status status-${status}`}>{status}</span>;
}

/** Served / unassigned as the list shows them: final counts once complete, the best so far while solving. */
export function servedLabel(job: RoutingJobSummary): string {
  if (job.ordersServed !== null) return `${job.ordersServed} served · ${job.ordersUnassigned ?? 0} unassigned`;
  if (job.progress) return `${job.progress.shipments - job.progress.unassigned} of ${job.progress.shipments} so far`;
  return '–';
}

/** The subtree's routing jobs (those still retained), newest first, with filters and paging. */
export function RoutingJobsView() {
  const trpc = useTRPC();
  const [filter, setFilter] = useState<Omit<ListQuery, 'page' | 'pageSize'>>({});
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.routingJobs.list.queryOptions({ ...filter, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Running jobs change underneath the list.
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => j.status === 'processing') ? 2000 : false),
  });
  const jobs = list.data?.jobs ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const change = (next: Partial<typeof filter>) => {
    setPage(1);
    setFilter((current) => ({ ...current, ...next }));
  };
  return (
    <>
      <div className="title-row">
        <h1>Routing jobs</h1>
        <Link href="/console/jobs/new" className="button">
          Plan a request
        </Link>
      </div>
      <form className="toolbar" aria-label="Filter routing jobs" onSubmit={(e) => e.preventDefault()}>
        <label className="inline-field">
          Environment
          <select value={filter.environment ?? ''} onChange={(e) => change({ environment: (e.target.value || undefined) as ListQuery['environment'] })}>
            <option value="">All</option>
            <option value="live">Live</option>
            <option value="sandbox">Sandbox</option>
          </select>
        </label>
        <label className="inline-field">
          Status
          <select value={filter.status ?? ''} onChange={(e) => change({ status: (e.target.value || undefined) as ListQuery['status'] })}>
            <option value="">All</option>
            <option value="processing">Processing</option>
            <option value="complete">Complete</option>
            <option value="failed">Failed</option>
            <option value="canceled">Canceled</option>
          </select>
        </label>
        <label className="inline-field">
          Mode
          <select value={filter.kind ?? ''} onChange={(e) => change({ kind: (e.target.value || undefined) as ListQuery['kind'] })}>
            <option value="">All</option>
            <option value="plan">Plan</option>
            <option value="book">Book</option>
          </select>
        </label>
        <span className="muted">Finished jobs are kept for a limited time; booked itineraries stay under Itineraries.</span>
      </form>
      <section className="panel">
        {list.isPending ? <p className="muted">Loading…</p> : null}
        {list.error ? <p className="alert">{list.error.message}</p> : null}
        {list.data && jobs.length === 0 ? (
          <p className="muted">
            No routing jobs match. <Link href="/console/jobs/new">Plan a request</Link> or send one to /v1/routing/plan.
          </p>
        ) : null}
        {jobs.length > 0 ? (
          <table className="data" data-testid="routing-job-list">
            <thead>
              <tr>
                <th>Problem</th>
                <th>Mode</th>
                <th>Env</th>
                <th>Status</th>
                <th>Account</th>
                <th>Created</th>
                <th>Solve time</th>
                <th>Orders</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} data-testid="routing-job-row">
                  <td>
                    <Link href={`/console/jobs/${job.id}`}>{job.problemId}</Link>
                  </td>
                  <td>{job.kind}</td>
                  <td>{job.environment}</td>
                  <td>
                    <StatusBadge status={job.status} />
                  </td>
                  <td>{job.accountName}</td>
                  <td>{dateTime(job.createdAt)}</td>
                  <td>{job.solveSeconds === null ? '–' : `${job.solveSeconds.toFixed(1)} s`}</td>
                  <td>{servedLabel(job)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {total > PAGE_SIZE ? (
          <nav className="pager" aria-label="Pages">
            <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {pages} · {total} jobs
            </span>
            <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        ) : null}
      </section>
    </>
  );
}
