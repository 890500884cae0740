import '@tradeboard/shared/testing/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererRegistry, type ComponentRendererProps } from '@tradeboard/shared/boards';
import manifest from './manifest.ts';
import { board, card, master, page } from './test/fixtures.ts';
import { callsTo, errorBody, mockFetch, type Handler } from '@tradeboard/shared/testing/mockFetch';
import { renderBoards } from './test/renderBoards.tsx';
import { EDIT_MODE_OFF_HINT, NO_PERMISSION_HINT } from './boards/usePermissions.ts';

function Crashing(): never {
  throw new Error('Totals exploded');
}
function Fine({ instance }: ComponentRendererProps) {
  return <p>Rendered {instance.componentInstanceName}</p>;
}

beforeEach(() => {
  rendererRegistry.reset();
  rendererRegistry.configure({
    fetchRemotes: async () => [{ id: 'boards', name: 'mf_boards', renderers: { crashing: './crashing', fine: './fine' } }],
    loadRemote: async (_remote, exposed) => (exposed === './crashing' ? { default: Crashing } : { default: Fine }),
  });
});
afterEach(() => vi.useRealTimers());

const sales = [board(11), board(12, { isBoardDefault: true })];

function api(extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/Board/List/3': () => ({ json: sales }),
    'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
    'POST /api/System/SendErrorEmail': () => ({ status: 204 }),
    ...extra,
  });
}

describe('mf-boards', () => {
  it('claims every board section route and declares its renderers', () => {
    expect(manifest.id).toBe('boards');
    expect(manifest.routes).toEqual(expect.arrayContaining(['/home', '/sales', '/accountSummary', '/contactSummary', '/inventoryDetail', '/supplierSummary']));
    expect(manifest.routes).not.toContain('/settings');
    expect(manifest.renderers).toEqual({ notes: './notes', documentLinks: './documentLinks', list: './list', comparison: './comparison', summary: './summary', analysis: './analysis', whiteSpace: './whiteSpace' });
  });

  it('/sales lands on the default board, keeping the query string', async () => {
    api({ 'GET /api/DynamicPage/12': () => ({ json: page(sales[1]!, [card(1)]) }) });
    renderBoards('/sales?itemNumber=ABC');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/sales/12?itemNumber=ABC'));
    expect(await screen.findByRole('heading', { name: 'Card 1' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Board 12/, selected: true })).toBeTruthy();
  });

  it('an empty card shows the hint for the user: no permission, or edit mode off', async () => {
    api({ 'GET /api/DynamicPage/12': () => ({ json: page(sales[1]!, [card(1)]) }) });
    const view = renderBoards('/sales/12', { settings: { AllowPageEditing: 'false' } });
    expect(await screen.findByText('This card is empty')).toBeTruthy();
    expect(screen.getByText(NO_PERMISSION_HINT)).toBeTruthy();
    view.unmount();
    api({ 'GET /api/DynamicPage/12': () => ({ json: page(sales[1]!, [card(1)]) }) });
    renderBoards('/sales/12');
    expect(await screen.findByText(EDIT_MODE_OFF_HINT)).toBeTruthy();
  });

  it('card rename is optimistic and rolls back on error', async () => {
    let fail: (() => void) | undefined;
    const fetchMock = api({
      'GET /api/DynamicPage/12': () => ({ json: page(sales[1]!, [card(1, { cardName: 'Pipeline' })]) }),
      'POST /api/Card/Update': () => new Promise((resolve) => (fail = () => resolve(errorBody(500, 'Internal Server Error')))),
    });
    renderBoards('/sales/12', { editMode: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Pipeline' }));
    const input = await screen.findByRole('textbox', { name: 'Card name' }, { timeout: 5_000 });
    fireEvent.change(input, { target: { value: 'Renamed' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // Shown at once…
    expect(await screen.findByRole('heading', { name: 'Renamed' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/Card/Update')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/Card/Update')[0]!.body).toMatchObject({ cardMasterId: 1, cardName: 'Renamed', boardMasterId: 12 });
    // …and put back when the server refuses.
    await act(async () => fail!());
    expect(await screen.findByRole('heading', { name: 'Pipeline' })).toBeTruthy();
    expect(await screen.findByText(/The card could not be renamed/)).toBeTruthy();
  });

  it("a board waits for its components' renderers and draws each card once, with its components", async () => {
    let load: (() => void) | undefined;
    rendererRegistry.reset();
    rendererRegistry.configure({
      fetchRemotes: async () => [{ id: 'boards', name: 'mf_boards', renderers: { fine: './fine' } }],
      loadRemote: () => new Promise((resolve) => (load = () => resolve({ default: Fine }))),
    });
    const fine = master(9, { displayName: 'Fine', renderer: 'fine' });
    const instance = { componentInstanceId: 90, componentInstanceName: 'My Fine', componentMasterId: 9, displayOrder: 0, cardMasterId: 1, configs: {} };
    const fetchMock = api({ 'GET /api/DynamicPage/12': () => ({ json: page(sales[1]!, [card(1, { componentInstances: [instance] })], [fine]) }) });
    renderBoards('/sales/12');
    await waitFor(() => expect(load).toBeDefined());
    expect(callsTo(fetchMock, 'GET /api/DynamicPage/12')).toHaveLength(1);
    // The page is in, its renderer is not: the board still shows its skeleton, not a card of placeholders.
    expect(screen.getByRole('status', { name: 'Loading board' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Card 1' })).toBeNull();
    await act(async () => load!());
    const heading = await screen.findByRole('heading', { name: 'Card 1' });
    const article = heading.closest('article')!;
    expect(within(article).getByText('Rendered My Fine')).toBeTruthy();
  });

  it('a renderer that throws shows the ERROR! panel with details and sends one report', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const crashing = master(7, { displayName: 'Totals', renderer: 'crashing' });
    const instance = { componentInstanceId: 70, componentInstanceName: 'My Totals', componentMasterId: 7, displayOrder: 0, cardMasterId: 1, configs: {} };
    const fetchMock = api({ 'GET /api/DynamicPage/12': () => ({ json: page(sales[1]!, [card(1, { componentInstances: [instance, { ...instance, componentInstanceId: 71 }] })], [crashing]) }) });
    renderBoards('/sales/12');
    const panels = await screen.findAllByRole('alert');
    const panel = panels.find((p) => p.textContent?.includes('ERROR!'))!;
    expect(within(panel).getByText('Totals exploded')).toBeTruthy();
    expect(within(panel).getByText('Details')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/System/SendErrorEmail').length).toBeGreaterThan(0));
    // One report per crashed instance and message, whatever the re-renders.
    const subjects = callsTo(fetchMock, 'POST /api/System/SendErrorEmail').map((c) => (c.body as { subject: string }).subject);
    expect(subjects.filter((s) => s.includes('Totals exploded'))).toHaveLength(2);
  });

  it('an unknown renderer shows the placeholder, with Remove for editors only', async () => {
    const ghost = master(8, { displayName: 'Freight Analysis', renderer: 'nobodyHasThis' });
    const instance = { componentInstanceId: 80, componentInstanceName: 'Freight', componentMasterId: 8, displayOrder: 0, cardMasterId: 1, configs: {} };
    const pageJson = page(sales[1]!, [card(1, { componentInstances: [instance] })], [ghost]);
    api({ 'GET /api/DynamicPage/12': () => ({ json: pageJson }) });
    const view = renderBoards('/sales/12');
    expect(await screen.findByText('The Freight Analysis Component could not be found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
    view.unmount();
    api({ 'GET /api/DynamicPage/12': () => ({ json: { ...pageJson, board: { ...pageJson.board, canEdit: false } } }) });
    renderBoards('/sales/12');
    expect(await screen.findByText('The Freight Analysis Component could not be found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('a section with no board shows its empty state and no Default tab, even with DisplayDefaultSectionTemplates on', async () => {
    api({ 'GET /api/Board/List/3': () => ({ json: [] }) });
    renderBoards('/sales', { settings: { DisplayDefaultSectionTemplates: 'true' } });
    await waitFor(() => expect(window.location.pathname).toBe('/sales/default'));
    expect(await screen.findByText('No boards exist for this section')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Default' })).toBeNull();
  });

  it('a corrupt saved board order falls back to the default order', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api({
      'GET /api/Board/List/3': () => ({ json: [board(11), board(12), board(13)] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: '[13,' } }),
      'GET /api/DynamicPage/11': () => ({ json: page(board(11), []) }),
    });
    renderBoards('/sales');
    await waitFor(() => expect(window.location.pathname).toBe('/sales/11'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Board 11', 'Board 12', 'Board 13']);
  });
});
