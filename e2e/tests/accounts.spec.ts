import { expect, test, type Page } from '@playwright/test';
import { apiClient, useSignedInState } from './helpers.ts';

// Issue 23, the accounts remote (mf-accounts) as rep@: jump-to, search, the Ctrl+K palette, headers.
useSignedInState(test, 'rep@tradeboard.example');

type Row = Record<string, string>;

/** One of rep@'s customers, read with the page's session. */
async function aCustomer(page: Page, offset = 0): Promise<Row> {
  const api = await apiClient(page.request);
  const result = await api.post<{ rows: Row[] }>('/Customer/List', { pageSize: 20, sortBy: 'customerName', sortDir: 'asc' });
  const customer = result.rows[offset];
  expect(customer, 'rep@ has customers').toBeTruthy();
  return customer!;
}

/** A part of a name that is worth typing: its longest word. */
const partOf = (name: string) => name.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;

test('the account jump finds a customer by part of its name and opens its summary, then resets', async ({ page }) => {
  const customer = await aCustomer(page);
  await page.goto('/home');
  const jump = page.getByRole('search', { name: 'Jump to account' });
  await expect(jump.getByRole('combobox', { name: 'Account type' })).toBeVisible();
  const input = jump.getByRole('combobox', { name: 'Jump to account' });
  await input.fill(partOf(customer.customerName!));
  await expect(page.getByRole('option', { name: `${customer.customerName} (${customer.customer}, company ${customer.company})` })).toBeAttached();
  await page.getByText(customer.customerName!, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/accountSummary.*accountType=customer.*accountId=${customer.customer}.*company=${customer.company}`));
  const header = page.getByRole('region', { name: `Customer ${customer.customerName}` });
  await expect(header.getByRole('heading', { name: customer.customerName })).toBeVisible();
  await expect(header.getByText('Sales YTD')).toBeVisible();
  await expect(header.getByText(`#${customer.customer}`)).toBeVisible();
  // The search reset: the box is empty again on the new page.
  await expect(page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Jump to account' })).toHaveValue('');
});

test('Exact finds only the exact number', async ({ page }) => {
  const customer = await aCustomer(page, 1);
  await page.goto('/accounts');
  const jump = page.getByRole('search', { name: 'Jump to account' });
  await jump.getByRole('combobox', { name: 'Match' }).click();
  await page.getByRole('option', { name: 'Exact', exact: true }).click();
  await jump.getByRole('combobox', { name: 'Jump to account' }).fill(customer.customer!);
  const options = page.getByRole('listbox').last().getByRole('option');
  await expect(options.first()).toContainText(customer.customer!);
  await expect(options).toHaveCount(1);
});

test('Ctrl+K finds a customer by part of its name and opens it', async ({ page }) => {
  const customer = await aCustomer(page, 2);
  await page.goto('/sales');
  await expect(page.getByRole('button', { name: /Search accounts/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search everything' }).fill(partOf(customer.customerName!));
  const customers = dialog.getByRole('group', { name: 'Customers' });
  await expect(customers.getByText(customer.customerName!, { exact: true }).first()).toBeVisible();
  await customers.getByRole('option').filter({ hasText: customer.customer! }).first().click();
  await expect(page).toHaveURL(new RegExp(`/accountSummary.*accountId=${customer.customer}`));
  await expect(dialog).toBeHidden();
});

test('the search page groups what it finds by kind, each linking to its page', async ({ page }) => {
  const customer = await aCustomer(page, 3);
  await page.goto(`/search?searchString=${encodeURIComponent(partOf(customer.customerName!))}`);
  const customers = page.getByRole('region', { name: 'Customers' });
  await customers.getByRole('link').filter({ hasText: customer.customer! }).first().click();
  await expect(page).toHaveURL(new RegExp(`/accountSummary.*accountId=${customer.customer}`));
  await page.goto('/search?searchString=zzzzqqqq-nothing');
  await expect(page.getByText('Nothing matches “zzzzqqqq-nothing”.')).toBeVisible();
});

test('with the accounts remote switched off the rest works: no jump-to, no palette, /search not found', async ({ page }) => {
  await page.route('**/remotes/manifest.json', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const remote of body.remotes) {
      if (remote.id === 'accounts') {
        remote.enabled = false;
        delete remote.routes;
        delete remote.slots;
      }
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/home');
  await expect(page.getByRole('main').getByRole('tablist', { name: 'Boards' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Jump to account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Search accounts/ })).toHaveCount(0);
});
