import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { useTradeboardStore } from '@tradeboard/shared/web';
import { preloadOwnRenderers } from '../renderers/configureRenderers.ts';
import { board, card, master, page, user } from '../test/fixtures.ts';
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
  useTradeboardStore.setState({ user: null });
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

  it("for a section's own address, starts the board it lands on once the boards and the user are known: the user's default board", async () => {
    const landing = page(board(14), [card(1)], []);
    const fetchMock = mockFetch({
      'GET /api/Board/List/3': () => ({ json: [board(12), board(14, { isBoardDefault: true })] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
      'GET /api/GlobalFilter/List': () => ({ json: [] }),
      'GET /api/GlobalFilter/FilterList': () => ({ json: [] }),
      'GET /api/DynamicPage/14': () => ({ json: landing }),
    });

    startPageReads('/sales', '?branch=West');
    // The page waits for the session check: nothing is asked for the board until the user is known.
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET /api/Board/User/Display/Get')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/DynamicPage/14')).toHaveLength(0);
    useTradeboardStore.setState({ user: user() });
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET /api/DynamicPage/14')).toHaveLength(1));
    await expect(takeEarlyRead(pageKey(14, 3), () => Promise.reject(new Error('not started early')))).resolves.toEqual(landing);
  });

  it("for a section's own address with no board of the user's and DisplayDefaultSectionTemplates on, starts the section's default board and its components' reads", async () => {
    const configs = { outputModel: 'List' as const, dataConfig: { queryString: '/Invoice/Grouped/{groupBy}', pathParams: { groupBy: 'customer' }, pageSize: 10 } };
    const defaultBoard = page(board(0), [card(1, { componentInstances: [{ componentInstanceId: 5, componentMasterId: 7, componentInstanceName: 'Sales', cardMasterId: 1, displayOrder: 0, configs: {} }] })], [
      master(7, { renderer: 'list', configs }),
    ]);
    useTradeboardStore.setState({ user: user({ DisplayDefaultSectionTemplates: 'true' }) });
    const fetchMock = mockFetch({
      'GET /api/Board/List/3': () => ({ json: [] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
      'GET /api/GlobalFilter/List': () => ({ json: [] }),
      'GET /api/GlobalFilter/FilterList': () => ({ json: [] }),
      'GET /api/DynamicPage/Default/3': () => ({ json: defaultBoard }),
      'POST /api/Invoice/Grouped/customer': () => ({ json: { rows: [], totalCount: 0 } }),
    });

    startPageReads('/sales');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST /api/Invoice/Grouped/customer')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/DynamicPage/Default/3')).toHaveLength(1);
  });

  it('starts no board for a section the user lands on nothing in (no board, no default templates)', async () => {
    useTradeboardStore.setState({ user: user() });
    const fetchMock = mockFetch({
      'GET /api/Board/List/3': () => ({ json: [] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
      'GET /api/GlobalFilter/List': () => ({ json: [] }),
      'GET /api/GlobalFilter/FilterList': () => ({ json: [] }),
    });
    startPageReads('/sales/default');
    startPageReads('/sales');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET /api/GlobalFilter/FilterList')).toHaveLength(1));
    await Promise.resolve();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('DynamicPage'))).toEqual([]);
  });
});
