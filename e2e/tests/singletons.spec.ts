import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiClient, chooseFromMenu, createBoard, setPreferences, signIn, unique } from './helpers.ts';

// DESIGN §3: one instance of each shared library across the shell and every remote, provided by the
// shell's build. Read from the Module Federation runtime's share registry after the shell and a
// remote have both run in the same page.
const sharedPackage = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../shared/package.json'), 'utf8')) as {
  exports: Record<string, string>;
};
// The contracts are data each app bundles for the calls it makes (shared/build/webpack.mjs).
const SHARED_ENTRIES = Object.keys(sharedPackage.exports)
  .filter((entry) => entry !== './webpack' && entry !== './contracts' && !entry.startsWith('./testing/'))
  .map((entry) => `@tradeboard/shared${entry.slice(1)}`);
const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'zustand', 'swr', ...SHARED_ENTRIES];

/** The quotes section (a board the test makes), and the dark theme's surface of dialogs (colorBgElevated, shared/src/web/themeTokens.ts). */
const QUOTES = 5;
const DARK_SURFACE = 'rgb(23, 34, 54)';

type ShareRow = { pkg: string; version: string; from: string; loaded: boolean; useIn: string[] };

/** Every shared module the Module Federation runtime has registered in the page. */
const shareRows = (page: Page): Promise<ShareRow[]> =>
  page.evaluate(() => {
    type Shared = { from: string; loaded?: boolean; useIn?: string[] };
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } })
      .__FEDERATION__;
    const seen = new Set<Shared>();
    const found: ShareRow[] = [];
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const packages of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(packages)) {
          for (const [version, shared] of Object.entries(versions)) {
            if (seen.has(shared)) continue;
            seen.add(shared);
            found.push({ pkg, version, from: shared.from, loaded: !!shared.loaded, useIn: shared.useIn ?? [] });
          }
        }
      }
    }
    return found;
  });

test('react, react-dom, the UI kit, zustand, swr and every shared @tradeboard/shared entry each load once, from the shell', async ({ page }) => {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // A remote's route in the same page (no reload): the sign-in remote's forgot-password page.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/login/forgotpassword');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();

  const rows = await shareRows(page);

  // Never two copies. (An entry only a remote imports, e.g. the boards renderer contract, is
  // provided by that remote; the ones the shell imports must come from the shell, below.)
  for (const pkg of SINGLETONS) {
    const entries = rows.filter((row) => row.pkg === pkg);
    expect(entries.length, `${pkg}: ${JSON.stringify(entries)}`).toBeLessThanOrEqual(1);
  }
  const used = [
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    'zustand',
    'swr',
    '@tradeboard/shared/ui',
    '@tradeboard/shared/web',
    '@tradeboard/shared/api-client',
    '@tradeboard/shared/constants',
    '@tradeboard/shared/user-settings',
  ];
  for (const pkg of used) {
    expect(rows.filter((row) => row.pkg === pkg), pkg).toHaveLength(1);
    expect(rows.find((row) => row.pkg === pkg)?.from, pkg).toBe('tradeboard_shell');
    expect(rows.find((row) => row.pkg === pkg)?.loaded, pkg).toBe(true);
  }
  // The remote really ran on the shell's copies, not on its own (its lifecycles, and so react-dom/client, come through shared/web).
  for (const pkg of ['react', '@tradeboard/shared/web']) {
    expect(rows.find((row) => row.pkg === pkg)?.useIn, pkg).toContain('mf_auth');
  }
  // And the shell really ran the kit (the signed-in chrome).
  expect(rows.find((row) => row.pkg === '@tradeboard/shared/ui')?.useIn).toContain('tradeboard_shell');
  // No app shares its contracts: a page downloads the paths of its own calls, not every call's.
  expect(rows.filter((row) => row.pkg === '@tradeboard/shared/contracts')).toEqual([]);
});

test("the UI kit's data, editing, feedback and select entries load only when a page needs them, once, from the shell", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await signIn(page, 'rep@tradeboard.example');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // The rep's home board (jump-to, notes, goal): neither tables nor editing tools.
  await expect(page.getByRole('combobox', { name: 'Jump to account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = async (pkg: string) => (await shareRows(page)).find((row) => row.pkg === pkg)?.loaded ?? false;
  expect(await loaded('@tradeboard/shared/ui/data')).toBe(false);
  expect(await loaded('@tradeboard/shared/ui/edit')).toBe(false);
  // Nor messages, dialogs, drawers and alerts: none is shown (ui/feedback, loaded with the first one).
  expect(await loaded('@tradeboard/shared/ui/feedback')).toBe(false);
  // Nor antd's Select: the jump-to is drawn as antd's markup until first pointed at or focused (ui/select).
  expect(await loaded('@tradeboard/shared/ui/select')).toBe(false);
  await page.getByRole('combobox', { name: 'Jump to account' }).hover();
  await expect.poll(() => loaded('@tradeboard/shared/ui/select')).toBe(true);
  expect((await shareRows(page)).filter((row) => row.pkg === '@tradeboard/shared/ui/select')).toHaveLength(1);
  // Nor the CRM's code: its section header fills the account and contact sections only (manifest slotSections).
  expect(scripts.filter((script) => script.startsWith('/remotes/crm/'))).toEqual([]);

  // The sales board's lists bring the data entry; the Filters drawer's picker the editing entry.
  await page.goto('/sales/default');
  await expect(page.getByRole('main').locator('.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('combobox', { name: 'Active global filter' })).toBeVisible();
  const rows = await shareRows(page);
  // A remote's build has no copy of the kit (shared/build/webpack.mjs: `import: false`), so the one
  // registration is the shell's code; the runtime names as `from` the app that first loaded it.
  for (const pkg of ['@tradeboard/shared/ui', '@tradeboard/shared/ui/data', '@tradeboard/shared/ui/edit']) {
    const entries = rows.filter((row) => row.pkg === pkg);
    expect(entries, pkg).toHaveLength(1);
    expect(entries[0]!.loaded, pkg).toBe(true);
    expect(entries[0]!.useIn, pkg).toContain('mf_boards');
  }
  expect(rows.find((row) => row.pkg === '@tradeboard/shared/ui')?.from).toBe('tradeboard_shell');
  // The drawer brought the feedback entry, the shell's one copy.
  expect(rows.filter((row) => row.pkg === '@tradeboard/shared/ui/feedback').map((row) => row.loaded)).toEqual([true]);
});

test("a page's first confirm dialog loads the kit's feedback entry and shows in the user's theme", async ({ page }) => {
  await setPreferences(page, { editMode: true, theme: 'dark' });
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  const board = await createBoard(await apiClient(page.request), QUOTES, unique('Feedback'), ['Doomed']);
  await page.goto(`/quotes/${board.boardMasterId}`);
  await expect(page.getByRole('article', { name: 'Doomed' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = async () => (await shareRows(page)).find((row) => row.pkg === '@tradeboard/shared/ui/feedback')?.loaded ?? false;
  expect(await loaded()).toBe(false);

  await chooseFromMenu(page, 'Card options: Doomed', 'Remove Card');
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText('The card "Doomed" and its components will be removed.')).toBeVisible();
  expect(await loaded()).toBe(true);
  // Inside the remote's ConfigProvider: the dark theme's surface, the kit's static styles.
  await expect(confirm.locator('.ant-modal-container')).toHaveCSS('background-color', DARK_SURFACE);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('article', { name: 'Doomed' })).toHaveCount(0);
});

test('a board page asks for the remotes manifest once: the renderer registry reads the answer the shell asked for', async ({ page }) => {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  const manifestRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/remotes/manifest.json') manifestRequests.push(request.url());
  });
  await page.reload();
  // Cards are drawn once their components' renderers are resolved, which needs the manifest.
  await expect(page.getByRole('main').locator('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(manifestRequests).toHaveLength(1);
});
