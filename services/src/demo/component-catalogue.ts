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

const DIM = {
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
  week: { groupBy: 'week', label: 'Week', plural: 'Weeks', time: true },
  month: { groupBy: 'month', label: 'Month', plural: 'Months', time: true },
  quarter: { groupBy: 'quarter', label: 'Quarter', plural: 'Quarters', time: true },
} as const satisfies Record<string, Dimension>;

// ── Columns and charts ───────────────────────────────────────────────────────────────────────

type ColumnSpec = [dataSource: string, title: string, format: NonNullable<Column['format']>, options?: { hidden?: boolean; link?: Column['link'] }];

function columns(specs: readonly ColumnSpec[]): Column[] {
  return specs.map(([dataSource, title, format, options], displayOrder) => ({
    dataSource,
    title,
    displayOrder,
    isVisible: !options?.hidden,
    format,
    ...(options?.link ? { link: options.link } : {}),
  }));
}

const keyColumns = (dim: Dimension): ColumnSpec[] =>
  dim.time
    ? [['key', dim.label, 'text']]
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

const tab = (title: string, chartType: DatasetTab['chartType'], xField: string, yFields: string[]): DatasetTab => ({ title, chartType, xField, yFields });

function chart(tabs: DatasetTab[]): ComponentConfig['chartConfig'] {
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

const BOOKING: Subject = {
  category: 'Bookings',
  measure: 'Bookings',
  grouped: (groupBy, dateSlug) => ({ queryString: '/Booking/Grouped/{groupBy}/{dateSlug}', pathParams: { groupBy, dateSlug: dateSlug! } }),
  rank: (groupBy, dateSlug) => ({ queryString: '/Booking/Rank/{groupBy}/{dateSlug}', pathParams: { groupBy, dateSlug } }),
  sliding: (groupBy, dateSlug) => ({ queryString: '/Booking/SlidingComparison/{groupBy}', pathParams: { groupBy }, queryParams: { dateSlug } }),
  yearOverYear: (groupBy, fiscal) => ({ queryString: '/Booking/YearOverYear/{groupBy}', pathParams: { groupBy }, queryParams: fiscalParam(fiscal) }),
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
};

/** The same calls without a dateSlug: what is still open, its amount. */
const OPEN_ORDER: Subject = { ...ORDER, measure: 'Open Amount' };
const OPEN_QUOTE: Subject = { ...QUOTE, measure: 'Open Amount' };

// ── Templates: one per kind of component ─────────────────────────────────────────────────────

type Meta = { id: number; displayName: string; description: string; componentType?: ComponentType; excludedRoles?: readonly string[] };

function master(meta: Meta, category: string, componentType: ComponentType, configs: ComponentConfig): CatalogueMaster {
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

const dataConfig = (call: Call, sort: { sortBy: string; sortDir: 'asc' | 'desc' }, pageSize = 15): ComponentConfig['dataConfig'] => ({
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
    chartConfig: chart([tab(subject.measure, 'column', 'label', ['sales']), tab('Gross Profit', 'column', 'label', ['grossProfit'])]),
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
  'this-week': 'this week',
  'this-month': 'this month',
  'last-month': 'last month',
  'current-quarter': 'this quarter',
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

function kpiFamily(subject: Subject, firstId: number, slugs: string[]): CatalogueMaster[] {
  return slugs.map((dateSlug, i) => {
    const words = DATE_WORDS[dateSlug]!;
    return kpiTile(
      subject,
      {
        id: firstId + i,
        displayName: `${subject.measure} ${words.replace(/\b\w/g, (c) => c.toUpperCase())}`,
        description: `${subject.measure} ${words} against the same period last year (KPI).`,
      },
      dateSlug,
    );
  });
}

const SALES_DIMS = [DIM.customer, DIM.shipTo, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.itemNumber, DIM.company];
const TREND_DIMS = [DIM.day, DIM.week, DIM.month, DIM.quarter];
const COMPARE_DIMS = [DIM.customer, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.itemNumber, DIM.shipTo];
const KPI_SLUGS = ['today', 'this-week', 'this-month', 'last-month', 'current-quarter', 'year-to-date', 'fiscal-year-to-date'];

const trendSlugs: Record<string, string> = { day: 'this-month', week: 'last-90-days', month: 'rolling-12-months', quarter: 'rolling-12-months' };

/** "Sales by Month" and its siblings: the time series of a subject. */
function trendFamily(subject: Subject, firstId: number, name: string, what: string): CatalogueMaster[] {
  return TREND_DIMS.map((dim, i) => groupedFamily(subject, firstId + i, name, what, [dim], trendSlugs[dim.groupBy])[0]!);
}

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

const BUILT_IN: CatalogueMaster[] = [
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

export const COMPONENT_CATALOGUE: readonly CatalogueMaster[] = [
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
  ...groupedFamily(OPEN_ORDER, 301, 'Open Orders', 'Open order amount', [DIM.customer, DIM.shipTo, DIM.salesRep, DIM.branch, DIM.productGroup, DIM.status, DIM.location, DIM.itemNumber, DIM.company]),
  ...trendFamily(ORDER, 310, 'Orders Entered', 'Order lines entered'),
  ...kpiFamily(ORDER, 320, KPI_SLUGS),
  summaryTiles(ORDER, { id: 330, displayName: 'Orders Summary', description: 'Orders entered this month, last month, year to date, last year to date and last year.' }),

  // Quotes: open quote lines by group (401–406), quotes over time (410–413)
  ...groupedFamily(OPEN_QUOTE, 401, 'Open Quotes', 'Open quote amount', [DIM.customer, DIM.salesRep, DIM.productGroup, DIM.itemNumber, DIM.company]),
  ...groupedFamily(QUOTE, 406, 'Quotes', 'Quote lines quoted', [DIM.status, DIM.customer, DIM.salesRep], 'year-to-date'),
  ...trendFamily(QUOTE, 410, 'Quotes', 'Quote lines quoted'),

  ...BUILT_IN,
];

/** A catalogue master's id by its display name (the default boards name their components). */
export function catalogueId(displayName: string): number {
  const found = COMPONENT_CATALOGUE.find((m) => m.displayName === displayName);
  if (!found) throw new Error(`No component master named '${displayName}'`);
  return found.id;
}
