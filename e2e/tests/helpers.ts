import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
