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

/**
 * Plan from the browser: paste or upload a /v1 routing request (or start from an example), choose
 * live or sandbox, and follow the job on its page, where the plan can then be booked.
 */
export function PlanRequestForm({ examples }: { examples: PlanExample[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const ids = { request: useId(), error: useId(), example: useId(), file: useId() };
  const [text, setText] = useState(examples[0]?.body ?? '');
  const [environment, setEnvironment] = useState<'live' | 'sandbox'>('sandbox');
  const [example, setExample] = useState(examples[0]?.name ?? '');
  const [parseError, setParseError] = useState<string | null>(null);
  const plan = useMutation(trpc.routingJobs.plan.mutationOptions({ onSuccess: ({ jobId }) => router.push(`/console/jobs/${jobId}`) }));

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
      <fieldset className="inline-choices">
        <legend>Environment</legend>
        <label>
          <input type="radio" name="environment" value="sandbox" checked={environment === 'sandbox'} onChange={() => setEnvironment('sandbox')} /> Sandbox
        </label>
        <label>
          <input type="radio" name="environment" value="live" checked={environment === 'live'} onChange={() => setEnvironment('live')} /> Live
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
