'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { RouterInputs, RouterOutputs } from '@/server/api';
import { dateTime } from './date-picker';
import { useTRPC } from './providers';
import { QueryStatus, TableHead } from './data-list';

type ListQuery = RouterInputs['routingJobs']['list'];
type RoutingJobSummary = RouterOutputs['routingJobs']['list']['jobs'][number];

const PAGE_SIZE = 25;

type Filter = Omit<ListQuery, 'page' | 'pageSize'>;

/** The list's filters: each a select whose empty choice means all. */
const FILTERS: { key: keyof Filter; label: string; options: readonly string[] }[] = [
  { key: 'environment', label: 'Environment', options: ['live', 'sandbox'] },
  { key: 'status', label: 'Status', options: ['processing', 'complete', 'failed', 'canceled'] },
  { key: 'kind', label: 'Mode', options: ['plan', 'book'] },
];

export function StatusBadge({ status }: { status: RoutingJobSummary['status'] }) {
  return <span className={`status status-${status}`}>{status}</span>;
}

/** Served / unassigned as the list shows them: final counts once complete, the best so far while solving. */
function servedLabel(job: RoutingJobSummary): string {
  if (job.ordersServed !== null) return `${job.ordersServed} served · ${job.ordersUnassigned ?? 0} unassigned`;
  if (job.progress) return `${job.progress.shipments - job.progress.unassigned} of ${job.progress.shipments} so far`;
  return '–';
}

/** The subtree's routing jobs (those still retained), newest first, with filters and paging. */
export function RoutingJobsView() {
  const trpc = useTRPC();
  const [filter, setFilter] = useState<Filter>({});
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
  const change = (next: Partial<Record<keyof Filter, string | undefined>>) => {
    setPage(1);
    // The options are the schema's values; the server validates them again.
    setFilter((current) => ({ ...current, ...next }) as Filter);
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
        {FILTERS.map(({ key, label, options }) => (
          <label key={key} className="inline-field">
            {label}
            <select value={filter[key] ?? ''} onChange={(e) => change({ [key]: e.target.value || undefined })}>
              <option value="">All</option>
              {options.map((value) => (
                <option key={value} value={value}>
                  {value[0]!.toUpperCase() + value.slice(1)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <span className="muted">
          Finished jobs are kept for a limited time; booked itineraries stay under Itineraries.
        </span>
      </form>
      <section className="panel">
        <QueryStatus
          query={list}
          empty={
            jobs.length === 0 ? (
              <>
                No routing jobs match. <Link href="/console/jobs/new">Plan a request</Link> or send one to
                /v1/routing/plan.
              </>
            ) : null
          }
        />
        {jobs.length > 0 ? (
          <table className="data" data-testid="routing-job-list">
            <TableHead columns={['Problem', 'Mode', 'Env', 'Status', 'Account', 'Created', 'Solve time', 'Orders']} />
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
