import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { baseUrl, type Tenant } from '../tests/api/helpers';
import { STORE } from '../tests/api/bodies';
import { nycAddress } from '../server/routing/test-store';

/** Plans of the console's browser tests: orders from a Brooklyn store over New York City, planned over /v1. */

/** Job pages at several plan sizes and widths, saved by the run for a person to look at. */
export const SCREENSHOTS = 'test-results/console-screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

export type Json = Record<string, unknown>;
export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** POSTs a /v1 request and returns its status and parsed body. */
export async function postV1(
  path: string,
  body: unknown,
  auth: string,
  prefer?: string,
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json', ...(prefer ? { prefer } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** `count` orders from the Brooklyn store to points spread over New York City, with three-hour windows. */
export function cityPlan(count: number, vans: number, problemId: string, solverSeconds: number): Json {
  const orders = Array.from({ length: count }, (_, i) => {
    const open = 9 + (i % 7);
    return {
      externalId: `C-${i + 1}`,
      pickupAddress: STORE,
      dropoffAddress: nycAddress(`${i + 1} Example Ave`, '10001', {
        latitude: (40.58 + ((i * 37) % 251) / 1000).toFixed(5),
        longitude: (-74.05 + ((i * 53) % 307) / 1000).toFixed(5),
      }),
      dropoffWindowOpen: `2026-11-23T${String(open).padStart(2, '0')}:00:00-05:00`,
      dropoffWindowClose: `2026-11-23T${String(open + 3).padStart(2, '0')}:00:00-05:00`,
      payloadItems: [{ description: 'Parcel', height: 10, length: 12, width: 10, weight: 8, quantity: 1 }],
    };
  });
  const fleet = Array.from({ length: vans }, (_, i) => ({
    driverExternalId: `driver-${i + 1}`,
    vehicleExternalId: `van-${i + 1}`,
    vehicleType: 'cargo-van',
    scheduledStart: '2026-11-23T08:00:00-05:00',
    startAddress: STORE,
    // Few stops per van: a plan of this size needs most of the fleet, as a large day does.
    vehicleSpec: { maxStops: Math.ceil((2 * count) / (vans * 0.85)) },
  }));
  return { problemId, orders, fleet, options: { solverTimeLimitSeconds: solverSeconds } };
}

/** Plans over /v1 and waits for the answer: the plan result. */
export async function planResultOverApi(tenant: Tenant, body: Json): Promise<Json> {
  const planned = await postV1('/v1/routing/plan', body, tenant.basicAuthHeader('live'), 'wait=120');
  expect(planned.status, JSON.stringify(planned.body)).toBe(200);
  return planned.body;
}

/** Plans over /v1 and waits for the answer; returns how many vans it used. */
export async function planOverApi(tenant: Tenant, body: Json): Promise<number> {
  return ((await planResultOverApi(tenant, body)).summary as { vehiclesUsed: number }).vehiclesUsed;
}

export async function openJob(page: Page, problemId: string): Promise<void> {
  // The problemId addresses the job, as the job id does.
  await page.goto(`/console/jobs/${encodeURIComponent(problemId)}`);
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-base-map', 'ready');
}
