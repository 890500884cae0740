import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as requests, type APIRequestContext, type Page, type TestType } from '@playwright/test';
import { SECTION_IDS } from '@tradeboard/shared/constants';

export const DEMO_PASSWORD = 'Demo-2026!';
export const DEMO_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

/** Signs in through the login screens, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, options: { keepSignedIn?: boolean } = {}) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.keepSignedIn) await page.getByRole('checkbox', { name: 'Keep Me Signed In' }).check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the API (for set-up steps that are not what the test is about). */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const token = await (await request.get('/api/Authenticate/GenerateAntiforgeryToken')).text();
  const response = await request.post('/api/Authenticate/CookieLogin', {
    headers: { 'X-XSRF-TOKEN': token },
    data: { email, password, persistCookie: false },
  });
  expect(response.status()).toBe(200);
  return token;
}

/** The newest mail to an address, read from the outbox as an administrator. */
export async function latestMailTo(request: APIRequestContext, email: string): Promise<{ subject: string; body: string }> {
  await apiSignIn(request, 'admin@tradeboard.example');
  const response = await request.get(`/api/Admin/TestEmails?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const mails = await response.json();
  expect(mails.length).toBeGreaterThan(0);
  return mails[0];
}

/** The web app's own calls, made with a signed-in request context (test set-up, not what a test is about). */
export type ApiClient = {
  get: <T = any>(url: string) => Promise<T>;
  post: <T = any>(url: string, data?: unknown) => Promise<T>;
  delete: <T = any>(url: string) => Promise<T>;
};

/** An API client on `request` (a page's request shares the page's session). */
export async function apiClient(request: APIRequestContext): Promise<ApiClient> {
  const token = await (await request.get('/api/Authenticate/GenerateAntiforgeryToken')).text();
  const call = async (method: string, url: string, data?: unknown) => {
    const response = await request.fetch(`/api${url}`, { method, headers: { 'X-XSRF-TOKEN': token }, data });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.status() === 204 ? undefined : response.json();
  };
  return { get: (url) => call('GET', url), post: (url, data) => call('POST', url, data ?? {}), delete: (url) => call('DELETE', url) };
}

/** A unique name for test data (the database lives for the whole run). */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A request context of its own, signed in as `email` (dispose it when done). */
export async function signedInRequest(baseURL: string, email: string): Promise<APIRequestContext> {
  // An empty state: the runner would otherwise apply the file's storageState option (not yet written) here too.
  const request = await requests.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  await apiSignIn(request, email);
  return request;
}

/**
 * One signed-in session for every test of a file: signs in through the API once and gives each
 * test a browser context carrying that session. Call at the top of a spec file; returns the state file
 * (for contexts a test opens itself).
 */
export function useSignedInState(test: TestType<any, any>, email: string): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), `state-${email}-${process.pid}.json`);
  test.use({ storageState: file });
  test.beforeAll(async ({ baseURL }: { baseURL: string }) => {
    const request = await signedInRequest(baseURL, email);
    await request.storageState({ path: file });
    await request.dispose();
  });
  return file;
}

/** Sets persisted preferences (the profile menu's theme and edit-mode switches) for every page load of the test. */
export async function setPreferences(page: Page, preferences: { editMode?: boolean; theme?: 'light' | 'dark' }): Promise<void> {
  await page.addInitScript((value) => {
    const key = 'tradeboard.preferences';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
    saved.state = { ...saved.state, ...value };
    localStorage.setItem(key, JSON.stringify(saved));
  }, preferences);
}

/** Turns the persisted edit mode on or off for every page load of the test (the profile menu's switch). */
export const setEditMode = (page: Page, on: boolean): Promise<void> => setPreferences(page, { editMode: on });

export type BoardSetup = { boardMasterId: number; boardName: string; cards: Array<{ cardMasterId: number; cardName: string }> };

/** Creates a board with cards (in order) through the API. */
export async function createBoard(api: ApiClient, sectionId: number, boardName: string, cardNames: string[] = []): Promise<BoardSetup> {
  const board = await api.post('/Board/Add', { sectionId, boardName });
  const cards = [];
  for (const [index, cardName] of cardNames.entries()) {
    const card = await api.post('/Card/Add', { boardMasterId: board.boardMasterId, cardName, displayOrder: index });
    cards.push({ cardMasterId: card.cardMasterId, cardName });
  }
  return { boardMasterId: board.boardMasterId, boardName, cards };
}

/** The component catalogue's Invoice Lines list (a component master id). */
export const INVOICE_LINES = 161;

/** A board of the signed-in user's in a section with one card holding one component; answers its address. */
export async function boardWith(page: Page, section: keyof typeof SECTION_IDS, componentMasterId: number, instance: string, query = ''): Promise<string> {
  const api = await apiClient(page.request);
  const board = await createBoard(api, SECTION_IDS[section], unique('Board'), [instance]);
  await api.post('/Component/Instance/Add', { componentMasterId, cardMasterId: board.cards[0]!.cardMasterId, componentInstanceName: instance });
  return `/${section}/${board.boardMasterId}${query}`;
}

/** Clears the user's default board in a section (so the routing rule under test decides). */
export async function clearDefault(api: ApiClient, sectionId: number): Promise<void> {
  for (const board of await api.get<Array<{ boardMasterId: number; isBoardDefault: boolean }>>(`/Board/List/${sectionId}`)) {
    if (board.isBoardDefault) await api.delete(`/Board/RemoveDefault/${board.boardMasterId}`);
  }
}

/** Opens the menu behind a button and picks an item, then waits for the menu to close, as a user
 * would before opening the next one (a closing menu is still visible while it fades out). */
export async function chooseFromMenu(page: Page, buttonName: string, item: string): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  const choice = page.getByRole('menuitem', { name: item });
  const menu = page.getByRole('menu').filter({ has: choice });
  await choice.click();
  await expect(menu).toBeHidden();
}

/** Reads the success dialog of seed 000 §8 and closes it with OK, as a user would rather than
 * waiting the 5 s it takes to hide itself (its mask holds every click until then). */
export async function acknowledgeSuccess(page: Page, title: string, message: string): Promise<void> {
  const status = page.getByRole('status').filter({ hasText: title });
  await expect(status).toContainText(message);
  await status.getByRole('button', { name: 'OK' }).click();
  await expect(status).toBeHidden();
}
