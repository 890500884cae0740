import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { apiClient, createBoard, setEditMode, signedInRequest, unique, useSignedInState } from './helpers.ts';

// Issue 4 "Done when" (the renderer half): a data list sorts, pages, searches, filters, hides a
// column (kept after reload) and exports an .xlsx with the same rows; a chart switches dataset
// tabs; a KPI shows this period vs last; a drill-through opens the account summary; the default
// home board shows real figures. The board is built here from the seeded catalogue's masters.

// exceljs belongs to mf-boards (the export's own library): read the file back with it.
type Sheet = { rowCount: number; getRow(n: number): { values: unknown } };
type Workbook = { xlsx: { readFile(file: string): Promise<unknown> }; worksheets: Sheet[] };
const ExcelJS = createRequire(path.resolve(import.meta.dirname, '../../mf-boards/package.json'))('exceljs') as { Workbook: new () => Workbook };

const ADMIN = 'admin@tradeboard.example';
const SALES_SECTION = 3;
const INSTANCE = 'Customers E2E';

type Master = { id: number; displayName: string; renderer: string; configs: any };

useSignedInState(test, ADMIN);
test.describe.configure({ mode: 'serial' });

let boardUrl = '';

test.beforeAll(async ({ baseURL }) => {
  const request = await signedInRequest(baseURL!, ADMIN);
  const api = await apiClient(request);
  const masters = await api.get<Master[]>(`/Component/List/${SALES_SECTION}`);
  // An invoice list grouped by customer, with its KPI, chart tabs and account links.
  const list = masters.find(
    (m) =>
      m.renderer === 'list' &&
      m.configs.outputModel === 'Grouped' &&
      m.configs.dataConfig?.queryString === '/Invoice/Grouped' &&
      m.configs.dataConfig?.queryParams?.groupBy === 'customer' &&
      m.configs.kpiConfig?.queryString &&
      (m.configs.chartConfig?.datasetTabs?.length ?? 0) > 1,
  );
  expect(list, 'the catalogue has an invoice list by customer').toBeTruthy();
  const board = await createBoard(api, SALES_SECTION, unique('Analytics'), ['Customers']);
  // A long period, so the list has several pages.
  const configs = { ...list!.configs, dataConfig: { ...list!.configs.dataConfig, queryParams: { groupBy: 'customer', dateSlug: 'last-year' } } };
  await api.post('/Component/Instance/Add', { componentMasterId: list!.id, cardMasterId: board.cards[0]!.cardMasterId, componentInstanceName: INSTANCE, configs });
  boardUrl = `/sales/${board.boardMasterId}`;
  await request.dispose();
});

const component = (page: Page) => page.getByRole('region', { name: INSTANCE });
const dataRows = (scope: Locator) => scope.getByRole('row').filter({ has: scope.page().getByRole('cell') });
const isGrouped = (response: Response) => response.url().endsWith('/api/Invoice/Grouped') && response.request().method() === 'POST';
const body = (response: Response) => JSON.parse(response.request().postData() ?? '{}');
/** The text of column `index` (0-based) of every shown row. */
const columnTexts = (scope: Locator, index: number) => dataRows(scope).evaluateAll((rows, i) => rows.map((row) => (row as HTMLTableRowElement).cells[i]?.textContent ?? ''), index);

async function open(page: Page) {
  const first = page.waitForResponse((r) => isGrouped(r) && r.ok());
  await page.goto(boardUrl);
  await first;
  await expect(dataRows(component(page)).first()).toBeVisible();
}

test('a list sorts, pages, searches and filters on the server', async ({ page }) => {
  await open(page);
  const list = component(page);
  const totalText = list.getByText(/^1–15 of \d+$/);
  await expect(totalText).toBeVisible();
  const total = Number((await totalText.textContent())!.split(' of ')[1]);
  expect(total).toBeGreaterThan(15);

  // Sort by customer: ascending first, then the same header flips it.
  let sorted = page.waitForResponse((r) => isGrouped(r) && body(r).sortBy === 'key' && body(r).sortDir === 'asc');
  await list.getByRole('columnheader', { name: 'Customer', exact: true }).click();
  await sorted;
  await expect.poll(async () => { const keys = await columnTexts(list, 0); return keys.length === 15 && keys.join() === [...keys].sort().join(); }).toBe(true);
  sorted = page.waitForResponse((r) => isGrouped(r) && body(r).sortBy === 'key' && body(r).sortDir === 'desc');
  await list.getByRole('columnheader', { name: 'Customer', exact: true }).click();
  await sorted;
  await expect.poll(async () => { const keys = await columnTexts(list, 0); return keys.join() === [...keys].sort().reverse().join(); }).toBe(true);

  // Page 2 from the server.
  const paged = page.waitForResponse((r) => isGrouped(r) && body(r).pageNumber === 2);
  await list.getByTitle('Next Page').click();
  await paged;
  await expect(list.getByText(new RegExp(`^16–\\d+ of ${total}$`))).toBeVisible();
  const someCustomer = (await columnTexts(list, 0))[0]!;

  // A search goes back to page 1 and finds that customer.
  const searched = page.waitForResponse((r) => isGrouped(r) && body(r).searchString === someCustomer);
  const search = list.getByRole('searchbox', { name: `Search ${INSTANCE}` });
  await search.fill(someCustomer);
  await search.press('Enter');
  expect(body(await searched)).toMatchObject({ pageNumber: 1, searchOperator: 'Contains' });
  await expect(dataRows(list)).toHaveCount(1);
  await expect(dataRows(list).first().getByRole('cell').first()).toHaveText(someCustomer);
  await search.fill('');
  await expect(list.getByText(new RegExp(`^1–15 of ${total}$`))).toBeVisible();

  // Advanced search: a field filter, merged into the request.
  await list.getByRole('button', { name: /Advanced search/ }).click();
  await list.getByLabel('Filter 1 values').fill(someCustomer);
  const filtered = page.waitForResponse((r) => isGrouped(r) && (body(r).filters ?? []).some((f: any) => f.field === 'customer' && f.values[0] === someCustomer));
  await list.getByRole('button', { name: 'Apply filters' }).click();
  expect(body(await filtered)).toMatchObject({ pageNumber: 1, filters: [{ field: 'customer', comparison: 'equals', values: [someCustomer] }] });
  await expect(dataRows(list)).toHaveCount(1);
});

test('a hidden column stays hidden after a reload', async ({ page }) => {
  await setEditMode(page, true);
  await open(page);
  const list = component(page);
  await expect(list.getByRole('columnheader', { name: 'Gross Profit', exact: true })).toBeVisible();
  await list.getByRole('button', { name: /Columns/ }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/Component/Instance/Update') && r.ok());
  await list.getByRole('switch', { name: 'Show column Gross Profit' }).click();
  await saved;
  await expect(list.getByRole('columnheader', { name: 'Gross Profit', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(dataRows(component(page)).first()).toBeVisible();
  await expect(component(page).getByRole('columnheader', { name: 'Sales', exact: true })).toBeVisible();
  await expect(component(page).getByRole('columnheader', { name: 'Gross Profit', exact: true })).toHaveCount(0);
});

test('Export to Excel writes every row of the query with the shown columns', async ({ page }) => {
  await open(page);
  const list = component(page);
  const total = Number((await list.getByText(/^1–15 of \d+$/).textContent())!.split(' of ')[1]);
  const headers = (await list.getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
  const shownKeys = await columnTexts(list, 0);
  const shownSales = await columnTexts(list, headers.indexOf('Sales'));

  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: /Export to Excel/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${INSTANCE}.xlsx`);
  const saved = path.join(tmpdir(), `tb-8302-${Date.now()}.xlsx`);
  await file.saveAs(saved);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(saved);
  const sheet = workbook.worksheets[0]!;
  const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(row(1)).toEqual(headers);
  expect(sheet.rowCount).toBe(total + 1);
  // The first rows are the screen's first page, in the same order, with the same figures.
  expect(shownKeys.map((_, i) => String(row(i + 2)[0]))).toEqual(shownKeys);
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  expect(shownSales.map((_, i) => dollars.format(Number(row(i + 2)[headers.indexOf('Sales')])))).toEqual(shownSales);
});

test('a chart switches dataset tabs, and the KPI shows this period against the last', async ({ page }) => {
  await open(page);
  const list = component(page);
  const tabs = list.getByRole('tablist');
  const [first, second] = await tabs.getByRole('tab').allTextContents();
  await expect(tabs.getByRole('tab', { name: first })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('img', { name: `${INSTANCE}: ${first} chart` }).locator('svg').first()).toBeVisible();
  await tabs.getByRole('tab', { name: second }).click();
  await expect(tabs.getByRole('tab', { name: second })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('img', { name: `${INSTANCE}: ${second} chart` }).locator('svg').first()).toBeVisible();

  const kpi = list.getByRole('group', { name: /^KPI / });
  await expect(kpi.getByLabel('This period')).toHaveText(/^\$[\d,]+$/);
  await expect(kpi.getByLabel('Comparison period')).toContainText(/^vs \$[\d,]+/);
  await expect(kpi.getByLabel(/^Change (up|down)$/)).toContainText(/%\)$/);
  await page.screenshot({ path: '/tmp/tb-8302-analytics-list.png', fullPage: true });
});

test('a customer drills through to the account summary filtered to that account', async ({ page }) => {
  await open(page);
  const link = dataRows(component(page)).first().getByRole('link').first();
  const customer = (await link.textContent())!;
  // The account page's components ask for that customer's data only, and get it.
  const filtered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/(Invoice|Booking|Order|Quote)\//.test(r.url()) && (body(r).filters ?? []).some((f: any) => f.field === 'customer' && f.values[0] === customer),
  );
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/accountSummary(/\\d+|/default)?\\?accountType=customer&accountId=${customer}$`));
  expect((await filtered).status()).toBe(200);
  await expect(page.getByRole('main').getByText(/^\$[\d,]+$/).first()).toBeVisible();
  await expect(page.getByText('The data could not be loaded')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/tb-8302-account.png', fullPage: true });
});

test('the default home board shows real figures', async ({ page }) => {
  await page.goto('/home');
  const main = page.getByRole('main');
  await expect(main.getByRole('group', { name: /^KPI / }).first().getByLabel('This period')).toHaveText(/^\$[\d,]+$/, { timeout: 20_000 });
  await expect(main.getByRole('table').first().getByRole('cell', { name: /^\$[\d,]+$/ }).first()).toBeVisible();
  await expect(main.getByText('ERROR!')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/tb-8302-home.png', fullPage: true });
});
