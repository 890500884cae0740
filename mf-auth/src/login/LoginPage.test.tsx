import '@tradeboard/shared/testing/setupDom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXTERNAL_PASSWORD_PLACEHOLDER, LOGIN_FAILED_TEXT } from '../constants.ts';
import { browser } from '../routing/browser.ts';
import { callsTo, deferred, errorBody, mockFetch, type Reply } from '@tradeboard/shared/testing/mockFetch';
import { renderAt } from '../test/renderAt.tsx';

const LOGIN_TYPE = 'GET /api/Authenticate/LoginType/ann@example.com';
const COOKIE_LOGIN = 'POST /api/Authenticate/CookieLogin';
const success: Reply = { json: { resultType: 'Success', redirectUrl: '/', twoFactorSetup: null } };

async function continueAs(user: ReturnType<typeof userEvent.setup>, email = 'ann@example.com'): Promise<void> {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('LoginPage', () => {
  it('does nothing on Continue while the e-mail is empty', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderAt('/login');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveProperty('type', 'email');
    expect(email).toHaveProperty('required', true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('asks a PASSWORD account for its password and signs in with Keep Me Signed In', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch({ [LOGIN_TYPE]: () => ({ json: 'PASSWORD' }), [COOKIE_LOGIN]: () => success });
    const user = userEvent.setup();
    renderAt('/login');
    await continueAs(user);

    const password = await screen.findByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/login/forgotpassword');
    expect(screen.getByRole('link', { name: /Tradeboard website/ }).getAttribute('target')).toBe('_blank');
    expect(callsTo(fetchMock, COOKIE_LOGIN)).toHaveLength(0);

    await user.type(password, 'Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveProperty('type', 'text');
    await user.click(screen.getByRole('checkbox', { name: 'Keep Me Signed In' }));
    await user.type(password, '{Enter}');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const [login] = callsTo(fetchMock, COOKIE_LOGIN);
    expect(login.body).toEqual({ email: 'ann@example.com', password: 'Demo-2026!', persistCookie: true });
    expect(login.headers['X-XSRF-TOKEN']).toBe('xsrf-token');
  });

  it('sends persistCookie false when Keep Me Signed In stays off', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch({ [LOGIN_TYPE]: () => ({ json: 'PASSWORD' }), [COOKIE_LOGIN]: () => success });
    const user = userEvent.setup();
    renderAt('/login');
    await continueAs(user);
    await user.type(await screen.findByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, COOKIE_LOGIN)).toHaveLength(1));
    expect(callsTo(fetchMock, COOKIE_LOGIN)[0].body).toMatchObject({ persistCookie: false });
  });

  it('signs an EXTERNAL account in straight after Continue and follows SAML', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch({
      [LOGIN_TYPE]: () => ({ json: 'EXTERNAL' }),
      [COOKIE_LOGIN]: () => ({ json: { resultType: 'SAML', redirectUrl: 'https://idp.example/sso?x=1', twoFactorSetup: null } }),
    });
    const user = userEvent.setup();
    renderAt('/login');
    await continueAs(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/sso?x=1'));
    expect(callsTo(fetchMock, COOKIE_LOGIN)[0].body).toEqual({
      email: 'ann@example.com',
      password: EXTERNAL_PASSWORD_PLACEHOLDER,
      persistCookie: false,
    });
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows a spinner while submitting, then the failure text and a red button', async () => {
    const pending = deferred<Reply>();
    mockFetch({ [LOGIN_TYPE]: () => ({ json: 'PASSWORD' }), [COOKIE_LOGIN]: () => pending.promise });
    const user = userEvent.setup();
    renderAt('/login');
    await continueAs(user);
    await user.type(await screen.findByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const button = () => screen.getByText('Login').closest('button')!;
    await waitFor(() => expect(button().className).toContain('tb-button--loading'));
    expect(button().className).not.toContain('tb-button--danger');

    pending.resolve(errorBody(401, 'Login failed.'));
    expect(await screen.findByText(LOGIN_FAILED_TEXT)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(LOGIN_FAILED_TEXT);
    await waitFor(() => expect(button().className).not.toContain('tb-button--loading'));
    expect(button().className).toContain('tb-button--danger');
  });

  it("shows the server's message when there were too many attempts", async () => {
    mockFetch({
      [LOGIN_TYPE]: () => ({ json: 'PASSWORD' }),
      [COOKIE_LOGIN]: () => errorBody(429, 'Too many sign-in attempts. Try again in 15 minutes.'),
    });
    const user = userEvent.setup();
    renderAt('/login');
    await continueAs(user);
    await user.type(await screen.findByLabelText('Password'), 'x{Enter}');
    expect(await screen.findByText('Too many sign-in attempts. Try again in 15 minutes.')).toBeTruthy();
  });

  it('goes to the two-factor page with the setup from the answer', async () => {
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const redirectUrl = `/login/2fa?qrCodeImage=${encodeURIComponent(image)}&twoFactorSetupKey=JBSWY3DPEHPK3PXP&authenticatorIsSetup=false`;
    mockFetch({
      [LOGIN_TYPE]: () => ({ json: 'PASSWORD' }),
      [COOKIE_LOGIN]: () => ({
        json: {
          resultType: 'TwoFactor',
          redirectUrl,
          twoFactorSetup: { imageData: image, twoFactorSecret: 'JBSWY3DPEHPK3PXP', isConfigured: false },
        },
      }),
    });
    const user = userEvent.setup();
    renderAt('/login');
    await continueAs(user);
    await user.type(await screen.findByLabelText('Password'), 'Demo-2026!{Enter}');
    expect(await screen.findByLabelText('Verification Code')).toBeTruthy();
    expect(window.location.pathname).toBe('/login/2fa');
    expect(screen.getByRole('img', { name: 'QR code' }).getAttribute('src')).toBe(image);
  });

  it('lets the user change the e-mail and replaces typographic apostrophes', async () => {
    const fetchMock = mockFetch({ "GET /api/Authenticate/LoginType/o'brien@example.com": () => ({ json: 'PASSWORD' }) });
    const user = userEvent.setup();
    renderAt('/login');
    await continueAs(user, 'o\u2019brien@example.com');
    expect(await screen.findByText("o'brien@example.com")).toBeTruthy();
    expect(callsTo(fetchMock, "GET /api/Authenticate/LoginType/o'brien@example.com")).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Change e-mail address/ }));
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveProperty('value', "o'brien@example.com");
    await waitFor(() => expect(document.activeElement).toBe(email));
  });
});
