import {
  chart,
  columns,
  CUSTOMER_COLUMNS,
  dataConfig,
  DESC,
  DIM,
  keyColumns,
  list,
  master,
  rowsComponent,
  tab,
  type CatalogueMaster,
  type ColumnSpec,
} from './component-catalogue.ts';

type Dimension = Parameters<typeof keyColumns>[0];
type RowsSpec = Parameters<typeof rowsComponent>[1];
type Sort = NonNullable<RowsSpec['sort']>;

const ASC = (sortBy: string): Sort => ({ sortBy, sortDir: 'asc' });
const TECHNICIAN: Dimension = { groupBy: 'technician', label: 'Technician', plural: 'Technicians' };
const CARRIER: Dimension = { groupBy: 'carrier', label: 'Carrier', plural: 'Carriers' };
const SERVICE = 'Service Orders';
const SHIPMENTS = 'Shipments';

/** A service order's number, dates, status, customer and technician (a function: the catalogue's constants exist only once it has loaded). */
const serviceOrderColumns = (): ColumnSpec[] => [
  ['serviceOrderNumber', 'Service Order', 'text'],
  ['serviceType', 'Type', 'text'],
  ['openedDate', 'Opened', 'date'],
  ['promisedDate', 'Promised', 'date'],
  ['status', 'Status', 'text'],
  ...CUSTOMER_COLUMNS,
  ['technicianName', 'Technician', 'text'],
  ['equipment', 'Equipment', 'text', { hidden: true }],
  ['salesRep', 'Sales Rep', 'text', { hidden: true }],
];

/** Chart tabs over a dimension's rows: a time series by key, anything else by name. */
const tabsBy = (dim: Dimension, ...tabs: Array<[title: string, yFields: string[]]>) =>
  tabs.map(([title, yFields]) => tab(title, dim.time ? 'column' : 'bar', dim.time ? 'key' : 'name', yFields));

/** Service orders per group: how many, what they bill, the hours and the margin; open ones without a dateSlug. */
const serviceGroups = (dateSlug?: string) => (dim: Dimension): RowsSpec => ({
  category: SERVICE,
  type: dim.time ? 'Analysis' : 'List',
  outputModel: 'Grouped',
  call: {
    queryString: '/ServiceOrder/Grouped/{groupBy}',
    pathParams: { groupBy: dim.groupBy },
    ...(dateSlug ? { queryParams: { dateSlug: dim.time ? 'rolling-12-months' : dateSlug } } : {}),
  },
  sort: dim.time ? ASC('key') : DESC('serviceOrderCount'),
  columns: [
    ...keyColumns(dim),
    ['serviceOrderCount', 'Service Orders', 'integer'],
    ['sales', 'Billed', 'money'],
    ['labourHours', 'Labour Hours', 'number'],
    ['grossProfit', 'Gross Profit', 'money', { hidden: true }],
    ['grossProfitPercent', 'GP %', 'percent'],
    ['averageDaysToComplete', 'Avg Days to Complete', 'number', { hidden: !dateSlug }],
  ],
  tabs: tabsBy(dim, ['Service Orders', ['serviceOrderCount']], ['Billed', ['sales']]),
});

/** Shipments per group: how many, the freight, on-time delivery and days in transit. */
const shipmentGroups = (dim: Dimension): RowsSpec => ({
  category: SHIPMENTS,
  type: 'List',
  outputModel: 'Grouped',
  call: { queryString: '/Shipment/List', queryParams: { groupBy: dim.groupBy, dateSlug: 'year-to-date' } },
  sort: DESC('shipmentCount'),
  columns: [
    ...(dim === CARRIER ? ([['key', 'Carrier', 'text']] as ColumnSpec[]) : keyColumns(dim)),
    ['shipmentCount', 'Shipments', 'integer'],
    ['freight', 'Freight', 'money'],
    ['freightPerShipment', 'Freight per Shipment', 'money'],
    ['weight', 'Weight (lb)', 'number', { hidden: true }],
    ['onTimePercent', 'On-Time %', 'percent'],
    ['averageTransitDays', 'Avg Days in Transit', 'number'],
  ],
  tabs: [tab('Shipments', 'bar', 'name', ['shipmentCount']), tab('Freight', 'pie', 'name', ['freight']), tab('On-Time %', 'bar', 'name', ['onTimePercent'])],
});

function perDimension(firstId: number, dims: Dimension[], name: (d: Dimension) => string, describe: (d: Dimension) => string, spec: (d: Dimension) => RowsSpec) {
  return dims.map((dim, i) => rowsComponent({ id: firstId + i, displayName: name(dim), description: describe(dim) }, spec(dim)));
}

/**
 * Component masters of the ServiceOrder and Shipment calls (ids 370–384): open service orders,
 * service order history, lines and notes, service orders grouped by status, technician, branch …,
 * this year against last per branch, the service summary tiles; recent shipments and shipments
 * by carrier and branch. A function, so the templates of component-catalogue.ts exist when the
 * catalogue asks for them.
 */
export function serviceComponents(): CatalogueMaster[] {
  return [
    rowsComponent(
      { id: 370, displayName: 'Open Service Orders', description: 'Service orders not invoiced yet, the nearest promise date first, with their technician and days open.' },
      {
        ...list(SERVICE, '/ServiceOrder/History', ASC('promisedDate'), [...serviceOrderColumns(), ['daysOpen', 'Days Open', 'integer'], ['sales', 'Amount', 'money']]),
        call: { queryString: '/ServiceOrder/History', queryParams: { openOnly: true } },
      },
    ),
    rowsComponent(
      { id: 371, displayName: 'Service Order History', description: 'Service orders of the last 12 months, newest first: status, completion, invoicing and amounts.' },
      list(SERVICE, '/ServiceOrder/History', DESC('openedDate'), [
        ...serviceOrderColumns(),
        ['completedDate', 'Completed', 'date'],
        ['invoicedDate', 'Invoiced', 'date', { hidden: true }],
        ['labourHours', 'Labour Hours', 'number', { hidden: true }],
        ['sales', 'Amount', 'money'],
        ['grossProfit', 'Gross Profit', 'money', { hidden: true }],
      ], { dateSlug: 'rolling-12-months' }),
    ),
    rowsComponent(
      { id: 372, displayName: 'Service Order Lines', description: 'The labour and parts lines of the open service orders: hours by technician, parts by item.' },
      list(SERVICE, '/ServiceOrder/Details', DESC('openedDate'), [
        ['serviceOrderNumber', 'Service Order', 'text'],
        ['lineType', 'Type', 'text'],
        ['openedDate', 'Opened', 'date'],
        ['status', 'Status', 'text'],
        ...CUSTOMER_COLUMNS,
        ['technicianName', 'Technician', 'text'],
        ['itemNumber', 'Item', 'text', { link: 'item' }],
        ['description', 'Description', 'text'],
        ['qty', 'Qty / Hours', 'number'],
        ['sales', 'Amount', 'money'],
        ['grossProfit', 'Gross Profit', 'money', { hidden: true }],
      ]),
    ),
    ...perDimension(373, [DIM.status, TECHNICIAN], (d) => `Open Service Orders by ${d.label}`, (d) => `Service orders not invoiced yet per ${d.label.toLowerCase()}: how many, what they bill and the labour hours.`, serviceGroups()),
    ...perDimension(
      375,
      [DIM.branch, TECHNICIAN, DIM.customer, DIM.month],
      (d) => `Service Orders by ${d.label}`,
      (d) => `Service orders opened ${d.time ? 'in the last 12 months' : 'this year'} per ${d.label.toLowerCase()}, with the amount billed, labour hours and margin.`,
      serviceGroups('year-to-date'),
    ),
    master({ id: 379, displayName: 'Service Orders Comparison by Branch', description: 'Service billed per branch this year beside the same dates last year, with the change.' }, SERVICE, 'Comparison', {
      outputModel: 'SlidingComparison',
      dataConfig: dataConfig({ queryString: '/ServiceOrder/Grouped/{groupBy}', pathParams: { groupBy: 'branch' }, queryParams: { dateSlug: 'year-to-date', compare: true } }, DESC('currentSales')),
      chartConfig: chart([tab('This Year vs Last', 'column', 'name', ['currentSales', 'comparisonSales']), tab('Change', 'bar', 'name', ['change'])]),
      columnConfigs: columns([
        ...keyColumns(DIM.branch),
        ['currentSales', 'Billed This Period', 'money'],
        ['comparisonSales', 'Billed Last Period', 'money'],
        ['change', 'Change', 'money'],
        ['changePercent', 'Change %', 'percent'],
        ['serviceOrderCount', 'Service Orders', 'integer', { hidden: true }],
        ['comparisonServiceOrderCount', 'Service Orders Last Period', 'integer', { hidden: true }],
      ]),
      displayConfigs: [],
      searchConfig: { isVisible: true },
    }),
    // The summary tiles, as the other subjects' (billed as "sales", service orders as documents).
    master({ id: 380, displayName: 'Service Summary', description: 'Service orders opened this month, last month, year to date, last year to date and last year: billed, gross profit and count.' }, SERVICE, 'Summary', {
      outputModel: 'Summary',
      dataConfig: { queryString: '/ServiceOrder/Summary', isVisible: true, filterConfigs: [] },
      chartConfig: { ...chart([tab('Service Billed', 'column', 'label', ['sales']), tab('Gross Profit', 'column', 'label', ['grossProfit'])]), isVisible: false },
      columnConfigs: columns([
        ['label', 'Period', 'text'],
        ['sales', 'Service Billed', 'money'],
        ['grossProfit', 'Gross Profit', 'money'],
        ['grossProfitPercent', 'GP %', 'percent'],
        ['documentCount', 'Service Orders', 'integer'],
        ['labourHours', 'Labour Hours', 'number', { hidden: true }],
        ['cost', 'Cost', 'money', { hidden: true }],
        ['from', 'From', 'date', { hidden: true }],
        ['to', 'To', 'date', { hidden: true }],
      ]),
      displayConfigs: [],
    }),
    rowsComponent(
      { id: 381, displayName: 'Service Order Notes', description: 'The notes on your service orders from the last 30 days: customer calls, technician findings, parts waits.' },
      list(SERVICE, '/ServiceOrder/Notes', DESC('noteDate'), [
        ['serviceOrderNumber', 'Service Order', 'text'],
        ['noteDate', 'Date', 'date'],
        ['noteType', 'Type', 'text'],
        ['enteredBy', 'By', 'text'],
        ['noteText', 'Note', 'text'],
        ...CUSTOMER_COLUMNS,
        ['status', 'Status', 'text', { hidden: true }],
      ], { dateSlug: 'last-30-days' }),
    ),
    rowsComponent(
      { id: 382, displayName: 'Recent Shipments', description: 'The shipments of the last 30 days with carrier, tracking number and delivery; drill into the order or account.' },
      list(SHIPMENTS, '/Shipment/List', DESC('shipDate'), [
        ['shipDate', 'Shipped', 'date'],
        ['orderNumber', 'Order', 'text', { link: 'order' }],
        ...CUSTOMER_COLUMNS,
        ['carrier', 'Carrier', 'text'],
        ['shipVia', 'Service', 'text', { hidden: true }],
        ['trackingNumber', 'Tracking', 'text'],
        ['status', 'Status', 'text'],
        ['estimatedDeliveryDate', 'Due', 'date', { hidden: true }],
        ['deliveredDate', 'Delivered', 'date'],
        ['packageCount', 'Packages', 'integer', { hidden: true }],
        ['weight', 'Weight (lb)', 'number', { hidden: true }],
        ['freight', 'Freight', 'money'],
      ], { dateSlug: 'last-30-days' }),
    ),
    ...perDimension(383, [CARRIER, DIM.branch], (d) => `Shipments by ${d.label}`, (d) => `Shipments this year per ${d.label.toLowerCase()}: how many, the freight, on-time delivery and days in transit.`, shipmentGroups),
  ];
}
