import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { resetErrorReports } from '@tradeboard/shared/web';
import { stubFetch, stubMatchMedia } from '../test/browserStubs.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

let shouldThrow = true;
function Boom(): never | string {
  if (shouldThrow) throw new Error('Kaboom in the board');
  return 'recovered';
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    stubMatchMedia();
    resetErrorReports();
    shouldThrow = true;
    window.history.pushState(null, '', '/sales/3');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the error page, e-mails the error and writes the app error log', async () => {
    const calls = stubFetch();
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    // The error page loads on demand (it brings the UI kit).
    expect(await screen.findByText('Oops! Something went wrong', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => {
      expect(calls.find((call) => call.url === '/api/System/SendErrorEmail')).toBeTruthy();
      expect(calls.find((call) => call.url === '/api/System/AppErrorLog')).toBeTruthy();
    });
    const mail = calls.find((call) => call.url === '/api/System/SendErrorEmail')!.body as { subject: string };
    expect(mail.subject).toContain('Kaboom in the board');
    const log = calls.find((call) => call.url === '/api/System/AppErrorLog')!.body as { errorMessage: string; userAgent: string };
    expect(log.errorMessage).toBe('Kaboom in the board');
    expect(log.userAgent).toBeTruthy();
  });

  it("goes home with 'Click here to go home'", async () => {
    stubFetch();
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Click here to go home' }, { timeout: 10_000 }));
    expect(window.location.pathname).toBe('/home');
    expect(await screen.findByText('recovered')).toBeTruthy();
  });
});
