import { describe, expect, it, vi } from 'vitest';
import { shareRemoteEntries } from '@tradeboard/shared/web';
import { createRendererRegistry, RendererLoadError } from './registry.ts';

const Notes = () => null;
const remotes = [{ id: 'boards', name: 'mf_boards', entry: '/remotes/boards/remoteEntry.js', renderers: { notes: './notes', broken: './broken' } }];

describe('renderer registry', () => {
  it('prepare() asks for the remotes once, and resolving then needs no further request', async () => {
    const fetchRemotes = vi.fn(async () => remotes);
    const loadRemote = vi.fn(async (_remote: unknown, exposed: string) => (exposed === './notes' ? { default: Notes } : {}));
    const registry = createRendererRegistry({ fetchRemotes, loadRemote });
    registry.prepare();
    expect(fetchRemotes).toHaveBeenCalledTimes(1);
    await expect(registry.resolve('notes')).resolves.toBe(Notes);
    await expect(registry.resolve('unknown')).resolves.toBeNull();
    expect(fetchRemotes).toHaveBeenCalledTimes(1);
  });

  it("prefers a remote's local module, and names a module that exports no component", async () => {
    const loadRemote = vi.fn(async () => ({}));
    const registry = createRendererRegistry({ fetchRemotes: async () => remotes, loadRemote });
    registry.provideLocal('mf_boards', { './notes': async () => ({ default: Notes }) });
    await expect(registry.resolve('notes')).resolves.toBe(Notes);
    await expect(registry.resolve('broken')).rejects.toBeInstanceOf(RendererLoadError);
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it("slot() loads every enabled remote's module for a slot once; one that fails or exports nothing is left out", async () => {
    const Header = () => null;
    const rows = [
      ...remotes,
      { id: 'accounts', name: 'mf_accounts', entry: '/remotes/accounts/remoteEntry.js', renderers: {}, slots: { sectionHeader: './SectionHeader', commandPalette: './CommandPalette' } },
      { id: 'other', name: 'mf_other', renderers: {}, slots: { sectionHeader: './Broken' } },
      { id: 'off', name: 'mf_off', enabled: false, slots: { sectionHeader: './SectionHeader' } },
    ];
    const loadRemote = vi.fn(async (remote: { name: string }, exposed: string) => {
      if (remote.name === 'mf_other') throw new Error('down');
      return exposed === './SectionHeader' ? { default: Header } : {};
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const registry = createRendererRegistry({ fetchRemotes: async () => rows, loadRemote });
    expect(registry.loadedSlot('sectionHeader')).toBeUndefined();
    await expect(registry.slot('sectionHeader')).resolves.toEqual([Header]);
    await expect(registry.slot('sectionHeader')).resolves.toEqual([Header]);
    expect(registry.loadedSlot('sectionHeader')).toEqual([Header]);
    expect(loadRemote.mock.calls.map(([remote, exposed]) => `${remote.name}/${exposed}`).sort()).toEqual(['mf_accounts/./SectionHeader', 'mf_other/./Broken']);
    await expect(registry.slot('commandPalette')).resolves.toEqual([]);
  });

  it("slot() on a section loads only the remotes that fill the slot there (manifest slotSections), and loadedSlot() answers per section", async () => {
    const Jump = () => null;
    const Strip = () => null;
    const rows = [
      { id: 'accounts', name: 'mf_accounts', renderers: {}, slots: { sectionHeader: './SectionHeader' }, slotSections: { sectionHeader: ['home', 'accountSummary'] } },
      { id: 'crm', name: 'mf_crm', renderers: {}, slots: { sectionHeader: './SectionHeader' }, slotSections: { sectionHeader: ['accountSummary'] } },
    ];
    const loadRemote = vi.fn(async (remote: { name: string }) => ({ default: remote.name === 'mf_accounts' ? Jump : Strip }));
    const registry = createRendererRegistry({ fetchRemotes: async () => rows, loadRemote });
    await expect(registry.slot('sectionHeader', 'home')).resolves.toEqual([Jump]);
    expect(loadRemote.mock.calls.map(([remote]) => remote.name)).toEqual(['mf_accounts']);
    expect(registry.loadedSlot('sectionHeader', 'home')).toEqual([Jump]);
    // The CRM's module is not loaded yet: the account summary's header is not known in a first render.
    expect(registry.loadedSlot('sectionHeader', 'accountSummary')).toBeUndefined();
    await expect(registry.slot('sectionHeader', 'accountSummary')).resolves.toEqual([Jump, Strip]);
    expect(registry.loadedSlot('sectionHeader', 'accountSummary')).toEqual([Jump, Strip]);
    await expect(registry.slot('sectionHeader', 'sales')).resolves.toEqual([]);
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('a failed remotes request is asked again by the next resolve', async () => {
    const fetchRemotes = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(remotes);
    const registry = createRendererRegistry({ fetchRemotes, loadRemote: async () => ({ default: Notes }) });
    registry.prepare();
    await expect(registry.resolve('notes')).rejects.toThrow('offline');
    await expect(registry.resolve('notes')).resolves.toBe(Notes);
    expect(fetchRemotes).toHaveBeenCalledTimes(2);
  });

  it('loaded() answers what a settled resolve found, and nothing before or after a failure', async () => {
    const registry = createRendererRegistry({ fetchRemotes: async () => remotes, loadRemote: async (_remote: unknown, exposed: string) => (exposed === './notes' ? { default: Notes } : {}) });
    const pending = registry.resolve('notes');
    expect(registry.loaded('notes')).toBeUndefined();
    await pending;
    expect(registry.loaded('notes')).toBe(Notes);
    await registry.resolve('unknown');
    expect(registry.loaded('unknown')).toBeNull();
    await expect(registry.resolve('broken')).rejects.toBeInstanceOf(RendererLoadError);
    expect(registry.loaded('broken')).toBeUndefined();
    registry.reset();
    expect(registry.loaded('notes')).toBeUndefined();
  });

  it("reads the shell's request of the remotes manifest instead of asking again", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    shareRemoteEntries(Promise.resolve(remotes));
    const registry = createRendererRegistry({ loadRemote: async () => ({ default: Notes }) });
    await expect(registry.resolve('notes')).resolves.toBe(Notes);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
