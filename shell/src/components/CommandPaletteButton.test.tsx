import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRemoteRegistry, type LoadedRemote } from '../root/remoteRegistry.ts';

const loadRemote = vi.hoisted(() => vi.fn());
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote }));

const { CommandPaletteButton } = await import('./CommandPaletteButton.tsx');

const accounts = (status: LoadedRemote['status'] = 'ready'): LoadedRemote => ({
  id: 'accounts',
  name: 'mf_accounts',
  status,
  manifest: { id: 'accounts', routes: ['/search'], slots: { commandPalette: './CommandPalette' } },
});

describe("the navbar's search button", () => {
  afterEach(() => {
    cleanup();
    loadRemote.mockReset();
  });

  it("loads the palette only when first used, by a click or Ctrl/⌘+K anywhere", async () => {
    useRemoteRegistry.getState().setRemotes([accounts()]);
    loadRemote.mockResolvedValue({ default: ({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label="Search" /> : null) });
    render(<CommandPaletteButton compact={false} />);
    expect(screen.getByRole('button', { name: /Search accounts/ })).toBeTruthy();
    expect(loadRemote).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('mf_accounts/CommandPalette');
  });

  it('is not there when no ready remote fills the slot (switched off): Ctrl+K is left alone', () => {
    useRemoteRegistry.getState().setRemotes([accounts('disabled')]);
    const { container } = render(<CommandPaletteButton compact={false} />);
    expect(container.innerHTML).toBe('');
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
