import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '@tradeboard/shared/testing/pdfText';
import { apiClient, boardWith, INVOICE_LINES, setEditMode, setPreferences, signIn, unique, useSignedInState } from './helpers.ts';

// Issue 24, documents as rep@: an invoice's page from the Invoice Lines list, its PDF and attached files; order
// pages with their lines' BOM and POs; files attached to an account's Document Links; the distributor's logo an
// administrator puts on the documents.
useSignedInState(test, 'rep@tradeboard.example');

const DOCUMENT_LINKS = 1002;

test('an invoice number in Invoice Lines opens the invoice page: header totals, lines, Print downloads its PDF, and a file attaches to it', async ({ page }) => {
  await page.goto(await boardWith(page, 'home', INVOICE_LINES, 'My invoice lines'));
  const list = page.getByRole('region', { name: 'My invoice lines' });
  const link = list.locator('a[href^="/details/invoice/"]').first();
  await expect(link).toBeVisible();
  const invoiceNumber = (await link.textContent())!.trim();
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/details/invoice/${encodeURIComponent(invoiceNumber)}`));
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
  await expect(page.getByLabel('Key facts')).toContainText('Total');
  await expect(page.getByLabel('Key facts')).toContainText(/\$[\d,]+\.\d\d/);
  const lines = page.getByRole('region', { name: 'Lines' });
  await expect(lines.getByRole('row').nth(1)).toBeVisible();
  // The lines sort on a click of a heading.
  await lines.getByRole('columnheader', { name: 'Amount' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Invoice-${invoiceNumber}.pdf`);
  const text = pdfText(readFileSync((await file.path())!));
  expect(text).toContain(`Invoice ${invoiceNumber}`);
  expect(text).toMatch(/^-?[\d,]+\.\d\d$/m);
  expect(text).toContain('Page 1 of');

  // A file attached on the invoice's page is listed there and downloads with the same bytes.
  const files = page.getByRole('region', { name: 'Attached files' });
  const name = `${unique('Proof of delivery').replace(/\s+/g, '-')}.pdf`;
  const bytes = Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  await files.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  const attached = files.getByRole('link', { name: `Download ${name}` });
  await expect(attached).toBeVisible();
  const saved = page.waitForEvent('download');
  await attached.click();
  expect(readFileSync((await (await saved).path())!)).toEqual(bytes);
  await page.screenshot({ path: test.info().outputPath('invoice-1280-light.png'), fullPage: true });

  // At 375 px in the dark theme the page, its lines and its attachments fit the screen.
  await setPreferences(page, { theme: 'dark' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
  await expect(files.getByRole('link', { name: `Download ${name}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('invoice-375-dark.png'), fullPage: true });
});

test('an order page shows each line\u2019s bill of material and purchase orders, and links its account', async ({ page }) => {
  const api = await apiClient(page.request);
  const orders = await api.post<{ rows: Array<{ orderNumber: string; company: string }> }>('/Order/Header/List', { pageSize: 1 });
  const order = orders.rows[0]!;
  await page.goto(`/details/order/${encodeURIComponent(order.orderNumber)}?company=${order.company}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Lines' });
  await lines.getByRole('button', { name: /expand row/i }).first().click();
  await expect(lines.getByRole('heading', { name: 'Bill of material' })).toBeVisible();
  await expect(lines.getByRole('heading', { name: 'Purchase orders' })).toBeVisible();
  // Another rep's order is not found.
  await page.goto('/details/order/NO-SUCH-ORDER');
  await expect(page.getByText('Order NO-SUCH-ORDER was not found, or it is not one of yours.')).toBeVisible();
});

test("a PDF dropped on an account's Document Links is listed and downloads with the same bytes; an oversize file is refused and leaves nothing", async ({ page }) => {
  const api = await apiClient(page.request);
  const customer = (await api.post<{ rows: Array<{ customer: string; company: string }> }>('/Customer/List', { pageSize: 1, sortBy: 'customerName', sortDir: 'asc' })).rows[0]!;
  const query = `?${new URLSearchParams({ accountType: 'customer', accountId: customer.customer, company: customer.company })}`;
  const url = await boardWith(page, 'accountSummary', DOCUMENT_LINKS, 'Account files', query);
  await setEditMode(page, true);
  await page.goto(url);
  const card = page.getByRole('region', { name: 'Attached files' });
  const dropZone = card.getByRole('group', { name: 'Drop a file here to attach it' });
  await expect(dropZone).toBeVisible();

  const name = `${unique('Spec sheet').replace(/\s+/g, '-')}.pdf`;
  const bytes = [...Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`)];
  const drop = async (fileName: string, content: number[] | number) => {
    const dataTransfer = await page.evaluateHandle(
      ({ fileName, content }) => {
        const data = typeof content === 'number' ? Object.assign(new Uint8Array(content), { 0: 0x25, 1: 0x50, 2: 0x44, 3: 0x46 }) : new Uint8Array(content);
        const transfer = new DataTransfer();
        transfer.items.add(new File([data], fileName, { type: 'application/pdf' }));
        return transfer;
      },
      { fileName, content },
    );
    await dropZone.dispatchEvent('dragover', { dataTransfer });
    await dropZone.dispatchEvent('drop', { dataTransfer });
  };

  const uploaded = page.waitForResponse((r) => r.url().includes('/api/DocLink/Customer') && r.request().method() === 'POST');
  await drop(name, bytes);
  expect((await uploaded).status()).toBe(200);
  const download = card.getByRole('link', { name: `Download ${name}` });
  await expect(download).toBeVisible();

  const saved = page.waitForEvent('download');
  await download.click();
  const file = await saved;
  expect(file.suggestedFilename()).toBe(name);
  expect([...readFileSync((await file.path())!)]).toEqual(bytes);

  // Over 20 MB: refused with the limit named; nothing new is listed.
  await drop('huge.pdf', 21 * 1024 * 1024);
  await expect(card.getByRole('alert')).toContainText('huge.pdf is 21.0 MB; a document may be at most 20.0 MB. Nothing was uploaded.');
  const listed = await api.post<{ files: Array<{ fileName: string }> }>('/DocLink/List', { source: 'Customer', id: customer.customer, id2: customer.company });
  expect(listed.files.map((f) => f.fileName)).not.toContain('huge.pdf');
  expect(listed.files.map((f) => f.fileName)).toContain(name);
});

test('Ctrl+K finds an order by its number and opens its page; the search page lists it under Documents', async ({ page }) => {
  const api = await apiClient(page.request);
  const order = (await api.post<{ rows: Array<{ orderNumber: string; company: string }> }>('/Order/Header/List', { pageSize: 1 })).rows[0]!;
  await page.goto('/sales');
  await expect(page.getByRole('button', { name: /Search accounts/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search everything' }).fill(order.orderNumber);
  const documents = dialog.getByRole('group', { name: 'Documents' });
  await documents.getByRole('option').filter({ hasText: `Order ${order.orderNumber}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/details/order/${encodeURIComponent(order.orderNumber)}`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();

  await page.goto(`/search?searchString=${encodeURIComponent(order.orderNumber)}`);
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('link').filter({ hasText: `Order ${order.orderNumber}` })).toBeVisible();
});

test("an administrator puts the distributor's logo on the documents (System → Branding): rep@'s invoice PDF carries it; taken off, it does not", async ({ page, browser }, testInfo) => {
  // A logo image, drawn by the browser.
  const art = await browser.newPage();
  await art.setContent('<div id="logo" style="width:300px;height:90px;display:flex;align-items:center;justify-content:center;background:#0b3d91;color:#fff;font:bold 40px sans-serif">NORTHWIND</div>');
  const png = await art.locator('#logo').screenshot();
  await art.close();

  // rep@'s invoice PDF, as the Print button fetches it: does it hold an image?
  const api = await apiClient(page.request);
  const invoiceNumber = (await api.post<{ rows: Array<{ invoiceNumber: string }> }>('/Invoice/Details', { pageSize: 1 })).rows[0]!.invoiceNumber;
  const token = await (await page.request.get('/api/Authenticate/GenerateAntiforgeryToken')).text();
  const printedWithImage = async () => {
    const response = await page.request.post(`/api/Invoice/GenerateInvoicePdf/${encodeURIComponent(invoiceNumber)}`, { headers: { 'X-XSRF-TOKEN': token } });
    expect(response.ok()).toBe(true);
    return (await response.body()).toString('latin1').includes('/Subtype /Image');
  };
  expect(await printedWithImage()).toBe(false);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const admin = await context.newPage();
  await signIn(admin, 'admin@tradeboard.example');
  await expect(admin).toHaveURL(/\/home/);
  await admin.goto('/settings/system?tab=branding');
  const panel = admin.getByRole('region', { name: 'Documents logo' });
  await expect(panel).toContainText('No logo: documents print your company name only.');
  await panel.getByLabel('Logo image').setInputFiles({ name: 'northwind.png', mimeType: 'image/png', buffer: png });
  const image = panel.getByRole('img', { name: "Your documents' logo" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await admin.screenshot({ path: testInfo.outputPath('branding-1280-light.png'), fullPage: true });
  expect(await printedWithImage()).toBe(true);

  // At 375 px in the dark theme the panel fits the screen.
  await setPreferences(admin, { theme: 'dark' });
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.reload();
  await expect(image).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await admin.screenshot({ path: testInfo.outputPath('branding-375-dark.png'), fullPage: true });

  await panel.getByRole('button', { name: 'Take off documents' }).click();
  await admin.getByRole('button', { name: 'Take off', exact: true }).click();
  await expect(panel).toContainText('No logo: documents print your company name only.');
  expect(await printedWithImage()).toBe(false);
  await context.close();
});
