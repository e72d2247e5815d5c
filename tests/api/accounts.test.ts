import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCommand, baseUrl, basicAuth, createTenant, revokeKey } from './helpers';

// An authenticated request whose answer shows whether the credentials were accepted: an unknown
// job is 404 for an authenticated caller and 401 otherwise.
async function probe(authorization?: string): Promise<{ status: number; code: unknown }> {
  const response = await fetch(`${baseUrl()}/v1/routing/jobs/no-such-problem`, {
    headers: authorization ? { authorization } : {},
  });
  const body = (await response.json()) as { error?: { code?: unknown } };
  return { status: response.status, code: body.error?.code };
}

describe('accounts and API keys over HTTP', () => {
  it("authenticates a new tenant's live and sandbox keys, and refuses revoked and mismatched ones alike", async () => {
    const tenant = await createTenant();
    expect(tenant.branchIds).toHaveLength(2);
    expect(await probe(tenant.basicAuthHeader('live'))).toEqual({ status: 404, code: 'job_not_found' });
    expect(await probe(tenant.basicAuthHeader('sandbox'))).toEqual({ status: 404, code: 'job_not_found' });

    const unauthenticated = { status: 401, code: 'unauthenticated' };
    expect(await probe()).toEqual(unauthenticated);
    expect(await probe(basicAuth('someone-else', tenant.liveKey))).toEqual(unauthenticated);
    expect(await probe(basicAuth(tenant.externalUserId, `rk_live_${'A'.repeat(43)}`))).toEqual(unauthenticated);
    await revokeKey(tenant.liveKey);
    expect(await probe(tenant.basicAuthHeader('live'))).toEqual(unauthenticated);
    expect(await probe(tenant.basicAuthHeader('sandbox'))).toEqual({ status: 404, code: 'job_not_found' });
  });

  it('reports effective settings down the tree and refuses invalid ones naming the field', async () => {
    const tenant = await createTenant({ parentSettings: { optimization: { objective: 'MIN_VEHICLE_UTILIZATION' } } });
    const branchId = tenant.branchIds[0]!;
    const settings = await adminCommand<{ effective: { optimization: unknown; branchLocation: unknown } }>(
      'settings.get',
      {
        accountId: branchId,
      },
    );
    expect(settings.effective.optimization).toEqual({ objective: 'MIN_VEHICLE_UTILIZATION' });
    expect(settings.effective.branchLocation).toMatchObject({ city: 'Brooklyn', postalCode: '11201' });
    await expect(
      adminCommand('settings.set', { accountId: branchId, settings: { slotPolicy: { sameDayCutoff: '9am' } } }),
    ).rejects.toThrow(/"param":"slotPolicy.sameDayCutoff"/);
  });

  it('keeps the admin endpoint closed without the token', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token']) {
      const response = await fetch(`${baseUrl()}/api/internal/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ command: 'account.create', args: { name: 'Intruder' } }),
      });
      expect(response.status).toBe(401);
    }
  });

  it('seeded the demo tree on first start, with working keys', async () => {
    const file = path.join(path.resolve(process.env.DATA_DIR ?? ''), 'demo-credentials.json');
    // Only a server started on an empty database with SEED_DEMO seeds; the suite's servers do.
    expect(existsSync(file)).toBe(true);
    const demo = JSON.parse(readFileSync(file, 'utf8')) as {
      apiUser: string;
      liveKey: string;
      sandboxKey: string;
      branches: unknown[];
    };
    expect(demo.branches).toHaveLength(2);
    expect(await probe(basicAuth(demo.apiUser, demo.liveKey))).toEqual({ status: 404, code: 'job_not_found' });
    expect(await probe(basicAuth(demo.apiUser, demo.sandboxKey))).toEqual({ status: 404, code: 'job_not_found' });
  });
});
