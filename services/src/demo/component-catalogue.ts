import type { ComponentConfig, ComponentMaster } from '@tradeboard/shared/contracts';

/**
 * The component master catalogue (seed 000 §3: about 130 registered components), as data.
 * Every ERP data component follows docs/component-config.md: `configs.dataConfig` names the
 * call (a path under /api), `outputModel` its answer's shape, `columnConfigs` the answer's row
 * fields, `chartConfig` plots those rows and `kpiConfig` calls a KPI endpoint. Variants ("Sales
 * by Customer", "… by Branch" …) come from one template per kind of call. Ids are stable: boards
 * and instances keep pointing at them; the built-in Notes and Document Links are 1001 and 1002.
 */

export type CatalogueMaster = Omit<ComponentMaster, 'logoMasterId'> & {
  /** Roles that do not get the component (app.component_role_exclusion). */
  excludedRoles?: readonly string[];
};

type Column = NonNullable<ComponentConfig['columnConfigs']>[number];
type DatasetTab = NonNullable<NonNullable<ComponentConfig['chartConfig']>['datasetTabs']>[number];
type ComponentType = ComponentMaster['componentType'];

export const NOTES_COMPONENT_ID = 1001;
export const DOCUMENT_LINKS_COMPONENT_ID = 1002;

// ── Dimensions a grouped call can group by (the analytics models' groupBy names) ────────────

type Dimension = { groupBy: string; label: string; plural: string; link?: Column['link']; time?: boolean };

export const DIM = {
  customer: { groupBy: 'customer', label: 'Customer', plural: 'Customers', link: 'account' },
  shipTo: { groupBy: 'shipTo', label: 'Ship-To', plural: 'Ship-Tos' },
  salesRep: { groupBy: 'salesRep', label: 'Sales Rep', plural: 'Sales Reps' },
  branch: { groupBy: 'branch', label: 'Branch', plural: 'Branches' },
  company: { groupBy: 'company', label: 'Company', plural: 'Companies' },
  productGroup: { groupBy: 'productGroup', label: 'Product Group', plural: 'Product Groups' },
  itemNumber: { groupBy: 'itemNumber', label: 'Item', plural: 'Items', link: 'item' },
  location: { groupBy: 'location', label: 'Location', plural: 'Locations' },
  status: { groupBy: 'status', label: 'Status', plural: 'Statuses' },
  day: { groupBy: 'day', label: 'Day', plural: 'Days', time: true },
  month: { groupBy: 'month', label: 'Month', plural: 'Months', time: true },
  quarter: { groupBy: 'quarter', label: 'Quarter', plural: 'Quarters', time: true },
} as const satisfies Record<string, Dimension>;

// ── Columns and charts ───────────────────────────────────────────────────────────────────────

export type ColumnSpec = [dataSource: string, title: string, format: NonNullable<Column['format']>, options?: { hidden?: boolean; link?: Column['link'] }];

export function columns(specs: readonly ColumnSpec[]): Column[] {
  return specs.map(([dataSource, title, format, options], displayOrder) => ({
    dataSource,
    title,
    displayOrder,
    isVisible: !options?.hidden,
    format,
    ...(options?.link ? { link: options.link } : {}),
  }));
}

export const keyColumns = (dim: Dimension): ColumnSpec[] =>
  dim.time
    ? // A day is a date (shown in the user's DateFormatSetting); months and quarters are named by the chart.
      [['key', dim.label, dim.groupBy === 'day' ? 'date' : 'text']]
    : [
        ['key', dim.label, 'text', { link: dim.link }],
        ['name', `${dim.label} Name`, 'text', { link: dim.link }],
      ];

const GROUPED_MEASURES: ColumnSpec[] = [
  ['sales', 'Sales', 'money'],
  ['cost', 'Cost', 'money', { hidden: true }],
  ['grossProfit', 'Gross Profit', 'money'],
  ['grossProfitPercent', 'GP %', 'percent'],
  ['lineCount', 'Lines', 'integer', { hidden: true }],
];

/** Sales (named as the subject calls it), cost, gross profit, GP % and lines of a grouped row. */
const measureColumns = (subject: Subject): ColumnSpec[] =>
  GROUPED_MEASURES.map(([field, title, ...rest]): ColumnSpec => [field, field === 'sales' ? subject.measure : title, ...rest]);

export const tab = (title: string, chartType: DatasetTab['chartType'], xField: string, yFields: string[]): DatasetTab => ({ title, chartType, xField, yFields });

export function chart(tabs: DatasetTab[]): ComponentConfig['chartConfig'] {
  return { isVisible: true, defaultTabIndex: 0, datasetTabs: tabs };
}

/** Chart tabs over grouped rows: a time series by key, anything else by name. */
function groupedTabs(dim: Dimension, measure: string): DatasetTab[] {
  if (dim.time) {
    return [tab(measure, 'column', 'key', ['sales']), tab(`${measure} and Gross Profit`, 'line', 'key', ['sales', 'grossProfit'])];
  }
  return [tab(measure, 'bar', 'name', ['sales']), tab('Gross Profit', 'bar', 'name', ['grossProfit']), tab('Share', 'pie', 'name', ['sales'])];
}

// ── The calls, as the contracts define them ──────────────────────────────────────────────────

type Call = { queryString: string; pathParams?: Record<string, string>; queryParams?: Record<string, unknown> };

/**
 * One subject's calls: where its groupBy and dateSlug travel (the Invoice calls take them in
 * the body, Booking/Order/Quote in the path), its KPI call, and what its sales figure is called.
 */
type Subject = {
  category: string;
  /** What "sales" means in its answers: Sales, Bookings, Open Orders … */
  measure: string;
  grouped?: (groupBy: string, dateSlug?: string) => Call;
  rank?: (groupBy: string, dateSlug: string) => Call;
  sliding?: (groupBy: string, dateSlug: string) => Call;
  yearOverYear?: (groupBy: string, fiscal: boolean) => Call;
  kpi?: string;
  summary?: string;
};

const fiscalParam = (fiscal: boolean) => (fiscal ? { fiscal: true } : {});

const INVOICE: Subject = {
  category: 'Sales',
  measure: 'Sales',
  grouped: (groupBy, dateSlug) => ({ queryString: '/Invoice/Grouped', queryParams: { groupBy, dateSlug } }),
  rank: (groupBy, dateSlug) => ({ queryString: '/Invoice/Rank', queryParams: { groupBy, dateSlug } }),
  sliding: (groupBy, dateSlug) => ({ queryString: '/Invoice/SlidingComparison', queryParams: { groupBy, dateSlug } }),
  yearOverYear: (groupBy, fiscal) => ({ queryString: '/Invoice/YearOverYear', queryParams: { groupBy, ...fiscalParam(fiscal) } }),
  kpi: '/Invoice/KPI',
  summary: '/Invoice/Summary',
};

/** Booking and QuoteBooked take groupBy and dateSlug in the path (SlidingComparison its dateSlug in the body). */
const inPath = (resource: string): Pick<Subject, 'grouped' | 'rank' | 'sliding' | 'yearOverYear'> => ({
  grouped: (groupBy, dateSlug) => ({ queryString: `/${resource}/Grouped/{groupBy}/{dateSlug}`, pathParams: { groupBy, dateSlug: dateSlug! } }),
  rank: (groupBy, dateSlug) => ({ queryString: `/${resource}/Rank/{groupBy}/{dateSlug}`, pathParams: { groupBy, dateSlug } }),
  sliding: (groupBy, dateSlug) => ({ queryString: `/${resource}/SlidingComparison/{groupBy}`, pathParams: { groupBy }, queryParams: { dateSlug } }),
  yearOverYear: (groupBy, fiscal) => ({ queryString: `/${resource}/YearOverYear/{groupBy}`, pathParams: { groupBy }, queryParams: fiscalParam(fiscal) }),
});

const BOOKING: Subject = {
  category: 'Bookings',
  measure: 'Bookings',
  ...inPath('Booking'),
  kpi: '/Booking/KPI',
  summary: '/Booking/Summary',
};

/** Order/Grouped and Quote/Grouped: the open lines (sales = open amount) without a dateSlug, the lines entered in it with one. */
const openOrDated =
  (queryString: string): Subject['grouped'] =>
  (groupBy, dateSlug) => ({ queryString, pathParams: { groupBy }, ...(dateSlug ? { queryParams: { dateSlug } } : {}) });

const ORDER: Subject = {
  category: 'Orders',
  measure: 'Orders',
  grouped: openOrDated('/Order/Grouped/{groupBy}'),
  kpi: '/Order/KPI',
  summary: '/Order/Summary',
};

const QUOTE: Subject = {
  category: 'Quotes',
  measure: 'Quotes',
  grouped: openOrDated('/Quote/Grouped/{groupBy}'),
  kpi: '/Quote/KPI',
  summary: '/Quote/Summary',
};

/** The lines of quotes that became orders, dated by the day they were booked. */
const QUOTE_BOOKED: Subject = {
  category: 'Quotes',
  measure: 'Quotes Booked',
  ...inPath('QuoteBooked'),
  summary: '/QuoteBooked/Summary',
};

/** The same calls without a dateSlug: what is still open, its amount. */
const OPEN_ORDER: Subject = { ...ORDER, measure: 'Open Amount' };
const OPEN_QUOTE: Subject = { ...QUOTE, measure: 'Open Amount' };

// ── Templates: one per kind of component ─────────────────────────────────────────────────────

type Meta = { id: number; displayName: string; description: string; componentType?: ComponentType; excludedRoles?: readonly string[] };

export function master(meta: Meta, category: string, componentType: ComponentType, configs: ComponentConfig): CatalogueMaster {
  const type = meta.componentType ?? componentType;
  return {
    id: meta.id,
    displayName: meta.displayName,
    description: meta.description,
    componentType: type,
    componentCategory: category,
    hasVisual: Boolean(configs.chartConfig?.datasetTabs?.length),
    hasKpi: Boolean(configs.kpiConfig?.queryString) || configs.outputModel === 'Kpi',
    showInComponentLibrary: true,
    renderer: type.toLowerCase(),
    configs,
    ...(meta.excludedRoles ? { excludedRoles: meta.excludedRoles } : {}),
  };
}

export const dataConfig = (call: Call, sort: { sortBy: string; sortDir: 'asc' | 'desc' }, pageSize = 15): ComponentConfig['dataConfig'] => ({
  ...call,
  ...sort,
  pageSize,
  isVisible: true,
  filterConfigs: [],
});

/** The KPI part: the subject's KPI call for the same period, when it has one. */
const kpiPart = (subject: Subject, dateSlug: string | undefined): Pick<ComponentConfig, 'kpiConfig'> =>
  subject.kpi && dateSlug ? { kpiConfig: { isVisible: true, queryString: subject.kpi, queryParams: { dateSlug } } } : {};

/** A grouped list: one row per group with sales, cost, gross profit; chart and the period's KPI. */
function groupedList(subject: Subject, meta: Meta, dim: Dimension, dateSlug?: string, pageSize = 15): CatalogueMaster {
  return master(meta, subject.category, dim.time ? 'Analysis' : 'List', {
    outputModel: 'Grouped',
    dataConfig: dataConfig(subject.grouped!(dim.groupBy, dateSlug), dim.time ? { sortBy: 'key', sortDir: 'asc' } : { sortBy: 'sales', sortDir: 'desc' }, pageSize),
    ...kpiPart(subject, dateSlug),
    chartConfig: chart(groupedTabs(dim, subject.measure)),
    columnConfigs: columns([...keyColumns(dim), ...measureColumns(subject)]),
    displayConfigs: [],
    searchConfig: { isVisible: !dim.time },
  });
}

/** The top groups by sales with their rank and share of the total. */
function rankList(subject: Subject, meta: Meta, dim: Dimension, dateSlug: string): CatalogueMaster {
  return master(meta, subject.category, 'List', {
    outputModel: 'Rank',
    dataConfig: dataConfig(subject.rank!(dim.groupBy, dateSlug), { sortBy: 'rank', sortDir: 'asc' }, 10),
    ...kpiPart(subject, dateSlug),
    chartConfig: chart([tab(subject.measure, 'bar', 'name', ['sales']), tab('Share of Total', 'pie', 'name', ['sales'])]),
    columnConfigs: columns([
      ['rank', 'Rank', 'integer'],
      ...keyColumns(dim),
      ...measureColumns(subject),
      ['percentOfTotal', '% of Total', 'percent'],
    ]),
    displayConfigs: [],
    searchConfig: { isVisible: true },
  });
}

/** A period beside its like-with-like comparison period, per group. */
function slidingComparison(subject: Subject, meta: Meta, dim: Dimension, dateSlug: string): CatalogueMaster {
  return master(meta, subject.category, 'Comparison', {
    outputModel: 'SlidingComparison',
    dataConfig: dataConfig(subject.sliding!(dim.groupBy, dateSlug), { sortBy: 'currentSales', sortDir: 'desc' }),
    ...kpiPart(subject, dateSlug),
    chartConfig: chart([
      tab('This Period vs Last', 'column', 'name', ['currentSales', 'comparisonSales']),
      tab('Change', 'bar', 'name', ['change']),
    ]),
    columnConfigs: columns([
      ...keyColumns(dim),
      ['currentSales', `${subject.measure} This Period`, 'money'],
      ['comparisonSales', `${subject.measure} Last Period`, 'money'],
      ['change', 'Change', 'money'],
      ['changePercent', 'Change %', 'percent'],
      ['currentGrossProfit', 'Gross Profit This Period', 'money', { hidden: true }],
      ['comparisonGrossProfit', 'Gross Profit Last Period', 'money', { hidden: true }],
    ]),
    displayConfigs: [],
    searchConfig: { isVisible: true },
  });
}

/** The current year and the two before, per group (one column per year). */
function yearOverYear(subject: Subject, meta: Meta, dim: Dimension, fiscal = false): CatalogueMaster {
  return master(meta, subject.category, 'Comparison', {
    outputModel: 'YearOverYear',
    dataConfig: dataConfig(subject.yearOverYear!(dim.groupBy, fiscal), dim.time ? { sortBy: 'key', sortDir: 'asc' } : { sortBy: 'currentYear', sortDir: 'desc' }),
    ...kpiPart(subject, fiscal ? 'fiscal-year-to-date' : 'year-to-date'),
    chartConfig: chart([tab(subject.measure, dim.time ? 'line' : 'column', dim.time ? 'key' : 'name', ['sales']), tab('Gross Profit', 'column', dim.time ? 'key' : 'name', ['grossProfit'])]),
    columnConfigs: columns([...keyColumns(dim), ['sales', subject.measure, 'money'], ['grossProfit', 'Gross Profit', 'money', { hidden: true }]]),
    displayConfigs: [],
    searchConfig: { isVisible: !dim.time },
  });
}

/** One figure for a date choice beside its comparison period. */
function kpiTile(subject: Subject, meta: Meta, dateSlug: string): CatalogueMaster {
  return master(meta, subject.category, 'Summary', {
    outputModel: 'Kpi',
    dataConfig: { queryString: subject.kpi!, queryParams: { dateSlug }, isVisible: true, filterConfigs: [] },
    kpiConfig: { isVisible: true },
    displayConfigs: [],
  });
}

/** This month, last month, YTD, last year YTD and last year side by side. */
function summaryTiles(subject: Subject, meta: Meta): CatalogueMaster {
  return master(meta, subject.category, 'Summary', {
    outputModel: 'Summary',
    dataConfig: { queryString: subject.summary!, isVisible: true, filterConfigs: [] },
    // The tiles say it all; the chart is there to switch on.
    chartConfig: { ...chart([tab(subject.measure, 'column', 'label', ['sales']), tab('Gross Profit', 'column', 'label', ['grossProfit'])]), isVisible: false },
    columnConfigs: columns([
      ['label', 'Period', 'text'],
      ['sales', subject.measure, 'money'],
      ['grossProfit', 'Gross Profit', 'money'],
      ['grossProfitPercent', 'GP %', 'percent'],
      ['documentCount', 'Documents', 'integer'],
      ['cost', 'Cost', 'money', { hidden: true }],
      ['lineCount', 'Lines', 'integer', { hidden: true }],
      ['from', 'From', 'date', { hidden: true }],
      ['to', 'To', 'date', { hidden: true }],
    ]),
    displayConfigs: [],
  });
}

// ── The catalogue ────────────────────────────────────────────────────────────────────────────

const DATE_WORDS: Record<string, string> = {
  today: 'today',
  'this-month': 'this month',
  'last-month': 'last month',
  'year-to-date': 'year to date',
  'fiscal-year-to-date': 'fiscal year to date',
  'last-90-days': 'the last 90 days',
  'rolling-12-months': 'the last 12 months',
};

/** "Sales by Customer", "Sales by Branch" …: one grouped list per dimension, ids from `firstId`. */
function groupedFamily(subject: Subject, firstId: number, name: string, what: string, dims: Dimension[], dateSlug?: string): CatalogueMaster[] {
  const when = dateSlug ? ` for ${DATE_WORDS[dateSlug]}` : '';
  return dims.map((dim, i) =>
    groupedList(
      subject,
      {
        id: firstId + i,
        displayName: `${name} by ${dim.label}`,
        description: `${what} per ${dim.label.toLowerCase()}${when}, with gross profit and margin; ${dateSlug && subject.kpi ? 'chart and KPI' : 'chart'}.`,
      },
      dim,
      dateSlug,
      dim.time ? 24 : 15,
    ),
  );
}

function rankFamily(subject: Subject, firstId: number, dims: Dimension[], dateSlug: string): CatalogueMaster[] {
  return dims.map((dim, i) =>
    rankList(
      subject,
      {
        id: firstId + i,
        displayName: `Top ${dim.plural} by ${subject.measure}`,
        description: `The ${dim.plural.toLowerCase()} with the most ${subject.measure.toLowerCase()} ${DATE_WORDS[dateSlug]}, ranked, with their share of the total.`,
      },
      dim,
      dateSlug,
    ),
  );
}

function slidingFamily(subject: Subject, firstId: number, dims: Dimension[], dateSlug: string): CatalogueMaster[] {
  return dims.map((dim, i) =>
    slidingComparison(
      subject,
      {
        id: firstId + i,
        displayName: `${subject.measure} Comparison by ${dim.label}`,
        description: `${subject.measure} per ${dim.label.toLowerCase()} ${DATE_WORDS[dateSlug]} beside the same period last year, with the change.`,
      },
      dim,
      dateSlug,
    ),
  );
}

function yearOverYearFamily(subject: Subject, firstId: number, dims: Dimension[]): CatalogueMaster[] {
  return dims.map((dim, i) =>
    yearOverYear(
      subject,
      {
        id: firstId + i,
        displayName: `${subject.measure} Year over Year by ${dim.label}`,
        description: `${subject.measure} per ${dim.label.toLowerCase()} for this year and the two before.`,
      },
      dim,
    ),
  );
}

/**
 * Id slots of the KPI and trend families: a variant's id is the family's first id plus its slot,
 * so dropping a variant never renumbers the others (boards point at the ids).
 */
const KPI_SLOTS = ['today', 'this-week', 'this-month', 'last-month', 'current-quarter', 'year-to-date', 'fiscal-year-to-date'];
const TREND_SLOTS = ['day', 'week', 'month', 'quarter'];

function kpiFamily(subject: Subject, firstId: number, slugs: string[]): CatalogueMaster[] {
  return slugs.map((dateSlug) => {
    const words = DATE_WORDS[dateSlug]!;
    return kpiTile(
      subject,
      {
        id: firstId + KPI_SLOTS.indexOf(dateSlug),
        displayName: `${subject.measure} ${words.replace(/\b\w/g, (c) => c.toUpperCase())}`,
        description: `${subject.measure} ${words} against the same period last year (KPI).`,
      },
      dateSlug,
    );
  });
}

const SALES_DIMS = [DIM.customer, DIM.shipTo, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.itemNumber];
const TREND_DIMS = [DIM.day, DIM.month, DIM.quarter];
const COMPARE_DIMS = [DIM.customer, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.itemNumber, DIM.shipTo];
const KPI_SLUGS = ['today', 'this-month', 'last-month', 'year-to-date'];

const trendSlugs: Record<string, string> = { day: 'this-month', month: 'rolling-12-months', quarter: 'rolling-12-months' };

/** "Sales by Month" and its siblings: the time series of a subject. */
function trendFamily(subject: Subject, firstId: number, name: string, what: string): CatalogueMaster[] {
  return TREND_DIMS.map((dim) => groupedFamily(subject, firstId + TREND_SLOTS.indexOf(dim.groupBy), name, what, [dim], trendSlugs[dim.groupBy])[0]!);
}

// ── Calls with their own measures: freight, run rate, on time, purchasing, AR/AP, analysis, inventory, accounts ──

type Sort = { sortBy: string; sortDir: 'asc' | 'desc' };
export const DESC = (sortBy: string): Sort => ({ sortBy, sortDir: 'desc' });
const ASC = (sortBy: string): Sort => ({ sortBy, sortDir: 'asc' });

/** Any paged answer: its call, default sort, columns and (optionally) chart tabs and KPI. */
type RowsSpec = {
  category: string;
  type: ComponentType;
  outputModel: 'Grouped' | 'List' | 'Summary';
  call: Call;
  sort?: Sort;
  columns: ColumnSpec[];
  tabs?: DatasetTab[];
  excludedRoles?: readonly string[];
};

export function rowsComponent(meta: Meta, spec: RowsSpec): CatalogueMaster {
  const paged = spec.outputModel !== 'Summary';
  return master({ ...meta, excludedRoles: spec.excludedRoles }, spec.category, spec.type, {
    outputModel: spec.outputModel,
    dataConfig: paged ? dataConfig(spec.call, spec.sort!) : { ...spec.call, isVisible: true, filterConfigs: [] },
    ...(spec.tabs ? { chartConfig: chart(spec.tabs) } : {}),
    columnConfigs: columns(spec.columns),
    displayConfigs: [],
    ...(paged ? { searchConfig: { isVisible: true } } : {}),
  });
}

/**
 * One component per dimension: `name(dim)` and `describe(dim)` name it, `spec(dim)` says what it
 * calls; ids from `firstId` in the order given.
 */
export function perDimension(firstId: number, dims: Dimension[], name: (d: Dimension) => string, describe: (d: Dimension) => string, spec: (d: Dimension) => RowsSpec) {
  return dims.map((dim, i) => rowsComponent({ id: firstId + i, displayName: name(dim), description: describe(dim) }, spec(dim)));
}

const SUPPLIER: Dimension = { groupBy: 'supplier', label: 'Supplier', plural: 'Suppliers', link: 'supplier' };
export const NO_VIEWERS = ['Viewer'] as const;

/** Chart tabs over a dimension's rows: a time series by key, anything else by name. */
export const tabsBy = (dim: Dimension, ...tabs: Array<[title: string, yFields: string[]]>): DatasetTab[] =>
  tabs.map(([title, yFields]) => tab(title, dim.time ? 'column' : 'bar', dim.time ? 'key' : 'name', yFields));

const sortFor = (dim: Dimension, measure: string): Sort => (dim.time ? ASC('key') : DESC(measure));
const periodOf = (dim: Dimension, dateSlug: string) => (dim.time ? 'rolling-12-months' : dateSlug);

const freight = (dim: Dimension): RowsSpec => ({
  category: 'Freight',
  type: dim.time ? 'Analysis' : 'List',
  outputModel: 'Grouped',
  call: { queryString: '/Invoice/Freight/Grouped', queryParams: { groupBy: dim.groupBy, dateSlug: periodOf(dim, 'year-to-date') } },
  sort: sortFor(dim, 'freight'),
  columns: [...keyColumns(dim), ['sales', 'Sales', 'money'], ['freight', 'Freight', 'money'], ['freightPercent', 'Freight % of Sales', 'percent'], ['grossProfit', 'Gross Profit', 'money', { hidden: true }]],
  tabs: tabsBy(dim, ['Freight', ['freight']], ['Freight % of Sales', ['freightPercent']]),
});

const runRate = (what: 'Sales' | 'Bookings', quarterly: boolean) => (dim: Dimension): RowsSpec => ({
  category: 'Run Rate',
  type: 'List',
  outputModel: 'Grouped',
  call: { queryString: `/RunRate/${what}/Grouped${quarterly ? '/Quarterly' : ''}/{groupBy}`, pathParams: { groupBy: dim.groupBy }, queryParams: { dateSlug: 'year-to-date' } },
  // The same order as runRate (sales over a fixed number of intervals), which the call cannot sort by.
  sort: DESC('sales'),
  columns: [...keyColumns(dim), ['sales', `${what} Year to Date`, 'money'], ['runRate', quarterly ? 'Per Quarter' : 'Per Month', 'money'], ['annualized', 'Annualized', 'money']],
  tabs: tabsBy(dim, ['Annualized', ['annualized']], [quarterly ? 'Per Quarter' : 'Per Month', ['runRate']]),
});

const onTimeDelivery = (dim: Dimension): RowsSpec => ({
  category: 'On-Time Delivery',
  type: dim.time ? 'Analysis' : 'List',
  outputModel: 'Grouped',
  call: { queryString: '/Order/OnTimeDelivery/Grouped/{groupBy}', pathParams: { groupBy: dim.groupBy }, queryParams: { dateSlug: periodOf(dim, 'last-90-days') } },
  sort: dim.time ? ASC('key') : DESC('shippedLines'),
  columns: [...keyColumns(dim), ['shippedLines', 'Lines Shipped', 'integer'], ['onTimeLines', 'On Time', 'integer'], ['onTimePercent', 'On-Time %', 'percent'], ['sales', 'Sales', 'money', { hidden: true }]],
  tabs: tabsBy(dim, ['On-Time %', ['onTimePercent']], ['Lines', ['shippedLines', 'onTimeLines']]),
});

const purchases = (dim: Dimension): RowsSpec => ({
  category: 'Purchasing',
  type: dim.time ? 'Analysis' : 'List',
  outputModel: 'Grouped',
  call: { queryString: '/PurchaseOrder/Grouped/{groupBy}', pathParams: { groupBy: dim.groupBy }, queryParams: { dateSlug: periodOf(dim, 'year-to-date') } },
  sort: sortFor(dim, 'amount'),
  columns: [...keyColumns(dim), ['amount', 'Ordered', 'money'], ['receivedAmount', 'Received', 'money'], ['openAmount', 'Open', 'money'], ['lineCount', 'Lines', 'integer', { hidden: true }]],
  tabs: tabsBy(dim, ['Ordered', ['amount']], ['Received and Open', ['receivedAmount', 'openAmount']]),
  excludedRoles: NO_VIEWERS,
});

/** An aging answer (AR, AP, open purchase orders): balance, past due and one column per aging period. */
const aging = (category: string, queryString: string, excludedRoles?: readonly string[]) => (dim: Dimension): RowsSpec => ({
  category,
  type: 'List',
  outputModel: 'Grouped',
  call: { queryString, pathParams: { groupBy: dim.groupBy } },
  sort: DESC('balance'),
  columns: [...keyColumns(dim), ['balance', 'Balance', 'money'], ['pastDue', 'Past Due', 'money'], ['buckets', 'Aging', 'money'], ['documentCount', 'Documents', 'integer', { hidden: true }]],
  tabs: tabsBy(dim, ['Balance', ['balance']], ['Past Due', ['pastDue']]),
  ...(excludedRoles ? { excludedRoles } : {}),
});

const analysis = (queryString: string, dateSlug: string | null, columns: ColumnSpec[], tabs: Array<[string, string[]]>, sort: Sort) => (dim: Dimension): RowsSpec => ({
  category: 'Business Health',
  type: 'Analysis',
  outputModel: 'Grouped',
  call: { queryString, pathParams: { groupBy: dim.groupBy, ...(dateSlug ? { dateSlug: periodOf(dim, dateSlug) } : {}) } },
  sort: dim.time ? ASC('key') : sort,
  columns: [...keyColumns(dim), ...columns],
  tabs: tabsBy(dim, ...tabs),
});

const inventoryValue = (dim: Dimension): RowsSpec => ({
  category: 'Inventory',
  type: 'List',
  outputModel: 'Grouped',
  // Seed 000 §9: DefaultExcludeFromDeadStockDaysOption 30.
  call: { queryString: '/Inventory/Value/Grouped/{groupBy}/{excludeFromDeadStockDays}', pathParams: { groupBy: dim.groupBy, excludeFromDeadStockDays: '30' } },
  sort: DESC('value'),
  columns: [
    ...keyColumns(dim),
    ['value', 'Value', 'money'],
    ['deadStockValue', 'Dead Stock Value', 'money'],
    ['deadStockPercent', 'Dead Stock %', 'percent'],
    ['qtyOnHand', 'On Hand', 'integer', { hidden: true }],
    ['itemCount', 'Items', 'integer'],
    ['deadStockItemCount', 'Dead Stock Items', 'integer', { hidden: true }],
  ],
  tabs: tabsBy(dim, ['Value', ['value']], ['Dead Stock', ['deadStockValue']]),
});

const inventoryAging = (dim: Dimension): RowsSpec => ({
  category: 'Inventory',
  type: 'List',
  outputModel: 'Grouped',
  call: { queryString: '/Inventory/ValueAnalysis/Grouped/{groupBy}', pathParams: { groupBy: dim.groupBy } },
  sort: DESC('value'),
  columns: [...keyColumns(dim), ['value', 'Value', 'money'], ['neverSoldValue', 'Never Sold', 'money'], ['buckets', 'Days Since Last Sold', 'money'], ['itemCount', 'Items', 'integer']],
  tabs: tabsBy(dim, ['Value', ['value']], ['Never Sold', ['neverSoldValue']]),
});

/** A document or account list: a List call with its columns. */
export const list = (category: string, queryString: string, sort: Sort, columns: ColumnSpec[], extra: { dateSlug?: string; pathParams?: Record<string, string>; excludedRoles?: readonly string[] } = {}): RowsSpec => ({
  category,
  type: 'List',
  outputModel: 'List',
  call: { queryString, ...(extra.pathParams ? { pathParams: extra.pathParams } : {}), ...(extra.dateSlug ? { queryParams: { dateSlug: extra.dateSlug } } : {}) },
  sort,
  columns,
  ...(extra.excludedRoles ? { excludedRoles: extra.excludedRoles } : {}),
});

export const CUSTOMER_COLUMNS: ColumnSpec[] = [
  ['customer', 'Customer', 'text', { link: 'account' }],
  ['customerName', 'Customer Name', 'text', { link: 'account' }],
];
/** An order's number, dates, status, customer and rep. */
const ORDER_COLUMNS: ColumnSpec[] = [
  ['orderNumber', 'Order', 'text', { link: 'order' }],
  ['orderDate', 'Ordered', 'date'],
  ['promiseDate', 'Promised', 'date'],
  ['status', 'Status', 'text'],
  ...CUSTOMER_COLUMNS,
  ['salesRep', 'Sales Rep', 'text'],
];
export const ITEM_COLUMNS: ColumnSpec[] = [
  ['itemNumber', 'Item', 'text', { link: 'item' }],
  ['itemDescription', 'Description', 'text'],
];

/** A document's lines: its own columns, then customer, rep, item, quantity, amount and gross profit. */
const documentLines = (document: ColumnSpec[]): ColumnSpec[] => [
  ...document,
  ...CUSTOMER_COLUMNS,
  ['salesRep', 'Sales Rep', 'text'],
  ...ITEM_COLUMNS,
  ['qty', 'Qty', 'integer'],
  ['sales', 'Amount', 'money'],
  ['grossProfit', 'Gross Profit', 'money', { hidden: true }],
];

/** An item's stock at one location, and when it last sold. */
const STOCK_AT_LOCATION: ColumnSpec[] = [
  ['itemNumber', 'Item', 'text', { link: 'item' }],
  ['description', 'Description', 'text'],
  ['location', 'Location', 'text'],
  ['qtyOnHand', 'On Hand', 'integer'],
];
const LAST_SOLD: ColumnSpec[] = [
  ['value', 'Value', 'money'],
  ['lastSoldDate', 'Last Sold', 'date'],
  ['daysSinceLastSold', 'Days Since Sold', 'integer'],
];

const INVOICE_LINE_COLUMNS: ColumnSpec[] = [
  ['invoiceNumber', 'Invoice', 'text', { link: 'invoice' }],
  ['invoiceLineNumber', 'Line', 'integer', { hidden: true }],
  ['invoiceDate', 'Date', 'date'],
  ['customer', 'Customer', 'text', { link: 'account' }],
  ['customerName', 'Customer Name', 'text', { link: 'account' }],
  ['shipTo', 'Ship-To', 'text', { hidden: true }],
  ['salesRep', 'Sales Rep', 'text'],
  ['branch', 'Branch', 'text', { hidden: true }],
  ['company', 'Company', 'text', { hidden: true }],
  ['itemNumber', 'Item', 'text', { link: 'item' }],
  ['itemDescription', 'Description', 'text'],
  ['productGroup', 'Product Group', 'text', { hidden: true }],
  ['qty', 'Qty', 'integer'],
  ['unitPrice', 'Unit Price', 'money', { hidden: true }],
  ['sales', 'Sales', 'money'],
  ['cost', 'Cost', 'money', { hidden: true }],
  ['grossProfit', 'Gross Profit', 'money'],
];

function invoiceLines(meta: Meta, dateSlug: string): CatalogueMaster {
  return master(meta, INVOICE.category, 'List', {
    outputModel: 'List',
    dataConfig: dataConfig({ queryString: '/Invoice/Details', queryParams: { dateSlug } }, { sortBy: 'invoiceDate', sortDir: 'desc' }),
    ...kpiPart(INVOICE, dateSlug),
    columnConfigs: columns(INVOICE_LINE_COLUMNS),
    displayConfigs: [],
    searchConfig: { isVisible: true },
  });
}

/**
 * Beyond the seed: on an account's page, the product groups its peers (same account class and size
 * band) buy and it does not, with the estimated gap; the call takes the page's customer and
 * company in its path (docs/component-config.md), drawn by mf-boards' whiteSpace renderer.
 */
const whiteSpace: CatalogueMaster = {
  ...master(
    {
      id: 905,
      displayName: 'White Space',
      description: 'On an account page: the product groups similar accounts (same account class and size band) buy and this one does not, with the estimated gap.',
    },
    'Accounts',
    'Analysis',
    {
      outputModel: 'WhiteSpace',
      dataConfig: { queryString: '/Customer/WhiteSpace/{customer}/{company}', isVisible: true, filterConfigs: [] },
      columnConfigs: columns([
        ['productGroupName', 'Product Group', 'text'],
        ['peerShare', 'Peers Buying', 'percent'],
        ['peerShareOfWallet', 'Share of Their Sales', 'percent', { hidden: true }],
        ['estimatedGap', 'Estimated Gap', 'money'],
      ]),
      displayConfigs: [],
    },
  ),
  hasVisual: true,
  renderer: 'whiteSpace',
};

export const BUILT_IN: CatalogueMaster[] = [
  {
    id: NOTES_COMPONENT_ID,
    displayName: 'Notes',
    description: 'Free text for the whole team: call plans, reminders, how-tos.',
    componentType: 'Summary',
    componentCategory: 'Productivity',
    hasVisual: false,
    hasKpi: false,
    showInComponentLibrary: true,
    renderer: 'notes',
    configs: { displayConfigs: [{ controlName: 'text', controlValue: '' }] },
  },
  {
    id: DOCUMENT_LINKS_COMPONENT_ID,
    displayName: 'Document Links',
    description: 'A list of links to price books, catalogues, shared drives and other documents.',
    componentType: 'List',
    componentCategory: 'Productivity',
    hasVisual: false,
    hasKpi: false,
    showInComponentLibrary: true,
    renderer: 'documentLinks',
    configs: { displayConfigs: [{ controlName: 'links', controlValue: '[]' }] },
  },
];

/** The masters made from this file's templates; COMPONENT_CATALOGUE (component-catalogue-all.ts) adds the per-domain files' and the built-ins. */
export const CORE_MASTERS: readonly CatalogueMaster[] = [
  // Sales (invoices): 101–161
  ...groupedFamily(INVOICE, 101, 'Sales', 'Invoiced sales', SALES_DIMS, 'year-to-date'),
  ...trendFamily(INVOICE, 108, 'Sales', 'Invoiced sales'),
  ...rankFamily(INVOICE, 120, [DIM.customer, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.itemNumber, DIM.shipTo], 'year-to-date'),
  ...slidingFamily(INVOICE, 130, COMPARE_DIMS, 'year-to-date'),
  yearOverYear(INVOICE, { id: 140, displayName: 'Sales Year over Year by Month', description: 'Invoiced sales per month for this year and the two before.' }, DIM.month),
  yearOverYear(
    INVOICE,
    { id: 141, displayName: 'Sales Fiscal Year over Year by Month', description: 'Invoiced sales per fiscal month for this fiscal year and the two before (FiscalYear setting).' },
    DIM.month,
    true,
  ),
  ...yearOverYearFamily(INVOICE, 142, [DIM.customer, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.itemNumber]),
  ...kpiFamily(INVOICE, 150, KPI_SLUGS),
  summaryTiles(INVOICE, { id: 160, displayName: 'Sales Summary', description: 'Invoiced sales and gross profit this month, last month, year to date, last year to date and last year.' }),
  invoiceLines({ id: 161, displayName: 'Invoice Lines', description: 'The invoice lines of the last 30 days: search, sort, page and export; drill into the invoice, account or item.' }, 'last-30-days'),
  invoiceLines({ id: 162, displayName: 'Invoice Lines This Month', description: "This month's invoice lines with sales and gross profit." }, 'this-month'),

  // Bookings: 201–260
  ...groupedFamily(BOOKING, 201, 'Bookings', 'Booked sales', SALES_DIMS, 'year-to-date'),
  ...trendFamily(BOOKING, 208, 'Bookings', 'Booked sales'),
  ...rankFamily(BOOKING, 220, [DIM.customer, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.itemNumber], 'year-to-date'),
  ...slidingFamily(BOOKING, 230, [DIM.customer, DIM.salesRep, DIM.branch, DIM.productGroup], 'year-to-date'),
  yearOverYear(BOOKING, { id: 240, displayName: 'Bookings Year over Year by Month', description: 'Booked sales per month for this year and the two before.' }, DIM.month),
  ...yearOverYearFamily(BOOKING, 241, [DIM.customer, DIM.salesRep, DIM.branch, DIM.productGroup]),
  ...kpiFamily(BOOKING, 250, KPI_SLUGS),
  summaryTiles(BOOKING, { id: 260, displayName: 'Bookings Summary', description: 'Booked sales this month, last month, year to date, last year to date and last year.' }),

  // Orders: open order lines by group (301–309), orders entered over time (310–313), KPIs and summary
  ...groupedFamily(OPEN_ORDER, 301, 'Open Orders', 'Open order amount', [DIM.customer, DIM.shipTo, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.status, DIM.location, DIM.itemNumber]),
  ...trendFamily(ORDER, 310, 'Orders Entered', 'Order lines entered'),
  ...kpiFamily(ORDER, 320, KPI_SLUGS),
  summaryTiles(ORDER, { id: 330, displayName: 'Orders Summary', description: 'Orders entered this month, last month, year to date, last year to date and last year.' }),

  // Quotes: open quote lines by group (401–406), quotes over time (410–413)
  ...groupedFamily(OPEN_QUOTE, 401, 'Open Quotes', 'Open quote amount', [DIM.customer, DIM.salesRep, DIM.productGroup, DIM.itemNumber]),
  ...groupedFamily(QUOTE, 406, 'Quotes', 'Quote lines quoted', [DIM.status, DIM.customer, DIM.salesRep], 'year-to-date'),
  ...trendFamily(QUOTE, 410, 'Quotes', 'Quote lines quoted'),
  ...kpiFamily(QUOTE, 420, ['this-month', 'year-to-date']),
  summaryTiles(QUOTE, { id: 427, displayName: 'Quotes Summary', description: 'Quoted amounts this month, last month, year to date, last year to date and last year.' }),
  rowsComponent(
    { id: 428, displayName: 'Quote Lines', description: 'The quote lines of the last 30 days with status and expiration; drill into the quote, account or item.' },
    list(
      'Quotes',
      '/Quote/Details',
      DESC('quoteDate'),
      documentLines([
        ['quoteNumber', 'Quote', 'text', { link: 'quote' }],
        ['quoteDate', 'Date', 'date'],
        ['expirationDate', 'Expires', 'date'],
        ['status', 'Status', 'text'],
      ]),
      { dateSlug: 'last-30-days' },
    ),
  ),

  // Quotes booked (quotes that became orders): 430–439
  ...groupedFamily(QUOTE_BOOKED, 430, 'Quotes Booked', 'Quoted lines booked as orders', [DIM.customer, DIM.salesRep, DIM.productGroup], 'year-to-date'),
  ...rankFamily(QUOTE_BOOKED, 433, [DIM.customer], 'year-to-date'),
  ...slidingFamily(QUOTE_BOOKED, 434, [DIM.salesRep], 'year-to-date'),
  yearOverYear(QUOTE_BOOKED, { id: 435, displayName: 'Quotes Booked Year over Year by Month', description: 'Quoted lines booked as orders per month for this year and the two before.' }, DIM.month),
  summaryTiles(QUOTE_BOOKED, { id: 436, displayName: 'Quotes Booked Summary', description: 'Quotes booked as orders this month, last month, year to date, last year to date and last year.' }),

  // Order and booking documents: 340–342, 261
  rowsComponent(
    { id: 340, displayName: 'Order Lines', description: 'The order lines entered in the last 30 days with quantities open and promise dates.' },
    list('Orders', '/Order/Details', DESC('orderDate'), [
      ...ORDER_COLUMNS,
      ...ITEM_COLUMNS,
      ['qtyOrdered', 'Qty Ordered', 'integer'],
      ['qtyOpen', 'Qty Open', 'integer'],
      ['sales', 'Amount', 'money'],
      ['openSales', 'Open Amount', 'money'],
      ['grossProfit', 'Gross Profit', 'money', { hidden: true }],
    ], { dateSlug: 'last-30-days' }),
  ),
  rowsComponent(
    { id: 341, displayName: 'Orders', description: 'The orders entered in the last 30 days with their totals and open amounts.' },
    list('Orders', '/Order/Header/List', DESC('orderDate'), [
      ...ORDER_COLUMNS,
      ['customerPo', 'Customer PO', 'text'],
      ['lineCount', 'Lines', 'integer', { hidden: true }],
      ['orderTotal', 'Total', 'money'],
      ['openTotal', 'Open', 'money'],
    ], { dateSlug: 'last-30-days' }),
  ),
  rowsComponent(
    { id: 342, displayName: 'Order Lines Not in Stock', description: 'Open order lines the stock on hand cannot fill, with the quantity short.' },
    list('Orders', '/Order/LinesNotInStock', ASC('promiseDate'), [
      ['orderNumber', 'Order', 'text', { link: 'order' }],
      ['promiseDate', 'Promised', 'date'],
      ...CUSTOMER_COLUMNS,
      ...ITEM_COLUMNS,
      ['location', 'Location', 'text'],
      ['qtyOpen', 'Qty Open', 'integer'],
      ['qtyAvailable', 'Available', 'integer'],
      ['qtyShort', 'Short', 'integer'],
      ['openSales', 'Open Amount', 'money'],
    ]),
  ),
  rowsComponent(
    { id: 261, displayName: 'Booking Lines', description: 'The bookings of the last 30 days: new orders, changes and cancellations by line.' },
    list(
      'Bookings',
      '/Booking/Details',
      DESC('bookingDate'),
      documentLines([
        ['orderNumber', 'Order', 'text', { link: 'order' }],
        ['bookingDate', 'Booked', 'date'],
        ['bookingType', 'Type', 'text'],
      ]),
      { dateSlug: 'last-30-days' },
    ),
  ),
  rowsComponent(
    { id: 163, displayName: 'First-Time Buyers', description: 'Customers whose first invoice falls in this year, with that invoice.' },
    list('Sales', '/Invoice/FirstTime', DESC('invoiceDate'), [
      ...CUSTOMER_COLUMNS,
      ['city', 'City', 'text'],
      ['state', 'State', 'text'],
      ['salesRep', 'Sales Rep', 'text'],
      ['invoiceNumber', 'First Invoice', 'text', { link: 'invoice' }],
      ['invoiceDate', 'Date', 'date'],
      ['sales', 'Sales', 'money'],
    ], { dateSlug: 'year-to-date' }),
  ),

  // Freight 170–172, run rate 175–178, on-time delivery 350–352
  ...perDimension(170, [DIM.customer, DIM.salesRep, DIM.month], (d) => `Freight by ${d.label}`, (d) => `Freight billed per ${d.label.toLowerCase()} and as a share of sales.`, freight),
  ...perDimension(175, [DIM.salesRep, DIM.customer], (d) => `Sales Run Rate by ${d.label}`, (d) => `Sales per month so far this year per ${d.label.toLowerCase()}, and that pace for a whole year.`, runRate('Sales', false)),
  ...perDimension(177, [DIM.salesRep], (d) => `Bookings Run Rate by ${d.label}`, (d) => `Bookings per month so far this year per ${d.label.toLowerCase()}, and that pace for a whole year.`, runRate('Bookings', false)),
  ...perDimension(178, [DIM.salesRep], (d) => `Quarterly Sales Run Rate by ${d.label}`, (d) => `Sales per quarter so far this year per ${d.label.toLowerCase()}, and that pace for a whole year.`, runRate('Sales', true)),
  ...perDimension(350, [DIM.customer, DIM.salesRep, DIM.month], (d) => `On-Time Delivery by ${d.label}`, (d) => `Order lines shipped by their promise date per ${d.label.toLowerCase()}.`, onTimeDelivery),

  // Purchasing 500–511 (buying costs: not for viewers)
  ...perDimension(500, [SUPPLIER, DIM.productGroup, DIM.month], (d) => `Purchases by ${d.label}`, (d) => `Purchase order amounts ordered, received and open per ${d.label.toLowerCase()}.`, purchases),
  ...perDimension(505, [SUPPLIER, DIM.location], (d) => `Open Purchase Orders by ${d.label}`, (d) => `Open purchase order lines per ${d.label.toLowerCase()}, aged by line due date.`, aging('Purchasing', '/PurchaseOrder/Open/Grouped/{groupBy}', NO_VIEWERS)),
  rowsComponent(
    { id: 508, displayName: 'Purchase Order Lines', description: 'The purchase order lines of the last 30 days with quantities received and open.' },
    list('Purchasing', '/PurchaseOrder/Details', DESC('orderDate'), [
      ['poNumber', 'PO', 'text', { link: 'purchaseOrder' }],
      ['supplierName', 'Supplier', 'text'],
      ['location', 'Location', 'text'],
      ['orderDate', 'Ordered', 'date'],
      ['dueDate', 'Due', 'date'],
      ['receivedDate', 'Received', 'date'],
      ...ITEM_COLUMNS,
      ['qtyOrdered', 'Qty Ordered', 'integer'],
      ['qtyOpen', 'Qty Open', 'integer'],
      ['cost', 'Cost', 'money'],
      ['openCost', 'Open Cost', 'money'],
    ], { dateSlug: 'last-30-days', excludedRoles: NO_VIEWERS }),
  ),
  ...perDimension(509, [SUPPLIER], (d) => `Supplier On-Time by ${d.label}`, (d) => `Purchase order lines received by their due date per ${d.label.toLowerCase()} in the last 90 days.`, (d) => ({
    category: 'Purchasing',
    type: 'List',
    outputModel: 'Grouped',
    call: { queryString: '/PurchaseOrder/OnTime', queryParams: { groupBy: d.groupBy, dateSlug: 'last-90-days' } },
    sort: DESC('receivedLines'),
    columns: [...keyColumns(d), ['receivedLines', 'Lines Received', 'integer'], ['onTimeLines', 'On Time', 'integer'], ['lateLines', 'Late', 'integer'], ['daysLate', 'Days Late', 'number'], ['onTimePercent', 'On-Time %', 'percent']],
    tabs: tabsBy(d, ['On-Time %', ['onTimePercent']]),
    excludedRoles: NO_VIEWERS,
  })),
  rowsComponent(
    { id: 511, displayName: 'Purchasing Summary', description: 'Purchase order amounts this month, last month, year to date, last year to date and last year.' },
    {
      category: 'Purchasing',
      type: 'Analysis',
      outputModel: 'Summary',
      call: { queryString: '/PurchaseOrder/Summary' },
      columns: [['label', 'Period', 'text'], ['amount', 'Ordered', 'money'], ['receivedAmount', 'Received', 'money'], ['poCount', 'Purchase Orders', 'integer'], ['lineCount', 'Lines', 'integer', { hidden: true }]],
      tabs: [tab('Ordered', 'column', 'label', ['amount', 'receivedAmount'])],
      excludedRoles: NO_VIEWERS,
    },
  ),

  // Receivables and payables 600–607
  ...perDimension(600, [DIM.customer, DIM.salesRep, DIM.branch], (d) => `AR Aging by ${d.label}`, (d) => `Open receivables per ${d.label.toLowerCase()} by aging period (AR aging basis and periods of the settings).`, aging('Receivables & Payables', '/AR/Grouped/{groupBy}')),
  rowsComponent(
    { id: 604, displayName: 'Open AR Invoices', description: 'Open customer invoices with their balance, days open and days past due.' },
    list('Receivables & Payables', '/AR/List', DESC('daysPastDue'), [
      ['invoiceNumber', 'Invoice', 'text', { link: 'invoice' }],
      ...CUSTOMER_COLUMNS,
      ['salesRep', 'Sales Rep', 'text'],
      ['invoiceDate', 'Invoiced', 'date'],
      ['dueDate', 'Due', 'date'],
      ['originalAmount', 'Amount', 'money', { hidden: true }],
      ['balance', 'Balance', 'money'],
      ['daysOpen', 'Days Open', 'integer'],
      ['daysPastDue', 'Days Past Due', 'integer'],
      ['agingBucket', 'Aging', 'text'],
    ]),
  ),
  ...perDimension(605, [SUPPLIER], (d) => `AP Aging by ${d.label}`, (d) => `Open payables per ${d.label.toLowerCase()} by aging period (AP aging basis and periods of the settings).`, aging('Receivables & Payables', '/AP/Grouped/{groupBy}', NO_VIEWERS)),
  rowsComponent(
    { id: 607, displayName: 'Open AP Vouchers', description: 'Open supplier invoices with their balance, days open and days past due.' },
    list('Receivables & Payables', '/AP/List', DESC('daysPastDue'), [
      ['voucher', 'Voucher', 'text'],
      ['supplierName', 'Supplier', 'text'],
      ['supplierInvoice', 'Supplier Invoice', 'text'],
      ['poNumber', 'PO', 'text', { link: 'purchaseOrder' }],
      ['invoiceDate', 'Invoiced', 'date'],
      ['dueDate', 'Due', 'date'],
      ['balance', 'Balance', 'money'],
      ['daysPastDue', 'Days Past Due', 'integer'],
      ['agingBucket', 'Aging', 'text'],
    ], { excludedRoles: NO_VIEWERS }),
  ),

  // Business health and analysis 700–709
  ...perDimension(700, [DIM.salesRep, DIM.month], (d) => `Sales, Bookings and Quotes by ${d.label}`, (d) => `Invoiced sales, bookings and quotes side by side per ${d.label.toLowerCase()}.`,
    analysis('/Analysis/SalesBookingsQuotes/{groupBy}/{dateSlug}', 'year-to-date', [['sales', 'Sales', 'money'], ['bookings', 'Bookings', 'money'], ['quotes', 'Quotes', 'money']], [['Sales, Bookings and Quotes', ['sales', 'bookings', 'quotes']]], DESC('sales'))),
  ...perDimension(703, [DIM.salesRep, DIM.customer], (d) => `Business Health by ${d.label}`, (d) => `Sales, margin and bookings per ${d.label.toLowerCase()} this year against last year, with the changes.`,
    analysis('/Analysis/BusinessHealth/{groupBy}/{dateSlug}', 'year-to-date', [
      ['sales', 'Sales', 'money'],
      ['comparisonSales', 'Sales Last Year', 'money'],
      ['salesChangePercent', 'Sales Change %', 'percent'],
      ['grossProfitPercent', 'GP %', 'percent'],
      ['comparisonGrossProfitPercent', 'GP % Last Year', 'percent'],
      ['bookings', 'Bookings', 'money'],
      ['comparisonBookings', 'Bookings Last Year', 'money', { hidden: true }],
      ['bookingsChangePercent', 'Bookings Change %', 'percent'],
    ], [['Sales This Year vs Last', ['sales', 'comparisonSales']], ['Change %', ['salesChangePercent', 'bookingsChangePercent']]], DESC('sales'))),
  ...perDimension(706, [DIM.salesRep, DIM.customer], (d) => `Quote Conversion by ${d.label}`, (d) => `Quotes won as orders per ${d.label.toLowerCase()} this year, by count and by amount.`,
    analysis('/Analysis/QuoteConversionRatio/{groupBy}/{dateSlug}', 'year-to-date', [
      ['quoteCount', 'Quotes', 'integer'],
      ['convertedCount', 'Converted', 'integer'],
      ['conversionRatio', 'Conversion %', 'percent'],
      ['quoteAmount', 'Quoted', 'money'],
      ['convertedAmount', 'Converted Amount', 'money'],
      ['amountConversionRatio', 'Amount Conversion %', 'percent'],
    ], [['Conversion %', ['conversionRatio', 'amountConversionRatio']]], DESC('quoteCount'))),
  ...perDimension(708, [DIM.branch], (d) => `AR to AP Ratio by ${d.label}`, (d) => `Open receivables against open payables per ${d.label.toLowerCase()}.`, (d) => ({
    ...analysis('/Analysis/ArApRatio/{groupBy}', null, [['arBalance', 'AR Balance', 'money'], ['apBalance', 'AP Balance', 'money'], ['ratio', 'AR / AP', 'number']], [['AR and AP', ['arBalance', 'apBalance']]], DESC('arBalance'))(d),
    excludedRoles: NO_VIEWERS,
  })),

  // Inventory 800–809
  rowsComponent(
    { id: 800, displayName: 'Inventory Summary', description: 'Every item with its stock over all locations: on hand, available, committed, on order and value.' },
    list('Inventory', '/Inventory/Summary', DESC('value'), [
      ['itemNumber', 'Item', 'text', { link: 'item' }],
      ['description', 'Description', 'text'],
      ['productGroup', 'Product Group', 'text'],
      ['supplierName', 'Supplier', 'text', { hidden: true }],
      ['qtyOnHand', 'On Hand', 'integer'],
      ['qtyAvailable', 'Available', 'integer'],
      ['qtyCommitted', 'Committed', 'integer', { hidden: true }],
      ['qtyOnOrder', 'On Order', 'integer'],
      ['value', 'Value', 'money'],
      ['locationCount', 'Locations', 'integer', { hidden: true }],
    ]),
  ),
  rowsComponent(
    { id: 801, displayName: 'Inventory by Location', description: 'Stock per item and location with reorder point, value and days since last sold.' },
    list('Inventory', '/Inventory/Details', ASC('itemNumber'), [
      ...STOCK_AT_LOCATION,
      ['qtyAvailable', 'Available', 'integer'],
      ['qtyOnOrder', 'On Order', 'integer'],
      ['reorderPoint', 'Reorder Point', 'integer', { hidden: true }],
      ...LAST_SOLD,
    ]),
  ),
  ...perDimension(802, [DIM.productGroup, DIM.location, SUPPLIER], (d) => `Inventory Value by ${d.label}`, (d) => `Stock value per ${d.label.toLowerCase()} with the dead stock in it (InventoryDeadStockDays).`, inventoryValue),
  ...perDimension(806, [DIM.productGroup], (d) => `Inventory Aging by ${d.label}`, (d) => `Stock value per ${d.label.toLowerCase()} by days since last sold (90/180/270/365).`, inventoryAging),
  rowsComponent(
    { id: 808, displayName: 'Slow-Moving Stock', description: 'Stock per item and location, the longest unsold first, with its value.' },
    list('Inventory', '/Inventory/Value/Detail', DESC('daysSinceLastSold'), [...STOCK_AT_LOCATION, ['unitCost', 'Unit Cost', 'money', { hidden: true }], ...LAST_SOLD]),
  ),
  rowsComponent(
    { id: 809, displayName: 'Reorder Suggestions', description: 'Items at or below their reorder point with the quantity to order.' },
    list('Inventory', '/Inventory/Reorder/{percentageReorder}', DESC('suggestedQty'), [
      ['itemNumber', 'Item', 'text', { link: 'item' }],
      ['description', 'Description', 'text'],
      ['location', 'Location', 'text'],
      ['supplier', 'Supplier', 'text'],
      ['qtyAvailable', 'Available', 'integer'],
      ['qtyOnOrder', 'On Order', 'integer'],
      ['reorderPoint', 'Reorder Point', 'integer'],
      ['suggestedQty', 'Suggested Qty', 'integer'],
    ], { pathParams: { percentageReorder: '100' } }),
  ),

  // Accounts 900–905
  rowsComponent(
    { id: 900, displayName: 'Customers', description: 'The customers you may see, with their branch and sales rep; open one for its summary.' },
    list('Accounts', '/Customer/List', ASC('customerName'), [...CUSTOMER_COLUMNS, ['city', 'City', 'text'], ['state', 'State', 'text'], ['phone', 'Phone', 'text'], ['branchName', 'Branch', 'text'], ['salesRep', 'Sales Rep', 'text']]),
  ),
  rowsComponent(
    { id: 901, displayName: 'Ship-Tos', description: 'The ship-to addresses of your customers.' },
    list('Accounts', '/ShipTo/List', ASC('shipToName'), [['shipTo', 'Ship-To', 'text'], ['shipToName', 'Ship-To Name', 'text'], ...CUSTOMER_COLUMNS, ['city', 'City', 'text'], ['state', 'State', 'text'], ['salesRep', 'Sales Rep', 'text']]),
  ),
  rowsComponent(
    { id: 902, displayName: 'Prospects', description: 'Prospective customers not yet buying, with their sales rep.' },
    list('Accounts', '/Prospect/List', ASC('customerName'), [['customer', 'Prospect', 'text'], ['customerName', 'Name', 'text'], ['city', 'City', 'text'], ['state', 'State', 'text'], ['phone', 'Phone', 'text'], ['salesRep', 'Sales Rep', 'text']]),
  ),
  rowsComponent(
    { id: 903, displayName: 'Suppliers', description: 'Suppliers with their terms and lead days.' },
    list('Accounts', '/Supplier/List', ASC('supplierName'), [['supplier', 'Supplier', 'text', { link: 'supplier' }], ['supplierName', 'Name', 'text', { link: 'supplier' }], ['city', 'City', 'text'], ['state', 'State', 'text'], ['phone', 'Phone', 'text'], ['terms', 'Terms', 'text'], ['leadDays', 'Lead Days', 'integer']]),
  ),
  rowsComponent(
    { id: 904, displayName: 'Corporate Accounts', description: 'Corporate accounts and how many customers each groups.' },
    list('Accounts', '/Corporate/List', ASC('corporateName'), [['corporate', 'Corporate', 'text'], ['corporateName', 'Name', 'text'], ['city', 'City', 'text'], ['state', 'State', 'text'], ['salesRep', 'Sales Rep', 'text'], ['customerCount', 'Customers', 'integer']]),
  ),
  whiteSpace,
];
