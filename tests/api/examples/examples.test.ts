import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, waitForRoutingJob, type ApiClient } from '@/server/api-client';
import { baseUrl } from '../helpers';
import { ShellExamples, type ExecutedRequest } from './shell-examples';

/**
 * The requests of README.md and docs/examples/README.md, run as a reader runs them (with the demo
 * credentials the server wrote on its first start) against the server under test, each answer
 * checked against what its comment says it shows. The documents use fixed problemIds, so this
 * expects a server whose demo account has not run them in the last 30 minutes (a fresh server, as
 * scripts/test-all.sh starts): the first `Prefer: wait=0` plan is the one that answers 202.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

interface DemoCredentials {
  apiUser: string;
  liveKey: string;
  branches: { id: number }[];
}

let credentials: DemoCredentials;
let examples: ShellExamples;
let api: ApiClient;

beforeAll(() => {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR must name the running server's data directory (scripts/test-all.sh sets it)");
  credentials = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
  examples = new ShellExamples({ baseUrl: baseUrl(), repoRoot, credentials });
  api = createApiClient({
    baseUrl: baseUrl(),
    credentials: { externalUserId: credentials.apiUser, apiKey: credentials.liveKey },
  });
});

const requestsOf = (executed: ExecutedRequest[]) =>
  executed.map((request) => `${request.method} ${request.path} ${request.status}`);

describe('documented examples', () => {
  it('start on a server that has not run them (their fixed problemIds are retained 30 minutes)', async () => {
    const { response } = await api.GET('/v1/routing/jobs/{problemId}', {
      params: { path: { problemId: 'example-multi-depot-2026-11-23' } },
    });
    expect(
      response.status,
      'this server already ran the documented examples: start a fresh one (as scripts/test-all.sh does)',
    ).toBe(404);
  });

  it('docs/examples/README.md: plan, a 202 polled to its result, book, read, and an update with the ids the create answered', async () => {
    const executed = await examples.runDocument('docs/examples/README.md');
    expect(requestsOf(executed)).toEqual([
      'POST /v1/routing/plan 200',
      'POST /v1/routing/plan 202',
      'GET /v1/routing/jobs/example-multi-depot-2026-11-23 200',
      'POST /v1/routing/book 200',
      'GET /v1/itineraries 200',
      'POST /v1/routing/book 200',
    ]);
    // The update re-optimized exactly the itineraries the create wrote, and the typed client reads them back as updated.
    const [created, updated] = executed
      .filter((request) => request.path === '/v1/routing/book')
      .map((request) => request.body as { itineraries: { id: number }[] });
    const createdIds = (created?.itineraries ?? []).map((itinerary) => itinerary.id).sort();
    expect((updated?.itineraries ?? []).map((itinerary) => itinerary.id).sort()).toEqual(createdIds);
    for (const id of createdIds) {
      const { data, error } = await api.GET('/v1/itineraries/{id}', { params: { path: { id: String(id) } } });
      expect(error).toBeUndefined();
      expect(data?.problemId).toBe('example-book-update-2026-11-23');
    }
    const job = await waitForRoutingJob(api, 'example-multi-depot-2026-11-23');
    expect(job.problemId).toBe('example-multi-depot-2026-11-23');
  });

  it('README.md: three routing requests, and a branch booked with its own key', async () => {
    const executed = await examples.runDocument('README.md');
    expect(requestsOf(executed)).toEqual([
      'POST /v1/routing/plan 200',
      'POST /v1/routing/book 200',
      'GET /v1/itineraries 200',
      'POST /v1/routing/book 403',
      'POST /v1/routing/book 200',
      'GET /v1/itineraries 200',
    ]);
    const branchId = credentials.branches[0]?.id;
    const { data, error } = await api.GET('/v1/itineraries', {
      params: { query: { date: '2026-11-23', accountId: String(branchId) } },
    });
    expect(error).toBeUndefined();
    const branchBooked = executed[4]?.body as { itineraries: { id: number }[] };
    expect(data?.itineraries.map((itinerary) => itinerary.id)).toEqual(
      expect.arrayContaining(branchBooked.itineraries.map((itinerary) => itinerary.id)),
    );
  });
});
