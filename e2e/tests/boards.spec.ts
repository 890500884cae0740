import { expect, test, type Page } from '@playwright/test';
import { acknowledgeSuccess, setEditMode, signIn } from './helpers.ts';

/** Signs in and waits for the landing page: a page.goto() before it would cut the sign-in short. */
async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home(\/\d+|\/default)?$/);
}

async function newBoard(page: Page, name: string) {
  await page.getByRole('button', { name: /Manage Boards|New Board/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Manage Boards' });
  await dialog.getByLabel('New board name').fill(name);
  await dialog.getByRole('button', { name: 'Add Board' }).click();
  await expect(page.getByText('Board Added')).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a section lands on a board; create, add a card, add Notes from the library, save, remove', async ({ page }) => {
  await setEditMode(page, true);
  await signedIn(page, 'admin@tradeboard.example');
  await page.goto('/reports?itemNumber=X1');
  await expect(page).toHaveURL(/\/reports(\/\d+|\/default)?\?itemNumber=X1$/);
  await newBoard(page, `E2E ${Date.now()}`);
  await expect(page).toHaveURL(/\/reports\/\d+\?itemNumber=X1$/);
  await page.getByRole('button', { name: 'Add Card' }).click();
  await acknowledgeSuccess(page, 'Add Card', 'Card Added');
  await expect(page.getByRole('heading', { name: 'New Card...' })).toBeVisible();
  await page.getByRole('button', { name: 'New Card...', exact: true }).click();
  await page.getByLabel('Card name').fill('  Team notes  ');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Team notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a component' }).click();
  await page.getByPlaceholder('search...').fill('notes');
  await page.getByRole('button', { name: /^Add Notes/ }).click();
  await expect(page.locator('.tb-card--pulse')).toBeVisible();
  await expect(page.getByRole('status', { name: /1 of this component/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Edit notes' }).click();
  await page.getByRole('textbox', { name: /text$/ }).fill('Call Acme on Monday');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Call Acme on Monday')).toBeVisible();
});

test('the mobile layout stacks cards full width at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedIn(page, 'admin@tradeboard.example');
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home(\/\d+|\/default)?$/);
  await expect(page.getByRole('tablist', { name: 'Boards' }).or(page.getByText('No boards exist for this section'))).toBeVisible();
});

test('a user without editing rights sees the hint', async ({ page }) => {
  await signedIn(page, 'viewer@tradeboard.example');
  await page.goto('/sales');
  await expect(page.getByRole('button', { name: /Manage Boards/ })).toHaveCount(0);
});

test('a session lost while on a section sends the page to /login, not to Page Not Found', async ({ page }) => {
  await signedIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home\/\d+$/);
  await expect(page.getByRole('main').getByRole('tab', { selected: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('list', { name: 'Home boards' })).toBeVisible();
  // End the session behind the page's back, then let the boards remote read a section's boards (401).
  const token = await (await page.request.get('/api/Authenticate/GenerateAntiforgeryToken')).text();
  expect((await page.request.post('/api/Authenticate/Logout', { headers: { 'X-XSRF-TOKEN': token } })).status()).toBe(204);
  // A click event, not a pointer click: with the session gone, the sidebar may move (its board
  // lists re-read), and waiting for the link to stand still is not what this test is about. The
  // page may also notice first (a background read answers 401) and go to /login by itself: the
  // same outcome, so a link already gone is no failure.
  await nav.getByRole('link', { name: /orders/i }).first().dispatchEvent('click', undefined, { timeout: 5_000 }).catch(() => undefined);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
