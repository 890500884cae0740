import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { apiClient, signIn } from './helpers.ts';

// Issue 28, the goals remote (mf-goals): setup, hierarchy builder, manage grid, template and its
// upload, and the goal card on rep@'s home board.

const year = new Date().getFullYear();

async function addCompanyYear(page: Page, panel: ReturnType<Page['getByRole']>, goalYear: number) {
  await panel.getByRole('combobox', { name: 'Sales company' }).click();
  await panel.getByRole('combobox', { name: 'Sales company' }).fill('Northwind');
  await page.locator('.ant-select-dropdown:visible').getByText('Northwind Industrial Supply (01)', { exact: true }).click();
  await panel.getByLabel('Sales year').selectOption(String(goalYear));
  await panel.getByRole('button', { name: 'Add Company/Year' }).click();
}

/** The downloaded template with `rows` below its header, as an XLSX file to choose. */
async function filledTemplate(template: Buffer, rows: Array<Array<string | number>>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Goals')!;
  for (const row of rows) sheet.addRow(row);
  return { name: 'sales-goals.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

/** Chooses the file in the drop area, and Upload File → the confirmation → Approve. */
async function uploadGoals(page: Page, file: Awaited<ReturnType<typeof filledTemplate>>) {
  const upload = page.getByRole('button', { name: 'Upload File' });
  await expect(upload).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Clear File' })).toBeDisabled();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /Click or drag an XLSX or XLS file/ }).click()]);
  await chooser.setFiles(file);
  await expect(page.getByText(`File: ${file.name}`)).toBeVisible();
  await upload.click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Upload New Sales Goal Data' });
  await expect(confirm).toContainText('replaces all existing goal data');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toHaveCount(0);
}

test('admin adds a company/year (and sees the duplicate error), builds a three-level sales setup, downloads the template and saves only the changed rows', async ({ page }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/settings/goalsSetup');
  const sales = page.getByRole('region', { name: 'Sales' });
  await expect(sales).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bookings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Activity' })).toBeVisible();

  // Company is required.
  await sales.getByRole('button', { name: 'Add Company/Year' }).click();
  await expect(sales.getByText('Company is required!')).toBeVisible();
  // Year choices: fiscal year −1, the fiscal year, +1.
  await expect(sales.getByLabel('Sales year').locator('option')).toHaveText([String(year - 1), String(year), String(year + 1)]);
  // No results.
  await sales.getByRole('combobox', { name: 'Sales company' }).fill('zzzz-no-such-company');
  await expect(page.getByText('No results for given search')).toBeVisible();
  await sales.getByRole('combobox', { name: 'Sales company' }).fill('');

  await addCompanyYear(page, sales, year);
  let dialog = page.getByRole('dialog').filter({ hasText: 'Success!' });
  await expect(dialog).toContainText('Company/Year Added.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await addCompanyYear(page, sales, year);
  dialog = page.getByRole('dialog').filter({ hasText: 'Error!' });
  await expect(dialog).toContainText('Failed to Add Company/Year. Verify year was not already added.');
  await dialog.getByRole('button', { name: 'OK' }).click();

  // The hierarchy builder: Hierarchy 1 appears with a goal type; each level reveals the next.
  const add = sales.getByRole('group', { name: `Add a goal setup for Northwind Industrial Supply ${year}` });
  await expect(add.getByLabel('Hierarchy 1')).toHaveCount(0);
  await add.getByLabel('Goal Type').selectOption('SalesRep');
  const h1 = add.getByLabel('Hierarchy 1');
  await expect(h1.locator('option')).toHaveText(['None', 'Company', 'Branch', 'Customer', 'Product Group', 'Complete']);
  await h1.selectOption('Branch');
  const h2 = add.getByLabel('Hierarchy 2');
  // Company only at level 1; FiscalMonth never; nothing used elsewhere.
  await expect(h2.locator('option')).toHaveText(['None', 'Customer', 'Product Group', 'Complete']);
  await h2.selectOption('Customer');
  await add.getByLabel('Hierarchy 3').selectOption('ProductGroup');
  await expect(add.getByLabel('Hierarchy 4')).toBeVisible();
  // Clearing a level clears the deeper ones.
  await h2.selectOption('');
  await expect(add.getByLabel('Hierarchy 3')).toHaveCount(0);
  await h2.selectOption('Customer');
  await add.getByLabel('Hierarchy 3').selectOption('ProductGroup');
  // The sales description is required.
  await add.getByRole('button', { name: 'Add Goal Setup' }).click();
  await expect(add.getByText('required!')).toBeVisible();
  await add.getByLabel('Description').fill('Reps by branch');
  await add.getByRole('button', { name: 'Add Goal Setup' }).click();
  const setupName = sales.getByRole('button', { name: 'Reps by branch', exact: true });
  await expect(setupName).toBeVisible();
  await expect(sales.getByText('SalesRep › Branch › Customer › ProductGroup')).toBeVisible();

  // Inline rename: Escape cancels, Enter saves.
  await setupName.click();
  await sales.getByLabel('Goal setup description').fill('Cancelled name');
  await sales.getByLabel('Goal setup description').press('Escape');
  await expect(setupName).toBeVisible();
  await setupName.click();
  await sales.getByLabel('Goal setup description').fill('Rep goals');
  await sales.getByLabel('Goal setup description').press('Enter');
  await expect(sales.getByRole('button', { name: 'Rep goals', exact: true })).toBeVisible();

  // Manage.
  await sales.getByRole('link', { name: 'Manage' }).first().click();
  await expect(page).toHaveURL(/\/settings\/salesGoals\/manage\?salesGoalConfigId=\d+/);
  const configId = Number(new URL(page.url()).searchParams.get('salesGoalConfigId'));
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Goals Setup\s*>\s*Manage Goal Data/);
  const summary = page.getByRole('definition');
  await expect(summary.filter({ hasText: 'SalesRep' })).toBeVisible();
  await expect(page.getByText('* Save your updates/additions often. Changes will not be saved automatically.')).toBeVisible();

  // The template: POST with Export-Results: true, named from Content-Disposition.
  await page.getByText('Import from Spreadsheet').click();
  const [download, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.url().includes(`/SalesGoalsTemplateGenerator/${configId}`)),
    page.getByRole('button', { name: 'Download Goal Setup Template' }).click(),
  ]);
  expect(request.method()).toBe('POST');
  expect(request.headers()['export-results']).toBe('true');
  expect(download.suggestedFilename()).toBe(`SalesGoalSetupTemplate_01_${year}_${configId}.xlsx`);
  const template = readFileSync((await download.path())!);
  expect(template.subarray(0, 2).toString()).toBe('PK');

  // The upload: choose and clear a file, then choose it again, confirm and Approve.
  const goals = await filledTemplate(template, [
    ['01', year, 1, 30000, 0, 'SalesRep', 'SR01'],
    ['01', year, 1, 20000, 0, 'SalesRep', 'SR02'],
    ['01', year, 1, 10000, 0, 'SalesRep', 'SR03'],
  ]);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /Click or drag an XLSX or XLS file/ }).click()]);
  await chooser.setFiles(goals);
  await page.getByRole('button', { name: 'Clear File' }).click();
  await expect(page.getByText('No file chosen')).toBeVisible();
  await uploadGoals(page, goals);
  await expect(page.getByRole('status').filter({ hasText: 'Sales Goals' })).toContainText('Uploaded Successfully');
  const grid = page.getByRole('table', { name: 'Sales goal rows' });
  await expect(grid.getByRole('textbox', { name: /Goal Type ID of row/ })).toHaveCount(3);
  await expect(grid.getByLabel('Goal Type ID of row 1', { exact: true })).toHaveValue('SR01');
  await expect(grid.getByLabel('Sales Goal of row 2', { exact: true })).toHaveValue('20000');

  // A bad upload changes nothing, and says which rows and why.
  await uploadGoals(page, await filledTemplate(template, [['01', year, 2, 5000, 0, 'SalesRep', 'SR09'], ['01', year, 14, 'ten', 0, 'SalesRep', 'SR10']]));
  const issue = page.getByRole('alert').filter({ hasText: 'Issue Uploading Sales Goals' });
  await expect(issue).toContainText("row 3: GoalMonth '14' is not a month (0–12), SalesGoalDollars 'ten' is not a number");
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(grid.getByRole('textbox', { name: /Goal Type ID of row/ })).toHaveCount(3);
  await expect(grid.getByLabel('Goal Type ID of row 1', { exact: true })).toHaveValue('SR01');

  // Reset discards an unsaved edit.
  await grid.getByLabel('Sales Goal of row 1', { exact: true }).fill('99');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(grid.getByLabel('Sales Goal of row 1', { exact: true })).toHaveValue('30000');

  // Filters and sort.
  await grid.getByLabel('Filter Goal Type ID').fill('SR02');
  await expect(grid.getByLabel('Goal Type ID of row 1', { exact: true })).toHaveCount(0);
  await grid.getByLabel('Filter Goal Type ID').fill('');
  await grid.getByRole('button', { name: 'Sales Goal' }).click();
  await expect(grid.locator('tbody tr').first().getByLabel(/Goal Type ID of row/)).toHaveValue('SR03');

  await grid.getByLabel('Sales Goal of row 1', { exact: true }).fill('31000');
  await grid.getByRole('button', { name: 'Delete row SR02' }).click();
  await expect(grid.getByLabel('Goal Type ID of row 2', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Row', exact: true }).click();
  const added = grid.locator('tbody tr').first();
  await added.getByLabel(/Goal Type ID of row/).fill('SR04');
  const [save] = await Promise.all([page.waitForRequest((r) => r.url().includes('/SalesGoal/SalesGoalsHierarchyBulkUpdate')), page.getByRole('button', { name: 'Save' }).click()]);
  const sent = save.postDataJSON() as Array<{ id: number; isNew?: boolean; isDirty?: boolean; isDelete?: boolean; goalTypeValue: string }>;
  expect(sent).toHaveLength(3);
  expect(sent.find((r) => r.id === 1)).toMatchObject({ isDirty: true, salesGoal: 31000 });
  expect(sent.find((r) => r.id === 2)).toMatchObject({ isDelete: true });
  expect(sent.find((r) => r.isNew)).toMatchObject({ goalTypeValue: 'SR04', goalMonth: 0 });
  expect(sent.find((r) => r.isNew)!.id).toBeLessThan(2147483647);
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('Data Table Saved!');
  await expect(grid.getByLabel('Goal Type ID of row 2', { exact: true })).toHaveCount(0);
  await expect(grid.getByRole('textbox', { name: /Goal Type ID of row/ })).toHaveCount(3);

  // 375 px and dark mode.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('manage-375.png'), fullPage: true });
  await page.goto('/settings/goalsSetup');
  await expect(page.getByRole('region', { name: 'Sales' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('setup-375-dark.png'), fullPage: true });

  // Removing a setup confirms with both warnings and removes its data.
  await page.setViewportSize({ width: 1280, height: 900 });
  const panel = page.getByRole('region', { name: 'Sales' });
  await panel.getByRole('button', { name: 'Remove Rep goals' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Removing a Goal Setup will remove all data as well. This action cannot be undone.');
  await expect(confirm).toContainText('DO NOT CLOSE THIS SCREEN. It will close automatically once data has been removed.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: 'Rep goals', exact: true })).toBeVisible();
});

test('with GoalActivityWizardAccess off the Activity panel is hidden', async ({ page }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await page.route('**/api/User/**', async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    await route.fulfill({ response, body: text.replace(/("settingName":"GoalActivityWizardAccess","settingValue":)"true"/, '$1"false"') });
  });
  await page.goto('/settings/goalsSetup');
  await expect(page.getByRole('region', { name: 'Sales' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Activity' })).toHaveCount(0);
});

test("rep's home board shows his sales goal, actual and pacing", async ({ page, baseURL }) => {
  // The admin gives SR01 a goal for every month of this year.
  const { signedInRequest } = await import('./helpers.ts');
  const admin = await signedInRequest(baseURL!, 'admin@tradeboard.example');
  const api = await apiClient(admin);
  const setups = await api.get<Array<{ company: string; goalYear: number }>>('/SalesGoal/SalesGoalsHierarchySetupList');
  if (!setups.some((s) => s.company === '01' && s.goalYear === year)) await api.post('/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: year });
  const config = await api.post<{ id: number }>('/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: year, goalType: 'SalesRep', setupDescription: 'Home card' });
  await api.post(
    '/SalesGoal/SalesGoalsHierarchyBulkUpdate',
    Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, configId: config.id, isNew: true, goalTypeValue: 'SR01', goalMonth: i + 1, salesGoal: 50000, profitGoal: 10000 })),
  );
  await admin.dispose();

  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  const card = page.getByRole('region', { name: /goal$/ }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('of $50,000 this month');
  // The year's goal also holds rows the setup test saved for the rep's company; this month's is this test's alone.
  await expect(card).toContainText(/Goal \$[\d,]+/);
  await expect(card).toContainText(/Actual \$[\d,]+/);
  await expect(card).toContainText(/At today's pace \d+% of goal|No pace yet/);
  await page.screenshot({ path: test.info().outputPath('home-goal.png'), fullPage: true });
});
