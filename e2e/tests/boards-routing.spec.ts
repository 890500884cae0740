import { expect, test, type Page } from '@playwright/test';
import { apiClient, clearDefault, createBoard, unique, useSignedInState } from './helpers.ts';

// Routing between boards: its calls are tested on PostgreSQL by the service tests.

// Landing on a section and being redirected by each rule (seed 000 §2, issue 3 "Section and board routing").
// Rep2 (SalesRep: DisplayDefaultSectionTemplates on) drives these; each test makes its own boards.
useSignedInState(test, 'rep2@tradeboard.example');

const SECTIONS = { shipments: 17, suppliers: 15, contacts: 14 };

// The board tab strip's (a board's charts have tabs of their own).
const selectedTab = (page: Page) => page.getByRole('main').getByRole('tablist', { name: 'Boards' }).getByRole('tab', { selected: true });

test('the default board wins, keeping the query string and itemNumber; the section name ignores case', async ({ page }) => {
  const api = await apiClient(page.request);
  const first = await createBoard(api, SECTIONS.shipments, unique('First'));
  const preferred = await createBoard(api, SECTIONS.shipments, unique('Preferred'));
  await api.post(`/Board/SetDefault/${SECTIONS.shipments}/${preferred.boardMasterId}`);
  await page.goto('/shipments?itemNumber=X-100&tab=2');
  await expect(page).toHaveURL(`/shipments/${preferred.boardMasterId}?itemNumber=X-100&tab=2`);
  await expect(selectedTab(page)).toHaveText(preferred.boardName);
  await expect(page.getByRole('main').getByRole('tab', { name: first.boardName })).toBeVisible();
  // The section name ignores case.
  await page.goto('/SHIPMENTS?itemNumber=X-100');
  await expect(page).toHaveURL(`/shipments/${preferred.boardMasterId}?itemNumber=X-100`);
  // A missing board id (deleted, never existed, not a number) → the default board, query kept.
  await page.goto('/shipments/2147483000?itemNumber=X-100');
  await expect(page).toHaveURL(`/shipments/${preferred.boardMasterId}?itemNumber=X-100`);
  await page.goto('/shipments/not-a-board');
  await expect(page).toHaveURL(`/shipments/${preferred.boardMasterId}`);
});

test('with no default board and DisplayDefaultSectionTemplates on, the section goes to its `default` board', async ({ page }) => {
  const api = await apiClient(page.request);
  await createBoard(api, SECTIONS.suppliers, unique('Supplier board'));
  await clearDefault(api, SECTIONS.suppliers);
  // When the address changes to the board it lands on (a replaced history entry).
  await page.addInitScript(() => {
    // Every request's timing kept (the default buffer holds 250, fewer than a first load's files).
    performance.setResourceTimingBufferSize(2000);
    const replace = history.replaceState.bind(history);
    history.replaceState = (data, unused, url) => {
      const landed = window as unknown as { landedAt?: number };
      if (landed.landedAt === undefined && String(url).includes('/default')) landed.landedAt = performance.now();
      replace(data, unused, url);
    };
  });
  await page.goto('/suppliers?itemNumber=A1');
  await expect(page).toHaveURL('/suppliers/default?itemNumber=A1');
  await expect(selectedTab(page)).toHaveText('Default');
  // The landing board's page was asked for once, before the address changed to it.
  const pageReads = () =>
    page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/DynamicPage/Default/15')).map((entry) => entry.startTime));
  await expect.poll(async () => (await pageReads()).length).toBe(1);
  const landedAt = await page.evaluate(() => (window as unknown as { landedAt?: number }).landedAt);
  expect((await pageReads())[0]).toBeLessThan(landedAt!);
});

test('a missing board id with no default goes to the first board', async ({ page }) => {
  const api = await apiClient(page.request);
  await createBoard(api, SECTIONS.contacts, unique('Contacts A'));
  await createBoard(api, SECTIONS.contacts, unique('Contacts B'));
  await clearDefault(api, SECTIONS.contacts);
  await page.goto('/contacts/2147483000?itemNumber=Z9');
  await expect(page).toHaveURL(/\/contacts\/\d+\?itemNumber=Z9$/);
  // The first of the board tabs (the user's order), not the `default` one.
  const first = page.getByRole('main').getByRole('tablist', { name: 'Boards' }).getByRole('tab').nth(1);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  expect(page.url()).toContain(`${await first.getAttribute('href')}`);
});

test('an unknown section is Page Not Found', async ({ page }) => {
  await page.goto('/noSuchSection?itemNumber=1');
  await expect(page).toHaveURL(/\/notFound$/);
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});
