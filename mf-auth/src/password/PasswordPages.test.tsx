import '@tradeboard/shared/testing/setupDom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_SENT_TEXT, RESET_PASSWORD_DONE_TEXT } from '../constants.ts';
import { callsTo, errorBody, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { renderAt } from '../test/renderAt.tsx';
import { PASSWORDS_DIFFER_TEXT } from './ResetPasswordPage.tsx';

const FORGOT = 'POST /api/Authenticate/ForgotPassword';
const RESET = 'POST /api/Authenticate/ResetPassword';

describe('ForgotPasswordPage', () => {
  it('sends the link and shows the same answer whatever the account', async () => {
    const fetchMock = mockFetch({ [FORGOT]: () => ({ status: 204 }) });
    const user = userEvent.setup();
    renderAt('/login/forgotpassword');
    await user.type(screen.getByLabelText('Email'), 'sam\u2019s@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_SENT_TEXT)).toBeTruthy();
    expect(callsTo(fetchMock, FORGOT)[0].body).toEqual({ email: "sam's@example.com" });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('is reached from the password step, keeping the e-mail', async () => {
    mockFetch({ 'GET /api/Authenticate/LoginType/ann@example.com': () => ({ json: 'PASSWORD' }) });
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com{Enter}');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(window.location.pathname).toBe('/login/forgotpassword');
    expect(await screen.findByLabelText('Email')).toHaveProperty('value', 'ann@example.com');
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the token from the link', async () => {
    const fetchMock = mockFetch({ [RESET]: () => ({ status: 204 }) });
    const user = userEvent.setup();
    renderAt('/login/resetPassword?token=abc123');
    await user.type(screen.getByLabelText('New Password'), 'Better-2026!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better-2026!{Enter}');
    expect(await screen.findByText(RESET_PASSWORD_DONE_TEXT)).toBeTruthy();
    expect(callsTo(fetchMock, RESET)[0].body).toEqual({ token: 'abc123', password: 'Better-2026!' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('refuses passwords that differ without calling the server', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderAt('/login/resetPassword?token=abc123');
    await user.type(screen.getByLabelText('New Password'), 'Better-2026!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better-2027!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(PASSWORDS_DIFFER_TEXT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for an expired link", async () => {
    mockFetch({ [RESET]: () => errorBody(400, 'This reset link has expired. Ask for a new one.') });
    const user = userEvent.setup();
    renderAt('/login/resetPassword?token=old');
    await user.type(screen.getByLabelText('New Password'), 'Better-2026!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better-2026!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('This reset link has expired. Ask for a new one.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('Reset Password').closest('button')!.className).toContain('tb-button--danger'),
    );
  });

  it('explains a link without a token', () => {
    mockFetch({});
    renderAt('/login/resetPassword');
    expect(screen.getByText('This reset link is incomplete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new reset link' }).getAttribute('href')).toBe('/login/forgotpassword');
  });
});
