import { expect, test, type Page } from '@playwright/test';
import { apiClient, unique, useSignedInState } from './helpers.ts';

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
  await expect(page.getByRole('banner').getByText('Account Summary', { exact: true })).toBeVisible();
  await expect(header.getByText('Sales YTD')).toBeVisible();
  await expect(header.getByText(`#${customer.customer}`)).toBeVisible();
  // The search reset: the box is empty again on the new page.
  await expect(page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Jump to account' })).toHaveValue('');
});

test('the jump-to keeps every keystroke typed while its type-ahead loads, and finds the account', async ({ page }) => {
  const customer = await aCustomer(page, 4);
  const part = partOf(customer.customerName!);
  await page.goto('/home');
  const input = page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Jump to account' });
  await expect(input).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page is loaded: the scripts asked for now are the type-ahead's (the kit's ui/select), held
  // until half the word is typed into the box drawn before them.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route('**/*.js', async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await input.focus();
  await page.keyboard.type(part.slice(0, 3));
  await expect.poll(() => asked).toBe(true);
  release();
  await page.keyboard.type(part.slice(3));
  await expect(input).toHaveValue(part);
  await expect(input).toBeFocused();
  await expect(page.getByRole('option', { name: `${customer.customerName} (${customer.customer}, company ${customer.company})` })).toBeAttached();
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

test('a role with ShowCorporateAccounts off has no Corporate account type', async ({ page }) => {
  await page.goto('/home');
  const types = page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Account type' });
  await types.click();
  await expect(page.getByTitle('Prospect', { exact: true })).toBeVisible();
  await expect(page.getByTitle('Corporate', { exact: true })).toBeVisible();
  // The role's setting as the session answers it.
  await page.route('**/api/User/GetBySession', async (route) => {
    const response = await route.fetch();
    const user = await response.json();
    user.settings = user.settings.map((s: Row) => (s.settingName === 'ShowCorporateAccounts' ? { ...s, settingValue: 'false' } : s));
    await route.fulfill({ response, json: user });
  });
  await page.reload();
  await page.getByRole('search', { name: 'Jump to account' }).getByRole('combobox', { name: 'Account type' }).click();
  await expect(page.getByTitle('Prospect', { exact: true })).toBeVisible();
  await expect(page.getByTitle('Corporate', { exact: true })).toHaveCount(0);
});

test('Jump to Contact opens the contact summary with its header', async ({ page }) => {
  const api = await apiClient(page.request);
  const contact = (await api.post<{ rows: Row[] }>('/Contact/List', { pageSize: 5, sortBy: 'contactName', sortDir: 'asc' })).rows[0]!;
  await page.goto('/contacts');
  const jump = page.getByRole('search', { name: 'Jump to Contact' });
  await jump.getByRole('combobox', { name: 'Jump to Contact' }).fill(contact.contactName!);
  await expect(page.getByRole('option', { name: `${contact.contactName} (${contact.contact}, company ${contact.company})` })).toBeAttached();
  // The board's calls are narrowed to the contact's customer.
  const narrowed = page.waitForRequest((request) => /\/api\/Quote\//.test(request.url()) && (request.postData() ?? '').includes(`"${contact.customer}"`));
  await page.getByText(contact.contactName!, { exact: true }).last().click();
  // The section opens on its default board (/contactSummary/default or /<id>), keeping the query.
  await expect(page).toHaveURL(new RegExp(`/contactSummary(/\\d+|/default)?\\?contactId=${contact.contact}&company=${contact.company}&accountType=customer&accountId=${contact.customer}`));
  await narrowed;
  await expect(page.getByRole('region', { name: new RegExp(`^Contact.* ${contact.contactName}$`) }).getByRole('heading', { name: contact.contactName })).toBeVisible();
});

test('a duplicate prospect warns before saving; a converted prospect moves from prospects to customers', async ({ page }) => {
  const existing = await aCustomer(page, 4);
  const api = await apiClient(page.request);
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add Prospect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Prospect' });
  // Type to narrow the choices, Enter takes the first one left.
  const choose = async (label: string, typed: string) => {
    const field = dialog.getByRole('combobox', { name: label });
    await field.click();
    await field.fill(typed);
    await field.press('Enter');
  };
  await choose('Company', `(${existing.company})`);
  await dialog.getByLabel('Prospect name *').fill(existing.customerName!);
  await choose('Branch', '');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This prospect may already exist')).toBeVisible();
  await expect(dialog.getByRole('link', { name: existing.customerName })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  const name = unique('E2E Prospect');
  await dialog.getByLabel('Prospect name *').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/accountSummary.*accountType=prospect/);
  const prospectId = new URL(page.url()).searchParams.get('accountId')!;
  await expect(page.getByRole('region', { name: `Prospect ${name}` })).toBeVisible();
  const inProspects = async () => (await api.post<{ rows: Row[] }>('/Prospect/List', { searchString: name })).rows.some((row) => row.customer === prospectId);
  expect(await inProspects()).toBe(true);

  await page.getByRole('button', { name: 'Convert to Customer' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert to Customer' });
  const customerId = `E${Date.now().toString(36).toUpperCase()}`;
  await convert.getByLabel('New customer number').fill(customerId);
  await convert.getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(new RegExp(`/accountSummary.*accountType=customer&accountId=${customerId}`));
  await expect(page.getByRole('region', { name: `Customer ${name}` })).toBeVisible();
  expect(await inProspects()).toBe(false);
  const customers = await api.post<{ rows: Row[] }>('/Customer/List', { searchString: name });
  expect(customers.rows.map((row) => row.customer)).toContain(customerId);
});

test('/map shows his customers within the radius with the legend; a marker opens the account summary', async ({ page }) => {
  await page.goto('/map');
  await expect(page.getByRole('region', { name: 'Legend' })).toContainText('$2M and over');
  const list = page.getByRole('region', { name: 'Accounts within the radius' });
  await expect(list.getByRole('heading', { name: /within 500 miles/ })).toBeVisible();
  const distances = await list.getByRole('link').evaluateAll((links) => links.map((link) => Number(link.querySelector('.tb-hit__id')!.textContent!.replace(/\D/g, ''))));
  expect(distances.length).toBeGreaterThan(0);
  expect(Math.max(...distances)).toBeLessThanOrEqual(500);
  // Clusters (named by their count) zoom in when clicked, until single accounts show (their names end with the
  // account id); one opens its summary. Only markers drawn on screen count: one still in the DOM off the view does not.
  const single = page.getByRole('button', { name: /\)$/ }).filter({ visible: true });
  const cluster = page.getByRole('button', { name: /^\d+( accounts)?$/ }).filter({ visible: true });
  await expect(async () => {
    if ((await single.count()) === 0) await cluster.first().click();
    await expect(single.first()).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 30_000 });
  await single.first().click();
  await expect(page).toHaveURL(/\/accountSummary.*accountType=(customer|shipto)/);
});

test('a route planned on the map is saved and survives a reload', async ({ page }) => {
  await page.goto('/map/routes');
  const planner = page.getByRole('region', { name: 'Route planner' });
  const nearby = planner.getByRole('list', { name: 'Nearby accounts' });
  await nearby.getByRole('button', { name: /to the route$/ }).nth(0).click();
  await nearby.getByRole('button', { name: /to the route$/ }).nth(1).click();
  const stops = planner.getByRole('list', { name: 'Stops' }).getByRole('listitem');
  await expect(stops).toHaveCount(2);
  // A stop reads its position, then its account: the second account moves up to position 1.
  const second = (await stops.nth(1).textContent())!.replace(/^\d+/, '');
  await planner.getByRole('button', { name: /up$/ }).nth(1).click();
  await expect(stops.nth(0)).toHaveText(`1${second}`);
  const routeName = unique('E2E route');
  await planner.getByLabel('Route name').fill(routeName);
  await planner.getByRole('button', { name: 'Save Route' }).click();
  await expect(page).toHaveURL(/\/map\/routes\?routeId=\d+/);
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Route planner' });
  await expect(reloaded.getByLabel('Route name')).toHaveValue(routeName);
  await expect(reloaded.getByRole('list', { name: 'Stops' }).getByRole('listitem').nth(0)).toHaveText(`1${second}`);
  await expect(page.getByRole('button', { name: /^Stop 1: / })).toBeAttached();
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
