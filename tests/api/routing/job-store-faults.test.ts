/**
 * The routing and booking 500s that come from the job store, produced over HTTP by real faults in a real database:
 * a second server from the same build runs on a scratch PostgreSQL database as its own login role
 * (the database's owner, so it migrates it itself), and this file, as a superuser, takes privileges on
 * the `jobs` table away from that role or ends a job the way another process can (canceled). The
 * server's code is untouched; only its database misbehaves, as a permissions change, an operator or
 * another instance can make it misbehave in production.
 *
 * PostgreSQL only: the embedded database has no roles to take privileges from and no second process
 * to end a job from.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, pgAdminUrl } from '@/server/db/testing';
import { setBookingClock } from '../booking/clock';
import { pollBooking, recommend, recommendBody, type BookingResult } from '../booking/fixtures';
import { expectError, expectJson, get, post, smallPlan, type BookBody, type Json, type PlanBody } from '../client';
import { liveTenant, type Tenant } from '../helpers';
import { startSecondServer, type SecondServer } from '../second-server';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)(
  'routing and booking 500s from a failing job store, over HTTP (PostgreSQL only: needs roles and a second process)',
  () => {
    let server: SecondServer | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    /** The server's login role: owns the scratch database and its tables. */
    let role = '';
    /** A superuser on the scratch database: breaks and inspects what the server uses. */
    let superuser: postgres.Sql | undefined;
    let auth = '';
    let tenant: Tenant | undefined;

    const su = () => {
      if (!superuser) throw new Error('the scratch database is not open');
      return superuser;
    };

    /** Runs `run` while the server's role lacks `privilege` on `jobs`; grants it back whatever happens. */
    async function withoutPrivilege(privilege: 'SELECT' | 'INSERT', run: () => Promise<void>): Promise<void> {
      await su().unsafe(`revoke ${privilege} on table jobs from "${role}"`);
      try {
        await run();
      } finally {
        await su().unsafe(`grant ${privilege} on table jobs to "${role}"`);
      }
    }

    const jobRowsOf = (keys: string[]) =>
      su()<{ id: string; key: string; status: string; result: unknown; error: unknown; leaseToken: string | null }[]>`
      select id, key, status, result, error, lease_token as "leaseToken" from jobs where key in ${su()(keys)}`;

    const itineraryCountOf = async (problemId: string) =>
      (await su()<{ n: number }[]>`select count(*)::int as n from itineraries where problem_id = ${problemId}`)[0]!.n;

    beforeAll(async () => {
      const scratch = await createScratchPostgresDatabase();
      dropDatabase = scratch.drop;
      const url = new URL(scratch.databaseUrl);
      const databaseName = decodeURIComponent(url.pathname.slice(1));
      superuser = postgres(scratch.databaseUrl, { max: 2, onnotice: () => {} });
      role = `rbs_app_${randomBytes(5).toString('hex')}`;
      await superuser.unsafe(`create role "${role}" login`);
      // PostgreSQL 15+: the public schema belongs to the database owner, so the role can migrate it.
      await superuser.unsafe(`alter database "${databaseName}" owner to "${role}"`);
      url.username = role;
      server = await startSecondServer({
        label: 'routing-job-store-faults',
        databaseUrl: url.toString(),
        env: { WORKER_POOL_SIZE: '1', BOOKING_TEST_CLOCK: 'true' },
      });
      ({ tenant, auth } = await liveTenant());
    });

    afterAll(async () => {
      await server?.stop();
      await superuser?.end({ timeout: 5 });
      await dropDatabase?.();
      if (role) {
        const admin = postgres(pgAdminUrl(), { max: 1, onnotice: () => {} });
        try {
          await admin.unsafe(`drop role if exists "${role}"`);
        } finally {
          await admin.end({ timeout: 5 });
        }
      }
    });

    it('500 enqueue_failed from plan, run and book while the job store refuses new jobs; nothing is written; identical retries answer 200', async () => {
      const plan = smallPlan();
      const run: Json = { ...smallPlan(), mode: 'plan' };
      const book: Json = { ...smallPlan({ date: '2026-11-25' }), mode: 'createItinerary' };
      const calls = [
        ['plan', plan],
        ['run', run],
        ['book', book],
      ] as const;
      const keys = calls.map(([, body]) => String(body.problemId));

      await withoutPrivilege('INSERT', async () => {
        for (const [endpoint, body] of calls) {
          const error = await expectError(await post(`/v1/routing/${endpoint}`, body, { auth }), 500, 'enqueue_failed');
          expect(error.type).toBe('api_error');
        }
      });

      // Nothing half-written: no job row under any key, no itinerary, and the polls know no job.
      expect(await jobRowsOf(keys)).toEqual([]);
      expect(await itineraryCountOf(String(book.problemId))).toBe(0);
      for (const key of keys) await expectError(await get(`/v1/routing/jobs/${key}`, { auth }), 404, 'job_not_found');

      // The store accepts jobs again: the identical requests run once each.
      const planned = await expectJson<PlanBody>(await post('/v1/routing/plan', plan, { auth }), 200);
      expect(planned.problemId).toBe(plan.problemId);
      expect(planned.itineraries).toHaveLength(1);
      expect(await expectJson(await get(`/v1/routing/jobs/${String(plan.problemId)}`, { auth }), 200)).toEqual(planned);
      const ran = await expectJson<PlanBody>(await post('/v1/routing/run', run, { auth }), 200);
      expect(ran.itineraries).toHaveLength(1);
      const booked = await expectJson<BookBody>(await post('/v1/routing/book', book, { auth }), 200);
      expect(booked.itineraries).toHaveLength(1);
      expect(booked.itineraries[0]!.id).toEqual(expect.any(Number));
      expect(await itineraryCountOf(String(book.problemId))).toBe(1);
      expect((await jobRowsOf(keys)).map((row) => `${row.key} ${row.status}`).sort()).toEqual(
        keys.map((key) => `${key} complete`).sort(),
      );
    });

    it('500 unknown_job_state on the waiting plan and on the poll when the job ends canceled; no result is written; an identical retry answers 200', async () => {
      // Long enough a solve to be canceled while it runs.
      const body: Json = { ...smallPlan(), options: { solverTimeLimitSeconds: 8 } };
      const key = String(body.problemId);
      const waiting = post('/v1/routing/plan', body, { auth, prefer: 'wait=60' });

      // Once the server's worker has claimed the job, another process cancels it, as the jobs module does.
      let claimed: { id: string } | undefined;
      for (let i = 0; i < 100 && !claimed; i++) {
        [claimed] = await su()<
          { id: string }[]
        >`select id from jobs where key = ${key} and status = 'processing' and lease_token is not null`;
        if (!claimed) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(claimed, 'the job was never claimed by a worker').toBeDefined();
      const canceled = await su().begin(async (tx) => {
        const rows = await tx<{ id: string }[]>`
        update jobs set status = 'canceled', error = ${tx.json({ code: 'canceled', message: 'canceled by an operator' })},
          finished_at = now(), expires_at = now() + make_interval(secs => retention_seconds), lease_token = null, lease_expires_at = null
        where id = ${claimed!.id} and status = 'processing' returning id`;
        for (const row of rows) await tx`select pg_notify('jobs_finished', ${row.id})`;
        return rows;
      });
      expect(canceled, 'the job finished before it could be canceled').toHaveLength(1);

      const onSubmit = await expectError(await waiting, 500, 'unknown_job_state');
      expect(onSubmit.type).toBe('api_error');
      const onPoll = await expectError(await get(`/v1/routing/jobs/${key}`, { auth }), 500, 'unknown_job_state');
      expect(onPoll.type).toBe('api_error');

      // The server notices it no longer holds the job and stops the solve: past the solve's time limit the
      // row is still canceled, without a result, and the poll still answers the same error.
      await new Promise((resolve) => setTimeout(resolve, 9_000));
      const [after] = await jobRowsOf([key]);
      expect(after).toMatchObject({ status: 'canceled', result: null, leaseToken: null, error: { code: 'canceled' } });
      await expectError(await get(`/v1/routing/jobs/${key}`, { auth }), 500, 'unknown_job_state');

      // An identical retry runs the job again under the same id.
      const retried = await expectJson<PlanBody>(
        await post('/v1/routing/plan', body, { auth, prefer: 'wait=60' }),
        200,
      );
      expect(retried.problemId).toBe(key);
      expect(retried.itineraries).toHaveLength(1);
      const [rerun] = await jobRowsOf([key]);
      expect(rerun).toMatchObject({ id: claimed!.id, status: 'complete', error: null });
      expect(await expectJson(await get(`/v1/routing/jobs/${key}`, { auth }), 200)).toEqual(retried);
    });

    it('500 job_lookup_failed while the job store cannot be read; the job is untouched and the next poll answers 200', async () => {
      const body = smallPlan();
      const key = String(body.problemId);
      const planned = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
      const before = await jobRowsOf([key]);
      expect(before).toHaveLength(1);

      await withoutPrivilege('SELECT', async () => {
        const error = await expectError(await get(`/v1/routing/jobs/${key}`, { auth }), 500, 'job_lookup_failed');
        expect(error.type).toBe('api_error');
      });

      expect(await jobRowsOf([key])).toEqual(before);
      expect(await expectJson(await get(`/v1/routing/jobs/${key}`, { auth }), 200)).toEqual(planned);
    });

    it('booking: 500 enqueue_failed while the job store refuses new jobs; no job and no search is written; the identical retry is searched', async () => {
      const branchId = tenant!.branchIds[0]!;
      setBookingClock(tenant!.parentId, '2026-11-22T10:00:00-05:00');
      const body = recommendBody(branchId, '2026-11-23');
      const bookingRows = () =>
        su()<
          { status: string }[]
        >`select status from jobs where kind = 'booking.search' and account_id = ${tenant!.parentId}`;
      const searchLogRows = async () =>
        (
          await su()<
            { n: number }[]
          >`select count(*)::int as n from booking_searches where account_id = ${tenant!.parentId}`
        )[0]!.n;

      await withoutPrivilege('INSERT', async () => {
        const error = await expectError(await post('/v1/booking/recommend', body, { auth }), 500, 'enqueue_failed');
        expect(error.message).toMatch(/safe to retry/i);
      });
      expect(await bookingRows()).toEqual([]);
      expect(await searchLogRows()).toBe(0);

      // The store accepts jobs again: the identical request is searched once and answered.
      const handle = await recommend(auth, body);
      const result = await expectJson<BookingResult>(await pollBooking(auth, handle.jobId), 200);
      expect(result.status).toBe('complete');
      expect((await bookingRows()).map((row) => row.status)).toEqual(['complete']);
    });
  },
);
