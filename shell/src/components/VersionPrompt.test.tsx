import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { stubFetch, stubMatchMedia } from '../test/browserStubs.ts';
import { VERSION_PROMPT_TITLE, VersionPrompt } from './VersionPrompt.tsx';

describe('VersionPrompt', () => {
  let version = '1.0.0';
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    vi.useFakeTimers();
    stubMatchMedia();
    version = '1.0.0';
    calls = stubFetch((url) =>
      url === '/version.json' ? Response.json({ version }) : new Response(null, { status: 404 }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('records the first version, then asks to refresh when it changes', async () => {
    render(<VersionPrompt />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.filter((call) => call.url === '/version.json')).toHaveLength(1);
    expect(screen.queryByText(VERSION_PROMPT_TITLE)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls.filter((call) => call.url === '/version.json')).toHaveLength(2);
    expect(screen.queryByText(VERSION_PROMPT_TITLE)).toBeNull();

    version = '1.1.0';
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    // The dialog loads only now, then antd's Modal (the kit's feedback entry) as it opens.
    await act(() => import('./VersionDialog.tsx'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => import('@tradeboard/shared/ui/feedback'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(VERSION_PROMPT_TITLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeTruthy();
  });

  it('asks for a fresh copy every time and only logs failures', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(fetch).mockRejectedValueOnce(new Error('offline'));
    render(<VersionPrompt />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText(VERSION_PROMPT_TITLE)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const init = vi.mocked(fetch).mock.calls.at(-1)?.[1] as RequestInit;
    expect(init.cache).toBe('no-store');
  });
});
