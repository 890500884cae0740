import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, latestMailTo, signIn } from './helpers.ts';

test('signs in with a demo account and lands in the app shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'admin@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Alex Admin');
});

test('a wrong password shows the failure text and turns the button red', async ({ page }) => {
  await signIn(page, 'rep2@tradeboard.example', 'not-the-password');
  await expect(page.getByText('Login failed, please check your username and password')).toBeVisible();
  const button = page.getByRole('button', { name: 'Login' });
  await expect(button).toHaveClass(/tb-button--danger/);
  await expect(page).toHaveURL(/\/login$/);
});

test('Continue does nothing while the e-mail is empty', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('two-factor set-up: QR code and typed key, then the code signs in', async ({ page }) => {
  await signIn(page, 'setup2fa@tradeboard.example');
  await expect(page).toHaveURL(/\/login\/2fa/);
  await expect(page.getByRole('img', { name: 'QR code' })).toBeVisible();
  await expect(page.getByText('Scan the QR code or type the key')).toBeVisible();
  const key = (await page.locator('.tb-auth__key').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Verification Code').fill(await generate({ secret: key }));
  await page.getByRole('button', { name: 'Submit Verification Code' }).click();
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Sam Setup');
});

test('two-factor code entry for a configured authenticator, wrong code first', async ({ page }) => {
  await signIn(page, 'twofactor@tradeboard.example');
  await expect(page).toHaveURL(/\/login\/2fa/);
  await expect(page.getByRole('img', { name: 'QR code' })).toHaveCount(0);
  const code = await generate({ secret: DEMO_TOTP_SECRET });
  await page.getByLabel('Verification Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Submit Verification Code' }).click();
  await expect(page.getByText('Invalid verification code, please try again')).toBeVisible();
  await page.getByLabel('Verification Code').fill(code);
  await page.getByRole('button', { name: 'Submit Verification Code' }).click();
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
});

test('forgot and reset password through the outbox', async ({ page, request }) => {
  const email = 'manager@tradeboard.example';
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgotpassword/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for that e-mail, a reset link is on its way')).toBeVisible();

  const mail = await latestMailTo(request, email);
  expect(mail.subject).toBe('Reset your Tradeboard password');
  const link = new URL(/https?:\/\/\S+/.exec(mail.body)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password').fill('Fresh-Passw0rd');
  await page.getByLabel('Confirm Password').fill('Fresh-Passw0rd');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('link', { name: /sign in/i })).toBeVisible();

  await signIn(page, email, 'Fresh-Passw0rd');
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  // The link works once.
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password').fill('Other-Passw0rd');
  await page.getByLabel('Confirm Password').fill('Other-Passw0rd');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
});

test('logout returns to /login and the session is gone', async ({ page }) => {
  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session ended on the server sends the page to /login', async ({ page }) => {
  await signIn(page, 'rep@tradeboard.example', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home(\/\d+)?$/);
  // End the session behind the page's back (as an expiry or a sign-out elsewhere would).
  const token = await (await page.request.get('/api/Authenticate/GenerateAntiforgeryToken')).text();
  expect((await page.request.post('/api/Authenticate/Logout', { headers: { 'X-XSRF-TOKEN': token } })).status()).toBe(204);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('single sign-on accounts are sent to their identity provider', async ({ page }) => {
  await page.route('https://sso.contoso.example/**', (route) => route.fulfill({ body: 'identity provider', contentType: 'text/plain' }));
  await page.goto('/login');
  await page.getByLabel('Email').fill('sso@tradeboard.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/^https:\/\/sso\.contoso\.example\/saml2\/sso\?login_hint=sso%40tradeboard\.example/);
});
