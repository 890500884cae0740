import { fillPath } from '../contracts/contract.ts';
import { callFilterFields } from '../contracts/filter-fields.ts';
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { mergeFilters, PAGE_FILTER_GROUP } from './filters.ts';
import type { ComponentConfigValue, FilterValue } from './types.ts';

// The component configuration convention of docs/component-config.md: how a data component's
// parts (table, KPI, chart) turn their config and the board's state into API calls, and the
// seed 000 §4 rules for sorting, paging and column edits. Every renderer part uses these.

export type SortDir = 'asc' | 'desc';
export type SearchOperator = 'Contains' | 'Exact' | 'BeginsWith' | 'EndsWith';
/** Seed 000 §9 search operators; Contains is the default. */
export const SEARCH_OPERATORS: readonly SearchOperator[] = ['Contains', 'Exact', 'BeginsWith', 'EndsWith'];

export type ColumnConfigValue = NonNullable<ComponentConfigValue['columnConfigs']>[number];
export type ColumnFormat = NonNullable<ColumnConfigValue['format']>;
export type ColumnLink = NonNullable<ColumnConfigValue['link']>;
export type DatasetTabValue = NonNullable<NonNullable<ComponentConfigValue['chartConfig']>['datasetTabs']>[number];

/** The output models whose call is paged, sorted and searched (the others take only filters). */
export const PAGED_OUTPUT_MODELS: ReadonlySet<string> = new Set(['Grouped', 'Rank', 'SlidingComparison', 'YearOverYear', 'List']);

/** A sort the user or the config asked for; `forced` when it came from a header click. */
export type SortState = { sortBy: string; sortDir: SortDir; forced: boolean };

/** What the user did to a component's data part: page, sort, search, advanced-search filters. */
export type ViewState = {
  pageNumber: number;
  sort: SortState | null;
  searchString: string;
  searchOperator: SearchOperator;
  /** Advanced search (field filters with include/equals), merged over the config's and the board's. */
  filters: FilterValue[];
};

export function initialViewState(config: ComponentConfigValue): ViewState {
  const { sortBy, sortDir } = config.dataConfig ?? {};
  return {
    pageNumber: 1,
    sort: sortBy ? { sortBy, sortDir: sortDir ?? 'asc', forced: false } : null,
    searchString: '',
    searchOperator: 'Contains',
    filters: [],
  };
}

/** A numeric column sorts largest first when first clicked; anything else A→Z. */
export function defaultSortDir(format: ColumnFormat | undefined): SortDir {
  return format === 'money' || format === 'number' || format === 'integer' || format === 'percent' ? 'desc' : 'asc';
}

/**
 * Seed 000 §4: sorting the same column flips asc and desc; a new column starts at its default
 * direction. A click forces the sort (it applies even when AutoSortEnabled is off).
 */
export function clickSort(current: SortState | null, column: string, defaultDir: SortDir): SortState {
  if (current?.sortBy === column) return { sortBy: column, sortDir: current.sortDir === 'asc' ? 'desc' : 'asc', forced: true };
  return { sortBy: column, sortDir: defaultDir, forced: true };
}

/** Seed 000 §4: the configured sort is ignored unless AutoSortEnabled is on or a header click forced it. */
export function appliedSort(sort: SortState | null, autoSortEnabled: boolean): Pick<SortState, 'sortBy' | 'sortDir'> | null {
  return sort && (autoSortEnabled || sort.forced) ? { sortBy: sort.sortBy, sortDir: sort.sortDir } : null;
}

/** Seed 000 §4: a search or filter change resets the page to 1. */
export function withSearch(state: ViewState, change: Partial<Pick<ViewState, 'searchString' | 'searchOperator' | 'filters'>>): ViewState {
  return { ...state, ...change, pageNumber: 1 };
}

export type ComponentPart = 'data' | 'kpi';

/** One API call: the path under /api and the JSON body. */
export type PartRequest = { path: string; body: Record<string, unknown> };

export type RequestOptions = {
  /** The board's filters (implicit and global, merged). */
  boardFilters?: readonly FilterValue[];
  view?: ViewState;
  autoSortEnabled?: boolean;
  /** Overrides the page (the Excel export pages through every row). */
  pageNumber?: number;
  pageSize?: number;
};

/** The ERP field of each account type of the account summary page (seed 000 §2: customer, shipto, corporate). */
const ACCOUNT_FIELDS: Readonly<Record<string, string>> = { customer: 'customer', shipto: 'shipTo', corporate: 'corporate' };

/**
 * The account summary page's implicit filters (accountType + accountId) as the data calls know
 * them: accountId becomes a filter on the account type's field (customer by default) and
 * accountType goes; company and every other filter stay as they are.
 */
export function dataCallFilters(filters: readonly FilterValue[]): FilterValue[] {
  const accountId = filters.find((f) => f.field === 'accountId');
  const rest = filters.filter((f) => f.field !== 'accountId' && f.field !== 'accountType');
  if (!accountId) return rest;
  const type = String(filters.find((f) => f.field === 'accountType')?.values[0] ?? 'customer').toLowerCase();
  return [...rest, { ...accountId, field: ACCOUNT_FIELDS[type] ?? 'customer' }];
}

/** The call a part of the component makes, as its contract spells the path. */
function callOf(config: ComponentConfigValue, part: ComponentPart): string | undefined {
  return (part === 'kpi' ? config.kpiConfig : config.dataConfig)?.queryString;
}

/**
 * The board's filters (as the data calls know them, dataCallFilters) split by whether the call
 * takes their field (its contract's filter fields, shared/src/contracts/filter-fields.ts, matched
 * case-insensitively as the services match them). A call that has no location is not filtered by
 * the user's location: it answers unfiltered and the component says so, where sending the field
 * would fail it. The page's own filters (the account or item of a summary page) always go: a
 * call that cannot be narrowed to the page's account shows its error rather than everyone's
 * figures. A call the table does not know keeps every filter, as before.
 */
export function splitBoardFilters(queryString: string | undefined, boardFilters: readonly FilterValue[]): { applied: FilterValue[]; skipped: FilterValue[] } {
  const filters = dataCallFilters(boardFilters);
  const fields = queryString === undefined ? undefined : callFilterFields(queryString);
  if (!fields) return { applied: filters, skipped: [] };
  const takes = new Set(fields.map((field) => field.toLowerCase()));
  const applies = (f: FilterValue) => f.group === PAGE_FILTER_GROUP || takes.has(f.field.toLowerCase());
  return { applied: filters.filter(applies), skipped: filters.filter((f) => !applies(f) && f.values.length > 0) };
}

/** The fields of the board's filters that a call of the component (its data or KPI call) does not take, each once. */
export function unappliedBoardFields(config: ComponentConfigValue, boardFilters: readonly FilterValue[]): string[] {
  const parts = (['data', 'kpi'] as const).filter((part) => callOf(config, part) !== undefined);
  return [...new Set(parts.flatMap((part) => splitBoardFilters(callOf(config, part), boardFilters).skipped.map((f) => f.field)))];
}

/**
 * A call's path with its placeholders filled from the config's path parameters, else from the
 * board's filter of the same field when it has one value (an account page's `customer` and
 * `company`: a call about one account takes them in its path); null while one is missing.
 */
function pathOf(queryString: string, pathParams: Record<string, unknown> | undefined, boardFilters: readonly FilterValue[]): string | null {
  const fromBoard = Object.fromEntries(boardFilters.filter((f) => f.values.length === 1).map((f) => [f.field, f.values[0]]));
  const params = { ...fromBoard, ...pathParams };
  const missing = [...queryString.matchAll(/\{(\w+)\}/g)].some(([, name]) => params[name!] === undefined || params[name!] === null);
  return missing ? null : fillPath(queryString, params);
}

/** The page size of the data part (seed 000 §9: 15 unless configured). */
export function pageSizeOf(config: ComponentConfigValue): number {
  return config.dataConfig?.pageSize ?? DEFAULT_PAGE_SIZE;
}

/**
 * The request for one part of a component, or null when the config names no call for it.
 * Data: dataConfig.queryString with pathParams filled, body = queryParams + filters (the
 * component's filterConfigs, then the board's, then the advanced search, merged by field) and,
 * for paged output models, paging, applied sort and search. KPI: kpiConfig.queryString, its own
 * path and body params, dateSlug defaulting to the data call's, and the same filters. The
 * account summary's accountType/accountId become the account's field (dataCallFilters). Of the
 * board's filters, only those on fields the part's call takes are sent (splitBoardFilters); the
 * component's own filters and the advanced search are sent as they are. A path placeholder the
 * config leaves open is the board's filter of that field (pathOf); without one, the part has no
 * request.
 */
export function buildPartRequest(config: ComponentConfigValue, part: ComponentPart, options: RequestOptions = {}): PartRequest | null {
  const data = config.dataConfig ?? {};
  const view = options.view ?? initialViewState(config);
  const boardFilters = dataCallFilters(options.boardFilters ?? []);
  const applied = splitBoardFilters(callOf(config, part), options.boardFilters ?? []).applied;
  const filters = mergeFilters(data.filterConfigs ?? [], applied, view.filters);
  if (part === 'kpi') {
    const kpi = config.kpiConfig ?? {};
    if (!kpi.queryString) return null;
    const dateSlug = kpi.queryParams?.dateSlug ?? data.queryParams?.dateSlug ?? data.pathParams?.dateSlug;
    const body: Record<string, unknown> = { ...(dateSlug === undefined ? {} : { dateSlug }), ...kpi.queryParams, filters };
    const path = pathOf(kpi.queryString, { ...data.pathParams, ...kpi.pathParams }, boardFilters);
    return path === null ? null : { path, body };
  }
  if (!data.queryString) return null;
  const path = pathOf(data.queryString, data.pathParams, boardFilters);
  if (path === null) return null;
  const body: Record<string, unknown> = { ...data.queryParams, filters };
  if (PAGED_OUTPUT_MODELS.has(config.outputModel ?? 'List')) {
    body.pageSize = options.pageSize ?? pageSizeOf(config);
    body.pageNumber = options.pageNumber ?? view.pageNumber;
    const sort = appliedSort(view.sort, options.autoSortEnabled ?? true);
    if (sort) Object.assign(body, sort);
    if (view.searchString.trim()) {
      body.searchString = view.searchString.trim();
      body.searchOperator = view.searchOperator;
    }
  }
  return { path, body };
}

// ── Column and part edits (seed 000 §4: kept in the config) ─────────────────────

/** The columns in display order. */
export function orderedColumns(config: ComponentConfigValue): ColumnConfigValue[] {
  return [...(config.columnConfigs ?? [])].sort((a, b) => a.displayOrder - b.displayOrder);
}

export function withColumnVisible(config: ComponentConfigValue, dataSource: string, isVisible: boolean): ComponentConfigValue {
  return { ...config, columnConfigs: (config.columnConfigs ?? []).map((c) => (c.dataSource === dataSource ? { ...c, isVisible } : c)) };
}

/** Moves a column by `delta` places and numbers every column's displayOrder from 0. */
export function withColumnMoved(config: ComponentConfigValue, dataSource: string, delta: number): ComponentConfigValue {
  const columns = orderedColumns(config);
  const from = columns.findIndex((c) => c.dataSource === dataSource);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= columns.length) return config;
  const [moved] = columns.splice(from, 1);
  columns.splice(to, 0, moved!);
  return { ...config, columnConfigs: columns.map((c, displayOrder) => ({ ...c, displayOrder })) };
}

/** The parts a user can show or hide per instance. */
export type VisiblePart = 'table' | 'kpi' | 'chart' | 'search';

/** A part shows unless its isVisible flag is false (it also needs its own config: a KPI call, dataset tabs). */
export function isPartVisible(config: ComponentConfigValue, part: VisiblePart): boolean {
  const flag = {
    table: config.dataConfig?.isVisible,
    kpi: config.kpiConfig?.isVisible,
    chart: config.chartConfig?.isVisible,
    search: config.searchConfig?.isVisible,
  }[part];
  return flag ?? true;
}

export function withPartVisible(config: ComponentConfigValue, part: VisiblePart, isVisible: boolean): ComponentConfigValue {
  switch (part) {
    case 'table':
      return { ...config, dataConfig: { ...config.dataConfig, isVisible } };
    case 'kpi':
      return { ...config, kpiConfig: { ...config.kpiConfig, isVisible } };
    case 'chart':
      return { ...config, chartConfig: { ...config.chartConfig, isVisible } };
    case 'search':
      return { ...config, searchConfig: { ...config.searchConfig, isVisible } };
  }
}

// ── The period (seed 000 §9 dynamic date choices) ─────────────────────────────────

/**
 * The period the component's main call asks for (its `dateSlug`, in the body or in the path);
 * undefined for a component without one (what is open now, year over year, a summary of periods).
 */
export function dateSlugOf(config: ComponentConfigValue): string | undefined {
  const data = config.dataConfig;
  const slug = data?.queryParams?.dateSlug ?? data?.pathParams?.dateSlug;
  return typeof slug === 'string' ? slug : undefined;
}

/**
 * The config asking for another period: the main call's dateSlug where it travels (body or path)
 * and the KPI's when it names its own, so the KPI keeps speaking of the table's period.
 */
export function withDateSlug(config: ComponentConfigValue, dateSlug: string): ComponentConfigValue {
  const data = config.dataConfig ?? {};
  const inPath = data.pathParams?.dateSlug !== undefined && data.queryParams?.dateSlug === undefined;
  const kpi = config.kpiConfig;
  return {
    ...config,
    dataConfig: inPath ? { ...data, pathParams: { ...data.pathParams, dateSlug } } : { ...data, queryParams: { ...data.queryParams, dateSlug } },
    ...(kpi?.queryParams?.dateSlug !== undefined ? { kpiConfig: { ...kpi, queryParams: { ...kpi.queryParams, dateSlug } } } : {}),
  };
}
