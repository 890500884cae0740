import { expect, test, type Page } from '@playwright/test';
import { apiClient, createBoard, setEditMode, signedInRequest, unique, useSignedInState } from './helpers.ts';

// Cards and components on a board the rep owns, in edit mode (seed 000 §4, §5).
useSignedInState(test, 'rep@tradeboard.example');

const QUOTES = 5;
const cardNames = (page: Page) => page.getByRole('main').getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));

async function cardMenu(page: Page, cardName: string, item: string) {
  await page.getByRole('button', { name: `Card options: ${cardName}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function openBoard(page: Page, cards: string[]) {
  await setEditMode(page, true);
  const board = await createBoard(await apiClient(page.request), QUOTES, unique('Cards'), cards);
  await page.goto(`/quotes/${board.boardMasterId}`);
  await expect(page.getByRole('main').getByRole('tab', { selected: true })).toHaveText(board.boardName);
  return board;
}

test('add cards above and below, rename, move up and down, remove with confirmation', async ({ page }) => {
  await openBoard(page, ['Alpha', 'Omega']);
  await expect.poll(() => cardNames(page)).toEqual(['Alpha', 'Omega']);
  await cardMenu(page, 'Omega', 'Add Card Above');
  await expect.poll(() => cardNames(page)).toEqual(['Alpha', 'New Card...', 'Omega']);
  await page.getByRole('button', { name: 'New Card...', exact: true }).click();
  await page.getByRole('textbox', { name: 'Card name' }).fill('Middle');
  await page.keyboard.press('Enter');
  await cardMenu(page, 'Alpha', 'Add Card Below');
  await expect.poll(() => cardNames(page)).toEqual(['Alpha', 'New Card...', 'Middle', 'Omega']);
  await cardMenu(page, 'New Card...', 'Rename');
  await page.getByRole('textbox', { name: 'Card name' }).fill('Second');
  await page.keyboard.press('Enter');

  await cardMenu(page, 'Omega', 'Move Up');
  await expect.poll(() => cardNames(page)).toEqual(['Alpha', 'Second', 'Omega', 'Middle']);
  await cardMenu(page, 'Alpha', 'Move Down');
  await expect.poll(() => cardNames(page)).toEqual(['Second', 'Alpha', 'Omega', 'Middle']);

  await cardMenu(page, 'Middle', 'Remove Card');
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText('The card "Middle" and its components will be removed.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => cardNames(page)).toEqual(['Second', 'Alpha', 'Omega']);

  await page.reload();
  await expect.poll(() => cardNames(page)).toEqual(['Second', 'Alpha', 'Omega']);
});

test('a collapsed card stays collapsed after a reload', async ({ page }) => {
  await openBoard(page, ['Folded']);
  await page.getByRole('button', { name: 'Add a component' }).waitFor();
  await page.getByRole('button', { name: 'Collapse Folded' }).click();
  await expect(page.getByRole('button', { name: 'Expand Folded' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Add a component' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand Folded' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand Folded' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse Folded' })).toBeVisible();
});

test('add a component from the library (pulse and badge), configure it, remove it', async ({ page }) => {
  await openBoard(page, ['Notes card']);
  await page.getByRole('button', { name: 'Add a component' }).click();
  const library = page.getByRole('dialog', { name: /Component Library/ });
  await library.getByPlaceholder('search...').fill('notes');
  await library.getByRole('button', { name: /^Add Notes/ }).click();
  const card = page.getByRole('article', { name: 'Notes card' });
  await expect(card).toHaveClass(/tb-card--pulse/);
  await expect(card.getByRole('status', { name: '1 of this component in the card' })).toBeVisible();
  await library.getByRole('button', { name: /^Add Notes/ }).click();
  await expect(card.getByRole('status', { name: '2 of this component in the card' })).toBeVisible();
  // The pulse ends after 1.5 s.
  await expect(card).not.toHaveClass(/tb-card--pulse/, { timeout: 5_000 });
  await page.keyboard.press('Escape');
  await expect(card.getByRole('region')).toHaveCount(2);

  // "Save Changes" shows only while the configuration differs from the saved one.
  const first = card.getByRole('region').first();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await first.getByRole('button', { name: 'Edit notes' }).click();
  const text = first.getByRole('textbox', { name: /text$/ });
  await text.fill('Quote follow-ups on Friday');
  await expect(first.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Quote follow-ups on Friday')).toBeVisible();
  // Changed and changed back: nothing to save.
  await first.getByRole('button', { name: 'Edit notes' }).click();
  await text.fill('Something else');
  await expect(first.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await text.fill('Quote follow-ups on Friday');
  await expect(first.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  // Remove one of the two, with confirmation.
  await expect(card.getByRole('region')).toHaveCount(2);
  const name = await card.getByRole('region').nth(1).getAttribute('aria-label');
  await page.getByRole('button', { name: `Component options: ${name}` }).nth(1).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByRole('region')).toHaveCount(1);
  await page.reload();
  await expect(card.getByRole('region')).toHaveCount(1);
  await expect(page.getByText('Quote follow-ups on Friday')).toBeVisible();
});

test('an empty card shows the hint for the situation: edit mode off, or no right to edit', async ({ page, baseURL }) => {
  const board = await createBoard(await apiClient(page.request), QUOTES, unique('Hints'), ['Empty']);
  await setEditMode(page, false);
  await page.goto(`/quotes/${board.boardMasterId}`);
  await expect(page.getByText('This card is empty')).toBeVisible();
  await expect(page.getByText('Turn on edit mode in your profile menu to add a component.')).toBeVisible();

  // The viewer, with the board shared read-only: no editing tools, the no-permission hint.
  const api = await apiClient(page.request);
  const users: Array<{ userMasterId: number; email: string }> = await api.get(`/Board/User/Share/List/${board.boardMasterId}`);
  const viewerId = users.find((user) => user.email === 'viewer@tradeboard.example')!.userMasterId;
  await api.post('/Board/User/Share/Add', { boardMasterId: board.boardMasterId, userMasterId: viewerId, canEdit: false });
  const viewer = await signedInRequest(baseURL!, 'viewer@tradeboard.example');
  const context = await page.context().browser()!.newContext({ storageState: await viewer.storageState() });
  await viewer.dispose();
  const viewerPage = await context.newPage();
  await setEditMode(viewerPage, true);
  await viewerPage.goto(`/quotes/${board.boardMasterId}`);
  await expect(viewerPage.getByText('This card is empty')).toBeVisible();
  await expect(
    viewerPage.getByText('You do not currently have permission to make changes to this board. Contact your system administrator if you feel this is in error.'),
  ).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Manage Boards' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /Card options/ })).toHaveCount(0);
  await expect(viewerPage.getByRole('main').getByRole('tab', { selected: true }).getByLabel('shared board')).toBeVisible();
  await context.close();
});

test('at 375 px the cards stack full width, in reading order', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const api = await apiClient(page.request);
  for (const name of ['Wide board one', 'Wide board two']) await createBoard(api, QUOTES, unique(name));
  await openBoard(page, ['First', 'Second', 'Third']);
  // The open board's tab, last of a strip wider than the phone, is scrolled into view.
  await expect(page.getByRole('main').getByRole('tab', { selected: true })).toBeInViewport();
  await expect.poll(() => cardNames(page)).toEqual(['First', 'Second', 'Third']);
  const boxes = await page.getByRole('main').getByRole('article').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON()));
  const mainBox = (await page.getByRole('main').boundingBox())!;
  for (const [index, box] of boxes.entries()) {
    expect(box.width).toBeGreaterThan(mainBox.width - 48);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    if (index > 0) expect(box.y).toBeGreaterThanOrEqual(boxes[index - 1].y + boxes[index - 1].height);
  }
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
