import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { apiClient, latestMailTo, signIn, signedInRequest, unique, type ApiClient } from './helpers.ts';

// Issue 26, the notification screens (mf-admin): rep@ sets up a CustomerInactivity alert with a
// branch filter, an administrator runs it for him, he reads and acknowledges it, shares it with the
// SalesRep role, and rep2@ opts out of it. Then a weekly buyer of his, loaded as ERP data, skips
// three weeks and his reorder-rhythm alert finds it.
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.locator('main');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** Chooses an option of the open select list. */
const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const pick = (page: Page, text: string) => openOptions(page).getByText(text, { exact: true }).click();

const NAME = unique('Lapsed customers');
let instanceId = 0;

type Processed = { processed: Array<{ notificationUserInstanceId: number; notificationId: number | null; resultCount: number }> };

/** An administrator runs a user's alerts now (ProcessNotificationsForTesting, findings delivered before included). */
async function processFor(baseURL: string, userMasterId: number): Promise<Processed['processed']> {
  const request = await signedInRequest(baseURL, 'admin@tradeboard.example');
  const admin = await apiClient(request);
  const session = await admin.get<{ customerMasterId: number }>('/User/GetBySession');
  const answer = await admin.get<Processed>(`/Notifications/ProcessNotificationsForTesting/${session.customerMasterId}/${userMasterId}/true`);
  await request.dispose();
  return answer.processed;
}

const me = async (api: ApiClient) => (await api.get<{ userMasterId: number }>('/User/GetBySession')).userMasterId;

test('rep@ adds a CustomerInactivity notification with a branch filter: the 500-result warning, then the success dialog', async ({ page }) => {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/notifications/management');
  await expect(main(page).getByRole('heading', { name: 'Manage notifications', level: 1 })).toBeVisible();
  await main(page).getByRole('button', { name: 'Add Notification' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add Notification' });
  await dialog.getByRole('combobox', { name: 'Notification type' }).click();
  await pick(page, 'Customer Inactivity');
  await expect(dialog.getByRole('alert')).toHaveText('This notification will only send a maximum of 500 results.');
  await dialog.getByLabel('Name', { exact: true }).fill(NAME);
  await dialog.getByLabel('No invoice within (days)').fill('30');
  await dialog.getByLabel('Leave out accounts with an activity within (days)').fill('0');

  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('combobox', { name: 'Filter 1 column' }).click();
  await pick(page, 'Branch');
  await expect(dialog.getByRole('combobox', { name: 'Filter 1 operator' })).toBeEnabled();
  await dialog.getByRole('combobox', { name: 'Filter 1 values' }).click();
  await openOptions(page).locator('.ant-select-item-option').first().click();
  // Close the value list (a click on the dialog's heading; Escape would close the dialog too).
  await dialog.getByRole('heading', { name: 'Filters' }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toContainText('Notification Successfully Added');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();
  const row = main(page).getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('Customer Inactivity');
  await expect(row).toContainText('Branch is any of');

  const api = await apiClient(page.request);
  const instances = await api.post<Array<{ notificationUserInstanceId: number; notificationName: string }>>('/Notifications/NotificationUserInstance/List');
  instanceId = instances.find((i) => i.notificationName === NAME)!.notificationUserInstanceId;
});

test('an administrator runs it: the bell shows the count, the inbox lists it, a row opens its account, acknowledging lowers the count, the e-mail is in the outbox', async ({ page, request, baseURL }) => {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  const api = await apiClient(page.request);
  const processed = (await processFor(baseURL!, await me(api))).find((p) => p.notificationUserInstanceId === instanceId);
  expect(processed?.notificationId, 'the run delivered the alert').toBeTruthy();
  const { unreadNotificationsCount: unread } = await api.get<{ unreadNotificationsCount: number }>('/Notifications/UnreadCount');
  expect(unread).toBeGreaterThan(0);

  await page.goto('/notifications');
  const bell = nav(page).getByRole('link', { name: `Notifications, ${unread} unread` });
  await expect(bell).toBeVisible();
  await expect(nav(page).locator('.tb-bell-alert')).toBeVisible();
  const subject = `${NAME}: ${processed!.resultCount} ${processed!.resultCount === 1 ? 'result' : 'results'}`;
  const row = main(page).getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Unread');

  await main(page).getByRole('button', { name: `Show results of ${subject}` }).click();
  const results = main(page).getByRole('region', { name: `Results of ${subject}` });
  const account = results.getByRole('link').first();
  await expect(account).toBeVisible();
  await account.click();
  await expect(page).toHaveURL(/\/accountSummary(\/[^?]*)?\?accountType=customer&accountId=.+&company=/);

  await nav(page).getByRole('link', { name: `Notifications, ${unread} unread` }).click();
  await expect(page).toHaveURL('/notifications');
  await main(page).getByRole('button', { name: `Acknowledge ${subject}` }).click();
  await expect(main(page).getByRole('row').filter({ hasText: subject })).toContainText('Acknowledged');
  // The badge follows at once (not at the next poll); the bell is no longer red at 0.
  if (unread > 1) await expect(nav(page).getByRole('link', { name: `Notifications, ${unread - 1} unread` })).toBeVisible();
  else await expect(nav(page).locator('.tb-bell-alert')).toHaveCount(0);

  const mail = await latestMailTo(request, 'rep@tradeboard.example');
  expect(mail.subject).toMatch(/^Tradeboard notifications: \d+ new results?$/);
  expect(mail.body).toContain(NAME);
  expect(mail.body).toContain(`/notifications?unsubscribe=${instanceId}&userId=`);
});

test('rep@ shares it with the SalesRep role; rep2@ sees it and opts out, and the next run does not deliver it to rep2@', async ({ page, browser, baseURL }) => {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/notifications/management');
  await main(page).getByRole('button', { name: `Actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const share = page.getByRole('dialog', { name: `Share ${NAME}` });
  const roleSwitch = share.getByRole('switch', { name: 'Share with role SalesRep' });
  await roleSwitch.click();
  await expect(roleSwitch).toBeChecked();
  await share.getByRole('button', { name: 'Close' }).click();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await context.newPage();
  await signIn(other, 'rep2@tradeboard.example');
  await expect(other).toHaveURL(/\/home/);
  await other.goto('/notifications/management');
  const row = main(other).getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('Rick Rep (your role)');
  await expect(row).toContainText('Active');
  await main(other).getByRole('button', { name: `Actions for ${NAME}` }).click();
  await other.getByRole('menuitem', { name: 'Opt out', exact: true }).click();
  await expect(row).toContainText('Opted out');

  const rep2 = await me(await apiClient(other.request));
  const processed = await processFor(baseURL!, rep2);
  expect(processed.filter((p) => p.notificationUserInstanceId === instanceId && p.notificationId !== null)).toEqual([]);
  await context.close();
});

/** A CSV text of rows (the first row's keys are the header). */
const csv = (rows: Array<Record<string, string>>) => [Object.keys(rows[0]!), ...rows.map((row) => Object.values(row))].map((cells) => cells.join(',')).join('\r\n');

/** Loads an ERP extract (a ZIP of CSV files) as admin@ through the Data screen's call, and waits for it to finish. */
async function loadExtract(request: APIRequestContext, files: Record<string, string>): Promise<void> {
  const token = await (await request.get('/api/Authenticate/GenerateAntiforgeryToken')).text();
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
  const upload = await request.post('/api/ErpLoad/Upload', {
    headers: { 'X-XSRF-TOKEN': token },
    multipart: { file: { name: 'weekly-buyer.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { runId } = (await upload.json()) as { runId: number };
  await expect.poll(async () => ((await (await request.get(`/api/ErpLoad/${runId}`)).json()) as { run: { status: string } }).run.status, { timeout: 120_000 })
    .toBe('loaded');
}

test('a weekly buyer of rep@ skips three weeks: his reorder-rhythm alert finds it and says so', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const code = `WK${Date.now().toString(36).toUpperCase()}`;
  const name = `Weekly Widgets ${code}`;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  // Twenty-one orders a week apart, the last three weeks and a day ago.
  const invoices = Array.from({ length: 21 }, (_, n) => ({
    company: '01', invoice_number: `${code}-${n}`, invoice_type: 'IN', invoice_date: day(22 + 7 * n), customer: code, ship_to: code, sales_rep: 'SR01',
    branch: 'CHI', location: 'CHI', line_count: '1', sales: '100.00', cost: '60.00', freight: '0', tax: '0',
  }));
  const admin = await signedInRequest(baseURL!, 'admin@tradeboard.example');
  await loadExtract(admin, {
    'customer.csv': csv([{ company: '01', customer: code, customer_name: name, branch: 'CHI', sales_rep: 'SR01', created_date: day(400), is_active: 'true' }]),
    'invoice_header.csv': csv(invoices),
  });
  try {
    await signIn(page, 'rep@tradeboard.example');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/notifications/management');
    await main(page).getByRole('button', { name: 'Add Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notification' });
    await dialog.getByRole('combobox', { name: 'Notification type' }).click();
    await pick(page, 'Reorder Rhythm');
    const alertName = unique('Missed reorders');
    await dialog.getByLabel('Name', { exact: true }).fill(alertName);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const success = page.getByRole('dialog', { name: 'Success!' });
    await expect(success).toContainText('Notification Successfully Added');
    await success.getByRole('button', { name: 'Close' }).click();

    const api = await apiClient(page.request);
    const instances = await api.post<Array<{ notificationUserInstanceId: number; notificationName: string }>>('/Notifications/NotificationUserInstance/List');
    const id = instances.find((i) => i.notificationName === alertName)!.notificationUserInstanceId;
    const processed = (await processFor(baseURL!, await me(api))).find((p) => p.notificationUserInstanceId === id);
    expect(processed?.notificationId, 'the run delivered the alert').toBeTruthy();

    await page.goto('/notifications');
    const subject = `${alertName}: ${processed!.resultCount} ${processed!.resultCount === 1 ? 'result' : 'results'}`;
    // The run after the test's ERP load (a queued job) may deliver the new alert too, when its worker
    // reaches it after the alert was added: the same results twice. The newest is opened.
    await main(page).getByRole('button', { name: `Show results of ${subject}` }).first().click();
    const results = main(page).getByRole('region', { name: `Results of ${subject}` });
    const weekly = results.getByRole('row').filter({ hasText: name });
    await expect(weekly).toContainText('Usually orders within 7 days; none for 22 days');
    await weekly.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/accountSummary(/[^?]*)?\\?accountType=customer&accountId=${code}&company=01`));
  } finally {
    // The weekly buyer leaves the data again (a delta load's delete lists).
    await loadExtract(admin, {
      'invoice_header.delete.csv': csv(invoices.map((row) => ({ company: row.company, invoice_number: row.invoice_number }))),
      'customer.delete.csv': csv([{ company: '01', customer: code }]),
    });
    await admin.dispose();
  }
});
