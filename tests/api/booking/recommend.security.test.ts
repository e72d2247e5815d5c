/** Booking accepts API keys with HTTP Basic only; no credentials, bad ones or a Bearer token get the same 401. */
import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTenant, revokeKey, type Tenant } from '../helpers';
import { expectError, get, post } from '../client';
import { recommendBody } from './fixtures';

describe('booking authentication and scope', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it('401 unauthenticated without credentials, with a wrong or revoked key, or with a Bearer token, before the body is read', async () => {
    const body = recommendBody(tenant.branchIds[0]!, '2026-11-23');
    for (const auth of [
      undefined,
      basicAuth(tenant.externalUserId, 'rk_live_wrong'),
      'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x',
    ]) {
      const response = await post('/v1/booking/recommend', auth ? body : 'not json', { auth });
      await expectError(response, 401, 'unauthenticated');
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
      await expectError(
        await get('/v1/booking/jobs/00000000-0000-4000-8000-000000000000', { auth }),
        401,
        'unauthenticated',
      );
    }
    const revoked = await createTenant();
    // Used first (a verified key may be remembered in the server), then revoked: the very next request is refused.
    expect(
      (await get('/v1/booking/jobs/00000000-0000-4000-8000-000000000000', { auth: revoked.basicAuthHeader('live') }))
        .status,
    ).toBe(404);
    await revokeKey(revoked.liveKey);
    await expectError(
      await post('/v1/booking/recommend', body, { auth: revoked.basicAuthHeader('live') }),
      401,
      'unauthenticated',
    );
    await expectError(
      await get('/v1/booking/jobs/00000000-0000-4000-8000-000000000000', { auth: revoked.basicAuthHeader('live') }),
      401,
      'unauthenticated',
    );
  });

  it('unserved methods answer 404 not_found in the envelope', async () => {
    const auth = tenant.basicAuthHeader('live');
    await expectError(await get('/v1/booking/recommend', { auth }), 404, 'not_found');
    await expectError(
      await post('/v1/booking/jobs/00000000-0000-4000-8000-000000000000', {}, { auth }),
      404,
      'not_found',
    );
  });
});
