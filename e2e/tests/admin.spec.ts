import { expect, test, type Page } from '@playwright/test';
import { apiClient, latestMailTo, signIn, unique } from './helpers.ts';

// Issue 25, the administration remote (mf-admin) as admin@ (SiteAdmin).
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.locator('main');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** Chooses an option of the open select list. */
const pick = (page: Page, text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(text, { exact: true }).click();

async function openSettings(page: Page, tab?: 'Users' | 'Roles' | 'System') {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(main(page).getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  if (tab) {
    await main(page).getByRole('navigation', { name: 'Settings' }).getByText(tab, { exact: true }).click();
    await expect(page).toHaveURL(`/settings/${tab.toLowerCase()}`);
  }
}

test('Settings from the profile menu; a new user is created, a duplicate refused, the access e-mail sent, and the new user signs in', async ({ page, browser }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await openSettings(page);
  await expect(main(page).getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await main(page).getByRole('navigation', { name: 'Settings' }).getByText('Users', { exact: true }).click();
  const email = `${unique('new').toLowerCase().replace(/[^a-z0-9]/g, '')}@tradeboard.example`;

  const addUser = async () => {
    await main(page).getByRole('button', { name: 'New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'New User' });
    await dialog.getByLabel('Full name').fill('Nina Newcomer');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await pick(page, 'SalesRep');
    await dialog.getByRole('button', { name: 'Add user' }).click();
  };
  await addUser();
  const created = page.getByRole('dialog').filter({ hasText: 'User created successfully' });
  await expect(created).toBeVisible();
  await created.getByRole('button', { name: 'Close' }).click();
  await expect(main(page).getByRole('cell', { name: email })).toBeVisible();

  await addUser();
  const failed = page.getByRole('dialog').filter({ hasText: 'Error adding user, please try again' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Close' }).click();
  // The form stays open to be corrected.
  await page.getByRole('dialog', { name: 'New User' }).getByRole('button', { name: 'Cancel' }).click();

  const mail = await latestMailTo(page.request, email);
  expect(mail.subject).toBe('Your Tradeboard access');
  const link = /(http\S+\/login\/resetPassword\?token=\S+)/.exec(mail.body)![1]!;

  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(new URL(link).pathname + new URL(link).search);
  await newcomer.getByLabel('New Password').fill('Welcome-2026');
  await newcomer.getByLabel('Confirm Password').fill('Welcome-2026');
  await newcomer.getByRole('button', { name: 'Reset Password' }).click();
  await expect(newcomer.getByRole('link', { name: /sign in/i })).toBeVisible();
  await signIn(newcomer, email, 'Welcome-2026');
  await expect(newcomer).toHaveURL(/\/home/);
  await newcomer.getByRole('button', { name: 'Profile menu' }).click();
  await expect(newcomer.getByText('Nina Newcomer').first()).toBeVisible();
  await context.close();
});

test('copy a role and see its user count', async ({ page }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await openSettings(page, 'Roles');
  const name = unique('Field Reps');
  await main(page).getByRole('button', { name: 'Copy SalesRep' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy SalesRep' });
  await dialog.getByLabel(/Role name/).fill(name);
  await dialog.getByRole('button', { name: 'Copy role' }).click();
  const row = main(page).getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('user-count')).toHaveText('0');
  const salesRep = main(page).getByRole('row', { name: /^SalesRep Built-in/ });
  await expect(salesRep.getByTestId('user-count')).not.toHaveText('0');
});

test('give Viewer AllowPageEditing: after a reload viewer@ can manage boards', async ({ page, browser }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await openSettings(page, 'System');
  await main(page).getByRole('combobox', { name: 'Role' }).click();
  await pick(page, 'Viewer');
  await main(page).getByLabel('Search settings').fill('AllowPageEditing');
  const row = main(page).getByRole('row', { name: /AllowPageEditing/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Edit AllowPageEditing' }).click();
  const dialog = page.getByRole('dialog', { name: 'AllowPageEditing' });
  await dialog.getByRole('combobox', { name: 'Level' }).click();
  await pick(page, 'Role: Viewer');
  await dialog.getByRole('switch', { name: 'Value' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('cell', { name: 'true' }).first()).toBeVisible();
  await expect(row.getByText('admin@tradeboard.example')).toBeVisible();

  const context = await browser.newContext();
  const viewer = await context.newPage();
  await signIn(viewer, 'viewer@tradeboard.example');
  await expect(viewer).toHaveURL(/\/home/);
  await viewer.reload();
  await expect(main(viewer).getByRole('button', { name: 'Manage Boards' })).toBeVisible();
  await context.close();

  // Back as it was, for the other tests.
  const api = await apiClient(page.request);
  const definition = await api.get<Array<{ settingMasterId: number; settingName: string }>>('/Settings/Definition');
  const id = definition.find((s) => s.settingName === 'AllowPageEditing')!.settingMasterId;
  const roles = await api.get<Array<{ roleMasterId: number; roleName: string }>>('/Role/List');
  await api.post(`/Settings/Role/Remove/${roles.find((r) => r.roleName === 'Viewer')!.roleMasterId}/${id}`);
});

test("switch CRM off with a reason: rep@'s menu loses CRM on his next navigation and /crm shows the reason", async ({ page, browser }) => {
  const context = await browser.newContext();
  const rep = await context.newPage();
  await signIn(rep, 'rep@tradeboard.example');
  await expect(rep).toHaveURL(/\/home/);
  await expect(nav(rep).getByRole('link', { name: 'CRM', exact: true })).toBeVisible();

  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await openSettings(page, 'System');
  await main(page).getByRole('tab', { name: 'Modules' }).click();
  const crm = main(page).getByRole('article', { name: 'CRM' });
  await crm.getByRole('switch', { name: 'CRM on' }).click();
  const reason = 'CRM moves to the new system this week';
  const dialog = page.getByRole('dialog', { name: 'Switch CRM off' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Switch off' }).click();
  await expect(crm.getByText(`Off: ${reason}`)).toBeVisible();
  await expect(main(page).getByRole('article', { name: 'Administration' }).getByText('Always on')).toBeVisible();

  // rep@'s next navigation, without a reload.
  await nav(rep).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(rep).toHaveURL(/\/orders/);
  await expect(nav(rep).getByRole('link', { name: 'CRM', exact: true })).toHaveCount(0);
  await rep.goto('/crm');
  await expect(main(rep).getByText(reason)).toBeVisible();
  await expect(main(rep).getByText('This part of Tradeboard is switched off')).toBeVisible();
  // Its calls are refused on the server too, not only hidden.
  const token = await (await rep.request.get('/api/Authenticate/GenerateAntiforgeryToken')).text();
  const refused = await rep.request.post('/api/ActivityTransaction/ActivityType/List', { headers: { 'X-XSRF-TOKEN': token }, data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(`CRM is switched off for your organization: ${reason}`);

  await crm.getByRole('switch', { name: 'CRM on' }).click();
  await expect(crm.getByText(`Off: ${reason}`)).toHaveCount(0);
  await rep.goto('/home');
  await expect(nav(rep).getByRole('link', { name: 'CRM', exact: true })).toBeVisible();
  await context.close();
});

test("impersonate rep@: the bar shows, the figures are the rep's, Stop goes back and the audit log has both", async ({ page }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  const adminApi = await apiClient(page.request);
  const everyone = await adminApi.post<{ totalCount: number }>('/Customer/List', { pageSize: 5 });
  await openSettings(page, 'Users');
  await main(page).getByLabel('Search users').fill('rep@tradeboard.example');
  await main(page).getByLabel('Search users').press('Enter');
  await main(page).getByRole('button', { name: 'Actions for Rick Rep' }).click();
  await page.getByRole('menuitem', { name: 'View as this user' }).click();
  await expect(page).toHaveURL(/\/home/);
  const bar = page.getByRole('status', { name: 'Impersonation' });
  await expect(bar).toContainText('Viewing as Rick Rep');
  // The session is the rep's: his name in the profile menu, his data scope.
  await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Rick Rep');
  const api = await apiClient(page.request);
  const me = await api.get('/User/GetBySession');
  expect(me).toMatchObject({ isImpersonating: true, email: 'rep@tradeboard.example', userName: 'admin@tradeboard.example', roleName: 'SalesRep' });
  const customers = await api.post<{ rows: Array<{ customer: string }>; totalCount: number }>('/Customer/List', { pageSize: 5 });
  // The rep's own customers: fewer than the administrator sees.
  expect(customers.totalCount).toBeGreaterThan(0);
  expect(customers.totalCount).toBeLessThan(everyone.totalCount);

  await bar.getByRole('button', { name: 'Stop' }).click();
  await expect(page).toHaveURL('/settings/users');
  await expect(page.getByRole('status', { name: 'Impersonation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Alex Admin');
  const audit = await api.get<Array<{ event: string; email: string; detail: Record<string, unknown> }>>('/Admin/Audit/List?pageSize=20');
  const started = audit.find((a) => a.event === 'impersonation-started');
  const ended = audit.find((a) => a.event === 'impersonation-ended');
  expect(started).toMatchObject({ email: 'admin@tradeboard.example', detail: { viewedEmail: 'rep@tradeboard.example' } });
  expect(ended).toMatchObject({ email: 'admin@tradeboard.example', detail: { viewedEmail: 'rep@tradeboard.example' } });
});

test('toggles are edited on the System page: a new toggle, its default changed, then removed', async ({ page }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await openSettings(page, 'System');
  await main(page).getByRole('tab', { name: 'Toggles' }).click();
  const name = unique('E2eToggle').replace(/[^A-Za-z0-9]/g, '');
  await main(page).getByRole('button', { name: 'New toggle' }).click();
  const dialog = page.getByRole('dialog', { name: 'New toggle' });
  await dialog.getByLabel('Name (letters, digits and _)').fill(name);
  await dialog.getByLabel('Description').fill('Made by the browser test');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} is saved.`)).toBeVisible();
  const row = main(page).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('false');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('dialog', { name: `Edit ${name}` }).getByRole('switch', { name: 'Default value' }).click();
  await page.getByRole('dialog', { name: `Edit ${name}` }).getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('true');
  await page.screenshot({ path: test.info().outputPath('toggles-1280.png'), fullPage: true });
  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('dialog').filter({ hasText: `Remove ${name}?` }).getByRole('button', { name: 'Remove' }).click();
  await expect(main(page).getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('bulk import: a file with a bad row shows its problem; 50 rows with two bad ones, one fixed in place, make 49 users', async ({ page }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await openSettings(page, 'Users');
  await main(page).getByRole('button', { name: 'Import users' }).click();
  await expect(page).toHaveURL('/settings/users/upload');
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Download Template' }).click();
  expect((await download).suggestedFilename()).toBe('BulkUserTemplate.xlsx');

  const stamp = unique('bulk').toLowerCase().replace(/[^a-z0-9]/g, '');
  const csv = (rows: string[][]) => Buffer.from(['Email,Full Name,Role,Sales Rep', ...rows.map((r) => r.join(','))].join('\n') + '\n');
  const chooseAndUpload = async (name: string, rows: string[][]) => {
    await main(page).getByLabel('User spreadsheet').setInputFiles({ name, mimeType: 'text/csv', buffer: csv(rows) });
    await main(page).getByRole('button', { name: 'Upload File' }).click();
    await expect(main(page).getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  };
  await chooseAndUpload(`${stamp}-bad.csv`, [
    [`${stamp}.one@example.com`, 'Bulk One', 'SalesRep', 'SR01'],
    ['not-an-email', 'Bulk Bad', 'Viewer', ''],
  ]);
  await expect(main(page).getByText('1 with problems')).toBeVisible();
  await expect(main(page).getByText('The e-mail is not valid.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Discard batch' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(main(page).getByText('No batch is waiting for review.')).toBeVisible();

  // 50 rows, two bad (an e-mail that is none, a role that does not exist): one is fixed in place,
  // the other is left out when the batch is processed.
  const rows = Array.from({ length: 50 }, (_, n) => [`${stamp}.${n + 1}@example.com`, `Bulk Person ${n + 1}`, 'Viewer', '']);
  rows[9]![0] = `${stamp}.ten-at-example.com`;
  rows[29]![2] = 'Wizard';
  await chooseAndUpload(`${stamp}-fifty.csv`, rows);
  await expect(main(page).getByText('48 ready')).toBeVisible();
  await expect(main(page).getByText('2 with problems')).toBeVisible();
  await main(page).getByRole('combobox', { name: 'Rows to show' }).click();
  await page.getByTitle('Rows with problems', { exact: true }).click();
  // Spreadsheet row 11 is the tenth person (row 1 is the header).
  await main(page).getByRole('button', { name: 'Edit row 11' }).click();
  const edit = page.getByRole('dialog', { name: 'Row 11' });
  await edit.getByLabel('E-mail').fill(`${stamp}.10@example.com`);
  await edit.getByRole('button', { name: 'Save row' }).click();
  await expect(edit).toBeHidden();
  await expect(main(page).getByText('49 ready')).toBeVisible();
  await expect(main(page).getByText('1 with problems')).toBeVisible();
  await main(page).getByRole('button', { name: 'Process 49 users' }).click();
  await page.getByRole('dialog', { name: 'Create 49 users?' }).getByRole('button', { name: 'Process' }).click();
  await expect(main(page).getByText(`49 users were created from ${stamp}-fifty.csv.`)).toBeVisible({ timeout: 30_000 });
  const api = await apiClient(page.request);
  const made = await api.post<{ rows: Array<{ email: string }> }>('/User/List', { searchString: stamp, pageSize: 100 });
  const expected = rows.filter((r) => r[2] === 'Viewer').map((r) => (r[0]!.includes('ten-at') ? `${stamp}.10@example.com` : r[0]!));
  expect(made.rows.map((u) => u.email).sort()).toEqual(expected.sort());
  await page.screenshot({ path: test.info().outputPath('users-upload-1280.png'), fullPage: true });
});

test('the settings pages fit 375 px in dark mode', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  for (const path of ['/settings', '/settings/users', '/settings/users/upload', '/settings/roles', '/settings/system']) {
    await page.goto(path);
    await expect(main(page).getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(main(page).locator('.ant-skeleton')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Wide tables scroll inside their panel; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath(`${path.replace(/\//g, '_')}-375-dark.png`), fullPage: true });
  }
  await context.close();
});
