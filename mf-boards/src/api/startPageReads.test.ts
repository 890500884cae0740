import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { board, card, master, page } from '../test/fixtures.ts';
import { clearEarlyReads, takeEarlyRead } from './earlyReads.ts';
import { pageKey } from './keys.ts';
import { rememberedRenderers } from './rendererHistory.ts';
import { startPageReads } from './startPageReads.ts';
import { fetchPage } from './useDynamicPage.ts';

const loadRemote = vi.fn(async (_remote: unknown, exposed: string) => ({ default: () => exposed }));

beforeEach(() => {
  rendererRegistry.reset();
  rendererRegistry.configure({
    fetchRemotes: async () => [{ id: 'boards', name: 'mf_boards', renderers: { notes: './notes', list: './list' } }],
    loadRemote,
  });
});
afterEach(() => {
  clearEarlyReads();
  localStorage.clear();
  loadRemote.mockClear();
});

describe('startPageReads', () => {
  it("loads the renderers the board used last time while its page is still being read, and remembers this visit's", async () => {
    const notesBoard = page(board(12), [card(1)], [master(1, { renderer: 'notes' }), master(2, { renderer: 'notes' })]);
    let answer: (value: unknown) => void = () => undefined;
    mockFetch({
      'GET /api/Board/List/3': () => ({ json: [board(12)] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
      'GET /api/GlobalFilter/List': () => ({ json: [] }),
      'GET /api/GlobalFilter/FilterList': () => ({ json: [] }),
      'GET /api/DynamicPage/12': () => new Promise((resolve) => (answer = (json) => resolve({ json }))),
    });

    // First visit: nothing remembered, the renderers load once the page has named them.
    startPageReads('/sales/12');
    await vi.waitFor(() => expect(answer).not.toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loadRemote).not.toHaveBeenCalled();
    answer(notesBoard);
    await takeEarlyRead(pageKey(12, 3), () => fetchPage(12, 3));
    expect(loadRemote).toHaveBeenCalledWith(expect.objectContaining({ name: 'mf_boards' }), './notes');
    expect(rememberedRenderers(12)).toEqual(['notes']);

    // Next visit: the notes renderer loads before the page answers.
    rendererRegistry.reset();
    rendererRegistry.configure({ fetchRemotes: async () => [{ id: 'boards', name: 'mf_boards', renderers: { notes: './notes' } }], loadRemote });
    loadRemote.mockClear();
    startPageReads('/sales/12');
    await vi.waitFor(() => expect(loadRemote).toHaveBeenCalledWith(expect.objectContaining({ name: 'mf_boards' }), './notes'));
    expect(rendererRegistry.loaded('notes')).toBeTypeOf('function');
    answer(notesBoard);
  });
});
