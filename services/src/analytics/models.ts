/**
 * The analytics models: for each kind of ERP fact (invoice lines, bookings, order lines) the
 * whitelisted fields, group-bys and the sources that can answer a question — the narrow
 * rollups first, the raw lines last. Every SQL fragment here is a trusted constant.
 */

import {
  BOOKING_DIMENSIONS,
  BOOKING_FIELDS,
  INVOICE_DIMENSIONS,
  INVOICE_FIELDS,
  ON_TIME_DIMENSIONS,
  ON_TIME_FIELDS,
  ORDER_DIMENSIONS,
  ORDER_FIELDS,
  QUOTE_BOOKED_DIMENSIONS,
  QUOTE_BOOKED_FIELDS,
  QUOTE_DIMENSIONS,
  QUOTE_FIELDS,
  type TimeGroupBy,
} from '@tradeboard/shared/contracts';

/**
 * Where a period's FILTER goes in an aggregate written with moneySum (a comment, so the SQL is
 * valid unfiltered); a plain aggregate takes its FILTER at the end.
 */
export const FILTER_SLOT = '/*filter*/';

/** An exact sum of money (two decimals) of an int8 column or expression of cents. */
export const centsSum = (cents: string) => `(sum(${cents})${FILTER_SLOT} / 100.0)`;

/**
 * An exact sum of money (two decimals) on int8 cents: PostgreSQL sums int8 in a 128-bit
 * accumulator, about twice as fast as numeric's (less memory per group, so large group-bys
 * stay in one hash batch), and the result is the same numeric.
 */
export const moneySum = (expression: string) => centsSum(`((${expression}) * 100)::int8`);

/** An aggregate of a source's measures restricted to a period's rows. */
export function filteredAggregate(aggregate: string, condition: string): string {
  const filter = ` FILTER (WHERE ${condition})`;
  return aggregate.includes(FILTER_SLOT) ? aggregate.replace(FILTER_SLOT, filter) : `${aggregate}${filter}`;
}

export type Measure = 'sales' | 'cost' | 'lines' | 'invoices' | 'freight' | 'onTime';
export type Grain = 'day' | 'month' | 'year';

export type Source = {
  name: string;
  table: string;
  /** The date column; on a month or year source it holds the period's first day. */
  dateColumn: string;
  grain: Grain;
  /** API field → column, for the dimensions this source keeps. */
  dims: Readonly<Record<string, string>>;
  /** Aggregates over the source's rows. */
  measures: Readonly<Partial<Record<Measure, string>>>;
  /** Extra trusted predicate (e.g. a date basis). */
  where?: string;
  /**
   * A month source whose row sums a trailing window of this many months: its date column holds
   * the window's last month, one of the data's last 13 months. It answers a range of exactly that
   * many whole months (the last whole or running to the end of the data) through one of those,
   * with no time key.
   */
  trailingMonths?: number;
  /** A rollup (needs rollups matching the latest load). */
  rollup: boolean;
  /**
   * A day rollup with many rows a day, like the lines it sums: a range's whole months are read
   * from a month source that keeps the question, when there is one, and only its partial edges
   * from here, as they are from the lines (engine's monthsAndEdges).
   */
  wholeMonthsElsewhere?: boolean;
  /** The cost measure on the Commission cost basis; by default the sum of the table's commission_cost. */
  commissionCost?: string;
  /**
   * A source with one row per period and this dimension, and nothing else, with an index on
   * (date, column DESC, key) for each measure listed (measure → column): a question about one
   * of its periods, grouped by that dimension and sorted by one of those measures, most first,
   * reads its page from the index (engine's `groupedQuery`). The summary table holds one row per
   * period: its rows' count (`groups`) and the sums of their columns, under the same names.
   * The `next` table, when there is one, holds how many keys (`groups`) had rows in each period
   * and next in which later one (`next_<date column>`, null for none): it counts the keys of a
   * run of consecutive periods. The `monthToDate` table, when there is one, holds how many keys
   * (`groups`) first had rows on each day of a month (`first_day`), counting the month and the
   * same month a year before as one: it counts the keys of a month to a day and of the same days
   * a year before.
   */
  ranked?: { dim: string; columns: Readonly<Partial<Record<Measure, string>>>; summary: string; next?: string; monthToDate?: string };
  /**
   * A rollup kept per user scope (migration 330): this column holds the rep code whose scope a row
   * sums (that rep's lines and his team's, services/src/analytics/scope.ts). It answers only a
   * non-administrator's questions, each read at his own code; its summary is kept per scope too.
   */
  scopeColumn?: string;
};

export type GroupBy =
  | { kind: 'dim'; field: string; names?: NameSource }
  | { kind: 'time'; grain: Grain; key: (dateSql: string) => string };

export type Model = {
  name: string;
  sources: readonly Source[];
  /** Filter fields (a subset of the raw source's dims). */
  filterFields: readonly string[];
  groupBys: Readonly<Record<string, GroupBy>>;
};

/** Where a group's display name comes from: table, code column, name column (trusted). */
export type NameSource = { table: string; key: string; name: string };

const NAMES: Record<string, NameSource> = {
  salesRep: { table: 'erp.sales_rep', key: 'sales_rep', name: 'name' },
  customer: { table: 'erp.customer', key: 'customer', name: 'customer_name' },
  shipTo: { table: 'erp.ship_to', key: 'ship_to', name: 'ship_to_name' },
  productGroup: { table: 'erp.product_group', key: 'product_group', name: 'product_group_name' },
  branch: { table: 'erp.branch', key: 'branch', name: 'branch_name' },
  company: { table: 'erp.company', key: 'company', name: 'company_name' },
  itemNumber: { table: 'erp.item', key: 'item_number', name: 'description' },
  location: { table: 'erp.location', key: 'location', name: 'location_name' },
};

/** The period group-bys (the contracts' TIME_GROUP_BYS). */
const TIME_GROUP_BYS: Record<TimeGroupBy, GroupBy> = {
  day: { kind: 'time', grain: 'day', key: (d) => `to_char(${d}, 'YYYY-MM-DD')` },
  week: { kind: 'time', grain: 'day', key: (d) => `to_char(${d} - extract(dow FROM ${d})::int, 'YYYY-MM-DD')` },
  month: { kind: 'time', grain: 'month', key: (d) => `to_char(${d}, 'YYYY-MM')` },
  quarter: { kind: 'time', grain: 'month', key: (d) => `to_char(${d}, 'YYYY-"Q"Q')` },
  year: { kind: 'time', grain: 'year', key: (d) => `to_char(${d}, 'YYYY')` },
};

/** A model's group-bys: its dimensions (the contracts' lists) and the periods. */
function groupBysOf(dimensions: readonly string[]): Record<string, GroupBy> {
  return {
    ...Object.fromEntries(dimensions.map((field) => [field, { kind: 'dim', field, names: NAMES[field] } satisfies GroupBy])),
    ...TIME_GROUP_BYS,
  };
}

const ROLLUP_MEASURES = { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)', invoices: 'sum(invoice_count)', freight: moneySum('freight') };
const BOOKING_ROLLUP_MEASURES = { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)' };
const ON_TIME_ROLLUP_MEASURES = { ...BOOKING_ROLLUP_MEASURES, onTime: 'sum(on_time_count)' };
const ORG_DIMS = { company: 'company', branch: 'branch', salesRep: 'sales_rep' };

/**
 * A source by customer alone (erp.<x>_customer_total, ranked, for the questions no scope narrows)
 * and the same kept per user scope × customer (erp.<x>_customer_scope_total, migrations 330 and
 * 331), for a rep's or a manager's: ranked on the same columns with its summary per scope, but with
 * no `next` or `monthToDate` counts, which are kept for all customers only.
 */
function withScopeTotals(byCustomer: Source): Source[] {
  const name = byCustomer.name.replace(/_customer_total$/, '_customer_scope_total');
  const ranked = byCustomer.ranked!;
  return [
    byCustomer,
    {
      ...byCustomer,
      name,
      table: `erp.${name}`,
      ranked: { dim: ranked.dim, columns: ranked.columns, summary: ranked.summary.replace(/_customer_summary$/, '_customer_scope_summary') },
      scopeColumn: 'scope_rep',
    },
  ];
}

/**
 * The window sources by customer (migrations 037, 042 and 330): erp.<subject>_<span>_customer_total,
 * whose rows sum `trailingMonths` months through each of the data's last 13 months by customer
 * alone, ranked on `ranked` from the indexes by month and those columns, with its summary, and the
 * same per user scope (withScopeTotals).
 */
function customerWindowSources(
  subject: string,
  span: 'trailing_year' | 'recent_month',
  measures: Source['measures'],
  ranked: Readonly<Partial<Record<Measure, string>>>,
  options: { where?: string; monthToDate?: string } = {},
): Source[] {
  const name = `${subject}_${span}_customer_total`;
  return withScopeTotals({
    name,
    table: `erp.${name}`,
    dateColumn: 'month',
    grain: 'month',
    trailingMonths: span === 'trailing_year' ? 12 : 1,
    dims: { customer: 'customer' },
    measures,
    where: options.where,
    rollup: true,
    ranked: { dim: 'customer', columns: ranked, summary: `erp.${subject}_${span}_customer_summary`, monthToDate: options.monthToDate },
  });
}

export const invoiceModel: Model = {
  name: 'Invoice',
  sources: [
    { name: 'invoice_day_rep', table: 'erp.invoice_day_rep', dateColumn: 'invoice_date', grain: 'day', dims: ORG_DIMS, measures: ROLLUP_MEASURES, rollup: true },
    {
      name: 'invoice_month_product_group',
      table: 'erp.invoice_month_product_group',
      dateColumn: 'month',
      grain: 'month',
      dims: { ...ORG_DIMS, productGroup: 'product_group' },
      measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)', freight: moneySum('freight') },
      rollup: true,
    },
    // By customer alone, and per user scope × customer (migration 331).
    ...withScopeTotals({
      name: 'invoice_year_customer_total',
      table: 'erp.invoice_year_customer_total',
      dateColumn: 'year',
      grain: 'year',
      dims: { customer: 'customer' },
      measures: ROLLUP_MEASURES,
      rollup: true,
      ranked: { dim: 'customer', columns: { sales: 'sales', freight: 'freight' }, summary: 'erp.invoice_year_customer_summary', next: 'erp.invoice_year_customer_next' },
    }),
    // The 12 months through each of the data's last 13 months (rolling and last 12 months), and each of those months, by customer alone and per user scope × customer.
    ...customerWindowSources('invoice', 'trailing_year', ROLLUP_MEASURES, { sales: 'sales', freight: 'freight' }),
    ...customerWindowSources('invoice', 'recent_month', ROLLUP_MEASURES, { sales: 'sales', freight: 'freight' }, { monthToDate: 'erp.invoice_month_to_date_customers' }),
    {
      name: 'invoice_year_customer',
      table: 'erp.invoice_year_customer',
      dateColumn: 'year',
      grain: 'year',
      dims: { ...ORG_DIMS, customer: 'customer' },
      measures: ROLLUP_MEASURES,
      rollup: true,
    },
    {
      name: 'invoice_month_customer',
      table: 'erp.invoice_month_customer',
      dateColumn: 'month',
      grain: 'month',
      dims: { ...ORG_DIMS, customer: 'customer' },
      measures: ROLLUP_MEASURES,
      rollup: true,
    },
    {
      // Month × item alone (migration 054): no company, sales rep or branch.
      name: 'invoice_month_item_total',
      table: 'erp.invoice_month_item_total',
      dateColumn: 'month',
      grain: 'month',
      dims: { itemNumber: 'item_number' },
      measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)', freight: moneySum('freight') },
      rollup: true,
      ranked: { dim: 'itemNumber', columns: { sales: 'sales' }, summary: 'erp.invoice_month_item_summary' },
    },
    {
      // No sales rep or branch: it answers only questions no scope narrows (aggregateQuery).
      name: 'invoice_month_item',
      table: 'erp.invoice_month_item',
      dateColumn: 'month',
      grain: 'month',
      dims: { company: 'company', itemNumber: 'item_number' },
      measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)', freight: moneySum('freight') },
      rollup: true,
    },
    {
      // The days of partial months by customer (migration 044).
      name: 'invoice_day_customer',
      table: 'erp.invoice_day_customer',
      dateColumn: 'invoice_date',
      grain: 'day',
      dims: { ...ORG_DIMS, customer: 'customer' },
      measures: ROLLUP_MEASURES,
      rollup: true,
      wholeMonthsElsewhere: true,
    },
    {
      name: 'invoice_line',
      table: 'erp.invoice_line',
      dateColumn: 'invoice_date',
      grain: 'day',
      dims: {
        ...ORG_DIMS,
        customer: 'customer',
        shipTo: 'ship_to',
        productGroup: 'product_group',
        itemNumber: 'item_number',
        invoiceNumber: 'invoice_number',
      },
      measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'count(*)', invoices: 'count(DISTINCT (company, invoice_number))', freight: moneySum('freight') },
      rollup: false,
    },
  ],
  filterFields: INVOICE_FIELDS,
  groupBys: groupBysOf(INVOICE_DIMENSIONS),
};

/** Whether a cost basis setting (InvoiceCostBasis and its kin) puts gross profit on the commission cost. */
export const onCommissionCost = (costBasis: string) => costBasis === 'Commission';

/**
 * A model on a cost basis setting (InvoiceCostBasis, OrderCostBasis, BookingCostBasis,
 * QuoteCostBasis; seed §9 default Commission): on Commission every source's cost measure is its
 * commission cost (each source table keeps commission_cost), on any other basis the cost the ERP
 * booked.
 */
export function onCostBasis(model: Model, costBasis: string): Model {
  if (!onCommissionCost(costBasis)) return model;
  return {
    ...model,
    name: `${model.name} (commission cost)`,
    sources: model.sources.map((source) => ({ ...source, measures: { ...source.measures, cost: source.commissionCost ?? moneySum('commission_cost') } })),
  };
}

/** Invoice lines with cost on the InvoiceCostBasis setting. */
export function invoiceModelFor(costBasis: string): Model {
  return onCostBasis(invoiceModel, costBasis);
}

/** Bookings on a date basis (seed §9 bookingDateBasis: OrderLineDate by default, or BookingDate). */
export function bookingModel(basis: 'OrderLineDate' | 'BookingDate'): Model {
  return {
    name: `Booking/${basis}`,
    sources: [
      {
        name: 'booking_day_rep',
        table: 'erp.booking_day_rep',
        dateColumn: 'day',
        grain: 'day',
        dims: ORG_DIMS,
        measures: BOOKING_ROLLUP_MEASURES,
        where: `basis = '${basis}'`,
        rollup: true,
      },
      // The 12 months through each of the data's last 13 months, and each of those months, by customer alone and per user scope × customer (like the invoices').
      ...customerWindowSources('booking', 'trailing_year', BOOKING_ROLLUP_MEASURES, { sales: 'sales' }, { where: `basis = '${basis}'` }),
      ...customerWindowSources('booking', 'recent_month', BOOKING_ROLLUP_MEASURES, { sales: 'sales' }, { where: `basis = '${basis}'` }),
      {
        name: 'booking_month_customer',
        table: 'erp.booking_month_customer',
        dateColumn: 'month',
        grain: 'month',
        dims: { ...ORG_DIMS, customer: 'customer' },
        measures: BOOKING_ROLLUP_MEASURES,
        where: `basis = '${basis}'`,
        rollup: true,
      },
      {
        name: 'booking',
        table: 'erp.booking',
        dateColumn: basis === 'BookingDate' ? 'booking_date' : 'order_line_date',
        grain: 'day',
        dims: {
          ...ORG_DIMS,
          customer: 'customer',
          shipTo: 'ship_to',
          productGroup: 'product_group',
          itemNumber: 'item_number',
          orderNumber: 'order_number',
        },
        measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'count(*)' },
        rollup: false,
      },
    ],
    filterFields: BOOKING_FIELDS,
    groupBys: groupBysOf(BOOKING_DIMENSIONS),
  };
}

const ORDER_LINE_DIMS = {
  ...ORG_DIMS,
  customer: 'customer',
  shipTo: 'ship_to',
  productGroup: 'product_group',
  itemNumber: 'item_number',
  location: 'location',
  orderNumber: 'order_number',
};

/** Order lines by order date; "sales" is the open amount when the call asks for open lines. */
export function orderModel(openOnly: boolean): Model {
  // The open lines with their open amounts in cents (migration 053).
  const openLines: Source = {
    name: 'open_order_line',
    table: 'erp.open_order_line',
    dateColumn: 'order_date',
    grain: 'day',
    dims: { ...ORDER_LINE_DIMS, status: 'status' },
    measures: { sales: centsSum('open_sales'), cost: centsSum('open_cost'), lines: 'count(*)', invoices: 'count(DISTINCT (company, order_number))' },
    commissionCost: centsSum('open_commission_cost'),
    rollup: true,
  };
  return {
    name: openOnly ? 'Order/Open' : 'Order',
    sources: [
      ...(openOnly ? [openLines] : []),
      {
        name: 'order_line',
        table: 'erp.order_line',
        dateColumn: 'order_date',
        grain: 'day',
        dims: { ...ORDER_LINE_DIMS, status: 'status' },
        measures: openOnly
          ? { sales: moneySum('open_sales'), cost: moneySum('round(qty_open * unit_cost, 2)'), lines: 'count(*)', invoices: 'count(DISTINCT (company, order_number))' }
          : { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'count(*)', invoices: 'count(DISTINCT (company, order_number))' },
        // The open share of the line's commission cost.
        commissionCost: openOnly ? moneySum('round(commission_cost * qty_open / qty_ordered, 2)') : undefined,
        where: openOnly ? 'qty_open > 0' : undefined,
        rollup: false,
      },
    ],
    filterFields: ORDER_FIELDS,
    groupBys: groupBysOf(ORDER_DIMENSIONS),
  };
}

const QUOTE_ROLLUP_MEASURES = { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)', invoices: 'sum(quote_count)' };

/** Quote lines by quote date; with openOnly, the quotes still open. */
export function quoteModel(openOnly: boolean): Model {
  return {
    name: openOnly ? 'Quote/Open' : 'Quote',
    sources: [
      {
        name: 'quote_day_rep',
        table: 'erp.quote_day_rep',
        dateColumn: 'quote_date',
        grain: 'day',
        dims: { company: 'company', salesRep: 'sales_rep', status: 'status' },
        measures: QUOTE_ROLLUP_MEASURES,
        where: openOnly ? "status = 'Open'" : undefined,
        rollup: true,
      },
      {
        name: 'quote_line',
        table: 'erp.quote_line',
        dateColumn: 'quote_date',
        grain: 'day',
        dims: { company: 'company', salesRep: 'sales_rep', customer: 'customer', productGroup: 'product_group', itemNumber: 'item_number', status: 'status', quoteNumber: 'quote_number' },
        measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'count(*)', invoices: 'count(DISTINCT (company, quote_number))' },
        where: openOnly ? "status = 'Open'" : undefined,
        rollup: false,
      },
    ],
    filterFields: QUOTE_FIELDS,
    groupBys: groupBysOf(QUOTE_DIMENSIONS),
  };
}

/**
 * QuoteBooked: the lines of quotes that became orders (status Converted), dated by the day the
 * order was entered. The quote header names the order it became.
 */
export const quoteBookedModel: Model = {
  name: 'QuoteBooked',
  sources: [
    {
      name: 'quote_booked_day_rep',
      table: 'erp.quote_booked_day_rep',
      dateColumn: 'booked_date',
      grain: 'day',
      dims: ORG_DIMS,
      measures: QUOTE_ROLLUP_MEASURES,
      rollup: true,
    },
    // By customer alone, and per user scope × customer (migration 331).
    ...withScopeTotals({
      name: 'quote_booked_year_customer_total',
      table: 'erp.quote_booked_year_customer_total',
      dateColumn: 'year',
      grain: 'year' as const,
      dims: { customer: 'customer' },
      measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)' },
      rollup: true,
      ranked: { dim: 'customer', columns: { sales: 'sales' }, summary: 'erp.quote_booked_year_customer_summary', next: 'erp.quote_booked_year_customer_next' },
    }),
    // Quote counts do not add up across customers or product groups (a quote spans both): these keep none.
    ...(
      [
        ['customer', 'customer'],
        ['productGroup', 'product_group'],
      ] as const
    ).map(([field, column]) => ({
      name: `quote_booked_month_${column}`,
      table: `erp.quote_booked_month_${column}`,
      dateColumn: 'month',
      grain: 'month' as const,
      dims: { ...ORG_DIMS, [field]: column },
      measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'sum(line_count)' },
      rollup: true,
    })),
    {
      name: 'quote_line',
      table: `(SELECT q.company, h.branch, q.sales_rep, q.customer, q.product_group, q.item_number, q.quote_number,
                      h.order_number, o.order_date AS booked_date, q.sales, q.cost, q.commission_cost
                 FROM erp.quote_line q
                 JOIN erp.quote_header h ON h.company = q.company AND h.quote_number = q.quote_number
                 JOIN erp.order_header o ON o.company = h.company AND o.order_number = h.order_number
                WHERE q.status = 'Converted') qb`,
      dateColumn: 'booked_date',
      grain: 'day',
      dims: {
        ...ORG_DIMS,
        customer: 'customer',
        productGroup: 'product_group',
        itemNumber: 'item_number',
        quoteNumber: 'quote_number',
        orderNumber: 'order_number',
      },
      measures: { sales: moneySum('sales'), cost: moneySum('cost'), lines: 'count(*)', invoices: 'count(DISTINCT (company, quote_number))' },
      rollup: false,
    },
  ],
  filterFields: QUOTE_BOOKED_FIELDS,
  groupBys: groupBysOf(QUOTE_BOOKED_DIMENSIONS),
};

/**
 * On-time delivery: order lines shipped in the period (by ship date), on time when shipped on
 * or before the promise date (seed §9 order past-due basis OrderHeaderPromiseDate; the mirror's
 * lines carry their header's promise date).
 */
export const onTimeModel: Model = {
  name: 'Order/OnTimeDelivery',
  sources: [
    // The 12 months through each of the data's last 13 months by customer alone and per user scope × customer (like the invoices').
    ...customerWindowSources('order_ship', 'trailing_year', ON_TIME_ROLLUP_MEASURES, { sales: 'sales' }),
    {
      name: 'order_ship_month_customer',
      table: 'erp.order_ship_month_customer',
      dateColumn: 'month',
      grain: 'month',
      dims: { ...ORG_DIMS, customer: 'customer' },
      measures: ON_TIME_ROLLUP_MEASURES,
      rollup: true,
    },
    {
      name: 'order_line',
      table: 'erp.order_line',
      dateColumn: 'ship_date',
      grain: 'day',
      dims: ORDER_LINE_DIMS,
      measures: {
        sales: moneySum('sales'),
        cost: moneySum('cost'),
        lines: 'count(*)',
        invoices: 'count(DISTINCT (company, order_number))',
        // A plain aggregate (no FILTER of its own): the engine adds each period's FILTER.
        onTime: 'sum((ship_date <= promise_date)::int)',
      },
      where: 'ship_date IS NOT NULL',
      rollup: false,
    },
  ],
  filterFields: ON_TIME_FIELDS,
  groupBys: groupBysOf(ON_TIME_DIMENSIONS),
};
