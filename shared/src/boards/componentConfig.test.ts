import { describe, expect, it } from 'vitest';
import {
  dateSlugOf,
  withDateSlug,
  appliedSort,
  buildPartRequest,
  clickSort,
  initialViewState,
  isPartVisible,
  orderedColumns,
  splitBoardFilters,
  unappliedBoardFields,
  withColumnMoved,
  withColumnVisible,
  withPartVisible,
  withSearch,
} from './componentConfig.ts';
import { implicitFilters, mergeFilters } from './filters.ts';
import type { ComponentConfigValue } from './types.ts';

const config: ComponentConfigValue = {
  outputModel: 'Grouped',
  dataConfig: {
    queryString: '/Booking/Grouped/{groupBy}/{dateSlug}',
    pathParams: { groupBy: 'customer', dateSlug: 'this-year' },
    sortBy: 'sales',
    sortDir: 'desc',
    filterConfigs: [{ field: 'branch', comparison: 'include', values: ['B1'] }],
  },
  kpiConfig: { isVisible: true, queryString: '/Booking/KPI' },
  columnConfigs: [
    { dataSource: 'sales', title: 'Sales', displayOrder: 1, isVisible: true, format: 'money' },
    { dataSource: 'name', title: 'Customer', displayOrder: 0, isVisible: true, link: 'account' },
    { dataSource: 'grossProfit', title: 'GP', displayOrder: 2, isVisible: true, format: 'money' },
  ],
};

describe('buildPartRequest', () => {
  it('fills the path, merges filters by field and adds paging, sort and search', () => {
    const view = { ...initialViewState(config), pageNumber: 3, searchString: ' acme ', searchOperator: 'BeginsWith' as const };
    const request = buildPartRequest(config, 'data', {
      view,
      boardFilters: [
        { field: 'branch', comparison: 'equals', values: ['B2'] },
        { field: 'salesRep', comparison: 'include', values: ['R1'] },
      ],
    });
    expect(request).toEqual({
      path: '/Booking/Grouped/customer/this-year',
      body: {
        filters: [
          { field: 'branch', comparison: 'equals', values: ['B2'] },
          { field: 'salesRep', comparison: 'include', values: ['R1'] },
        ],
        pageSize: 15,
        pageNumber: 3,
        sortBy: 'sales',
        sortDir: 'desc',
        searchString: 'acme',
        searchOperator: 'BeginsWith',
      },
    });
  });

  it("turns the account summary's accountType and accountId into the account's field", () => {
    const boardFilters = [
      { field: 'accountType', comparison: 'equals' as const, values: ['shipto'] },
      { field: 'accountId', comparison: 'equals' as const, values: ['S9'] },
      { field: 'company', comparison: 'equals' as const, values: ['01'] },
    ];
    expect(buildPartRequest(config, 'kpi', { boardFilters })?.body.filters).toEqual([
      { field: 'branch', comparison: 'include', values: ['B1'] },
      { field: 'company', comparison: 'equals', values: ['01'] },
      { field: 'shipTo', comparison: 'equals', values: ['S9'] },
    ]);
    expect(buildPartRequest(config, 'kpi', { boardFilters: boardFilters.slice(1, 2) })?.body.filters).toContainEqual({ field: 'customer', comparison: 'equals', values: ['S9'] });
  });

  it("fills a path placeholder the config leaves open from the board's filter, and makes no call without it", () => {
    const whiteSpace: ComponentConfigValue = { outputModel: 'WhiteSpace', dataConfig: { queryString: '/Customer/WhiteSpace/{customer}/{company}' } };
    const account = [
      { field: 'accountType', comparison: 'equals' as const, values: ['customer'] },
      { field: 'accountId', comparison: 'equals' as const, values: ['C 1'] },
      { field: 'company', comparison: 'equals' as const, values: ['01'] },
    ];
    expect(buildPartRequest(whiteSpace, 'data', { boardFilters: account })?.path).toBe('/Customer/WhiteSpace/C%201/01');
    expect(buildPartRequest(whiteSpace, 'data', { boardFilters: [{ ...account[1]!, values: ['C1', 'C2'] }, account[2]!] })).toBeNull();
    expect(buildPartRequest(whiteSpace, 'data')).toBeNull();
    // The config's own values win over the board's.
    expect(buildPartRequest(config, 'data', { boardFilters: [{ field: 'groupBy', comparison: 'equals', values: ['branch'] }] })?.path).toBe('/Booking/Grouped/customer/this-year');
  });

  it('sends body params for calls that take them in the body, and only filters for unpaged models', () => {
    const invoice: ComponentConfigValue = { outputModel: 'Summary', dataConfig: { queryString: '/Invoice/Summary', queryParams: { x: 1 } } };
    expect(buildPartRequest(invoice, 'data')).toEqual({ path: '/Invoice/Summary', body: { x: 1, filters: [] } });
  });

  it('builds the KPI call with the data call dateSlug unless the KPI names its own', () => {
    expect(buildPartRequest(config, 'kpi')).toEqual({ path: '/Booking/KPI', body: { dateSlug: 'this-year', filters: config.dataConfig!.filterConfigs } });
    const own = { ...config, kpiConfig: { queryString: '/Booking/KPI', queryParams: { dateSlug: 'this-month' } } };
    expect(buildPartRequest(own, 'kpi')?.body.dateSlug).toBe('this-month');
    expect(buildPartRequest({ ...config, kpiConfig: {} }, 'kpi')).toBeNull();
  });

  it('drops the configured sort when AutoSortEnabled is off, keeps a clicked one', () => {
    const view = initialViewState(config);
    expect(buildPartRequest(config, 'data', { view, autoSortEnabled: false })?.body.sortBy).toBeUndefined();
    const clicked = { ...view, sort: clickSort(view.sort, 'name', 'asc') };
    expect(buildPartRequest(config, 'data', { view: clicked, autoSortEnabled: false })?.body).toMatchObject({ sortBy: 'name', sortDir: 'asc' });
  });
});

describe("the board's filters on fields a call does not take", () => {
  const boardFilters = [
    { field: 'company', comparison: 'include' as const, values: ['01'] },
    { field: 'location', comparison: 'include' as const, values: ['L1'] },
    { field: 'Supplier', comparison: 'equals' as const, values: ['V1'] },
    { field: 'CUSTOMER', comparison: 'include' as const, values: ['C1'] },
    { field: 'shipTo', comparison: 'include' as const, values: [] },
  ];

  it('are not sent; the fields the call takes are, matched as the services match them (any case)', () => {
    expect(buildPartRequest(config, 'data', { boardFilters })?.body.filters).toEqual([
      { field: 'branch', comparison: 'include', values: ['B1'] },
      { field: 'company', comparison: 'include', values: ['01'] },
      { field: 'CUSTOMER', comparison: 'include', values: ['C1'] },
    ]);
    // Inventory/Details takes location and supplier but no customer.
    expect(splitBoardFilters('/Inventory/Details', boardFilters).applied.map((f) => f.field)).toEqual(['company', 'location', 'Supplier']);
  });

  it("leave the component's own filters and the advanced search as they are (a bad saved config still shows its error)", () => {
    const own: ComponentConfigValue = { ...config, dataConfig: { ...config.dataConfig, filterConfigs: [{ field: 'location', comparison: 'include', values: ['L9'] }] } };
    const view = withSearch(initialViewState(own), { filters: [{ field: 'supplier', comparison: 'include', values: ['V9'] }] });
    expect(buildPartRequest(own, 'data', { boardFilters, view })?.body.filters).toEqual([
      { field: 'location', comparison: 'include', values: ['L9'] },
      { field: 'company', comparison: 'include', values: ['01'] },
      { field: 'CUSTOMER', comparison: 'include', values: ['C1'] },
      { field: 'supplier', comparison: 'include', values: ['V9'] },
    ]);
  });

  it('are named once for the component, over its data and KPI calls; a filter without values is not', () => {
    expect(unappliedBoardFields(config, boardFilters)).toEqual(['location', 'Supplier']);
    const kpiOnly: ComponentConfigValue = { ...config, dataConfig: { queryString: '/Inventory/Details' }, kpiConfig: { queryString: '/Invoice/KPI' } };
    expect(unappliedBoardFields(kpiOnly, boardFilters)).toEqual(['CUSTOMER', 'location', 'Supplier']);
    expect(unappliedBoardFields(config, boardFilters.slice(0, 1))).toEqual([]);
  });

  it("never leave out the page's own filters: a summary page's account goes to every call", () => {
    const summary = implicitFilters('/accountSummary/3', '?accountType=shipto&accountId=S7&company=01');
    expect(splitBoardFilters('/Invoice/Summary', summary).applied).toEqual([
      { field: 'company', comparison: 'equals', values: ['01'], group: 'page' },
      { field: 'shipTo', comparison: 'equals', values: ['S7'], group: 'page' },
    ]);
    // Quote/Grouped has no ship-to: still sent (its error shows) rather than every account's quotes.
    expect(splitBoardFilters('/Quote/Grouped/{groupBy}', mergeFilters(boardFilters, summary)).applied.map((f) => f.field)).toEqual(['company', 'CUSTOMER', 'shipTo']);
  });

  it("narrow a contact's page to the contact's account its address carries", () => {
    expect(implicitFilters('/contactSummary/default', '?contactId=K9&company=01&accountType=customer&accountId=C7').map((f) => [f.field, f.values[0]])).toEqual([
      ['accountType', 'customer'],
      ['accountId', 'C7'],
      ['company', '01'],
    ]);
  });

  it('are all sent to a call the contracts do not list', () => {
    expect(splitBoardFilters('/Not/A/Call', boardFilters).skipped).toEqual([]);
    expect(splitBoardFilters(undefined, boardFilters).applied).toHaveLength(5);
  });
});

describe('sort rules (seed 000 §4)', () => {
  it('flips the same column and starts a new column at its default direction', () => {
    const first = clickSort(null, 'sales', 'desc');
    expect(first).toEqual({ sortBy: 'sales', sortDir: 'desc', forced: true });
    expect(clickSort(first, 'sales', 'desc').sortDir).toBe('asc');
    expect(clickSort(clickSort(first, 'sales', 'desc'), 'sales', 'desc').sortDir).toBe('desc');
    expect(clickSort(first, 'name', 'asc')).toEqual({ sortBy: 'name', sortDir: 'asc', forced: true });
  });

  it('ignores an unforced sort unless AutoSortEnabled', () => {
    const sort = { sortBy: 'sales', sortDir: 'desc' as const, forced: false };
    expect(appliedSort(sort, true)).toEqual({ sortBy: 'sales', sortDir: 'desc' });
    expect(appliedSort(sort, false)).toBeNull();
    expect(appliedSort({ ...sort, forced: true }, false)).toEqual({ sortBy: 'sales', sortDir: 'desc' });
  });

  it('resets to page 1 on a search or filter change', () => {
    const view = { ...initialViewState(config), pageNumber: 4 };
    expect(withSearch(view, { searchString: 'x' }).pageNumber).toBe(1);
    expect(withSearch(view, { filters: [{ field: 'customer', comparison: 'equals', values: ['C1'] }] }).pageNumber).toBe(1);
  });
});

describe('column and part edits', () => {
  it('orders, hides and moves columns, renumbering the order', () => {
    expect(orderedColumns(config).map((c) => c.dataSource)).toEqual(['name', 'sales', 'grossProfit']);
    const hidden = withColumnVisible(config, 'sales', false);
    expect(hidden.columnConfigs!.find((c) => c.dataSource === 'sales')!.isVisible).toBe(false);
    const moved = withColumnMoved(config, 'grossProfit', -2);
    expect(orderedColumns(moved).map((c) => [c.dataSource, c.displayOrder])).toEqual([
      ['grossProfit', 0],
      ['name', 1],
      ['sales', 2],
    ]);
    expect(withColumnMoved(config, 'name', -1)).toBe(config);
  });

  it('shows parts unless switched off', () => {
    expect(isPartVisible({}, 'chart')).toBe(true);
    const off = withPartVisible(config, 'kpi', false);
    expect(isPartVisible(off, 'kpi')).toBe(false);
    expect(off.kpiConfig?.queryString).toBe('/Booking/KPI');
  });
});

describe('the period (dynamic date choices)', () => {
  const inBody: ComponentConfigValue = {
    outputModel: 'Grouped',
    dataConfig: { queryString: '/Invoice/Grouped', queryParams: { groupBy: 'customer', dateSlug: 'year-to-date' } },
    kpiConfig: { queryString: '/Invoice/KPI', queryParams: { dateSlug: 'year-to-date' } },
  };
  const inPath: ComponentConfigValue = {
    outputModel: 'Grouped',
    dataConfig: { queryString: '/Booking/Grouped/{groupBy}/{dateSlug}', pathParams: { groupBy: 'customer', dateSlug: 'this-year' } },
    kpiConfig: { queryString: '/Booking/KPI' },
  };

  it('reads the main call’s period, or none', () => {
    expect(dateSlugOf(inBody)).toBe('year-to-date');
    expect(dateSlugOf(inPath)).toBe('this-year');
    expect(dateSlugOf({ dataConfig: { queryString: '/Order/Grouped/{groupBy}', pathParams: { groupBy: 'customer' } } })).toBeUndefined();
  });

  it('asks the main call and the KPI for the chosen period, where each takes it', () => {
    const body = withDateSlug(inBody, 'last-quarter');
    expect(buildPartRequest(body, 'data')!.body).toMatchObject({ dateSlug: 'last-quarter', groupBy: 'customer' });
    expect(buildPartRequest(body, 'kpi')!.body).toMatchObject({ dateSlug: 'last-quarter' });
    const path = withDateSlug(inPath, '2026-01-01_2026-03-31');
    expect(buildPartRequest(path, 'data')!.path).toBe('/Booking/Grouped/customer/2026-01-01_2026-03-31');
    expect(path.kpiConfig).toEqual(inPath.kpiConfig);
    expect(buildPartRequest(path, 'kpi')!.body).toMatchObject({ dateSlug: '2026-01-01_2026-03-31' });
  });
});
