'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTRPC } from './providers';

export interface PlanExample {
  name: string;
  title: string;
  body: string;
}

/** The field a server error names (`param`), relative to the pasted request. */
function paramOf(error: unknown): string | null {
  const param = (error as { data?: { param?: unknown } } | null)?.data?.param;
  if (typeof param !== 'string') return null;
  return param === 'request' ? null : param.replace(/^request\./, '');
}

/** The spreadsheet columns orders may come in, with what each holds, and a template to start from. */
export interface OrdersCsvFormat {
  columns: { name: string; description: string }[];
  template: string;
}

interface CsvProblem {
  row: number;
  column: string | null;
  message: string;
}

/**
 * Plan from the browser: paste or upload a /v1 routing request (or start from an example), or take
 * its orders from a CSV file, choose live or sandbox, and follow the job on its page, where the plan
 * can then be booked.
 */
export function PlanRequestForm({ examples, csv }: { examples: PlanExample[]; csv: OrdersCsvFormat }) {
  const trpc = useTRPC();
  const router = useRouter();
  const ids = { request: useId(), error: useId(), example: useId(), file: useId(), csv: useId(), csvStatus: useId() };
  const [csvProblem, setCsvProblem] = useState<CsvProblem | null>(null);
  const [csvLoaded, setCsvLoaded] = useState<string | null>(null);
  const ordersFromCsv = useMutation(trpc.routingJobs.ordersFromCsv.mutationOptions());
  const [text, setText] = useState(examples[0]?.body ?? '');
  const [environment, setEnvironment] = useState<'live' | 'sandbox'>('sandbox');
  const [example, setExample] = useState(examples[0]?.name ?? '');
  const [parseError, setParseError] = useState<string | null>(null);
  const plan = useMutation(
    trpc.routingJobs.plan.mutationOptions({ onSuccess: ({ jobId }) => router.push(`/console/jobs/${jobId}`) }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParseError(null);
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch (error) {
      setParseError(`The request is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    plan.mutate({ environment, request: request as never });
  };

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  };

  /** The CSV's orders replace the request's; its fleet and options stay, under a new problemId (a changed body needs one). */
  const loadCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setCsvProblem(null);
    setCsvLoaded(null);
    const result = await ordersFromCsv.mutateAsync({ csv: await file.text() });
    if (!result.ok) {
      setCsvProblem(result);
      return;
    }
    let request: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) request = parsed as Record<string, unknown>;
    } catch {
      // Not JSON yet: the orders start a new request.
    }
    const stem = file.name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-');
    setText(
      JSON.stringify(
        {
          ...request,
          problemId: `${stem}-${Date.now().toString(36)}`,
          orders: result.orders,
          fleet: request.fleet ?? [],
        },
        null,
        2,
      ),
    );
    setCsvLoaded(`${result.orders.length} orders from ${file.name}; the fleet and options are the request's.`);
  };

  const param = paramOf(plan.error);
  const errorMessage = parseError ?? plan.error?.message ?? null;
  return (
    <form className="form plan-form" onSubmit={submit} aria-describedby={errorMessage ? ids.error : undefined}>
      <div className="toolbar">
        <label className="inline-field" htmlFor={ids.example}>
          Example
        </label>
        <select id={ids.example} value={example} onChange={(e) => setExample(e.target.value)}>
          {examples.map((ex) => (
            <option key={ex.name} value={ex.name}>
              {ex.title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            const chosen = examples.find((ex) => ex.name === example);
            if (chosen) setText(chosen.body);
          }}
        >
          Load example
        </button>
        <label className="inline-field" htmlFor={ids.file}>
          Or upload a JSON file
        </label>
        <input id={ids.file} type="file" accept="application/json,.json" onChange={(e) => void loadFile(e)} />
      </div>
      <div className="toolbar">
        <label className="inline-field" htmlFor={ids.csv}>
          Orders from a CSV file
        </label>
        <input
          id={ids.csv}
          type="file"
          accept="text/csv,.csv"
          onChange={(e) => void loadCsv(e)}
          aria-describedby={ids.csvStatus}
        />
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv.template)}`}
          download="orders-template.csv"
          data-testid="csv-template"
        >
          Download the CSV template
        </a>
      </div>
      <div id={ids.csvStatus}>
        {csvProblem ? (
          <p
            className="alert"
            role="alert"
            data-testid="csv-error"
            data-row={csvProblem.row}
            data-column={csvProblem.column ?? ''}
          >
            {csvProblem.message}
          </p>
        ) : null}
        {csvLoaded ? (
          <p className="muted" role="status" data-testid="csv-loaded">
            {csvLoaded}
          </p>
        ) : null}
        {ordersFromCsv.error ? (
          <p className="alert" role="alert">
            {ordersFromCsv.error.message}
          </p>
        ) : null}
      </div>
      <details className="csv-columns">
        <summary>CSV columns</summary>
        <p className="muted">
          The first row names the columns, in any order; one order per row. Only externalId is required.
        </p>
        <dl className="facts">
          {csv.columns.map((column) => (
            <div key={column.name} className="fact">
              <dt>
                <code>{column.name}</code>
              </dt>
              <dd>{column.description}</dd>
            </div>
          ))}
        </dl>
      </details>
      <fieldset className="inline-choices">
        <legend>Environment</legend>
        <label>
          <input
            type="radio"
            name="environment"
            value="sandbox"
            checked={environment === 'sandbox'}
            onChange={() => setEnvironment('sandbox')}
          />{' '}
          Sandbox
        </label>
        <label>
          <input
            type="radio"
            name="environment"
            value="live"
            checked={environment === 'live'}
            onChange={() => setEnvironment('live')}
          />{' '}
          Live
        </label>
      </fieldset>
      <label htmlFor={ids.request}>Routing request (the body of POST /v1/routing/plan)</label>
      <textarea
        id={ids.request}
        className="request-editor"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={22}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? ids.error : undefined}
      />
      {errorMessage ? (
        <div className="alert" role="alert" id={ids.error} data-testid="plan-error">
          {param ? (
            <>
              <strong data-testid="plan-error-param">{param}</strong>:{' '}
            </>
          ) : null}
          {errorMessage}
        </div>
      ) : null}
      <div>
        <button type="submit" disabled={plan.isPending}>
          {plan.isPending ? 'Submitting…' : 'Plan'}
        </button>
      </div>
    </form>
  );
}
