import { expect, test } from '@playwright/test';
import { apiClient, createBoard, unique, useSignedInState } from './helpers.ts';

useSignedInState(test, 'manager@tradeboard.example');

test("the sidebar lists the expanded section's boards: star on the default, dot on the current one", async ({ page }) => {
  const api = await apiClient(page.request);
  const first = await createBoard(api, 17, unique('Dock'));
  const second = await createBoard(api, 17, unique('Carriers'));
  await api.post(`/Board/SetDefault/17/${second.boardMasterId}`);
  await page.goto(`/shipments/${first.boardMasterId}`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const list = nav.getByRole('list', { name: 'Shipments boards' });
  await expect(list.getByRole('link', { name: first.boardName })).toHaveAttribute('aria-current', 'page');
  await expect(list.getByRole('link', { name: `${second.boardName} default board` })).not.toHaveAttribute('aria-current', 'page');
  // Following a board of the list opens it; the dot moves with it.
  await list.getByRole('link', { name: second.boardName }).click();
  await expect(page).toHaveURL(`/shipments/${second.boardMasterId}`);
  await expect(list.getByRole('link', { name: second.boardName })).toHaveAttribute('aria-current', 'page');
  // Only the expanded section lists its boards.
  await expect(nav.getByRole('list', { name: /boards$/ })).toHaveCount(1);
});

test('with the boards remote down, the sidebar still works', async ({ page }) => {
  await page.route('**/remotes/boards/**', (route) => route.abort());
  await page.goto('/shipments');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Shipments' })).toBeVisible();
  await expect(nav.getByRole('list', { name: /boards$/ })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL('/orders');
});
