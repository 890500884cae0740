import { expect, test, type Page } from '@playwright/test';
import { apiClient, chooseFromMenu, createBoard, setEditMode, unique, useSignedInState } from './helpers.ts';

// Managing boards as a board owner (the sales manager): create, rename, share, copy, default, reorder, delete.
const signedInState = useSignedInState(test, 'manager@tradeboard.example');

const REPORTS = 6;
const HELP = 8;
const main = (page: Page) => page.getByRole('main');
const tab = (page: Page, name: string) => main(page).getByRole('tab', { name, exact: false });

const boardMenu = (page: Page, boardName: string, item: string) => chooseFromMenu(page, `Board options: ${boardName}`, item);

async function userId(page: Page, boardMasterId: number, email: string): Promise<number> {
  const users: Array<{ userMasterId: number; email: string }> = await (await apiClient(page.request)).get(`/Board/User/Share/List/${boardMasterId}`);
  return users.find((user) => user.email === email)!.userMasterId;
}

test('create a board in Manage Boards, rename it in place (Enter saves, Escape cancels)', async ({ page }) => {
  const name = unique('Forecast');
  await page.goto('/reports');
  await main(page).getByRole('button', { name: 'Manage Boards' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Boards' });
  await expect(dialog.getByLabel('New board name')).toHaveValue('New Board');
  await dialog.getByLabel('New board name').fill(name);
  await dialog.getByRole('button', { name: 'Add Board' }).click();
  // The new board opens.
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  await expect(main(page).getByRole('tab', { selected: true })).toHaveText(name);
  await main(page).getByRole('button', { name: 'Manage Boards' }).click();
  await expect(dialog.getByRole('table', { name: 'My Boards' }).getByRole('button', { name: `Rename ${name}` })).toBeVisible();
  await page.keyboard.press('Escape');

  const renamed = `${name} v2`;
  await boardMenu(page, name, 'Rename');
  await page.getByRole('textbox', { name: 'Board name' }).fill(`  ${renamed}  `);
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('tab', { selected: true })).toHaveText(renamed);
  await boardMenu(page, renamed, 'Rename');
  await page.getByRole('textbox', { name: 'Board name' }).fill('Not this');
  await page.keyboard.press('Escape');
  await expect(main(page).getByRole('tab', { selected: true })).toHaveText(renamed);
  await page.reload();
  await expect(main(page).getByRole('tab', { selected: true })).toHaveText(renamed);
});

test('share a board with a user and a role: search, can-edit toggle, remove', async ({ page }) => {
  const board = await createBoard(await apiClient(page.request), REPORTS, unique('Team numbers'));
  await page.goto(`/reports/${board.boardMasterId}`);
  await boardMenu(page, board.boardName, 'Share');
  const dialog = page.getByRole('dialog', { name: `Share “${board.boardName}”` });
  await expect(dialog.getByText('This Board has not been shared with any Users or Roles')).toBeVisible();

  await dialog.getByLabel('Search users and roles').fill('rita');
  await dialog.getByRole('button', { name: 'Share with Rita Rep2' }).click();
  const shared = dialog.getByRole('list', { name: 'Shared with' });
  await expect(shared.getByText('Rita Rep2')).toBeVisible();
  // A new share starts read-only; the switch gives editing rights.
  const canEdit = shared.getByRole('switch', { name: 'Rita Rep2 can edit' });
  await expect(canEdit).not.toBeChecked();
  await canEdit.click();
  await expect(canEdit).toBeChecked();
  // Those already shared with are not offered again.
  await dialog.getByLabel('Search users and roles').fill('rita');
  await expect(dialog.getByText('No users or roles match “rita”')).toBeVisible();

  await dialog.getByLabel('Search users and roles').fill('Viewer');
  await dialog.getByRole('button', { name: 'Share with Viewer', exact: true }).click();
  await expect(shared.getByText('Viewer', { exact: true })).toBeVisible();

  await shared.getByRole('button', { name: 'Remove share with Rita Rep2' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
  await expect(shared.getByText('Rita Rep2')).toHaveCount(0);

  // Kept on the server: reopen after a reload.
  await page.reload();
  await boardMenu(page, board.boardName, 'Share');
  await expect(dialog.getByRole('list', { name: 'Shared with' }).getByText('Viewer', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Viewer can edit' })).not.toBeChecked();
  await expect(dialog.getByText('Rita Rep2')).toHaveCount(0);
});

test('copy a board: no question without shares; with shares, asked whether to copy them', async ({ page }) => {
  const api = await apiClient(page.request);
  const plain = await createBoard(api, REPORTS, unique('Plain'), ['Summary']);
  const sharedBoard = await createBoard(api, REPORTS, unique('Shared'));
  await api.post('/Board/User/Share/Add', {
    boardMasterId: sharedBoard.boardMasterId,
    userMasterId: await userId(page, sharedBoard.boardMasterId, 'rep2@tradeboard.example'),
    canEdit: false,
  });

  await page.goto(`/reports/${plain.boardMasterId}`);
  await boardMenu(page, plain.boardName, 'Copy');
  await expect(main(page).getByRole('tab', { selected: true })).toHaveText(`${plain.boardName} (copy)`);
  await expect(page).not.toHaveURL(`/reports/${plain.boardMasterId}`);
  await expect(page.getByRole('dialog', { name: 'Copy Board' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();

  await tab(page, sharedBoard.boardName).first().click();
  await boardMenu(page, sharedBoard.boardName, 'Copy');
  const question = page.getByRole('dialog', { name: 'Copy Board' });
  await expect(question.getByText('Copy its shares to the new board too?')).toBeVisible();
  await question.getByRole('button', { name: 'Copy with shares' }).click();
  const copyName = `${sharedBoard.boardName} (copy)`;
  await expect(main(page).getByRole('tab', { selected: true })).toHaveText(copyName);
  await boardMenu(page, copyName, 'Share');
  await expect(page.getByRole('dialog', { name: `Share “${copyName}”` }).getByRole('list', { name: 'Shared with' }).getByText('Rita Rep2')).toBeVisible();
});

test('set and remove the default board', async ({ page }) => {
  const board = await createBoard(await apiClient(page.request), REPORTS, unique('My default'));
  await page.goto(`/reports/${board.boardMasterId}`);
  await boardMenu(page, board.boardName, 'Set as Default');
  await expect(tab(page, board.boardName).getByLabel('default board')).toBeVisible();
  await page.goto('/reports');
  await expect(page).toHaveURL(`/reports/${board.boardMasterId}`);
  await boardMenu(page, board.boardName, 'Remove Default');
  await expect(tab(page, board.boardName).getByLabel('default board')).toHaveCount(0);
  await page.goto('/reports');
  await expect(page).toHaveURL('/reports/default');
});

test('reorder boards by dragging their tabs in edit mode; the order is kept', async ({ page }) => {
  await setEditMode(page, true);
  const api = await apiClient(page.request);
  // A section of its own: the two tabs side by side, both in view.
  const first = await createBoard(api, HELP, unique('Drag A'));
  const second = await createBoard(api, HELP, unique('Drag B'));
  await page.goto(`/help/${first.boardMasterId}`);
  const names = async () => (await main(page).getByRole('tab').allTextContents()).filter((text) => text === first.boardName || text === second.boardName);
  await expect.poll(names).toEqual([first.boardName, second.boardName]);

  const handle = page.getByRole('button', { name: `Move ${first.boardName} (arrow keys)` });
  const from = (await handle.boundingBox())!;
  const to = (await tab(page, second.boardName).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width - 4, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect.poll(names).toEqual([second.boardName, first.boardName]);
  await page.reload();
  await expect.poll(names).toEqual([second.boardName, first.boardName]);
  // Outside edit mode the tabs cannot be dragged.
  await setEditMode(page, false);
  await page.reload();
  await expect(page.getByRole('button', { name: `Move ${first.boardName} (arrow keys)` })).toHaveCount(0);
});

test('at 768 px boards are reordered by touch, in edit mode', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: signedInState, hasTouch: true, viewport: { width: 768, height: 900 } });
  const page = await context.newPage();
  await setEditMode(page, true);
  const api = await apiClient(page.request);
  const sectionId = 13;
  const first = await createBoard(api, sectionId, unique('Touch A'));
  const second = await createBoard(api, sectionId, unique('Touch B'));
  await page.goto(`/inventory/${second.boardMasterId}`);
  const names = async () => (await main(page).getByRole('tab').allTextContents()).filter((text) => text === first.boardName || text === second.boardName);
  await expect.poll(names).toEqual([first.boardName, second.boardName]);

  // A finger on B's tab, slid left over A's: real touch events (the browser makes the pointer events).
  const from = (await tab(page, second.boardName).boundingBox())!;
  const to = (await tab(page, first.boardName).boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const y = from.y + from.height / 2;
  await touch('touchStart', from.x + from.width / 2, y);
  for (let step = 1; step <= 10; step++) await touch('touchMove', from.x + from.width / 2 - ((from.x - to.x) * step) / 10, y);
  await touch('touchEnd', to.x, y);
  await expect.poll(names).toEqual([second.boardName, first.boardName]);
  await page.reload();
  await expect.poll(names).toEqual([second.boardName, first.boardName]);
  await context.close();
});

test('delete the open board: confirmation, then back to the section home', async ({ page }) => {
  const board = await createBoard(await apiClient(page.request), REPORTS, unique('Old board'));
  await page.goto(`/reports/${board.boardMasterId}`);
  await boardMenu(page, board.boardName, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab(page, board.boardName)).toBeVisible();
  await boardMenu(page, board.boardName, 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/reports/${board.boardMasterId}$`));
  await expect(page).toHaveURL(/\/reports\/(\d+|default)$/);
  await expect(tab(page, board.boardName)).toHaveCount(0);
});
