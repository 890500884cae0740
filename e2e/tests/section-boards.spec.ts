import { expect, test, type Page } from '@playwright/test';
import { apiClient, useSignedInState } from './helpers.ts';

// Reading every section's board: its calls are tested on PostgreSQL by the service tests
// (services/src/demo/section-boards.test.ts).

// Issue 23 "every section opens on a board with figures": as rep@, every board section of seed
// 000 §2 (all but settings, the settings layout) opens on its default board, never on "No boards
// exist for this section"; the summary sections with a drill-through's query. The rep drills from
// the accounts board into one of his customers and sees its white space.

const REP = 'rep@tradeboard.example';
const SECTIONS = [
  'home', 'accounts', 'sales', 'orders', 'quotes', 'reports', 'help', 'accountSummary', 'purchaseOrders', 'inventory',
  'contacts', 'suppliers', 'supplierSummary', 'shipments', 'crm', 'contactSummary', 'inventoryDetail', 'accounting',
];

/** Boards of notes: help's getting started, and the rep's own default home board ("My Day"). */
const NOTES_BOARDS: Record<string, RegExp> = { help: /^Every section of the menu opens on a board/, home: /^Call Acme Fasteners/ };

useSignedInState(test, REP);

type Row = Record<string, string>;
type Drill = { account: { company: string; customer: string; customerName: string }; queries: Record<string, string> };

/** The rep's customer with white space, and the query a drill-through opens each summary section with. */
async function drillTargets(page: Page): Promise<Drill> {
  const api = await apiClient(page.request);
  const customers = (await api.post<{ rows: Row[] }>('/Customer/List', { pageSize: 500 })).rows;
  let account: Drill['account'] | undefined;
  for (const c of customers) {
    const whiteSpace = await api.post<{ rows: unknown[] }>(`/Customer/WhiteSpace/${encodeURIComponent(c.customer!)}/${c.company}`);
    if (whiteSpace.rows.length > 0) {
      account = { company: c.company!, customer: c.customer!, customerName: c.customerName! };
      break;
    }
  }
  expect(account, 'one of the rep’s customers has white space').toBeTruthy();
  const [item] = (await api.post<{ rows: Row[] }>('/Invoice/Grouped', { groupBy: 'itemNumber', dateSlug: 'year-to-date', pageSize: 1 })).rows;
  const [supplier] = (await api.post<{ rows: Row[] }>('/PurchaseOrder/Open/Grouped/supplier', { pageSize: 1 })).rows;
  // The contact summary board's cards (notes, quotes, shipments of the last 30 days) are the
  // account's: the contact is one of a customer that shipped in those days.
  const [shipment] = (await api.post<{ rows: Row[] }>('/Shipment/List', { dateSlug: 'last-30-days', pageSize: 1 })).rows;
  expect(shipment, 'one of the rep’s customers shipped in the last 30 days').toBeTruthy();
  const [contact] = (await api.post<{ rows: Row[] }>(`/Customer/Contact/${encodeURIComponent(shipment!.customer!)}/${shipment!.company}`, { pageSize: 1 })).rows;
  return {
    account: account!,
    queries: {
      accountSummary: `?${new URLSearchParams({ accountType: 'customer', accountId: account!.customer, company: account!.company })}`,
      inventoryDetail: `?${new URLSearchParams({ itemNumber: item!.key! })}`,
      supplierSummary: `?${new URLSearchParams({ supplier: supplier!.key! })}`,
      contactSummary: `?${new URLSearchParams({ contactId: contact?.contact ?? '', company: shipment!.company!, accountType: 'customer', accountId: shipment!.customer! })}`,
    },
  };
}

/** Something a board draws from data: a table row with cells, a summary tile, a KPI figure or a white-space bar. */
const figures = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .or(page.locator('main .tb-tile__value, main .tb-kpi__value, main .tb-white-space__row'));

// The targets are looked up once (the first test asks); each section is a test of its own.
let drill: Promise<Drill> | undefined;
const targets = (page: Page) => (drill ??= drillTargets(page));

for (const section of SECTIONS) {
  test(`${section} opens on a board with figures`, async ({ page }) => {
    const { queries } = await targets(page);
    await page.goto(`/${section}${queries[section] ?? ''}`);
    await expect(page).toHaveURL(new RegExp(`/${section}/(\\d+|default)`));
    await expect(page.getByRole('main').getByText('No boards exist for this section')).toHaveCount(0);
    if (NOTES_BOARDS[section]) await expect(page.getByRole('main').getByText(NOTES_BOARDS[section])).toBeVisible();
    else await expect(figures(page).first()).toBeVisible();
  });
}

test("a customer drilled into from the accounts board shows its white space", async ({ page }) => {
  const { account } = await targets(page);
  // Drill from the accounts board's customer list into the account's summary.
  await page.goto('/accounts');
  const customers = page.getByRole('region', { name: 'Customers', exact: true });
  await customers.getByRole('searchbox', { name: 'Search Customers' }).fill(account.customer);
  await customers.getByRole('searchbox', { name: 'Search Customers' }).press('Enter');
  await customers.getByRole('link', { name: account.customerName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/accountSummary/(\\d+|default)\\?.*accountId=${account.customer}`));
  const whiteSpace = page.getByRole('region', { name: 'White Space' });
  await expect(whiteSpace.getByText(/^Compared with \d+ /)).toBeVisible();
  await expect(whiteSpace.getByRole('list', { name: 'White space' }).getByRole('listitem').first()).toBeVisible();
  await expect(whiteSpace.getByRole('listitem').first()).toContainText(/\$[\d,]+/);
});
