/**
 * JSON over HTTP for remote engines: a timeout on every attempt (never a hang) and retries with
 * exponential backoff for failures that may pass (network errors, timeouts, 5xx, 429).
 */
export interface HttpPolicy {
  timeoutMs: number;
  retries: number;
  /** First backoff; doubles per retry, with up to 50% random jitter. */
  backoffMs: number;
}

type HttpOutcome =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'failure'; transient: true; message: string; status?: number };

/** One attempt. A non-JSON body comes back as its text so callers can report it. */
async function attempt(url: string, init: RequestInit, timeoutMs: number): Promise<HttpOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${timeoutMs} ms`
        : `request failed: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
    return { kind: 'failure', transient: true, message };
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return {
      kind: 'failure',
      transient: true,
      message: `no complete answer within ${timeoutMs} ms`,
      status: response.status,
    };
  }
  if (response.status >= 500 || response.status === 429) {
    return {
      kind: 'failure',
      transient: true,
      message: `HTTP ${response.status}: ${text.slice(0, 200)}`,
      status: response.status,
    };
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Left as text.
  }
  return { kind: 'response', status: response.status, body };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fetches with retries. Returns the last outcome: a response (any status below 500 except 429,
 * for the caller to interpret) or the transient failure that exhausted the retries.
 */
export async function fetchJson(url: string, init: RequestInit, policy: HttpPolicy): Promise<HttpOutcome> {
  let outcome = await attempt(url, init, policy.timeoutMs);
  for (let retry = 0; retry < policy.retries && outcome.kind === 'failure'; retry++) {
    const backoff = policy.backoffMs * 2 ** retry;
    await sleep(backoff + Math.random() * backoff * 0.5);
    outcome = await attempt(url, init, policy.timeoutMs);
  }
  return outcome;
}

/** Runs `tasks` with at most `limit` in flight; rejects with the first error (the rest still settle). */
export async function runLimited<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  let failed: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (next < tasks.length && !failed) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failed) throw (failed as { error: unknown }).error;
  return results;
}
