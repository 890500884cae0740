import {
  chart,
  columns,
  CUSTOMER_COLUMNS,
  dataConfig,
  DESC,
  DIM,
  ITEM_COLUMNS,
  keyColumns,
  list,
  master,
  rowsComponent,
  tab,
  type CatalogueMaster,
  type ColumnSpec,
} from './component-catalogue.ts';

/**
 * Component masters of the calls derived from the invoice lines (ids 870–879): items an account
 * stopped buying (for the account summary board, whose implicit account filter narrows it to the
 * account), a supplier's items that stopped selling, item usage (log, comparison, KPI) and
 * inter-branch-transfer sales. component-catalogue.ts imports this module and the templates come
 * from there, so the masters are built when the catalogue asks for them (a function, not a
 * constant evaluated before the templates exist).
 */
export function usageComponents(): CatalogueMaster[] {
  const usageColumns: ColumnSpec[] = [
    ['currentQty', 'Qty This Period', 'integer'],
    ['comparisonQty', 'Qty Last Year', 'integer'],
    ['qtyChange', 'Qty Change', 'integer'],
    ['qtyChangePercent', 'Qty Change %', 'percent'],
    ['currentSales', 'Sales This Period', 'money'],
    ['comparisonSales', 'Sales Last Year', 'money', { hidden: true }],
    ['change', 'Sales Change', 'money', { hidden: true }],
    ['changePercent', 'Sales Change %', 'percent'],
  ];
  const usageComparison = (id: number, dim: typeof DIM.itemNumber | typeof DIM.customer) =>
    master(
      { id, displayName: `Item Usage Comparison by ${dim.label}`, description: `Quantity and sales used per ${dim.label.toLowerCase()} this year to date beside the same dates last year.` },
      'Usage',
      'Comparison',
      {
        outputModel: 'SlidingComparison',
        dataConfig: dataConfig({ queryString: '/Usage/Comparison', queryParams: { groupBy: dim.groupBy, dateSlug: 'year-to-date' } }, DESC('currentQty')),
        kpiConfig: { isVisible: true, queryString: '/Usage/KPI', queryParams: { dateSlug: 'year-to-date' } },
        chartConfig: chart([tab('Qty This Year vs Last', 'column', 'name', ['currentQty', 'comparisonQty']), tab('Qty Change', 'bar', 'name', ['qtyChange'])]),
        columnConfigs: columns([...keyColumns(dim), ...usageColumns]),
        displayConfigs: [],
        searchConfig: { isVisible: true },
      },
    );

  return [
    rowsComponent(
      { id: 870, displayName: 'Inactive Items', description: 'Items the account bought in the last two years but not in the last 90 days: what it used to buy, when last, how much.' },
      list('Usage', '/Inventory/Inactive/Customer', DESC('sales'), [
        ...CUSTOMER_COLUMNS,
        ...ITEM_COLUMNS,
        ['productGroup', 'Product Group', 'text', { hidden: true }],
        ['lastPurchaseDate', 'Last Bought', 'date'],
        ['daysSinceLastPurchase', 'Days Since', 'integer'],
        ['invoiceCount', 'Invoices', 'integer', { hidden: true }],
        ['qty', 'Qty Bought', 'integer'],
        ['sales', 'Sales', 'money'],
      ]),
    ),
    rowsComponent(
      { id: 871, displayName: 'Inactive Items by Supplier', description: "Suppliers' items sold in the last two years but not in the last 90 days, with the stock still on hand." },
      list('Usage', '/Inventory/Inactive/Supplier', DESC('sales'), [
        ['supplier', 'Supplier', 'text'],
        ['supplierName', 'Supplier Name', 'text'],
        ...ITEM_COLUMNS,
        ['lastSoldDate', 'Last Sold', 'date'],
        ['daysSinceLastSold', 'Days Since', 'integer'],
        ['customerCount', 'Customers', 'integer'],
        ['qty', 'Qty Sold', 'integer', { hidden: true }],
        ['sales', 'Sales', 'money'],
        ['qtyOnHand', 'On Hand', 'integer'],
      ]),
    ),
    usageComparison(872, DIM.itemNumber),
    usageComparison(873, DIM.customer),
    rowsComponent(
      { id: 874, displayName: 'Item Usage Log', description: 'Quantity and sales used per customer, item and month over the last 12 months, net of returns.' },
      list(
        'Usage',
        '/Usage/Log',
        DESC('month'),
        [
          ['month', 'Month', 'text'],
          ...CUSTOMER_COLUMNS,
          ...ITEM_COLUMNS,
          ['qty', 'Qty', 'integer'],
          ['sales', 'Sales', 'money'],
          ['invoiceCount', 'Invoices', 'integer', { hidden: true }],
          ['lastInvoiceDate', 'Last Invoiced', 'date', { hidden: true }],
        ],
        { dateSlug: 'rolling-12-months' },
      ),
    ),
    master(
      { id: 875, displayName: 'Item Usage Year to Date', description: 'Sales of the items used this year to date against the same dates last year, with the quantities (KPI).' },
      'Usage',
      'Summary',
      {
        outputModel: 'Kpi',
        dataConfig: { queryString: '/Usage/KPI', queryParams: { dateSlug: 'year-to-date' }, isVisible: true, filterConfigs: [] },
        kpiConfig: { isVisible: true },
        displayConfigs: [],
      },
    ),
    rowsComponent(
      { id: 876, displayName: 'IBT Sales History', description: "Inter-branch-transfer sales of the last 90 days: lines shipped from another branch's warehouse than the customer's home branch." },
      list(
        'Sales',
        '/IBTSalesHistory/List',
        DESC('invoiceDate'),
        [
          ['invoiceNumber', 'Invoice', 'text', { link: 'invoice' }],
          ['invoiceDate', 'Date', 'date'],
          ...CUSTOMER_COLUMNS,
          ['homeBranch', 'Home Branch', 'text'],
          ['location', 'Shipped From', 'text'],
          ['shipBranch', 'Shipping Branch', 'text'],
          ['salesRep', 'Sales Rep', 'text', { hidden: true }],
          ...ITEM_COLUMNS,
          ['qty', 'Qty', 'integer'],
          ['sales', 'Sales', 'money'],
          ['grossProfit', 'Gross Profit', 'money', { hidden: true }],
        ],
        { dateSlug: 'last-90-days' },
      ),
    ),
  ];
}
