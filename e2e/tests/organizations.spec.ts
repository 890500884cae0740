import { expect, test, type Page } from '@playwright/test';
import { apiClient, signIn } from './helpers.ts';

// Issue 25, organization switching: admin@ (SiteAdmin of Northwind) is also a member of Contoso,
// whose own home board is "Contoso Welcome". Switching is kept per session; every spec signs in
// afresh, and this one switches back at the end (and in afterEach when a step failed) all the same.
test.describe.configure({ mode: 'serial' });

const NORTHWIND = 'Northwind Industrial Supply';
const CONTOSO = 'Contoso Electric (single sign-on)';
const main = (page: Page) => page.locator('main');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(main(page).getByRole('heading', { name: 'Organizations' })).toBeVisible();
}

const organizations = (page: Page) => main(page).getByRole('region', { name: 'Organizations' }).or(main(page).locator('section[aria-labelledby="profile-organizations"]')).first();

test.afterEach(async ({ page }) => {
  // Back home whatever happened, so the specs after this one see Northwind.
  const api = await apiClient(page.request).catch(() => null);
  await api?.post('/OrganizationSwitcher/Apply/1').catch(() => undefined);
});

test('switches organization from the profile, lands on /home with the other organization’s boards, and back', async ({ page }) => {
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  await expect(main(page).getByRole('tab', { name: 'Welcome', exact: true })).toBeVisible();
  await expect(main(page).getByRole('tab', { name: 'Contoso Welcome' })).toHaveCount(0);

  await openProfile(page);
  const panel = organizations(page);
  await expect(panel.getByRole('row', { name: new RegExp(`${escape(NORTHWIND)}.*Home.*Current`) })).toBeVisible();
  // Keyboard: Tab to the switch button and press Enter.
  const switchButton = panel.getByRole('button', { name: `Switch to ${CONTOSO}` });
  await switchButton.focus();
  await expect(switchButton).toBeFocused();
  await page.keyboard.press('Enter');

  // organization/apply revalidates the session and replaces itself with /home.
  await expect(page).toHaveURL(/\/home/);
  await expect(main(page).getByRole('tab', { name: 'Contoso Welcome' })).toBeVisible();
  await expect(main(page).getByText('Welcome to Tradeboard, Contoso Electric!')).toBeVisible();
  await expect(main(page).getByRole('tab', { name: 'Welcome', exact: true })).toHaveCount(0);
  // Organization users get the toggles banner (seed 000 §6), naming the organization.
  await expect(page.getByRole('status').filter({ hasText: `Organization: ${CONTOSO}` })).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.locator('.ant-dropdown')).toContainText(CONTOSO);
  await page.keyboard.press('Escape');
  // /organization/apply replaced the history entry: Back does not run the switch again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/organization\/apply/);

  await page.goto('/settings');
  await expect(organizations(page).getByRole('row', { name: new RegExp(`${escape(CONTOSO)}.*Current`) })).toBeVisible();
  await organizations(page).getByRole('button', { name: `Switch to ${NORTHWIND}` }).click();
  await expect(page).toHaveURL(/\/home/);
  await expect(main(page).getByRole('tab', { name: 'Welcome', exact: true })).toBeVisible();
  await expect(main(page).getByRole('tab', { name: 'Contoso Welcome' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Organization: ${CONTOSO}` })).toHaveCount(0);
});

test('the organization switcher at 1280 px light and 375 px dark', async ({ browser }) => {
  for (const [width, scheme] of [[1280, 'light'], [375, 'dark']] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    await signIn(page, 'admin@tradeboard.example');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/settings');
    const panel = organizations(page);
    const button = panel.getByRole('button', { name: `Switch to ${CONTOSO}` });
    await expect(button).toBeVisible();
    // The Switch button is on screen at every width (no sideways scrolling to reach it).
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expect(main(page).locator('.ant-skeleton')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`organizations-${width}-${scheme}.png`), fullPage: true });
    await context.close();
  }
});
