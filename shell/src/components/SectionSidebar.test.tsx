import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useRemoteRegistry, type LoadedRemote } from '../root/remoteRegistry.ts';

const loadRemote = vi.hoisted(() => vi.fn());
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote }));

const { SectionSidebar } = await import('./SectionSidebar.tsx');

const boards = (sidebar?: string): LoadedRemote => ({
  id: 'boards',
  name: 'mf_boards',
  status: 'ready',
  manifest: { id: 'boards', routes: ['/sales'], ...(sidebar ? { sidebar } : {}) },
});

describe('the section sidebar extension', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    cleanup();
    loadRemote.mockReset();
    vi.restoreAllMocks();
  });

  it("shows the module the section's remote declares, with the section", async () => {
    useRemoteRegistry.getState().setRemotes([boards('./SectionBoardList')]);
    loadRemote.mockResolvedValue({ default: ({ sectionName, route }: { sectionName: string; route: string }) => <p>{`${sectionName} boards of /${route}`}</p> });
    render(<SectionSidebar sectionName="Sales" route="sales" />);
    expect(await screen.findByText('Sales boards of /sales')).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('mf_boards/SectionBoardList');
  });

  it('shows nothing when the remote declares none, is down, or its module throws', async () => {
    useRemoteRegistry.getState().setRemotes([boards()]);
    const { container, unmount } = render(<SectionSidebar sectionName="Sales" route="sales" />);
    expect(container.innerHTML).toBe('');
    expect(loadRemote).not.toHaveBeenCalled();
    unmount();

    // Down: the failure plugin answers `default: null`.
    useRemoteRegistry.getState().setRemotes([boards('./Down')]);
    loadRemote.mockResolvedValue({ default: null });
    const down = render(<SectionSidebar sectionName="Sales" route="sales" />);
    await vi.waitFor(() => expect(loadRemote).toHaveBeenCalledWith('mf_boards/Down'));
    expect(down.container.innerHTML).toBe('');
    down.unmount();

    useRemoteRegistry.getState().setRemotes([boards('./Throws')]);
    loadRemote.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    const thrown = render(<SectionSidebar sectionName="Sales" route="sales" />);
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith('The section sidebar could not be shown', expect.any(Error)));
    expect(thrown.container.innerHTML).toBe('');
  });
});
