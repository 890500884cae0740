import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { apiClient, boardWith, INVOICE_LINES, useSignedInState } from './helpers.ts';

// Issue 29, ERP data in, as admin@ on Settings → Data: the templates and the example extract; a
// ZIP with two bad rows is refused with a report naming them and changes nothing; fixed, it loads:
// the new customer is in the jump-to, his invoice on his account's board, and LastUpdatedDate moved. A MariaDB source (a fake ERP schema of its own
// made for the test in the machine's MariaDB) is added, tested, given model queries, validated and loaded. A customer
// file with its own headers is refused naming them, mapped on the screen into a file source, and loads with it.
// A load cancelled while its rollups rebuild leaves the previous data, load and names as they were.
const state = useSignedInState(test, 'admin@tradeboard.example');

const main = (page: Page) => page.getByRole('main');
type LastUpdated = { lastUpdatedDate: string | null; loadId: number | null };

/** A CSV text of the extract with the row whose `key` column holds `value` given other values (by column name). */
function withValues(csv: string, [key, value]: [string, string], values: Record<string, string>): string {
  const [header, ...rows] = csv.split('\r\n');
  const columns = header!.split(',');
  const at = columns.indexOf(key);
  const changed = rows.map((row) => {
    const cells = row.split(',');
    return cells[at] === value ? columns.map((column, i) => values[column] ?? cells[i]).join(',') : row;
  });
  return [header, ...changed].join('\r\n');
}

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

test('templates, a refused extract with two bad rows, then the fixed extract loads: its customer is in the jump-to and its invoice on his board', async ({ page }) => {
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
    invoice_date: new Date().toISOString().slice(0, 10), item_number: 'EX-HCS-100', product_group: 'FAS', qty: '10', unit_price: '0.30', sales: '3.00', cost: '1.20', commission_cost: '1.22', freight: '0',
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
  await expect(await jumpTo(page, name)).toBeAttached();

  await expectInvoiceOnAccountBoard(page, code, line.invoice_number);
});

test('a load cancelled while its rollups rebuild leaves the previous data: the load, LastUpdatedDate and the names stay', async ({ page }) => {
  test.setTimeout(300_000);
  const api = await apiClient(page.request);
  const before = await api.get<LastUpdated>('/System/LastUpdatedDate');
  const files = unzipSync(await (await page.request.get('/api/ErpLoad/Example')).body());
  const code = Date.now().toString(36).toUpperCase();
  // A new manager for the example's rep rebuilds every rollup (the rollups kept per user scope
  // change), which is time enough to cancel; its customer renamed shows whether anything landed.
  const extract = {
    ...files,
    'sales_rep.csv': strToU8(withValues(strFromU8(files['sales_rep.csv']!), ['sales_rep', 'EX01'], { manager_sales_rep: `M${code}` })),
    'customer.csv': strToU8(withValues(strFromU8(files['customer.csv']!), ['customer', 'EXC100'], { customer_name: `Never Seen ${code}` })),
  };
  await page.goto('/settings/data');
  await page.getByLabel('Extract file').setInputFiles({ name: 'extract.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(extract)) });
  await page.getByRole('button', { name: 'Upload and load' }).click();
  await expect(page.getByRole('progressbar', { name: 'Refreshing the analytics rollups' })).toBeVisible({ timeout: 120_000 });
  await main(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel load' }).click();
  await expect(page.getByRole('region', { name: 'Load report' })).toContainText('cancelled', { timeout: 120_000 });

  expect(await api.get<LastUpdated>('/System/LastUpdatedDate')).toEqual(before);
  expect((await api.post<{ totalCount: number }>('/Customer/List', { searchString: `Never Seen ${code}` })).totalCount).toBe(0);
});

/** The customer's (company EX) invoice is in the Invoice Lines of a board of his account (dated today: the list's default is the last 30 days). */
async function expectInvoiceOnAccountBoard(page: Page, customer: string, invoiceNumber: string) {
  await page.goto(await boardWith(page, 'accountSummary', INVOICE_LINES, 'Their invoice lines', `?${new URLSearchParams({ accountType: 'customer', accountId: customer, company: 'EX' })}`));
  await expect(page.getByRole('region', { name: 'Their invoice lines' }).getByRole('link', { name: invoiceNumber })).toBeVisible();
}

/** The jump-to's option for an account name, typed into it. */
async function jumpTo(page: Page, name: string) {
  await page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Jump to account' }).fill(name);
  return page.getByRole('option', { name: new RegExp(name) });
}

/** Picks an option of an antd Select by typing into it (the open dropdown's option with exactly this text). */
async function choose(page: Page, select: ReturnType<Page['getByRole']>, typed: string, option: string) {
  await select.fill(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(option, { exact: true }).click();
}

test('a customer file with its own headers: refused naming them, mapped on the screen and saved as a file source, then loaded with it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const api = await apiClient(page.request);
  const before = await api.get<LastUpdated>('/System/LastUpdatedDate');
  const code = `MAP${Date.now().toString(36).toUpperCase()}`;
  const name = `Mapped Metals ${code}`;
  const source = `Acme ERP nightly export ${code}`;
  // Their export: our table's file name, their own headers, and a column we do not keep.
  const zip = zipSync({ 'customer.csv': strToU8(`company,Cust No,Cust Name,branch,Rep,Opened,Fax\r\n01,${code},${name},CHI,SR01,2025-05-02,555-0100\r\n`) });
  const extract = { name: 'acme-export.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) };
  const refuse = async (on: Page) => {
    await on.goto('/settings/data');
    await on.getByLabel('Extract file').setInputFiles(extract);
    await on.getByRole('button', { name: 'Upload and load' }).click();
    const report = on.getByRole('region', { name: 'Load report' });
    await expect(report).toContainText('rejected', { timeout: 120_000 });
    return report;
  };

  // Refused: the report names each header it cannot place, and nothing is loaded.
  const report = await refuse(page);
  await expect(report).toContainText('nothing was loaded');
  for (const header of ['cust no', 'cust name', 'rep', 'opened', 'fax']) {
    await expect(report.getByRole('row', { name: new RegExp(`^customer\\.csv 1 ${header} — unknown column`) })).toBeVisible();
  }
  expect((await api.get<LastUpdated>('/System/LastUpdatedDate')).loadId).toBe(before.loadId);

  // The mapping editor offers each of them, and says which required columns are still missing.
  const editor = main(page).getByRole('region', { name: 'Map the headers' });
  const file = editor.getByRole('group', { name: 'Mapping of customer.csv' });
  await expect(file.getByRole('status')).toContainText('Still missing customer, customer_name, sales_rep, created_date');
  const column = (header: string) => file.getByRole('combobox', { name: `Column for ${header}` });
  await choose(page, column('cust no'), 'customer', 'customer (required)');
  await choose(page, column('cust name'), 'customer_name', 'customer_name (required)');
  await choose(page, column('rep'), 'sales_rep', 'sales_rep (required)');
  await expect(file.getByRole('status')).toContainText('Still missing created_date');
  await choose(page, column('opened'), 'created', 'created_date (required)');
  await choose(page, column('fax'), 'leave', 'Leave out (not loaded)');
  await expect(file.getByRole('status')).toContainText('Every required column is given');
  await editor.screenshot({ path: test.info().outputPath('data-mapping-1280-light.png') });

  // The same editor at 375 px, dark.
  const phone = await browser.newContext({ viewport: { width: 375, height: 900 }, colorScheme: 'dark', storageState: state });
  const small = await phone.newPage();
  await refuse(small);
  await expect(main(small).getByRole('region', { name: 'Map the headers' })).toBeVisible();
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await small.screenshot({ path: test.info().outputPath('data-mapping-375-dark.png'), fullPage: true });
  await phone.close();

  // Saved as a new file source: it becomes the upload's source, and the same file loads again with it.
  await expect(editor.getByRole('combobox', { name: 'Save to' })).toBeVisible();
  await editor.getByLabel('Name of the new file source').fill(source);
  await editor.getByRole('button', { name: 'Save mapping' }).click();
  await expect(editor).toBeHidden();
  await expect(main(page).getByRole('region', { name: 'Load an extract' }).getByText(source, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Load again' }).click();
  await expect(report).toContainText('loaded', { timeout: 120_000 });
  await expect(report).toContainText('Loaded 1 rows');
  expect((await api.get<LastUpdated>('/System/LastUpdatedDate')).loadId).toBeGreaterThan(before.loadId ?? 0);

  // The source keeps the mapping for the next upload.
  await page.getByRole('button', { name: 'Edit source' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${source}` });
  await expect(dialog.getByRole('combobox', { name: 'Column for cust no' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Mapping of Customers' })).toContainText('created_date (required)');
  await page.screenshot({ path: test.info().outputPath('data-file-source-1280-light.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/home');
  const jump = page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Jump to account' });
  await jump.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeAttached();
});

/** Runs SQL on the machine's MariaDB (root, no password). */
const mariadb = (sql: string) => execFileSync('mariadb', ['-h', '127.0.0.1', '-P', '3306', '-u', 'root', '-e', sql], { encoding: 'utf8' });

test('a MariaDB source: added with a daily time, tested, its model queries validated, loaded now; its customer is in the jump-to and its invoice on his board', async ({ page }) => {
  test.setTimeout(300_000);
  const code = `MDB${Date.now().toString(36).toUpperCase()}`;
  const database = `tb_e2e_${code.toLowerCase()}`;
  const name = `Maria Machine Shop ${code}`;
  mariadb(`CREATE DATABASE ${database};
    CREATE TABLE ${database}.CUSMAS (CMP CHAR(2), CUSNO VARCHAR(16), CUSNAM VARCHAR(60), BRNCH VARCHAR(6), SLSMN VARCHAR(6), OPNDT DATE);
    INSERT INTO ${database}.CUSMAS VALUES ('EX', '${code}', '${name}', 'DEN', 'EX01', '2025-01-10');
    CREATE TABLE ${database}.INVDTL (CMP CHAR(2), INVNO VARCHAR(16), LN INT, CUSNO VARCHAR(16), SLSMN VARCHAR(6), BRNCH VARCHAR(6), INVDT DATE, ITEM VARCHAR(30), PRDGRP VARCHAR(6), QTY INT, PRICE DECIMAL(12,4), EXT DECIMAL(14,2), COST DECIMAL(14,2));
    INSERT INTO ${database}.INVDTL VALUES ('EX', '${code}-1', 1, '${code}', 'EX01', 'DEN', UTC_DATE(), 'EX-HCS-100', 'FAS', 10, 2.5, 25.00, 10.00);`);
  try {
    await page.goto('/settings/data');
    const sources = main(page).getByRole('region', { name: 'SQL sources' });
    await sources.getByRole('button', { name: 'Add SQL source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add SQL source' });
    await dialog.getByLabel('Name').fill(`Fake ERP ${code}`);
    await expect(dialog.getByLabel('Database kind')).toBeVisible();
    await dialog.getByLabel('Host').fill('127.0.0.1');
    await expect(dialog.getByLabel('Port')).toHaveValue('3306');
    await dialog.getByLabel('Database', { exact: true }).fill(database);
    await dialog.getByLabel('User').fill('root');
    await dialog.getByLabel('Load daily at').fill('25:00');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel('Load daily at').fill('06:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = sources.getByRole('row').filter({ hasText: `Fake ERP ${code}` });
    await expect(row).toContainText('Daily at 06:00 UTC');
    await expect(row).toContainText(`root@127.0.0.1:3306/${database}`);

    await row.getByRole('button', { name: `Test Fake ERP ${code}` }).click();
    await expect(page.getByText(new RegExp(`Fake ERP ${code}: connected \\(.*MariaDB`))).toBeVisible();

    await row.getByRole('button', { name: `Model queries of Fake ERP ${code}` }).click();
    const queries = sources.getByRole('region', { name: `Model queries of Fake ERP ${code}` });
    const addQuery = async (table: string, sql: string) => {
      await queries.getByRole('button', { name: 'Add model query' }).click();
      const editor = page.getByRole('dialog', { name: `Add model query to Fake ERP ${code}` });
      await editor.getByRole('combobox', { name: 'ERP table' }).fill(table);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(`(${table})`, { exact: false }).first().click();
      await editor.getByLabel('Query').fill(sql);
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(editor).toBeHidden();
      const line = queries.getByRole('row').filter({ hasText: new RegExp(`^${table}`) });
      await expect(line).toContainText('Not validated');
      await line.getByRole('button', { name: `Validate ${table}` }).click();
      await expect(line).toContainText('Valid');
    };
    await addQuery('customer', 'SELECT CMP AS company, CUSNO AS customer, CUSNAM AS customer_name, BRNCH AS branch, SLSMN AS sales_rep, OPNDT AS created_date FROM CUSMAS');
    await addQuery('invoice_line', `SELECT CMP AS company, INVNO AS invoice_number, LN AS invoice_line_number, CUSNO AS customer, CUSNO AS ship_to, SLSMN AS sales_rep,
      BRNCH AS branch, INVDT AS invoice_date, ITEM AS item_number, PRDGRP AS product_group, QTY AS qty, PRICE AS unit_price, EXT AS sales, COST AS cost,
      COST AS commission_cost, 0 AS freight FROM INVDTL`);

    await row.getByRole('button', { name: `Load Fake ERP ${code} now` }).click();
    const report = sources.getByRole('region', { name: 'Load report' });
    await expect(report).toContainText('loaded', { timeout: 120_000 });
    await expect(main(page).getByRole('region', { name: 'Loads' }).getByRole('row').filter({ hasText: `Fake ERP ${code}` }).first()).toContainText('loaded');
    await page.screenshot({ path: test.info().outputPath('data-sql-source-1280-light.png'), fullPage: true });

    await page.goto('/home');
    await expect(await jumpTo(page, name)).toBeAttached();
    await expectInvoiceOnAccountBoard(page, code, `${code}-1`);
  } finally {
    mariadb(`DROP DATABASE IF EXISTS ${database}`);
  }
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
