import '@tradeboard/shared/testing/setupDom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentConfigValue, ComponentRendererProps } from '@tradeboard/shared/boards';
import { callsTo, errorBody, mockFetch, type Handler } from '@tradeboard/shared/testing/mockFetch';
import { resetAntiforgeryToken, useTradeboardStore } from '@tradeboard/shared/web';
import { master, user } from '../../test/fixtures.ts';
import ListRenderer from './ListRenderer.tsx';
import SummaryRenderer from './SummaryRenderer.tsx';
import { NO_DATA_TEXT } from './PartState.tsx';

// The chart library draws on canvas: the test sees which tab and points it was given.
vi.mock('./Chart.tsx', () => ({
  default: ({ tab, points }: { tab: { title: string }; points: { x: string; series: string; value: number }[] }) => (
    <p>
      {tab.title}: {points.map((p) => `${p.x} ${p.series} ${p.value}`).join(', ')}
    </p>
  ),
}));

const GROUPED = 'POST /api/Booking/Grouped/customer/this-year';

const config: ComponentConfigValue = {
  outputModel: 'Grouped',
  dataConfig: { queryString: '/Booking/Grouped/{groupBy}/{dateSlug}', pathParams: { groupBy: 'customer', dateSlug: 'this-year' }, sortBy: 'sales', sortDir: 'desc', pageSize: 2 },
  kpiConfig: { isVisible: true, queryString: '/Booking/KPI' },
  columnConfigs: [
    { dataSource: 'name', title: 'Customer', displayOrder: 0, isVisible: true, link: 'account' },
    { dataSource: 'sales', title: 'Sales', displayOrder: 1, isVisible: true, format: 'money' },
    { dataSource: 'lineCount', title: 'Lines', displayOrder: 2, isVisible: true, format: 'integer' },
  ],
  searchConfig: { isVisible: true },
};

const row = (key: string, sales: number) => ({ key, name: `Customer ${key}`, sales, cost: 0, grossProfit: 0, grossProfitPercent: null, lineCount: 3 });
const grouped = (rows: object[], totalCount = 5) => ({ groupBy: 'customer', dateSlug: 'this-year', label: 'This Year', from: '2026-01-01', to: '2026-11-22', pageNumber: 1, pageSize: 2, totalCount, totals: {}, rows });
const kpi = {
  dateSlug: 'this-year',
  label: 'This Year',
  current: { from: '2026-01-01', to: '2026-11-22', sales: 1234567.8, cost: 0, grossProfit: 0, grossProfitPercent: null, lineCount: 1, documentCount: 1 },
  comparison: { from: '2025-01-01', to: '2025-11-22', sales: 1000000, cost: 0, grossProfit: 0, grossProfitPercent: null, lineCount: 1, documentCount: 1 },
  change: 234567.8,
  changePercent: 23.5,
};

function api(extra: Record<string, Handler> = {}) {
  return mockFetch({
    [GROUPED]: () => ({ json: grouped([row('C1', 1500.4), row('C2', 900)]) }),
    'POST /api/Booking/KPI': () => ({ json: kpi }),
    ...extra,
  });
}

function renderList(overrides: Partial<ComponentRendererProps> = {}) {
  const saveConfig = vi.fn(async () => {});
  const props: ComponentRendererProps = {
    instance: { componentInstanceId: 7, componentInstanceName: 'Top Customers', componentMasterId: 3, displayOrder: 0, cardMasterId: 1, configs: config },
    master: master(3, { renderer: 'list', configs: config }),
    config,
    filters: [{ field: 'salesRep', comparison: 'include', values: ['R1'] }],
    editMode: false,
    canEdit: true,
    saveConfig,
    ...overrides,
  };
  const Renderer = props.master.renderer === 'summary' ? SummaryRenderer : ListRenderer;
  const cache = new Map();
  const view = (next: ComponentRendererProps) => (
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
      <Renderer {...next} />
    </SWRConfig>
  );
  const { rerender } = render(view(props));
  return { saveConfig, rerender: (change: Partial<ComponentRendererProps>) => rerender(view({ ...props, ...change })) };
}

beforeEach(() => {
  // antd's table measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  resetAntiforgeryToken();
  useTradeboardStore.setState({ user: user({ AutoSortEnabled: 'true' }), editMode: false });
  window.history.replaceState(null, '', '/home');
});

const table = () => screen.findByRole('table');

describe('list renderer', () => {
  it('asks for the configured call with the board filters, paging and sort, and formats money in dollars', async () => {
    const fetchMock = api();
    renderList();
    expect(await screen.findByText('$1,500')).toBeTruthy();
    expect(callsTo(fetchMock, GROUPED)[0]!.body).toEqual({
      filters: [{ field: 'salesRep', comparison: 'include', values: ['R1'] }],
      pageSize: 2,
      pageNumber: 1,
      sortBy: 'sales',
      sortDir: 'desc',
    });
    expect(callsTo(fetchMock, 'POST /api/Booking/KPI')[0]!.body).toMatchObject({ dateSlug: 'this-year' });
  });

  it("leaves out a board filter its calls do not take and says so; a filter they take makes no note", async () => {
    const fetchMock = api();
    const { rerender } = renderList({
      filters: [
        { field: 'salesRep', comparison: 'include', values: ['R1'] },
        { field: 'location', comparison: 'include', values: ['L1'] },
      ],
    });
    expect(await screen.findByText('$1,500')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Not filtered by Location');
    expect(screen.queryByText('The data could not be loaded')).toBeNull();
    expect(callsTo(fetchMock, GROUPED)[0]!.body).toMatchObject({ filters: [{ field: 'salesRep', comparison: 'include', values: ['R1'] }] });
    expect(callsTo(fetchMock, 'POST /api/Booking/KPI')[0]!.body).toMatchObject({ filters: [{ field: 'salesRep', comparison: 'include', values: ['R1'] }] });
    rerender({ filters: [{ field: 'salesRep', comparison: 'include', values: ['R2'] }] });
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  });

  it('shows this period against the comparison period with the trend', async () => {
    api();
    renderList();
    const kpiGroup = await screen.findByRole('group', { name: 'KPI This Year' });
    expect(within(kpiGroup).getByLabelText('This period').textContent).toBe('$1,234,568');
    expect(within(kpiGroup).getByLabelText('Comparison period').textContent).toContain('$1,000,000');
    expect(within(kpiGroup).getByLabelText('Change up').textContent).toContain('23.5%');
  });

  it('leaves the configured sort out when AutoSortEnabled is off, until a header is clicked', async () => {
    useTradeboardStore.setState({ user: user({ AutoSortEnabled: 'false' }) });
    const fetchMock = api();
    renderList();
    await screen.findByText('$1,500');
    expect(callsTo(fetchMock, GROUPED)[0]!.body).not.toHaveProperty('sortBy');
    fireEvent.click(within(await table()).getByRole('columnheader', { name: 'Customer' }));
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ sortBy: 'name', sortDir: 'asc' }));
    fireEvent.click(within(await table()).getByRole('columnheader', { name: 'Customer' }));
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ sortBy: 'name', sortDir: 'desc' }));
    fireEvent.click(within(await table()).getByRole('columnheader', { name: 'Sales' }));
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ sortBy: 'sales', sortDir: 'desc' }));
  });

  it('pages on the server, and a search goes back to page 1 with its operator', async () => {
    const fetchMock = api();
    renderList();
    await screen.findByText('$1,500');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ pageNumber: 2 }));
    const search = screen.getByRole('searchbox', { name: 'Search Top Customers' });
    fireEvent.change(search, { target: { value: 'acme' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ pageNumber: 1, searchString: 'acme', searchOperator: 'Contains' }));
  });

  it('goes back to page 1 when the board filters change', async () => {
    const fetchMock = api();
    const { rerender } = renderList();
    await screen.findByText('$1,500');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ pageNumber: 2 }));
    rerender({ filters: [{ field: 'branch', comparison: 'include', values: ['B7'] }] });
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ pageNumber: 1, filters: [{ field: 'branch', comparison: 'include', values: ['B7'] }] }));
  });

  it('applies advanced-search filters over the board filters and resets the page', async () => {
    const fetchMock = api();
    renderList();
    await screen.findByText('$1,500');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({ pageNumber: 3 }));
    fireEvent.click(screen.getByRole('button', { name: /Advanced search/ }));
    fireEvent.change(screen.getByLabelText('Filter 1 values'), { target: { value: 'C1, C9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, GROUPED).at(-1)!.body).toMatchObject({
        pageNumber: 1,
        filters: [
          { field: 'salesRep', comparison: 'include', values: ['R1'] },
          { field: 'customer', comparison: 'equals', values: ['C1', 'C9'] },
        ],
      }),
    );
  });

  it('shows negative figures in red', async () => {
    api({ [GROUPED]: () => ({ json: grouped([row('C1', -50.2)]) }) });
    renderList();
    expect((await screen.findByText('-$50')).className).toBe('tb-negative');
  });

  it('drills a linked cell through to the account summary of that account', async () => {
    api({ [GROUPED]: () => ({ json: grouped([{ ...row('C1', 10), company: '01' }]) }) });
    renderList();
    const link = await screen.findByRole('link', { name: 'Customer C1' });
    expect(link.getAttribute('href')).toBe('/accountSummary?accountType=customer&accountId=C1&company=01');
    fireEvent.click(link);
    expect(window.location.pathname + window.location.search).toBe('/accountSummary?accountType=customer&accountId=C1&company=01');
  });

  it('saves a hidden column and a new column order through saveConfig', async () => {
    api();
    const { saveConfig } = renderList({ editMode: true });
    await screen.findByText('$1,500');
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    fireEvent.click(screen.getByRole('switch', { name: 'Show column Lines' }));
    expect(saveConfig).toHaveBeenLastCalledWith(expect.objectContaining({ columnConfigs: expect.arrayContaining([expect.objectContaining({ dataSource: 'lineCount', isVisible: false })]) }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Sales up' }));
    const saved = (saveConfig.mock.calls.at(-1) as unknown as [ComponentConfigValue])[0];
    expect(saved.columnConfigs!.map((c) => [c.dataSource, c.displayOrder])).toEqual([
      ['sales', 0],
      ['name', 1],
      ['lineCount', 2],
    ]);
    fireEvent.click(screen.getByRole('switch', { name: 'Show KPI' }));
    expect((saveConfig.mock.calls.at(-1) as unknown as [ComponentConfigValue])[0].kpiConfig).toMatchObject({ isVisible: false, queryString: '/Booking/KPI' });
  });

  it('hides a column the config hides, and the KPI when switched off', async () => {
    api();
    const hidden: ComponentConfigValue = { ...config, kpiConfig: { ...config.kpiConfig, isVisible: false }, columnConfigs: config.columnConfigs!.map((c) => ({ ...c, isVisible: c.dataSource !== 'lineCount' })) };
    renderList({ config: hidden });
    const grid = await table();
    await within(grid).findByText('$1,500');
    expect(within(grid).queryByText('Lines')).toBeNull();
    expect(screen.queryByRole('group', { name: /KPI/ })).toBeNull();
  });

  it('shows the empty state and an error with Retry', async () => {
    let fail = true;
    api({ [GROUPED]: () => (fail ? errorBody(500, 'Database unavailable') : { json: grouped([], 0) }) });
    renderList();
    expect((await screen.findAllByRole('alert')).some((el) => el.textContent?.includes('Database unavailable'))).toBe(true);
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(await screen.findByText(NO_DATA_TEXT)).toBeTruthy();
  });
});

describe('chart part', () => {
  it('opens on the default tab, switches tabs, and plots the rows of the main call', async () => {
    api();
    const charted: ComponentConfigValue = {
      ...config,
      chartConfig: {
        isVisible: true,
        defaultTabIndex: 1,
        datasetTabs: [
          { title: 'Sales', chartType: 'bar', xField: 'name', yFields: ['sales'] },
          { title: 'Lines', chartType: 'column', xField: 'key', yFields: ['lineCount'] },
        ],
      },
    };
    renderList({ config: charted });
    const tabs = await screen.findByRole('tablist', { name: 'Top Customers charts' });
    expect(within(tabs).getByRole('tab', { name: 'Lines' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Lines: C1 Lines 3, C2 Lines 3')).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Sales' }));
    expect(within(tabs).getByRole('tab', { name: 'Sales' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Sales: Customer C1 Sales 1500.4, Customer C2 Sales 900')).toBeTruthy();
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'Sales' }), { key: 'ArrowRight' });
    expect(within(tabs).getByRole('tab', { name: 'Lines' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(tabs).getByRole('tab', { name: 'Lines' }));
  });
});

describe('summary renderer', () => {
  it('shows each period as a tile in dollars', async () => {
    const summaryConfig: ComponentConfigValue = { outputModel: 'Summary', dataConfig: { queryString: '/Invoice/Summary' } };
    const fetchMock = mockFetch({
      'POST /api/Invoice/Summary': () => ({
        json: { periods: [{ dateSlug: 'this-month', label: 'This Month', from: '2026-11-01', to: '2026-11-22', sales: 98765.4, cost: 0, grossProfit: 12000, grossProfitPercent: 12.2, lineCount: 3, documentCount: 2 }] },
      }),
    });
    renderList({ config: summaryConfig, master: master(4, { renderer: 'summary', configs: summaryConfig }) });
    const tile = await screen.findByRole('listitem', { name: 'This Month' });
    expect(tile.textContent).toContain('$98,765');
    expect(callsTo(fetchMock, 'POST /api/Invoice/Summary')[0]!.body).toEqual({ filters: [{ field: 'salesRep', comparison: 'include', values: ['R1'] }] });
  });
});
