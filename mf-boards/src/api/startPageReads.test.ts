import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { preloadOwnRenderers } from '../renderers/configureRenderers.ts';
import { board, card, master, page } from '../test/fixtures.ts';
import { clearEarlyReads, takeEarlyRead } from './earlyReads.ts';
import { pageKey } from './keys.ts';
import { rememberedRenderers } from './rendererHistory.ts';
import { startPageReads } from './startPageReads.ts';
import { fetchPage } from './useDynamicPage.ts';

vi.mock('../renderers/configureRenderers.ts', () => ({ preloadOwnRenderers: vi.fn() }));

beforeEach(() => {
  rendererRegistry.reset();
  rendererRegistry.configure({
    fetchRemotes: async () => [{ id: 'boards', name: 'mf_boards', renderers: { notes: './notes', list: './list' } }],
    loadRemote: async () => ({ default: () => null }),
  });
});
afterEach(() => {
  clearEarlyReads();
  localStorage.clear();
  vi.mocked(preloadOwnRenderers).mockClear();
});

describe('startPageReads', () => {
  it("starts loading the renderers the board used last time before its page answers, and remembers this visit's", async () => {
    const notesBoard = page(board(12), [card(1)], [master(1, { renderer: 'notes' }), master(2, { renderer: 'notes' })]);
    let answer: ((json: unknown) => void) | undefined;
    mockFetch({
      'GET /api/Board/List/3': () => ({ json: [board(12)] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
      'GET /api/GlobalFilter/List': () => ({ json: [] }),
      'GET /api/GlobalFilter/FilterList': () => ({ json: [] }),
      'GET /api/DynamicPage/12': () => new Promise((resolve) => (answer = (json) => resolve({ json }))),
    });

    // First visit: nothing remembered yet.
    startPageReads('/sales/12');
    expect(preloadOwnRenderers).toHaveBeenCalledWith([]);
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!(notesBoard);
    await takeEarlyRead(pageKey(12, 3), () => fetchPage(12, 3));
    expect(rememberedRenderers(12)).toEqual(['notes']);

    // Next visit: the notes renderer's code is asked for at once, while the page is still on its way.
    answer = undefined;
    startPageReads('/sales/12');
    expect(preloadOwnRenderers).toHaveBeenLastCalledWith(['notes']);
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!(notesBoard);
  });

  it("starts its components' data and KPI calls as the page answers, before their renderer's code, with the default global filter", async () => {
    const rendererLoads: Array<() => void> = [];
    rendererRegistry.reset();
    rendererRegistry.configure({
      fetchRemotes: async () => [{ id: 'boards', name: 'mf_boards', renderers: { list: './list' } }],
      loadRemote: () => new Promise((resolve) => rendererLoads.push(() => resolve({ default: () => null }))),
    });
    const configs = {
      outputModel: 'List' as const,
      dataConfig: { queryString: '/Invoice/Grouped/{groupBy}', pathParams: { groupBy: 'customer' }, pageSize: 10, sortBy: 'sales', sortDir: 'desc' as const },
      kpiConfig: { queryString: '/Invoice/KPI', queryParams: { dateSlug: 'year-to-date' } },
    };
    const listBoard = page(board(12), [card(1, { componentInstances: [{ componentInstanceId: 5, componentMasterId: 7, componentInstanceName: 'Sales', cardMasterId: 1, displayOrder: 0, configs: {} }] })], [
      master(7, { renderer: 'list', configs }),
    ]);
    const branch = { field: 'branch', comparison: 'equals', values: ['West'] };
    const fetchMock = mockFetch({
      'GET /api/Board/List/3': () => ({ json: [board(12)] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
      'GET /api/GlobalFilter/List': () => ({ json: [{ id: 1, filterName: 'West', isDefault: true, filters: [branch] }] }),
      'GET /api/GlobalFilter/FilterList': () => ({ json: [] }),
      'GET /api/DynamicPage/12': () => ({ json: listBoard }),
      'POST /api/Invoice/Grouped/customer': () => ({ json: { results: [], totalCount: 0 } }),
      'POST /api/Invoice/KPI': () => ({ json: {} }),
    });

    startPageReads('/sales/12');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST /api/Invoice/KPI')).toHaveLength(1));
    expect(rendererLoads.length).toBeLessThanOrEqual(1);
    expect(callsTo(fetchMock, 'POST /api/Invoice/Grouped/customer').map((call) => call.body)).toEqual([
      { filters: [branch], pageSize: 10, pageNumber: 1, sortBy: 'sales', sortDir: 'desc' },
    ]);
    expect(callsTo(fetchMock, 'POST /api/Invoice/KPI')[0]!.body).toEqual({ dateSlug: 'year-to-date', filters: [branch] });
    rendererLoads.forEach((load) => load());
  });
});
