/**
 * The document lists of the sales calls (orders, quotes, bookings, invoice headers): for each, the
 * FROM clause, the API columns in output order and the whitelisted search, filter and sort
 * fields. Every SQL fragment here is a trusted constant; rows carry company, customer and the
 * document numbers so a UI can drill through.
 */
import type { ListModel } from './engine.ts';
import { onCommissionCost } from './models.ts';

const day = (sql: string) => `to_char(${sql}, 'YYYY-MM-DD')`;
/** The customer's and item's names beside a line aliased l. */
const NAMED_LINE = `
    LEFT JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
    LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number`;
const NAMED_HEADER = `
    LEFT JOIN erp.customer c ON c.company = h.company AND c.customer = h.customer`;
/** Sales, cost and gross profit of a row aliased a, on its cost column. */
const amounts = (a: string, cost = 'cost') => ({ sales: `${a}.sales`, cost: `${a}.${cost}`, grossProfit: `(${a}.sales - ${a}.${cost})` });
/** The item of a line aliased l, with its description. */
const ITEM = { itemNumber: 'l.item_number', itemDescription: 'i.description', productGroup: 'l.product_group' };
/** The customer of a row aliased a, with its name (joined as c). */
const customer = (a: string) => ({ customer: `${a}.customer`, customerName: 'c.customer_name' });
/** What a line list searches: its document number, the customer and the item. */
const lineSearch = (numberField: string) => [numberField, 'customer', 'customerName', 'itemNumber', 'itemDescription'];

/** Invoice lines (Invoice/Details, Invoice/ItemHistory, Invoice/Header's lines), cost on the InvoiceCostBasis setting. */
export function invoiceLineList(costBasis: string): ListModel {
  return {
    name: 'Invoice/Details',
    from: `erp.invoice_line l ${NAMED_LINE}`,
    dateColumn: 'l.invoice_date',
    salesRepColumn: 'l.sales_rep',
    columns: {
      company: 'l.company',
      invoiceNumber: 'l.invoice_number',
      invoiceLineNumber: 'l.invoice_line_number',
      invoiceDate: day('l.invoice_date'),
      ...customer('l'),
      shipTo: 'l.ship_to',
      salesRep: 'l.sales_rep',
      branch: 'l.branch',
      ...ITEM,
      qty: 'l.qty',
      unitPrice: 'l.unit_price',
      ...amounts('l', costColumn(costBasis)),
    },
    searchColumns: lineSearch('invoiceNumber'),
    filterFields: ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'productGroup', 'itemNumber', 'invoiceNumber'],
    defaultSort: { field: 'invoiceDate', dir: 'desc' },
    tieBreak: 'l.invoice_number DESC, l.invoice_line_number ASC',
    notNull: ['invoiceDate'],
  };
}

/** Order line columns, cost on the cost column. */
const orderLineColumns = (cost: string) => ({
  company: 'l.company',
  orderNumber: 'l.order_number',
  orderLineNumber: 'l.order_line_number',
  orderDate: day('l.order_date'),
  requestedDate: day('l.requested_date'),
  promiseDate: day('l.promise_date'),
  shipDate: day('l.ship_date'),
  status: 'l.status',
  ...customer('l'),
  shipTo: 'l.ship_to',
  salesRep: 'l.sales_rep',
  branch: 'l.branch',
  location: 'l.location',
  ...ITEM,
  qtyOrdered: 'l.qty_ordered',
  qtyShipped: 'l.qty_shipped',
  qtyOpen: 'l.qty_open',
  unitPrice: 'l.unit_price',
  ...amounts('l', cost),
  openSales: 'l.open_sales',
});
const ORDER_LINE_FILTERS = ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'location', 'status', 'itemNumber', 'productGroup', 'orderNumber'];

/** The cost column of a cost basis setting. */
const costColumn = (costBasis: string) => (onCommissionCost(costBasis) ? 'commission_cost' : 'cost');

/** Order lines (Order/Details); with openOnly, the lines with a quantity still open. */
export function orderLineList(openOnly: boolean, costBasis: string): ListModel {
  return {
    name: 'Order/Details',
    from: `erp.order_line l ${NAMED_LINE}`,
    dateColumn: 'l.order_date',
    salesRepColumn: 'l.sales_rep',
    columns: orderLineColumns(costColumn(costBasis)),
    searchColumns: lineSearch('orderNumber'),
    filterFields: ORDER_LINE_FILTERS,
    defaultSort: { field: 'orderDate', dir: 'desc' },
    tieBreak: 'l.order_number DESC, l.order_line_number ASC',
    where: openOnly ? 'l.qty_open > 0' : undefined,
  };
}

/**
 * Open order lines whose location cannot fill them: the quantity available there (on hand less
 * committed; none when the location does not stock the item) is below the open quantity.
 */
export function linesNotInStockList(costBasis: string): ListModel {
  return {
    ...orderLineList(true, costBasis),
    name: 'Order/LinesNotInStock',
    from: `erp.order_line l
      LEFT JOIN erp.inventory v ON v.company = l.company AND v.item_number = l.item_number AND v.location = l.location ${NAMED_LINE}`,
    columns: {
      ...orderLineColumns(costColumn(costBasis)),
      qtyOnHand: 'coalesce(v.qty_on_hand, 0)',
      qtyAvailable: 'coalesce(v.qty_available, 0)',
      qtyShort: '(l.qty_open - greatest(coalesce(v.qty_available, 0), 0))',
    },
    defaultSort: { field: 'promiseDate', dir: 'asc' },
    where: 'l.qty_open > 0 AND coalesce(v.qty_available, 0) < l.qty_open',
  };
}

/** Order headers (Order/Header/List, Order/Header); with openOnly, the orders not closed. */
export function orderHeaderList(openOnly: boolean): ListModel {
  return {
    name: 'Order/Header',
    from: `erp.order_header h ${NAMED_HEADER}`,
    dateColumn: 'h.order_date',
    salesRepColumn: 'h.sales_rep',
    columns: {
      company: 'h.company',
      orderNumber: 'h.order_number',
      orderDate: day('h.order_date'),
      requestedDate: day('h.requested_date'),
      promiseDate: day('h.promise_date'),
      shipDate: day('h.ship_date'),
      status: 'h.status',
      ...customer('h'),
      shipTo: 'h.ship_to',
      salesRep: 'h.sales_rep',
      branch: 'h.branch',
      location: 'h.location',
      customerPo: 'h.customer_po',
      quoteNumber: 'h.quote_number',
      lineCount: 'h.line_count',
      orderTotal: 'h.order_total',
      openTotal: 'h.open_total',
    },
    searchColumns: ['orderNumber', 'customer', 'customerName', 'customerPo'],
    filterFields: ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'location', 'status', 'orderNumber', 'quoteNumber'],
    defaultSort: { field: 'orderDate', dir: 'desc' },
    tieBreak: 'h.order_number DESC, h.company ASC',
    where: openOnly ? "h.status <> 'Closed'" : undefined,
  };
}

/** Quote lines (Quote/Details); with openOnly, the quotes still open. */
export function quoteLineList(openOnly: boolean, costBasis: string): ListModel {
  return {
    name: 'Quote/Details',
    from: `erp.quote_line l ${NAMED_LINE}`,
    dateColumn: 'l.quote_date',
    salesRepColumn: 'l.sales_rep',
    columns: {
      company: 'l.company',
      quoteNumber: 'l.quote_number',
      quoteLineNumber: 'l.quote_line_number',
      quoteDate: day('l.quote_date'),
      expirationDate: day('l.expiration_date'),
      status: 'l.status',
      ...customer('l'),
      salesRep: 'l.sales_rep',
      ...ITEM,
      qty: 'l.qty',
      unitPrice: 'l.unit_price',
      ...amounts('l', costColumn(costBasis)),
    },
    searchColumns: lineSearch('quoteNumber'),
    filterFields: ['company', 'salesRep', 'customer', 'status', 'itemNumber', 'productGroup', 'quoteNumber'],
    defaultSort: { field: 'quoteDate', dir: 'desc' },
    tieBreak: 'l.quote_number DESC, l.quote_line_number ASC',
    where: openOnly ? "l.status = 'Open'" : undefined,
  };
}

/** Quote headers (Quote/Header). */
export const quoteHeaderList: ListModel = {
  name: 'Quote/Header',
  from: `erp.quote_header h ${NAMED_HEADER}`,
  dateColumn: 'h.quote_date',
  salesRepColumn: 'h.sales_rep',
  columns: {
    company: 'h.company',
    quoteNumber: 'h.quote_number',
    quoteDate: day('h.quote_date'),
    expirationDate: day('h.expiration_date'),
    status: 'h.status',
    ...customer('h'),
    shipTo: 'h.ship_to',
    salesRep: 'h.sales_rep',
    branch: 'h.branch',
    orderNumber: 'h.order_number',
    lineCount: 'h.line_count',
    quoteTotal: 'h.quote_total',
  },
  searchColumns: ['quoteNumber', 'customer', 'customerName'],
  filterFields: ['company', 'branch', 'salesRep', 'customer', 'status', 'quoteNumber', 'orderNumber'],
  defaultSort: { field: 'quoteDate', dir: 'desc' },
  tieBreak: 'h.quote_number DESC, h.company ASC',
};

/** Booking events (Booking/Details) on a date basis (seed §9 bookingDateBasis). */
export function bookingList(basis: 'OrderLineDate' | 'BookingDate', costBasis: string): ListModel {
  return {
    name: 'Booking/Details',
    from: `erp.booking l ${NAMED_LINE}`,
    dateColumn: basis === 'BookingDate' ? 'l.booking_date' : 'l.order_line_date',
    salesRepColumn: 'l.sales_rep',
    columns: {
      company: 'l.company',
      bookingId: 'l.booking_id',
      orderNumber: 'l.order_number',
      orderLineNumber: 'l.order_line_number',
      bookingType: 'l.booking_type',
      bookingDate: day('l.booking_date'),
      orderLineDate: day('l.order_line_date'),
      ...customer('l'),
      shipTo: 'l.ship_to',
      salesRep: 'l.sales_rep',
      branch: 'l.branch',
      ...ITEM,
      qty: 'l.qty',
      ...amounts('l', costColumn(costBasis)),
    },
    searchColumns: lineSearch('orderNumber'),
    filterFields: ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'bookingType', 'itemNumber', 'productGroup', 'orderNumber'],
    defaultSort: { field: basis === 'BookingDate' ? 'bookingDate' : 'orderLineDate', dir: 'desc' },
    tieBreak: 'l.booking_id DESC',
    notNull: ['bookingDate', 'orderLineDate'],
  };
}

/** Invoice headers (Invoice/Header/{invoiceNumber}), with freight, tax and the document total. */
const invoiceHeaders: ListModel = {
  name: 'Invoice/Header',
  from: `erp.invoice_header h ${NAMED_HEADER}`,
  dateColumn: 'h.invoice_date',
  salesRepColumn: 'h.sales_rep',
  columns: {
    company: 'h.company',
    invoiceNumber: 'h.invoice_number',
    invoiceType: 'h.invoice_type',
    invoiceDate: day('h.invoice_date'),
    ...customer('h'),
    shipTo: 'h.ship_to',
    salesRep: 'h.sales_rep',
    branch: 'h.branch',
    location: 'h.location',
    orderNumber: 'h.order_number',
    orderDate: day('h.order_date'),
    shipDate: day('h.ship_date'),
    customerPo: 'h.customer_po',
    terms: 'h.terms',
    lineCount: 'h.line_count',
    ...amounts('h'),
    freight: 'h.freight',
    tax: 'h.tax',
    total: '(h.sales + h.freight + h.tax)',
  },
  searchColumns: ['invoiceNumber', 'customer', 'customerName', 'orderNumber', 'customerPo'],
  filterFields: ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'invoiceNumber', 'orderNumber'],
  defaultSort: { field: 'invoiceDate', dir: 'desc' },
  tieBreak: 'h.invoice_number DESC, h.company ASC',
};

/** Invoice headers with cost on the InvoiceCostBasis setting. */
export function invoiceHeaderList(costBasis: string): ListModel {
  return { ...invoiceHeaders, columns: { ...invoiceHeaders.columns, ...amounts('h', costColumn(costBasis)) } };
}

/**
 * Customers whose first invoice falls in the period (Invoice/FirstTime), then the scope on that
 * invoice: a range of the first invoices' date index (erp.customer_first_invoice) with the
 * page's customers named afterwards, or before the rollups are current one index probe per
 * customer for its first invoice.
 */
export function firstTimeList(rollupsReady: boolean): ListModel {
  const first = rollupsReady
    ? `erp.customer_first_invoice f
    LEFT JOIN erp.customer c ON c.company = f.company AND c.customer = f.customer`
    : `erp.customer c
    CROSS JOIN LATERAL (SELECT h.company, h.customer, h.invoice_number, h.invoice_date, h.sales_rep, h.branch, h.sales
                          FROM erp.invoice_header h
                         WHERE h.customer = c.customer AND h.company = c.company AND h.invoice_type = 'IN'
                         ORDER BY h.invoice_date, h.invoice_number LIMIT 1) f`;
  return {
    name: 'Invoice/FirstTime',
    from: first,
    dateColumn: 'f.invoice_date',
    salesRepColumn: 'f.sales_rep',
    columns: {
      company: 'f.company',
      customer: 'f.customer',
      customerName: 'c.customer_name',
      city: 'c.city',
      state: 'c.state',
      salesRep: 'f.sales_rep',
      branch: 'f.branch',
      invoiceNumber: 'f.invoice_number',
      invoiceDate: day('f.invoice_date'),
      sales: 'f.sales',
    },
    searchColumns: ['customer', 'customerName', 'invoiceNumber'],
    filterFields: ['company', 'branch', 'salesRep', 'customer'],
    defaultSort: { field: 'invoiceDate', dir: 'desc' },
    tieBreak: 'f.customer ASC, f.company ASC',
    notNull: ['invoiceDate'],
  };
}

/**
 * The invoice lines that billed an order line (Order/Line/Invoice): the lines of the order's
 * invoices for the order line's item.
 */
export function orderLineInvoiceList(costBasis: string): ListModel {
  const lines = invoiceLineList(costBasis);
  return {
    ...lines,
    name: 'Order/Line/Invoice',
    from: `erp.order_line o
      JOIN erp.invoice_header h ON h.order_number = o.order_number AND h.company = o.company
      JOIN erp.invoice_line l ON l.company = h.company AND l.invoice_number = h.invoice_number AND l.item_number = o.item_number ${NAMED_LINE}`,
    salesRepColumn: 'o.sales_rep',
    columns: { ...lines.columns, orderNumber: 'o.order_number', orderLineNumber: 'o.order_line_number' },
    filterFields: ['company', 'orderNumber', 'orderLineNumber'],
  };
}

/**
 * Invoices paid in full in a period (Invoice/CommissionOnPaid), with the gross profit a
 * commission is paid on: on the invoice's cost, or with useCommissionCost on its commission cost.
 */
export function commissionOnPaidList(useCommissionCost: boolean): ListModel {
  const cost = useCommissionCost ? 'h.commission_cost' : 'h.cost';
  return {
    ...invoiceHeaders,
    name: 'Invoice/CommissionOnPaid',
    dateColumn: 'h.paid_date',
    columns: {
      company: 'h.company',
      invoiceNumber: 'h.invoice_number',
      invoiceDate: day('h.invoice_date'),
      paidDate: day('h.paid_date'),
      daysToPay: '(h.paid_date - h.invoice_date)',
      ...customer('h'),
      salesRep: 'h.sales_rep',
      branch: 'h.branch',
      sales: 'h.sales',
      cost,
      grossProfit: `(h.sales - ${cost})`,
      grossProfitPercent: `round(100 * (h.sales - ${cost}) / nullif(h.sales, 0), 2)`,
    },
    searchColumns: ['invoiceNumber', 'customer', 'customerName'],
    filterFields: ['company', 'branch', 'salesRep', 'customer', 'invoiceNumber'],
    defaultSort: { field: 'paidDate', dir: 'desc' },
    totals: { sales: 'h.sales', cost, invoiceCount: '1' },
  };
}
