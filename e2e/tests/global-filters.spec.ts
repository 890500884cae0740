import { expect, test, type Page } from '@playwright/test';
import { signIn, unique } from './helpers.ts';

// Unique per attempt: a retry finds the first attempt's filter still there.
const NAME = unique('My key customers');

/** Picks the first option an antd select offers once its options have loaded. */
async function pickFirst(page: Page, label: string, typed?: string) {
  await page.getByRole('combobox', { name: label }).click();
  if (typed) await page.keyboard.type(typed);
  await expect(page.getByRole('option').first()).toBeAttached();
  await page.keyboard.press('Enter');
}

test('global filter: create with a customer, set default, active after reload, share with a role, delete', async ({ page }) => {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+|\/default)?$/);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Global Filters' });
  await drawer.getByRole('button', { name: 'New Filter' }).click();
  await drawer.getByLabel('Filter name').fill(NAME);
  await drawer.getByRole('button', { name: 'Add Field' }).click();
  await pickFirst(page, 'Field 1', 'Customer');
  await expect(drawer.getByRole('combobox', { name: 'Field 1' }).locator('..')).toContainText('Customer');
  await pickFirst(page, 'Values 1');
  await page.keyboard.press('Escape');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/GlobalFilter') && r.request().method() === 'POST');
  await drawer.getByRole('button', { name: 'Save' }).click();
  const created = await (await saved).json();
  expect(created.filters).toEqual([expect.objectContaining({ field: 'customer', comparison: 'include', values: [expect.any(String)] })]);

  // The new filter is active: the badge counts its one field.
  await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
  await drawer.getByRole('button', { name: `Set default ${NAME}` }).click();
  await expect(drawer.getByRole('button', { name: `Remove default ${NAME}` })).toBeVisible();

  // After a reload the default filter is the active one.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters (1 active)' }).click();
  await expect(drawer.getByRole('combobox', { name: 'Active global filter' }).locator('..')).toContainText(NAME);
  await page.screenshot({ path: '/tmp/global-filters-drawer.png' });

  // Share with the Viewer role.
  await drawer.getByRole('button', { name: `Share ${NAME}` }).click();
  await drawer.getByLabel('Search users and roles').fill('viewer role');
  await drawer.getByRole('button', { name: 'Share with Viewer', exact: true }).click();
  await expect(drawer.getByRole('list', { name: 'Shared with' })).toContainText('Viewer');
  await drawer.getByRole('button', { name: 'Done' }).click();

  // Delete, after "Are you sure?".
  await drawer.getByRole('button', { name: `Delete ${NAME}` }).click();
  await expect(page.getByText('Are you sure?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(drawer.getByRole('list', { name: 'Global filters' })).not.toContainText(NAME);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
});

test('a global filter on a field some components do not take: they say so, the others are filtered, no error', async ({ page }) => {
  const name = unique('By location');
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+|\/default)?$/);
  await page.goto('/inventory');
  await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();

  // Every data call the board makes once the filter is saved, and what it answered.
  const calls = new Map<object, { url: string; fields: string[]; status?: number }>();
  let recording = false;
  page.on('request', (r) => {
    if (recording && r.method() === 'POST' && /\/api\/(Inventory|PurchaseOrder)\//.test(r.url())) {
      calls.set(r, { url: r.url(), fields: (r.postDataJSON()?.filters ?? []).map((f: { field: string }) => f.field) });
    }
  });
  page.on('requestfinished', async (r) => {
    const call = calls.get(r);
    if (call) call.status = (await r.response())?.status() ?? 0;
  });

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Global Filters' });
  await drawer.getByRole('button', { name: 'New Filter' }).click();
  await drawer.getByLabel('Filter name').fill(name);
  await drawer.getByRole('button', { name: 'Add Field' }).click();
  await pickFirst(page, 'Field 1', 'Location');
  await expect(drawer.getByRole('combobox', { name: 'Field 1' }).locator('..')).toContainText('Location');
  await pickFirst(page, 'Values 1');
  await page.keyboard.press('Escape');
  recording = true;
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Inventory Summary has no location: it says so (and, asking what it asked before, is not asked
  // again); Inventory Value by Product Group has: it is asked again, filtered, and makes no note.
  await expect(page.getByRole('article', { name: 'Inventory summary' }).getByRole('note')).toHaveText('Not filtered by Location');
  await expect.poll(() => [...calls.values()].some((c) => /\/api\/Inventory\/Value\/Grouped\//.test(c.url) && c.fields.includes('location') && c.status === 200)).toBe(true);
  await expect(page.getByRole('article', { name: /^Inventory value by product group$/i }).getByRole('note')).toHaveCount(0);
  await expect.poll(() => [...calls.values()].filter((c) => c.status === undefined).length).toBe(0);
  expect([...calls.values()].filter((c) => c.status !== 200).map((c) => `${c.url} ${c.status}`)).toEqual([]);
  await expect(page.getByText('The data could not be loaded')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/global-filters-unfiltered-note.png', fullPage: true });

  await page.getByRole('button', { name: 'Filters (1 active)' }).click();
  await drawer.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(drawer.getByRole('list', { name: 'Global filters' })).not.toContainText(name);
});
