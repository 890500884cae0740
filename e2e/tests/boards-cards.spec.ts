import { expect, test, type Page } from '@playwright/test';
import { acknowledgeSuccess, apiClient, chooseFromMenu, createBoard, setEditMode, signedInRequest, unique, useSignedInState } from './helpers.ts';

// Cards and components on a board the rep owns, in edit mode (seed 000 §4, §5).
useSignedInState(test, 'rep@tradeboard.example');

const QUOTES = 5;
const cardNames = (page: Page) => page.getByRole('main').getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));

const cardMenu = (page: Page, cardName: string, item: string) => chooseFromMenu(page, `Card options: ${cardName}`, item);

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
  await acknowledgeSuccess(page, 'Add Card', 'Card Added');
  await expect.poll(() => cardNames(page)).toEqual(['Alpha', 'New Card...', 'Omega']);
  await page.getByRole('button', { name: 'New Card...', exact: true }).click();
  await page.getByRole('textbox', { name: 'Card name' }).fill('Middle');
  await page.keyboard.press('Enter');
  await cardMenu(page, 'Alpha', 'Add Card Below');
  await acknowledgeSuccess(page, 'Add Card', 'Card Added');
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

test('in edit mode a card is resized and dragged beside another; the layout is kept, and a phone stacks it without saving', async ({ page }) => {
  // Tall enough for both stacked cards: the mouse drags only what is on screen.
  await page.setViewportSize({ width: 1280, height: 1200 });
  const board = await openBoard(page, ['Left', 'Right']);
  const box = async (name: string) => (await page.getByRole('article', { name }).boundingBox())!;
  const left = await box('Left');
  const right = await box('Right');
  expect(right.y).toBeGreaterThan(left.y + left.height / 2);

  // Both cards to half width by their resize corners (react-grid-layout's corner has no role or label).
  const halve = async (name: string) => {
    const corner = page.locator('.tb-grid__item', { has: page.getByRole('article', { name }) }).locator('.react-resizable-handle-se');
    const at = (await corner.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(left.x + left.width / 2 - 8, at.y + at.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await box(name)).width).toBeLessThan(left.width * 0.6);
  };
  await halve('Left');
  await halve('Right');

  const handle = page.getByRole('article', { name: 'Right' }).getByTitle('Drag to move');
  const handleBox = (await handle.boundingBox())!;
  await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(left.x + left.width * 0.6, left.y + 20, { steps: 15 });
  await page.mouse.up();
  // Both cards' boxes read at once in the page (the grid re-renders them as the layout changes).
  const boxes = () =>
    page.getByRole('main').getByRole('article').evaluateAll((cards) =>
      Object.fromEntries(cards.map((card) => [card.getAttribute('aria-label'), card.getBoundingClientRect().toJSON() as DOMRect])),
    );
  const besideLeft = async () => {
    const { Left: l, Right: r } = await boxes();
    return !!l && !!r && r.x >= l.x + l.width && Math.abs(r.y - l.y) < 4;
  };
  await expect.poll(besideLeft).toBe(true);

  await page.reload();
  await expect(page.getByRole('article', { name: 'Right' })).toBeVisible();
  await expect.poll(besideLeft).toBe(true);

  // At 375 px the cards stack full width; nothing about the desktop layout is saved from there.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(async () => {
      const { Left: l, Right: r } = await boxes();
      return !!l && !!r && r.y >= l.y + l.height;
    })
    .toBe(true);
  const saved = await (await apiClient(page.request)).get<{ cards: Array<{ cardName: string; layout: { x: number; y: number; w: number } | null }> }>(
    `/DynamicPage/${board.boardMasterId}`,
  );
  const layoutOf = (name: string) => saved.cards.find((card) => card.cardName === name)!.layout!;
  expect(layoutOf('Left')).toMatchObject({ x: 0, y: 0, w: 6 });
  expect(layoutOf('Right')).toMatchObject({ x: 6, y: 0 });
});
