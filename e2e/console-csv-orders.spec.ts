import { expect, test } from '@playwright/test';
import { createTenant } from '../tests/api/helpers';
import { signInAsNewUser } from './console-session';

const HEADER =
  'externalId,dropoffAddressLine1,dropoffCity,dropoffState,dropoffPostalCode,dropoffWindowOpen,dropoffWindowClose,weightPounds,pickupAddressLine1,pickupPostalCode';
const row = (id: string, zip: string, open = '2026-11-23T09:00:00-05:00') =>
  `${id},"${id.length} Main St, Apt 2",New York,NY,${zip},${open},2026-11-23T17:00:00-05:00,12,55 Water St,11201`;

test('orders from a CSV: the template downloads, a bad row is refused at its row and column, a good file plans', async ({
  page,
}) => {
  const tenant = await createTenant();
  await signInAsNewUser(page, tenant.parentId, 'dispatcher');
  await page.goto('/console/jobs/new');
  await expect(page.getByRole('heading', { name: 'Plan a request' })).toBeVisible();

  // The template is the documented header and an example row.
  const template = decodeURIComponent(
    (await page.getByTestId('csv-template').getAttribute('href'))!.replace(/^data:text\/csv;charset=utf-8,/, ''),
  );
  expect(template.split('\n')[0]).toMatch(/^externalId,pickupAddressLine1,/);
  await page.getByText('CSV columns').click();
  await expect(page.locator('.csv-columns')).toContainText('dropoffWindowOpen');

  const csvInput = page.getByLabel('Orders from a CSV file');
  await csvInput.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, row('CSV-1', '10118'), row('CSV-2', '11238', 'tomorrow at nine')].join('\n')),
  });
  const error = page.getByTestId('csv-error');
  await expect(error).toHaveAttribute('data-row', '3');
  await expect(error).toHaveAttribute('data-column', 'dropoffWindowOpen');
  await expect(error).toContainText('Row 3, column dropoffWindowOpen:');

  // A good file: its orders replace the example's, the example's vans plan them.
  await csvInput.setInputFiles({
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, row('CSV-1', '10118'), row('CSV-2', '11238'), row('CSV-3', '11101')].join('\r\n')),
  });
  await expect(page.getByTestId('csv-loaded')).toContainText('3 orders from good.csv');
  await expect(page.getByTestId('csv-error')).toHaveCount(0);
  const request = JSON.parse(
    await page.getByLabel('Routing request (the body of POST /v1/routing/plan)').inputValue(),
  ) as {
    orders: { externalId: string; dropoffAddress: { addressLine1: string } }[];
    fleet: unknown[];
  };
  expect(request.orders.map((o) => o.externalId)).toEqual(['CSV-1', 'CSV-2', 'CSV-3']);
  expect(request.orders[0]!.dropoffAddress.addressLine1).toBe('5 Main St, Apt 2');
  expect(request.fleet.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('job-meta').locator('.status')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.getByTestId('job-totals')).toContainText('Served3');
});
