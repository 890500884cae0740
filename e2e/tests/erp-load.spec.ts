import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { apiClient, useSignedInState } from './helpers.ts';

// Issue 29, ERP data in, as admin@ on Settings → Data: the templates and the example extract; a
// ZIP with two bad rows is refused with a report naming them and changes nothing; fixed, it loads:
// the new customer is in the jump-to and LastUpdatedDate moved.
const state = useSignedInState(test, 'admin@tradeboard.example');

const main = (page: Page) => page.getByRole('main');
type LastUpdated = { lastUpdatedDate: string | null; loadId: number | null };

/** Adds a row (by column name) to a CSV text of the extract. */
function withRow(csv: string, row: Record<string, string>): string {
  const header = csv.split('\r\n')[0]!.split(',');
  return `${csv}${header.map((name) => row[name] ?? '').join(',')}\r\n`;
}

async function upload(page: Page, name: string, files: Record<string, Uint8Array>) {
  await page.getByLabel('Extract file').setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(zipSync(files)) });
  await page.getByRole('button', { name: 'Upload and load' }).click();
  const report = page.getByRole('region', { name: 'Load report' });
  await expect(report).toBeVisible({ timeout: 120_000 });
  return report;
}

test('templates, a refused extract with two bad rows, then the fixed extract loads and its customer is in the jump-to', async ({ page }) => {
  test.setTimeout(300_000);
  const api = await apiClient(page.request);
  const before = await api.get<LastUpdated>('/System/LastUpdatedDate');
  await page.goto('/settings/data');
  await expect(main(page).getByRole('heading', { name: 'Load an extract' })).toBeVisible();

  // A template per table: the layout's header line.
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Template for Customers' }).click();
  const templateFile = await template;
  expect(templateFile.suggestedFilename()).toBe('customer.csv');
  expect(readFileSync((await templateFile.path())!, 'utf8')).toMatch(/^company,customer,customer_name,/);

  // The documented example extract, as the base of this test's extract.
  const example = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Example extract' }).click();
  const exampleFile = await example;
  expect(exampleFile.suggestedFilename()).toBe('erp-extract-example-v1.zip');
  const files = unzipSync(readFileSync((await exampleFile.path())!));
  expect(Object.keys(files)).toContain('invoice_line.csv');

  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const name = `Playwright Pumps ${code}`;
  const customer = { company: 'EX', customer: code, customer_name: name, branch: 'DEN', sales_rep: 'EX01', created_date: '2025-06-01', is_active: 'true' };
  const line = {
    company: 'EX', invoice_number: `${code}-1`, invoice_line_number: '1', customer: code, ship_to: 'EXC100-01', sales_rep: 'EX01', branch: 'DEN',
    invoice_date: '2025-06-02', item_number: 'EX-HCS-100', product_group: 'FAS', qty: '10', unit_price: '0.30', sales: '3.00', cost: '1.20', commission_cost: '1.22', freight: '0',
  };
  const extract = (bad: boolean) => ({
    ...files,
    'customer.csv': strToU8(withRow(strFromU8(files['customer.csv']!), { ...customer, created_date: bad ? '2199-06-01' : customer.created_date })),
    'invoice_line.csv': strToU8(withRow(strFromU8(files['invoice_line.csv']!), { ...line, qty: bad ? 'ten' : line.qty })),
  });

  // Two bad rows: the report names them, and nothing changed.
  const refused = await upload(page, 'extract-with-errors.zip', extract(true));
  await expect(refused).toContainText('rejected');
  await expect(refused).toContainText('nothing was loaded');
  const problems = refused.getByRole('table');
  await expect(problems.getByRole('row', { name: /customer\.csv 4 created_date 2199-06-01 date out of range/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /invoice_line\.csv \d+ qty ten type/ })).toBeVisible();
  expect((await api.get<LastUpdated>('/System/LastUpdatedDate')).loadId).toBe(before.loadId);
  await page.screenshot({ path: test.info().outputPath('data-report-1280-light.png'), fullPage: true });

  // Fixed: it loads, LastUpdatedDate moves and the new customer is in the jump-to.
  const loaded = await upload(page, 'extract.zip', extract(false));
  await expect(loaded).toContainText('loaded');
  const after = await api.get<LastUpdated>('/System/LastUpdatedDate');
  expect(after.loadId).toBeGreaterThan(before.loadId ?? 0);
  expect(after.lastUpdatedDate! > (before.lastUpdatedDate ?? '')).toBe(true);
  await expect(page.getByTestId('last-updated')).toContainText('data through');

  await page.goto('/home');
  const jump = page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Jump to account' });
  await jump.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeAttached();
});

test('the Data page at 1280 and 375 px, light and dark', async ({ browser }, testInfo) => {
  for (const [width, colorScheme] of [[1280, 'light'], [1280, 'dark'], [375, 'light'], [375, 'dark']] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
    const page = await context.newPage();
    await page.goto('/settings/data');
    await expect(main(page).getByRole('heading', { name: 'File layouts (version 1)' })).toBeVisible({ timeout: 30_000 });
    await expect(main(page).getByRole('cell', { name: 'invoice_line.csv', exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`data-${width}-${colorScheme}.png`), fullPage: true });
    await context.close();
  }
});
