import '@tradeboard/shared/testing/setupDom';
import { act, screen, waitFor } from '@testing-library/react';
import { useTradeboardStore } from '@tradeboard/shared/web';
import { describe, expect, it, vi } from 'vitest';
import manifest from './manifest.ts';
import { browser } from './routing/browser.ts';
import { resolveRoute } from './routing/resolveRoute.ts';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { renderAt } from './test/renderAt.tsx';

describe('AuthApp routing', () => {
  it('declares its routes', () => {
    expect(manifest).toEqual({ id: 'auth', routes: ['/login', '/logout', '/ForgotPassword'], public: true });
  });

  it('maps paths to pages regardless of case and trailing slash', () => {
    expect(resolveRoute('/login/')).toEqual({ page: 'login' });
    expect(resolveRoute('/Login/2FA')).toEqual({ page: 'twoFactor' });
    expect(resolveRoute('/login/resetpassword')).toEqual({ page: 'resetPassword' });
    expect(resolveRoute('/ForgotPassword')).toEqual({ page: 'redirect', to: '/' });
    expect(resolveRoute('/login/nope')).toEqual({ page: 'redirect', to: '/login' });
    expect(resolveRoute('/home')).toEqual({ page: 'none' });
  });

  it('sends /ForgotPassword to /', async () => {
    mockFetch({});
    renderAt('/ForgotPassword');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('follows in-app navigation', async () => {
    mockFetch({});
    renderAt('/login/nowhere');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    act(() => {
      window.history.pushState(null, '', '/login/forgotpassword');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });

  it('signs out on /logout and reloads the login page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch({ 'POST /api/Authenticate/Logout': () => ({ status: 204 }) });
    renderAt('/logout');
    expect(screen.getByText('Signing you out…')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(callsTo(fetchMock, 'POST /api/Authenticate/Logout')).toHaveLength(1);
  });

  it('follows the shared light/dark choice', async () => {
    mockFetch({});
    act(() => useTradeboardStore.getState().setTheme('dark'));
    const { container } = renderAt('/login');
    const root = () => container.querySelector<HTMLElement>('.tb-auth')!;
    expect(root().style.getPropertyValue('--tb-bg')).toBe('#0b1220');
    act(() => useTradeboardStore.getState().setTheme('light'));
    await waitFor(() => expect(root().style.getPropertyValue('--tb-bg')).toBe('#f4f6fb'));
  });
});
