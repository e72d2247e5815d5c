import type { ReactNode } from 'react';

/**
 * A query's loading and error lines, an action's error (announced), and `empty` (the message for a
 * list with nothing in it, null otherwise) once the query has loaded.
 */
export function QueryStatus({
  query,
  actionError,
  empty,
}: {
  query: { isPending: boolean; error: { message: string } | null; data?: unknown };
  actionError?: { message: string } | null;
  empty?: ReactNode;
}) {
  return (
    <>
      {query.isPending ? <p className="muted">Loading…</p> : null}
      {query.error ? <p className="alert">{query.error.message}</p> : null}
      {actionError ? (
        <p className="alert" role="alert">
          {actionError.message}
        </p>
      ) : null}
      {query.data && empty ? <p className="muted">{empty}</p> : null}
    </>
  );
}

/** A data table's header row; with `actions`, a last column named for screen readers only. */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column}>{column}</th>
        ))}
        {actions ? (
          <th>
            <span className="sr-only">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
