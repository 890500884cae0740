import {
  CUSTOMER_COLUMNS,
  DESC,
  DIM,
  keyColumns,
  list,
  NO_VIEWERS,
  perDimension,
  rowsComponent,
  tab,
  tabsBy,
  type CatalogueMaster,
  type ColumnSpec,
} from './component-catalogue.ts';

type Dimension = Parameters<typeof keyColumns>[0];
type RowsSpec = Parameters<typeof rowsComponent>[1];

const REASON: Dimension = { groupBy: 'reason', label: 'Reason', plural: 'Reasons' };
const ADJUSTMENTS = 'Inventory Adjustments';
const RETURNS = 'Returns';
const NOTES = 'Notes';
const ITEM: ColumnSpec[] = [
  ['itemNumber', 'Item', 'text', { link: 'item' }],
  ['itemDescription', 'Description', 'text'],
];
/** A note's date, type, author and text. */
const NOTE: ColumnSpec[] = [
  ['noteDate', 'Date', 'date'],
  ['noteType', 'Type', 'text'],
  ['enteredBy', 'By', 'text'],
  ['noteText', 'Note', 'text'],
];

/** Adjustments per group: how many, the quantity, and the value put in and taken out; a year of months as a series. */
const adjustmentGroups = (dim: Dimension): RowsSpec => ({
  category: ADJUSTMENTS,
  type: dim.time ? 'Analysis' : 'List',
  outputModel: 'Grouped',
  call: { queryString: '/Inventory/Adjustment', queryParams: { groupBy: dim.groupBy, dateSlug: dim.time ? 'rolling-12-months' : 'year-to-date' } },
  sort: dim.time ? { sortBy: 'key', sortDir: 'asc' } : DESC('adjustmentCount'),
  columns: [
    ...(dim === REASON ? ([['key', 'Reason', 'text']] as ColumnSpec[]) : keyColumns(dim)),
    ['adjustmentCount', 'Adjustments', 'integer'],
    ['lineCount', 'Lines', 'integer', { hidden: true }],
    ['totalQty', 'Net Qty', 'integer'],
    ['totalValue', 'Net Value', 'money'],
    ['increaseValue', 'Value Added', 'money', { hidden: !dim.time }],
    ['decreaseValue', 'Value Written Off', 'money'],
  ],
  tabs: dim.time
    ? tabsBy(dim, ['Net Value', ['totalValue']], ['Added and Written Off', ['increaseValue', 'decreaseValue']])
    : [tab('Net Value', 'bar', 'name', ['totalValue']), tab('Adjustments', 'pie', 'name', ['adjustmentCount']), tab('Written Off', 'bar', 'name', ['decreaseValue'])],
});

/** RMAs per group: how many, how many still open, what they credit. */
const rmaGroups = (dim: Dimension): RowsSpec => ({
  category: RETURNS,
  type: 'List',
  outputModel: 'Grouped',
  call: { queryString: '/Inventory/RMA', queryParams: { groupBy: dim.groupBy, dateSlug: 'year-to-date' } },
  sort: DESC('rmaCount'),
  columns: [
    ...(dim.link ? keyColumns(dim) : ([['key', dim.label, 'text']] as ColumnSpec[])),
    ['rmaCount', 'RMAs', 'integer'],
    ['openCount', 'Open', 'integer'],
    ['lineCount', 'Lines', 'integer', { hidden: true }],
    ['totalAmount', 'Amount', 'money'],
    ['creditedAmount', 'Credited', 'money'],
  ],
  tabs: [tab('RMAs', 'bar', 'name', ['rmaCount']), tab('Amount', 'pie', 'name', ['totalAmount'])],
});

const rmaColumns = (): ColumnSpec[] => [
  ['rmaNumber', 'RMA', 'text'],
  ['rmaDate', 'Authorized', 'date'],
  ...CUSTOMER_COLUMNS,
  ['status', 'Status', 'text'],
  ['reason', 'Reason', 'text'],
  ['receivedDate', 'Received', 'date'],
  ['daysOpen', 'Days Open', 'integer', { hidden: true }],
  ['creditInvoiceNumber', 'Credit Memo', 'text', { link: 'invoice' }],
  ['lineCount', 'Lines', 'integer', { hidden: true }],
  ['salesRep', 'Sales Rep', 'text', { hidden: true }],
  ['totalAmount', 'Amount', 'money'],
];

/**
 * Component masters of the Inventory/Adjustment and Inventory/RMA calls and the note calls (ids
 * 880–893): recent adjustments and their lines, adjustments by reason, location and month; RMAs
 * (recent, open, lines) and RMAs by reason, status and customer; customer, supplier and purchase
 * order notes. A function, so the templates of component-catalogue.ts exist when the catalogue
 * asks for them.
 */
export function adjustmentComponents(): CatalogueMaster[] {
  return [
    rowsComponent(
      { id: 880, displayName: 'Inventory Adjustments', description: 'Stock adjustments of the last 90 days: cycle counts, damage, shrinkage and write-offs, with the value they put in or took out.' },
      list(ADJUSTMENTS, '/Inventory/Adjustment', DESC('adjustmentDate'), [
        ['adjustmentNumber', 'Adjustment', 'text'],
        ['adjustmentDate', 'Date', 'date'],
        ['reason', 'Reason', 'text'],
        ['location', 'Location', 'text'],
        ['branchName', 'Branch', 'text', { hidden: true }],
        ['enteredBy', 'By', 'text'],
        ['lineCount', 'Lines', 'integer'],
        ['totalQty', 'Net Qty', 'integer'],
        ['totalValue', 'Net Value', 'money'],
      ], { dateSlug: 'last-90-days' }),
    ),
    ...perDimension(881, [REASON, DIM.location, DIM.month], (d) => `Inventory Adjustments by ${d.label}`, (d) => `Stock adjustments ${d.time ? 'of the last 12 months per month' : `this year per ${d.label.toLowerCase()}`}: how many, the net quantity and the value added and written off.`, adjustmentGroups),
    rowsComponent(
      { id: 884, displayName: 'Inventory Adjustment Lines', description: 'The items adjusted in the last 90 days: quantity in or out at each location and its value at cost.' },
      list(ADJUSTMENTS, '/Inventory/Adjustment/Detail', DESC('adjustmentDate'), [
        ['adjustmentNumber', 'Adjustment', 'text'],
        ['adjustmentDate', 'Date', 'date'],
        ['reason', 'Reason', 'text'],
        ['location', 'Location', 'text'],
        ...ITEM,
        ['productGroup', 'Product Group', 'text', { hidden: true }],
        ['qty', 'Qty', 'integer'],
        ['unitCost', 'Unit Cost', 'money', { hidden: true }],
        ['value', 'Value', 'money'],
      ], { dateSlug: 'last-90-days' }),
    ),
    rowsComponent(
      { id: 885, displayName: 'Returns (RMAs)', description: "Your customers' returns authorized in the last 12 months: status, reason, receipt and the credit memo; on an account's page, its own." },
      list(RETURNS, '/Inventory/RMA', DESC('rmaDate'), rmaColumns(), { dateSlug: 'rolling-12-months' }),
    ),
    rowsComponent(
      { id: 886, displayName: 'Open RMAs', description: 'Returns authorized but not yet credited: waiting for the goods or received and waiting for the credit memo, oldest first.' },
      { ...list(RETURNS, '/Inventory/RMA', { sortBy: 'rmaDate', sortDir: 'asc' }, rmaColumns()), call: { queryString: '/Inventory/RMA', queryParams: { dateSlug: 'rolling-12-months', openOnly: true } } },
    ),
    ...perDimension(887, [REASON, DIM.status, DIM.customer], (d) => `RMAs by ${d.label}`, (d) => `Returns authorized this year per ${d.label.toLowerCase()}: how many, how many are still open, and the amount credited.`, rmaGroups),
    rowsComponent(
      { id: 890, displayName: 'RMA Lines', description: 'The items returned in the last 90 days: quantity, amount, the invoice they were bought on and where they go (stock, supplier, scrap).' },
      list(RETURNS, '/Inventory/RMA/Detail', DESC('rmaDate'), [
        ['rmaNumber', 'RMA', 'text'],
        ['rmaDate', 'Authorized', 'date'],
        ...CUSTOMER_COLUMNS,
        ['status', 'Status', 'text'],
        ...ITEM,
        ['qty', 'Qty', 'integer'],
        ['amount', 'Amount', 'money'],
        ['invoiceNumber', 'Bought On', 'text', { link: 'invoice', hidden: true }],
        ['disposition', 'Disposition', 'text'],
      ], { dateSlug: 'last-90-days' }),
    ),
    rowsComponent(
      { id: 891, displayName: 'Customer Notes', description: "The notes on your customers, newest first: credit, shipping, pricing and sales-call notes; on an account's page, its own." },
      list(NOTES, '/Customer/Note/List', DESC('noteDate'), [...CUSTOMER_COLUMNS, ...NOTE, ['salesRep', 'Sales Rep', 'text', { hidden: true }]]),
    ),
    rowsComponent(
      { id: 892, displayName: 'Supplier Notes', description: 'The notes on the suppliers, newest first: price increases, quality, freight terms.' },
      list(NOTES, '/Supplier/Note/List', DESC('noteDate'), [['supplier', 'Supplier', 'text'], ['supplierName', 'Supplier Name', 'text'], ...NOTE], { excludedRoles: NO_VIEWERS }),
    ),
    rowsComponent(
      { id: 893, displayName: 'Purchase Order Notes', description: 'Notes on the purchase orders of the last 90 days: supplier confirmations, delays, receiving problems.' },
      list(NOTES, '/PurchaseOrder/Notes', DESC('noteDate'), [
        ['poNumber', 'PO', 'text', { link: 'purchaseOrder' }],
        ...NOTE,
        ['supplierName', 'Supplier', 'text'],
        ['status', 'PO Status', 'text', { hidden: true }],
      ], { dateSlug: 'last-90-days', excludedRoles: NO_VIEWERS }),
    ),
  ];
}
