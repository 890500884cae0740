import { expect, test, type Page } from '@playwright/test';
import { apiClient, setPreferences, useSignedInState } from './helpers.ts';

// Issue 24, the item search of seed 000 §9 as rep@: the search page finds an item by any of the
// 13 item search fields with any operator, and the item page lists the codes it is known by
// (alternate codes, substitutes, the rep's customers' part numbers).
useSignedInState(test, 'rep@tradeboard.example');

type Part = { company: string; itemNumber: string; customerPartNumber: string; customerName: string };
type Code = { alternateCode: string };
type Sub = { substituteItemNumber: string };

/** An item one of rep@'s customers orders by a number of his own, that has alternate codes and substitutes. */
async function itemWithCodes(page: Page) {
  const api = await apiClient(page.request);
  const parts = await api.post<{ rows: Part[] }>('/Inventory/CustomerPartSummary?inStockOnly=false', { pageSize: 100 });
  for (const part of parts.rows) {
    const query = `itemNumber=${encodeURIComponent(part.itemNumber)}&company=${part.company}&inStockOnly=false`;
    const alternates = await api.post<{ rows: Code[] }>(`/Inventory/AlternateSummary?${query}`, { pageSize: 10 });
    const substitutes = await api.post<{ rows: Sub[] }>(`/Inventory/SubstituteSummary?${query}`, { pageSize: 10 });
    if (alternates.rows[0] && substitutes.rows[0]) return { part, alternate: alternates.rows[0].alternateCode, substitute: substitutes.rows[0].substituteItemNumber };
  }
  throw new Error('None of rep@’s customer part numbers is on an item with alternate codes and substitutes');
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the search page finds an item by its alternate code and by a customer part number, with the operator chosen', async ({ page }) => {
  const { part, alternate } = await itemWithCodes(page);
  await page.goto(`/search?searchString=${encodeURIComponent(alternate)}`);
  const items = page.getByRole('region', { name: 'Items' });
  await choose(page, 'Item search field', 'Alternate Code');
  await expect(page).toHaveURL(/itemField=Alternate\+Code/);
  await choose(page, 'Item match', 'Exact');
  await expect(page).toHaveURL(/itemOperator=Exact/);
  await expect(items.getByRole('link').filter({ hasText: part.itemNumber }).first()).toBeVisible();

  // Begins With on a customer part number: its first characters find the item.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(part.customerPartNumber.slice(0, -1));
  await choose(page, 'Item search field', 'Customer Part Number');
  await choose(page, 'Item match', 'Begins With');
  await expect(page).toHaveURL(/itemField=Customer\+Part\+Number&itemOperator=BeginsWith/);
  await expect(items.getByRole('link').filter({ hasText: part.itemNumber }).first()).toBeVisible();

  // Exact on a text the field does not hold: no item.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('ZZ-NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Nothing matches “ZZ-NO-SUCH-CODE”.')).toBeVisible();
});

test('the item page lists its alternate codes, substitutes (linked) and customer part numbers', async ({ page }) => {
  const { part, alternate, substitute } = await itemWithCodes(page);
  await page.goto(`/details/item?itemNumber=${encodeURIComponent(part.itemNumber)}&company=${part.company}`);
  await expect(page.getByRole('heading', { level: 1, name: `Item ${part.itemNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Master data' }).getByLabel('Master data')).toContainText('Short code');
  await expect(page.getByLabel('Extended description')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alternate codes' }).getByRole('cell', { name: alternate, exact: true })).toBeVisible();
  const parts = page.getByRole('region', { name: 'Customer part numbers' });
  await expect(parts.getByRole('cell', { name: part.customerPartNumber, exact: true })).toBeVisible();
  const substitutes = page.getByRole('region', { name: 'Substitutes' });
  await substitutes.getByRole('link', { name: substitute, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Item ${substitute}` })).toBeVisible();
});

test('the search page with its item options fits 375 px in dark mode, and 1280 px in light', async ({ page }, testInfo) => {
  const { part } = await itemWithCodes(page);
  for (const [width, scheme] of [[375, 'dark'], [1280, 'light']] as const) {
    await page.setViewportSize({ width, height: 900 });
    await setPreferences(page, { theme: scheme });
    for (const url of [`/search?searchString=${encodeURIComponent(part.itemNumber)}&itemField=Item+Number&itemOperator=Exact`, `/details/item?itemNumber=${encodeURIComponent(part.itemNumber)}&company=${part.company}`]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      if (url.startsWith('/search')) await expect(page.getByRole('region', { name: 'Items' })).toBeVisible();
      else await expect(page.getByRole('region', { name: 'Alternate codes' }).getByRole('table')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${url} at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`${url.split('?')[0]!.replace(/\W+/g, '_')}-${width}-${scheme}.png`), fullPage: true });
    }
  }
});

test("the supplier's purchase list: from his summary, the items bought in 12 months (biggest first, linked) and the on-time prediction", async ({ page }) => {
  type Group = { key: string; amount: number };
  const api = await apiClient(page.request);
  const period = { dateSlug: 'rolling-12-months', sortBy: 'amount', sortDir: 'desc' };
  const [supplier] = (await api.post<{ rows: Group[] }>('/PurchaseOrder/Grouped/supplier', { ...period, pageSize: 1 })).rows;
  const bySupplier = [{ field: 'supplier', comparison: 'equals', values: [supplier!.key] }];
  const [company] = (await api.post<{ rows: Group[] }>('/PurchaseOrder/Grouped/company', { ...period, pageSize: 1, filters: bySupplier })).rows;
  const [top] = (
    await api.post<{ rows: Group[] }>('/PurchaseOrder/Grouped/itemNumber', { ...period, pageSize: 1, filters: [...bySupplier, { field: 'company', comparison: 'equals', values: [company!.key] }] })
  ).rows;

  await page.goto(`/supplierSummary?${new URLSearchParams({ supplier: supplier!.key, company: company!.key })}`);
  await page.getByRole('link', { name: 'Purchase list' }).click();
  await expect(page).toHaveURL(/\/supplier\/purchaseList\?/);
  await expect(page.getByRole('heading', { level: 1, name: `Purchase list of ${supplier!.key}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'On-time prediction' })).toContainText(/On time by the due date|nothing to predict from/);
  const items = page.getByRole('region', { name: 'Items bought' });
  await expect(items.getByRole('row').nth(1)).toContainText(top!.key);
  await items.getByRole('link', { name: top!.key, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Item ${top!.key}` })).toBeVisible();
});
