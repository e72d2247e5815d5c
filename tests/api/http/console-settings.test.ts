import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser, createTenant, type Tenant } from '../helpers';
import { mutate, query, signIn } from './console-client';
import { baseUrl } from '../client';

// The console's itineraries and settings procedures: scoped to the signed-in user's subtree; settings for admins only.
const bookBody = readFileSync(new URL('../../../docs/examples/book-create.json', import.meta.url), 'utf8');

describe('console itineraries and settings procedures', () => {
  let tenant: Tenant;
  let other: Tenant;
  let admin: Map<string, string>;
  let dispatcher: Map<string, string>;
  let bookedIds: number[];

  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    const booked = await fetch(`${baseUrl()}/v1/routing/book`, {
      method: 'POST',
      headers: { authorization: tenant.basicAuthHeader('live'), 'content-type': 'application/json' },
      body: bookBody,
    });
    expect(booked.status).toBe(200);
    bookedIds = ((await booked.json()) as { itineraries: { id: number }[] }).itineraries.map((i) => i.id);
    const adminLogin = await createConsoleUser(tenant, 'adm', 'admin');
    const dispatcherLogin = await createConsoleUser(tenant, 'disp', 'dispatcher', tenant.branchIds[0]);
    admin = (await signIn(adminLogin.email, adminLogin.password)).jar;
    dispatcher = (await signIn(dispatcherLogin.email, dispatcherLogin.password)).jar;
  });

  it('itineraries.list answers the live itineraries of the user subtree for the date', async () => {
    const mine = await query('itineraries.list', admin, { date: '2026-11-23' });
    expect(mine.status).toBe(200);
    const list = mine.body.result?.data.json as {
      date: string;
      itineraries: { id: number; itineraryStops: unknown[] }[];
    };
    expect(list.itineraries.map((i) => i.id).sort()).toEqual([...bookedIds].sort());
    // Booked on the parent: a branch dispatcher does not see them; nor does another date.
    expect((await query('itineraries.list', dispatcher, { date: '2026-11-23' })).body.result?.data.json).toEqual({
      date: '2026-11-23',
      itineraries: [],
    });
    expect((await query('itineraries.list', admin, { date: '2026-11-24' })).body.result?.data.json).toEqual({
      date: '2026-11-24',
      itineraries: [],
    });
    const invalid = await query('itineraries.list', admin, { date: '2026-02-30' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.json.data.param).toBe('date');
    // Worded as /v1 words it, not zod's raw issue list.
    expect(invalid.body.error?.json.message).toMatch(/^date: /);
    const twice = await query('itineraries.list', admin, { date: '2026-02-30', accountId: -1 });
    expect(twice.status).toBe(400);
    expect(twice.body.error?.json.message).toMatch(/^date: .*\(1 more issue in the input\)$/);
  });

  it('settings are for admins, within their subtree', async () => {
    const forbidden = await query('settings.get', dispatcher, { accountId: tenant.branchIds[0] });
    expect(forbidden.status).toBe(403);
    expect(
      (await mutate('settings.setBooking', dispatcher, { accountId: tenant.branchIds[0], booking: null })).status,
    ).toBe(403);
    expect((await query('settings.get', admin, { accountId: other.parentId })).status).toBe(403);
    expect(
      (
        await mutate('settings.setBooking', admin, {
          accountId: other.parentId,
          booking: { pricing: { model: 'markup', markupPercent: 1 } },
        })
      ).status,
    ).toBe(403);
  });

  it('saves booking pricing and slot policy and names the field of a refused value', async () => {
    const saved = await mutate('settings.setBooking', admin, {
      accountId: tenant.parentId,
      booking: { pricing: { model: 'markup', markupPercent: 15 } },
    });
    expect(saved.status).toBe(200);
    const branch = (await query('settings.get', admin, { accountId: tenant.branchIds[0] })).body.result?.data.json as {
      effective: { booking: unknown; sources: { booking: number | null } };
      own: { booking?: unknown };
    };
    expect(branch.effective.booking).toEqual({ pricing: { model: 'markup', markupPercent: 15 } });
    expect(branch.effective.sources.booking).toBe(tenant.parentId);
    expect(branch.own.booking).toBeUndefined();

    const tooBig = await mutate('settings.setBooking', admin, {
      accountId: tenant.parentId,
      booking: { pricing: { model: 'markup', markupPercent: 5000 } },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error?.json.data.param).toBe('booking.pricing.markupPercent');
    expect(tooBig.body.error?.json.message).toMatch(/^booking\.pricing\.markupPercent: .*1000/);

    // Checked by setSettings itself (an AccountsError): its param reaches the client too.
    const badDefault = await mutate('settings.setSlotPolicy', admin, {
      accountId: tenant.parentId,
      slotPolicy: { availableBuckets: ['MORNING'], defaultBucket: 'EVENING' },
    });
    expect(badDefault.status).toBe(400);
    expect(badDefault.body.error?.json.data.param).toBe('slotPolicy.defaultBucket');
    expect(badDefault.body.error?.json.message).toContain('availableBuckets');
  });
});
