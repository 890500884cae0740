import { expect, test, type Page } from '@playwright/test';
import { apiClient, setPreferences, signedInRequest, unique, useSignedInState } from './helpers.ts';

// Issue 27, the CRM's reference data and user-defined fields: an administrator adds an activity
// type and a user-defined field on activities (/settings/dataManager/…); after a reload rep@ logs
// an activity with both, sees them again on reopening it and filters the list on the field. Everything added is named uniquely
// and retired at the end (the type, in use, is deactivated instead of deleted).
useSignedInState(test, 'admin@tradeboard.example');

type Customer = { company: string; customer: string; latitude: number; longitude: number };

/** One of the signed-in rep's customers with a location. */
async function aLocatedCustomer(page: Page): Promise<Customer> {
  const api = await apiClient(page.request);
  const list = await api.post<{ rows: Array<Record<string, string>> }>('/Customer/List', { pageSize: 40, sortBy: 'customerName', sortDir: 'desc' });
  for (const row of list.rows) {
    const at = await api.post<{ latitude: number | null; longitude: number | null }>(`/Customer/Map/LatitudeLongitude/${row.customer}?company=${row.company}`);
    if (at.latitude !== null && at.longitude !== null) return { company: row.company!, customer: row.customer!, latitude: at.latitude, longitude: at.longitude };
  }
  throw new Error('rep@ has no located customer');
}

/** A screenshot at a width and theme (the page reloads in that theme); the page never scrolls sideways. */
async function shoot(page: Page, name: string, width: number, scheme: 'light' | 'dark') {
  await page.setViewportSize({ width, height: 900 });
  await setPreferences(page, { theme: scheme });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
}

test('an admin adds an activity type and a user-defined field; after a reload rep@ logs an activity with both, sees them on reopening it and filters on the field', async ({ page, browser, baseURL }) => {
  const typeName = unique('Site survey');
  const fieldLabel = unique('Competitor');

  // The settings menu leads administrators to the CRM's lists.
  await page.goto('/settings');
  await page.getByRole('menuitem', { name: 'CRM data' }).click();
  await expect(page).toHaveURL(/\/settings\/dataManager\/ActivityType$/);
  const types = page.getByRole('region', { name: 'Activity types' });
  await expect(types.getByRole('row').filter({ hasText: 'Phone Call' })).toBeVisible({ timeout: 30_000 });

  await types.getByRole('button', { name: 'Add' }).click();
  const addType = page.getByRole('dialog', { name: 'Add to Activity types' });
  await addType.getByLabel('Name').fill(typeName);
  await addType.getByLabel('Name').press('Enter');
  await expect(addType).toBeHidden();
  await expect(types.getByRole('row').filter({ hasText: typeName })).toContainText('Active');

  // A name taken is refused, naming it.
  await types.getByRole('button', { name: 'Add' }).click();
  const again = page.getByRole('dialog', { name: 'Add to Activity types' });
  await again.getByLabel('Name').fill(typeName);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByRole('alert')).toContainText(`already has '${typeName}'`);
  await again.getByRole('button', { name: 'Cancel' }).click();

  // The user-defined field on activities.
  await page.getByRole('navigation', { name: 'CRM data lists' }).getByRole('link', { name: 'User-defined fields' }).click();
  await expect(page).toHaveURL(/\/settings\/dataManager\/UserDefinedFields$/);
  const fields = page.getByRole('region', { name: 'User-defined fields' });
  await fields.getByRole('button', { name: 'Add field' }).click();
  const addField = page.getByRole('dialog', { name: 'Add a field' });
  await addField.getByLabel('Label').fill(fieldLabel);
  await addField.getByRole('button', { name: 'Save' }).click();
  await expect(addField).toBeHidden();
  await expect(fields.getByRole('row').filter({ hasText: fieldLabel })).toContainText('Activities');
  await shoot(page, 'crm-settings-fields', 1280, 'light');
  await page.goto('/settings/dataManager/ActivityType');
  await expect(types.getByRole('row').filter({ hasText: typeName })).toBeVisible();
  await shoot(page, 'crm-settings-types', 375, 'dark');
  await expect(page.getByRole('combobox', { name: 'List' })).toBeVisible();
  await shoot(page, 'crm-settings-types', 1280, 'light');

  // rep@, signed in afresh (his browser prefers dark): the type and the field are in the activity editor.
  const repRequest = await signedInRequest(baseURL!, 'rep@tradeboard.example');
  const rep = await browser.newContext({ storageState: await repRequest.storageState(), colorScheme: 'dark' });
  await repRequest.dispose();
  const repPage = await rep.newPage();
  try {
    const c = await aLocatedCustomer(repPage);
    await rep.grantPermissions(['geolocation']);
    await rep.setGeolocation({ latitude: c.latitude, longitude: c.longitude });
    await repPage.goto(`/accountSummary?accountType=customer&accountId=${c.customer}&company=${c.company}`);
    await repPage.getByRole('region', { name: 'Account activity' }).getByRole('button', { name: 'Log activity' }).click();
    const editor = repPage.getByRole('dialog', { name: 'Log activity' });
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await expect(editor.getByLabel(fieldLabel)).toBeVisible();
    await editor.getByRole('combobox', { name: 'Type' }).click();
    await repPage.getByTitle(typeName, { exact: true }).click();
    const subject = unique('Survey');
    await editor.getByLabel('Subject').fill(subject);
    await editor.getByLabel(fieldLabel).fill('Acme Supply');
    await expect(editor.getByRole('status')).toContainText('GPS verified');
    await repPage.setViewportSize({ width: 375, height: 900 });
    await repPage.screenshot({ path: test.info().outputPath('crm-settings-editor-375-dark.png'), fullPage: true });
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor).toBeHidden();

    // After a reload: the list shows the field's column, and reopening shows the type and the value.
    await repPage.setViewportSize({ width: 1280, height: 900 });
    await repPage.goto('/crm/activities');
    await repPage.reload();
    await repPage.getByLabel('Search activities').fill(subject);
    await repPage.getByLabel('Search activities').press('Enter');
    const row = repPage.getByRole('row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(typeName);
    await expect(repPage.getByRole('columnheader', { name: fieldLabel })).toBeVisible();
    await expect(row).toContainText('Acme Supply');
    await row.getByRole('button', { name: subject }).click();
    const reopened = repPage.getByRole('dialog', { name: 'Edit activity' });
    await expect(reopened.getByLabel(fieldLabel)).toHaveValue('Acme Supply');
    await expect(reopened).toContainText(typeName);
    // A change is saved and shows again.
    await reopened.getByLabel(fieldLabel).fill('Bolt & Co');
    await reopened.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(reopened).toBeHidden();
    await expect(row).toContainText('Bolt & Co');

    // The list filters on the field: its value keeps the activity, another finds none.
    await repPage.getByLabel('Search activities').clear();
    await repPage.getByLabel('Search activities').press('Enter');
    await repPage.getByRole('combobox', { name: 'Filter on field' }).click();
    await repPage.getByTitle(fieldLabel, { exact: true }).click();
    const value = repPage.getByRole('searchbox', { name: `${fieldLabel} is` });
    await value.fill('Bolt & Co');
    await value.press('Enter');
    await expect(repPage.getByRole('row').filter({ hasText: 'Bolt & Co' })).toHaveCount(1);
    await expect(row).toBeVisible();
    await value.fill('Nobody here');
    await value.press('Enter');
    await expect(repPage.getByText('No activity matches.')).toBeVisible();
  } finally {
    await rep.close();
  }

  // Retire both: the field is removed (confirmed); the type, now in use, is deactivated instead.
  await page.goto('/settings/dataManager/UserDefinedFields');
  await fields.getByRole('button', { name: `Remove ${fieldLabel}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
  await expect(fields.getByRole('row').filter({ hasText: fieldLabel })).toHaveCount(0);
  await page.goto('/settings/dataManager/ActivityType');
  await types.getByRole('button', { name: `Delete ${typeName}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(types.getByRole('alert')).toContainText('is in use: deactivate it instead');
  await types.getByRole('button', { name: 'Deactivate instead' }).click();
  await expect(types.getByRole('row').filter({ hasText: typeName })).toContainText('Inactive');
});

test('a rep has no CRM data entry in the settings menu and the page answers "Not available"', async ({ browser, baseURL }) => {
  const request = await signedInRequest(baseURL!, 'rep@tradeboard.example');
  const context = await browser.newContext({ storageState: await request.storageState() });
  await request.dispose();
  const page = await context.newPage();
  try {
    await page.goto('/settings');
    await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('menuitem', { name: 'CRM data' })).toHaveCount(0);
    await page.goto('/settings/dataManager/ActivityType');
    await expect(page.getByText("Only administrators maintain the CRM's reference data.")).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.close();
  }
});
