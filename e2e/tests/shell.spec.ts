import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

async function signedIn(page: Page) {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
}

test('the sidebar goes mini and full, and the choice survives a reload', async ({ page }) => {
  await signedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const fullWidth = (await nav.boundingBox())!.width;
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect((await nav.boundingBox())!.width).toBeLessThan(fullWidth / 2);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
});

test('dark mode survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signedIn(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitemcheckbox').filter({ hasText: 'Dark mode' }).click();
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  expect(await background()).toBe(dark);
});

test('the current section is highlighted and the menu navigates', async ({ page }) => {
  await signedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // The home section's boards (the public Welcome board at least) open under Home in the menu and
  // move the sections below it: click once they are there, as a user would aim at a settled menu.
  await expect(nav.getByRole('list', { name: 'Home boards' })).toBeVisible();
  await nav.getByRole('link', { name: /orders/i }).first().click();
  // The boards remote owns the section: /orders lands on a board (seed §2: the default board, else with
  // DisplayDefaultSectionTemplates /orders/default, else the first); rep has none there, so its empty state.
  await expect(page).toHaveURL(/\/orders(\/\d+|\/default)?$/);
  await expect(nav.locator('[aria-current="page"]')).toContainText(/orders/i);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: /^Orders/, level: 1 })).toBeAttached();
  await expect(main.getByRole('tab', { selected: true }).or(main.getByText('No boards exist for this section')).first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/(notFound|login)/);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar slides in from the menu button', async ({ page }) => {
    await signedIn(page);
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    // The open section's boards load into the drawer and push the links below them down.
    await expect(drawer.getByRole('list', { name: 'Home boards' })).toBeVisible();
    // The brand keeps the page's text colour, though the UI kit colours links inside its drawer.
    const brandInTextColour = () =>
      drawer.getByRole('link', { name: 'Tradeboard home' }).evaluate((brand) => {
        const probe = document.body.appendChild(Object.assign(document.createElement('span'), { style: 'color: var(--tb-text)' }));
        const text = getComputedStyle(probe).color;
        probe.remove();
        return getComputedStyle(brand).color === text;
      });
    expect(await brandInTextColour()).toBe(true);
    await drawer.getByRole('link', { name: /quotes/i }).first().click();
    await expect(page).toHaveURL(/\/quotes(\/\d+|\/default)?$/);
    await expect(drawer).toBeHidden();
    const main = page.getByRole('main');
    await expect(main.getByRole('tab', { selected: true }).or(main.getByText('No boards exist for this section')).first()).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').locator('[aria-current="page"]')).toContainText(/quotes/i);
  });
});

test('an unknown address shows Page Not Found and mails the bad URL', async ({ page }) => {
  await signedIn(page);
  const report = page.waitForRequest((request) => request.url().endsWith('/api/System/SendErrorEmail'));
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect((await report).postDataJSON().body).toContain('/no/such/page?x=1');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('a blocked remote shows its error panel while the shell keeps working', async ({ page }) => {
  await signedIn(page);
  await page.route('**/remotes/auth/remoteEntry.js', (route) => route.abort());
  await page.goto('/logout');
  await expect(page.getByText('This part of Tradeboard could not be loaded')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: /sales/i }).first().click();
  // The boards remote still works: /sales lands on rep's board there (its page title: 'Sales: Pipeline').
  await expect(page).toHaveURL(/\/sales(\/\d+|\/default)?$/);
  await expect(page.getByRole('main').getByRole('heading', { name: /^Sales/, level: 1 })).toBeAttached();
  await expect(page.getByRole('main').getByRole('tablist', { name: 'Boards' }).getByRole('tab', { selected: true })).toBeVisible();
});

test('a new version on the server asks for a refresh', async ({ page }) => {
  let version = 'first';
  await page.route('**/version.json', (route) => route.fulfill({ json: { version } }));
  await signedIn(page);
  await page.waitForRequest('**/version.json');
  version = 'second';
  const prompt = page.getByRole('dialog', { name: 'A new version of Tradeboard is available' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('menus slide in by default, and appear at once when the system asks for reduced motion', async ({ page }) => {
  const profileMenu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Logout' }) });
  // How long the UI kit's menus take to come and go, as the open menu's styles say.
  const motion = () => profileMenu.evaluate((menu) => getComputedStyle(menu).getPropertyValue('--ant-motion-duration-mid').trim());
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signedIn(page);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  expect(await motion()).toBe('0.2s');
  await page.keyboard.press('Escape');
  await expect(profileMenu).toBeHidden();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Profile menu' }).click();
  expect(await motion()).toBe('0s');
});
