import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { resetErrorReports } from '@tradeboard/shared/web';
import { stubFetch, stubMatchMedia } from '../test/browserStubs.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

describe('NotFoundPage', () => {
  beforeEach(() => {
    stubMatchMedia();
    resetErrorReports();
    window.history.pushState(null, '', '/no/such/page?x=1');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows 'Page Not Found' and e-mails the bad URL once", async () => {
    const calls = stubFetch();
    const { rerender } = render(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    rerender(<NotFoundPage />);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/System/SendErrorEmail')).toBe(true));
    const mails = calls.filter((call) => call.url === '/api/System/SendErrorEmail');
    expect(mails).toHaveLength(1);
    const { subject, body } = mails[0]!.body as { subject: string; body: string };
    expect(subject).toContain('Page Not Found');
    expect(subject).toContain('/no/such/page?x=1');
    expect(body).toContain('http://localhost:3000/no/such/page?x=1');
  });
});
