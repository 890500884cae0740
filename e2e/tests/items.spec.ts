import { expect, test } from '@playwright/test';
import { apiClient, boardWith, INVOICE_LINES, useSignedInState } from './helpers.ts';

// Issue 24, the item and contract pages as rep@: an item number in a list opens the item page
// (header, master data, units, stock, invoice and PO history linked to their pages); a contract
// page shows its header and items.
useSignedInState(test, 'rep@tradeboard.example');

type Api = Awaited<ReturnType<typeof apiClient>>;
type ContractRow = { jobNumber: string; company: string; description: string };

/** A contract of one of rep@'s first 100 customers. */
async function firstContract(api: Api): Promise<ContractRow> {
  const customers = await api.post<{ rows: Array<{ customer: string; company: string }> }>('/Customer/List', { pageSize: 100 });
  for (const c of customers.rows) {
    const contracts = await api.post<{ rows: ContractRow[] }>(`/Customer/Contract/${encodeURIComponent(c.customer)}/${c.company}`, { pageSize: 1 });
    if (contracts.rows[0]) return contracts.rows[0];
  }
  throw new Error('None of rep@’s first 100 customers has a contract');
}

test('an item number in Invoice Lines opens its item page: header, master data and history linked to the invoices', async ({ page }) => {
  await page.goto(await boardWith(page, 'home', INVOICE_LINES, 'My invoice lines'));
  const link = page.getByRole('region', { name: 'My invoice lines' }).locator('a[href^="/details/item?"]').first();
  await expect(link).toBeVisible();
  const itemNumber = (await link.textContent())!.trim();
  await link.click();

  await expect(page).toHaveURL(/\/details\/item\?itemNumber=/);
  await expect(page.getByRole('heading', { level: 1, name: `Item ${itemNumber}` })).toBeVisible();
  await expect(page.getByLabel('Key facts')).toContainText('On hand');
  const master = page.getByRole('region', { name: 'Master data' });
  await expect(master.getByLabel('Master data')).toContainText('List price');
  await expect(master.getByLabel('Master data')).toContainText(/\$[\d,]+\.\d\d/);
  await expect(page.getByRole('region', { name: 'Units of measure' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stock by location' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Purchase order history/ })).toBeVisible();

  // The item was on one of rep@'s invoices: its history links to that invoice's page.
  const history = page.getByRole('region', { name: /^Invoice history/ });
  const invoice = history.locator('a[href^="/details/invoice/"]').first();
  await expect(invoice).toBeVisible();
  const invoiceNumber = (await invoice.textContent())!.trim();
  await invoice.click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();

  await page.goto('/details/item?itemNumber=NO-SUCH-ITEM');
  await expect(page.getByText('Item NO-SUCH-ITEM was not found, or it is not one of yours.')).toBeVisible();
});

test('a contract page shows its header and its items at contract price, linked to the item page', async ({ page }) => {
  const contract = await firstContract(await apiClient(page.request));
  await page.goto(`/details/contract/${encodeURIComponent(contract.jobNumber)}?company=${contract.company}`);
  await expect(page.getByRole('heading', { level: 1, name: `Contract ${contract.jobNumber}` })).toBeVisible();
  const header = page.getByRole('region', { name: `Contract ${contract.jobNumber} header` });
  await expect(header).toContainText(contract.description);
  await expect(header.getByLabel('Key facts')).toContainText('Starts');
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Contract items' });
  await expect(items.getByRole('columnheader', { name: 'Contract price' })).toBeVisible();
  await expect(items.locator('a[href^="/details/item?"]').first()).toBeVisible();
  // Sorted on the server by a click of a heading; an item opens its page.
  await items.getByRole('columnheader', { name: 'Contract price' }).click();
  const item = items.locator('a[href^="/details/item?"]').first();
  const itemNumber = (await item.textContent())!.trim();
  await item.click();
  await expect(page.getByRole('heading', { level: 1, name: `Item ${itemNumber}` })).toBeVisible();

  await page.goto('/details/contract/NO-SUCH-JOB');
  await expect(page.getByText('Contract NO-SUCH-JOB was not found, or it is not one of yours.')).toBeVisible();
});

test('the item and contract pages fit 375 px in dark mode, and 1280 px in light', async ({ page }, testInfo) => {
  const api = await apiClient(page.request);
  const item = (await api.post<{ rows: Array<{ itemNumber: string; company: string }> }>('/Inventory/Summary', { pageSize: 1 })).rows[0]!;
  const contract = await firstContract(api);
  const pages = [`/details/item?itemNumber=${encodeURIComponent(item.itemNumber)}&company=${item.company}`, `/details/contract/${contract.jobNumber}?company=${contract.company}`];
  for (const [width, scheme] of [[375, 'dark'], [1280, 'light']] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    for (const url of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: /header$/ })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${url} at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`${url.split('?')[0]!.replace(/\W+/g, '_')}-${width}-${scheme}.png`), fullPage: true });
    }
  }
});
