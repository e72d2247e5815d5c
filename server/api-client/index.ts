import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './v1-schema';

/**
 * A typed client for the public /v1 API: openapi-fetch over types generated from the OpenAPI
 * document (v1-schema.ts), so a request or answer field the API does not have is a type error.
 *
 *   const api = createApiClient({ baseUrl: 'http://localhost:3000', credentials: { externalUserId: 'demo-api', apiKey: 'rk_live_...' } });
 *   const { data, error, response } = await api.POST('/v1/routing/plan', { body: plan, headers: { Prefer: 'wait=5' } });
 */
export type { components, operations, paths } from './v1-schema';
export type ApiSchemas = components['schemas'];
export type ApiClient = Client<paths>;

/** HTTP Basic with an API key (routing and booking), or a Bearer JWT whose `sub` is the externalUserId (routing only). */
export type ApiCredentials = { externalUserId: string; apiKey: string } | { bearerToken: string };

export interface ApiClientOptions {
  /** The service's origin, e.g. `http://localhost:3000`. */
  baseUrl: string;
  credentials?: ApiCredentials;
  /** Replaces the global fetch (tests, proxies, retries). */
  fetch?: typeof globalThis.fetch;
}

/** `Authorization` header value for the credentials. */
export function authorizationHeader(credentials: ApiCredentials): string {
  if ('bearerToken' in credentials) return `Bearer ${credentials.bearerToken}`;
  // btoa takes Latin-1 only: encode UTF-8 first so any externalUserId survives (works in browsers and Node).
  const bytes = new TextEncoder().encode(`${credentials.externalUserId}:${credentials.apiKey}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.credentials ? { Authorization: authorizationHeader(options.credentials) } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

export interface PollOptions {
  /** Give up after this long (default 120 s). */
  timeoutMs?: number;
  /** Called before each wait, e.g. to log progress. */
  onPending?: (retryAfterSeconds: number) => void;
}

export type RoutingJobResult = ApiSchemas['RoutingPlanResult'] | ApiSchemas['RoutingBookResult'];

/** One poll: the answer when the job is done, else the seconds the server asks to wait. */
type Poll<T> = () => Promise<{ done: true; result: T } | { done: false; retryAfterSeconds: number }>;

async function pollUntilDone<T>(what: string, poll: Poll<T>, options: PollOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const answer = await poll();
    if (answer.done) return answer.result;
    if (Date.now() + answer.retryAfterSeconds * 1000 > giveUpAt)
      throw new Error(`${what} still processing after ${timeoutMs} ms`);
    options.onPending?.(answer.retryAfterSeconds);
    await new Promise((resolve) => setTimeout(resolve, answer.retryAfterSeconds * 1000));
  }
}

const retryAfterSeconds = (response: Response) => Number(response.headers.get('retry-after') ?? '2') || 2;

/**
 * Polls GET /v1/routing/jobs/{problemId} until the job answers 200, waiting the Retry-After the
 * server asks for between polls. Throws with the error's code on any other answer.
 */
export async function waitForRoutingJob(
  client: ApiClient,
  problemId: string,
  options: PollOptions = {},
): Promise<RoutingJobResult> {
  return pollUntilDone(
    `routing job ${problemId}`,
    async () => {
      const { data, error, response } = await client.GET('/v1/routing/jobs/{problemId}', {
        params: { path: { problemId } },
      });
      if (error)
        throw new Error(`routing job ${problemId}: ${response.status} ${error.error.code}: ${error.error.message}`);
      return response.status === 200
        ? { done: true, result: data as RoutingJobResult }
        : { done: false, retryAfterSeconds: retryAfterSeconds(response) };
    },
    options,
  );
}

/** Polls GET /v1/booking/jobs/{jobId} (the jobId of the latest recommend answer) until the search answers 200. */
export async function waitForBookingJob(
  client: ApiClient,
  jobId: string,
  options: PollOptions = {},
): Promise<ApiSchemas['BookingResult']> {
  return pollUntilDone(
    `booking job ${jobId}`,
    async () => {
      const { data, error, response } = await client.GET('/v1/booking/jobs/{jobId}', { params: { path: { jobId } } });
      if (error)
        throw new Error(`booking job ${jobId}: ${response.status} ${error.error.code}: ${error.error.message}`);
      return response.status === 200
        ? { done: true, result: data as ApiSchemas['BookingResult'] }
        : { done: false, retryAfterSeconds: retryAfterSeconds(response) };
    },
    options,
  );
}
