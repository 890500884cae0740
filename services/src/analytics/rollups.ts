/**
 * The analytics rollups (migrations 004_rollups.sql, 007_sales_calls.sql, 011–015, 018–028, 033–035, 037–048, 053, 054, 070, 280, 300, 301, 330, 331): narrow
 * pre-aggregates of the invoice lines, bookings and quotes, rebuilt after each ERP load by `generateErpData` and `runErpLoad` (inside the load's
 * transaction, so readers never see new lines with old rollups).
 */
type Queryable = { query: (text: string) => Promise<unknown> };
type ValuesQueryable = { query: (text: string, values: unknown[]) => Promise<unknown> };

/**
 * Every rollup table, with the index that leads with its date when it is read by ranges of dates
 * (null when it is read by key). A refresh inserts rows in the order its GROUP BY's hash leaves
 * them, so one month's rows would lie on every page of the table and a month would cost a read of
 * all of it: refreshRollups rewrites each dated rollup in the order of that index.
 */
const ROLLUPS = {
  invoice_day_rep: 'invoice_day_rep_pkey',
  invoice_month_customer: 'invoice_month_customer_pkey',
  invoice_day_customer: 'invoice_day_customer_pkey',
  invoice_year_customer: 'invoice_year_customer_pkey',
  invoice_month_product_group: 'invoice_month_product_group_pkey',
  // Read by customer (its index holds what goal against actual reads), not by ranges of months: no CLUSTER.
  invoice_month_customer_product_group: null,
  booking_day_rep: 'booking_day_rep_pkey',
  quote_day_rep: 'quote_day_rep_pkey',
  quote_booked_day_rep: 'quote_booked_day_rep_pkey',
  order_ship_month_customer: 'order_ship_month_customer_pkey',
  item_last_sale: 'item_last_sale_by_date',
  item_rep_last_sale: null,
  customer_item_last_sale: null,
  usage_month_groups: 'usage_month_groups_pkey',
  usage_month_customer_item: null,
  invoice_month_item: 'invoice_month_item_pkey',
  invoice_month_item_total: 'invoice_month_item_total_pkey',
  invoice_month_item_summary: null,
  purchase_order_day: 'purchase_order_day_by_date',
  purchase_order_month: 'purchase_order_month_by_month',
  booking_month_customer: 'booking_month_customer_pkey',
  invoice_ibt_day: 'invoice_ibt_day_by_date',
  invoice_ibt_line: null,
  customer_first_invoice: 'customer_first_invoice_by_date',
  quote_booked_month_customer: 'quote_booked_month_customer_pkey',
  quote_booked_month_product_group: 'quote_booked_month_product_group_pkey',
  customer_invoice_days: null,
  item_invoice_days: null,
  customer_rep_invoice_days: null,
  item_rep_invoice_days: null,
  quote_header_day: 'quote_header_day_pkey',
  ar_open_rep: null,
  ar_open_customer: null,
  ar_open_dates: null,
  service_order_day: 'service_order_day_pkey',
  order_line_short: null,
  open_order_line: null,
  customer_item_last_sale_day: 'customer_item_last_sale_day_by_date',
  invoice_year_customer_total: 'invoice_year_customer_total_pkey',
  quote_booked_year_customer_total: 'quote_booked_year_customer_total_pkey',
  invoice_year_customer_summary: null,
  quote_booked_year_customer_summary: null,
  invoice_year_customer_scope_total: 'invoice_year_customer_scope_total_pkey',
  quote_booked_year_customer_scope_total: 'quote_booked_year_customer_scope_total_pkey',
  invoice_year_customer_scope_summary: null,
  quote_booked_year_customer_scope_summary: null,
  year_first_day: 'year_first_day_pkey',
  invoice_trailing_year_customer_total: 'invoice_trailing_year_customer_total_pkey',
  invoice_trailing_year_customer_summary: null,
  booking_trailing_year_customer_total: 'booking_trailing_year_customer_total_pkey',
  booking_trailing_year_customer_summary: null,
  order_ship_trailing_year_customer_total: 'order_ship_trailing_year_customer_total_pkey',
  order_ship_trailing_year_customer_summary: null,
  invoice_recent_month_customer_total: 'invoice_recent_month_customer_total_pkey',
  invoice_recent_month_customer_summary: null,
  booking_recent_month_customer_total: 'booking_recent_month_customer_total_pkey',
  booking_recent_month_customer_summary: null,
  invoice_trailing_year_customer_scope_total: 'invoice_trailing_year_customer_scope_total_pkey',
  invoice_trailing_year_customer_scope_summary: null,
  booking_trailing_year_customer_scope_total: 'booking_trailing_year_customer_scope_total_pkey',
  booking_trailing_year_customer_scope_summary: null,
  order_ship_trailing_year_customer_scope_total: 'order_ship_trailing_year_customer_scope_total_pkey',
  order_ship_trailing_year_customer_scope_summary: null,
  invoice_recent_month_customer_scope_total: 'invoice_recent_month_customer_scope_total_pkey',
  invoice_recent_month_customer_scope_summary: null,
  booking_recent_month_customer_scope_total: 'booking_recent_month_customer_scope_total_pkey',
  booking_recent_month_customer_scope_summary: null,
  invoice_year_customer_next: null,
  invoice_customer_years: null,
  invoice_customer_years_summary: null,
  business_health_month: null,
  invoice_month_to_date_customers: null,
  quote_booked_year_customer_next: null,
  customer_product_group_trailing_year: null,
  customer_trailing_year_sales: null,
  white_space_peer_group: null,
  white_space_product_group: null,
} as const satisfies Record<string, string | null>;

export const ROLLUP_TABLES = Object.keys(ROLLUPS) as Array<keyof typeof ROLLUPS>;
/** The dated rollups, each with its date index. */
export const DATED_ROLLUPS = Object.entries(ROLLUPS).flatMap(([table, index]) => (index ? [{ table, index }] : []));

/** The statements that rebuild the rollups from the erp tables, in order (each a function of its migration). */
const REFRESH_STATEMENTS = [
  'SELECT erp.refresh_rollups()',
  // Month × customer × product group (migration 280), for goal against actual at a level naming both.
  'SELECT erp.refresh_invoice_month_customer_product_group()',
  // The quote and on-time rollups of migration 007 (the load's transaction keeps them in step with rollup_state).
  'SELECT erp.refresh_sales_rollups()',
  // Each item's last sale per rep and in all (migrations 011, 300), for Inventory/Inactive/Supplier.
  'SELECT erp.refresh_item_rollups()',
  // Each customer's last purchase of each item (migration 012), for Inventory/Inactive/Customer.
  'SELECT erp.refresh_customer_item_rollups()',
  // Customer × item groups per month (migration 013), for Usage/Log.
  'SELECT erp.refresh_usage_rollups()',
  // Each customer's item per month over the data's last 13 months (migration 039), for Usage/Log's page.
  'SELECT erp.refresh_usage_month_customer_items()',
  // Day × customer (migration 044), for questions by customer over days that are not whole months.
  'SELECT erp.refresh_invoice_day_customer()',
  // The customers of each month by their first day in it or in the same month a year before (migration 048), from it, for this month by customer against the same days last year.
  'SELECT erp.refresh_invoice_month_to_date_customers()',
  // Month × item (migration 014), for Usage/KPI.
  'SELECT erp.refresh_item_month_rollups()',
  // Month × item alone (migration 054), from it, for one month's questions by item that no scope narrows.
  'SELECT erp.refresh_invoice_month_item_totals()',
  // Purchase orders by day and by month (migration 015), for the PurchaseOrder KPI and Summary.
  'SELECT erp.refresh_purchase_order_rollups()',
  // Bookings by month × customer (migration 018), for bookings by customer.
  'SELECT erp.refresh_booking_rollups()',
  // Lines shipped from another branch by day (migration 019), for IBTSalesHistory/List's count and totals, and their keys (migration 041), for its page.
  'SELECT erp.refresh_ibt_rollups()',
  // Each customer's first invoice (migration 020), for Invoice/FirstTime.
  'SELECT erp.refresh_customer_first_invoices()',
  // Converted quotes by month × customer and month × product group (migration 021), for QuoteBooked.
  'SELECT erp.refresh_quote_booked_rollups()',
  // The day rollup's quantity, and the days each customer bought and each item sold, per rep and in all (migrations 023, 301), for Usage/KPI.
  'SELECT erp.refresh_usage_kpi_rollups()',
  // The customers and items by their first day of each year (migration 035), from those days, for Usage/KPI from 1 January.
  'SELECT erp.refresh_year_first_days()',
  // Quote headers by day (migration 024), for Analysis/QuoteConversionRatio.
  'SELECT erp.refresh_quote_header_rollups()',
  // Open receivables by rep (migration 025), for Analysis/ArApRatio, and by customer and by dates (migration 040), for AR/Grouped by customer.
  'SELECT erp.refresh_ar_rollups()',
  // Service orders by opened day (migration 026), for ServiceOrder/Summary.
  'SELECT erp.refresh_service_order_rollups()',
  // Open lines their location cannot fill (migration 028), for Order/LinesNotInStock's count.
  'SELECT erp.refresh_order_line_short()',
  // The open order lines with their open amounts in cents (migration 053), for the open order questions.
  'SELECT erp.refresh_open_order_line()',
  // The customer × item pairs by the day they last bought (migration 033), for Inventory/Inactive/Customer's count.
  'SELECT erp.refresh_customer_item_last_sale_days()',
  // One row per customer per year of the invoices and converted quotes (migration 034), for one year's questions by customer that no scope narrows, and per user scope × customer (migration 331), for a rep's or a manager's.
  'SELECT erp.refresh_year_customer_totals()',
  // The customers of each year by their next year (migration 038), from those totals, for year over year by customer.
  'SELECT erp.refresh_year_customer_next()',
  // One row per customer per 12 months through each of the data's last 13 months (migration 037), for invoices, bookings and shipped order lines over rolling and last 12 months by customer that no scope narrows,
  // and per each of those months (migration 042), for invoices and bookings of one month; the same per user scope (a rep's or a manager's) × customer (migration 330), for theirs.
  'SELECT erp.refresh_trailing_year_customer_totals()',
  // Each customer's sales over the last 12 whole months and the 12 before, with their running sum by rank (migrations 045, 047), from the month rollup, for Analysis/BusinessHealthDetail.
  'SELECT erp.refresh_invoice_customer_years()',
  // How many customers bought or booked in each month or the same month a year before (migration 046), for Analysis/BusinessHealth by customer.
  'SELECT erp.refresh_business_health_months()',
  // Each customer's sales over the 12 months through the data's last day, per product group and with its account class and size band, and per class × band its product groups' buyers (migration 070), for Customer/WhiteSpace.
  'SELECT erp.refresh_white_space_rollups()',
];

/**
 * Rebuilds every rollup from the erp tables and records the load it was built from; `onStep`
 * hears each finished step (done of total), for a load's progress.
 */
export async function refreshRollups(db: Queryable, onStep?: (done: number, total: number) => void | Promise<void>): Promise<void> {
  const total = REFRESH_STATEMENTS.length + DATED_ROLLUPS.length;
  let done = 0;
  for (const statement of REFRESH_STATEMENTS) {
    await db.query(statement);
    await onStep?.(++done, total);
  }
  // Each dated rollup rewritten in the order of its date index, so a period is a run of adjacent pages.
  // The refresh's TRUNCATE already holds the tables' locks until the load commits.
  for (const { table, index } of DATED_ROLLUPS) {
    await db.query(`CLUSTER erp.${table} USING ${index}`);
    await onStep?.(++done, total);
  }
}

/**
 * What a load touched, for `refreshRollupsFor` (services/src/erp-load/touched.ts collects it): the
 * days of the rows it wrote or deleted, before and after the write, per date the rollups are keyed
 * on, and the keys of the rollups kept per customer or item across all time. Keys are arrays of
 * columns ([company, customer], …); `previousThrough` is the data's last day before the load.
 */
export type TouchedRollups = {
  previousThrough: string | null;
  /** Invoice lines' days (of the lines written or deleted and of the lines of the invoices written or deleted). */
  invoiceDays: string[];
  /** Bookings' booking and order line days. */
  bookingDays: string[];
  /** Order lines' ship days. */
  shipDays: string[];
  /** Quote lines' days. */
  quoteDays: string[];
  /** Quote headers' days. */
  quoteHeaderDays: string[];
  /** The order days of the orders of the touched quotes, and of the touched orders. */
  bookedDays: string[];
  /** Every line day of the touched purchase orders. */
  poDays: string[];
  /** The customers of the touched invoice lines and headers. */
  invoiceCustomers: [company: string, customer: string][];
  /** The rep × customer × item keys of the touched invoice lines. */
  invoiceRepPairs: [rep: string, company: string, customer: string, item: string][];
  /** The touched invoice lines' sales (lines with a positive quantity) and what the last-sale rollups keep of them: each value before the load with sign -1, after it with +1. */
  lineSales: [rep: string, company: string, item: string, day: string, sales: string, customer: string, branch: string, productGroup: string, sign: 1 | -1][];
  bookingCustomers: string[];
  shipCustomers: string[];
  /** The order lines written or deleted. */
  orderLines: [company: string, order: string, line: number][];
  /** How many more invoice lines there are after the load than before (the lines read before and after it). */
  invoiceLineChange: number;
  /** Open receivables written or deleted (their three small rollups are rebuilt). */
  arOpen: boolean;
  /** Order lines or inventory written or deleted (the short lines' counts are rebuilt). */
  orderLineShort: boolean;
};

const columnsOf = (rows: readonly (readonly unknown[])[], at: number) => rows.map((row) => row[at]);
/** The distinct tuples of some columns of the rows, as one array per column. */
const distinctColumns = (rows: readonly (readonly unknown[])[], at: readonly number[]) => {
  const tuples = [...new Map(rows.map((row) => [JSON.stringify(at.map((i) => row[i])), at.map((i) => row[i])])).values()];
  return at.map((_, i) => columnsOf(tuples, i));
};

/**
 * The statements that refresh what a load touched, in the order of REFRESH_STATEMENTS (migration
 * 250: one `erp.refresh_…_for` beside each full `erp.refresh_…`). Those with nothing touched are left out.
 */
function deltaStatements(t: TouchedRollups): Array<{ text: string; values: unknown[] }> {
  const pairs = distinctColumns(t.invoiceRepPairs, [1, 2, 3]);
  const items = distinctColumns(t.invoiceRepPairs, [1, 3]);
  const statements: Array<{ text: string; values: unknown[]; when: boolean }> = [
    // 310: the month rollups' changes, recorded by their refreshes for the rollups moved by them.
    { text: 'SELECT erp.begin_rollup_changes()', values: [], when: true },
    { text: 'SELECT erp.refresh_rollups_for($1::date[], $2::date[])', values: [t.invoiceDays, t.bookingDays], when: true },
    // 280: the touched customers' rows of the touched months.
    {
      text: 'SELECT erp.refresh_invoice_month_customer_product_group_for($1::date[], $2::text[], $3::text[])',
      values: [t.invoiceDays, ...[0, 1].map((i) => columnsOf(t.invoiceCustomers, i))],
      when: t.invoiceDays.length > 0 && t.invoiceCustomers.length > 0,
    },
    { text: 'SELECT erp.refresh_sales_rollups_for($1::date[], $2::date[], $3::date[])', values: [t.shipDays, t.quoteDays, t.bookedDays], when: t.shipDays.length + t.quoteDays.length + t.bookedDays.length > 0 },
    // 011, 012, 033 and 316: the pairs moved by their lines, the items from them, and the pairs by their last day.
    {
      text: 'SELECT erp.refresh_customer_item_rollups_for($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::numeric[], $9::int[])',
      values: [1, 5, 2, 6, 0, 7, 3, 4, 8].map((i) => columnsOf(t.lineSales, i)),
      when: t.lineSales.length > 0,
    },
    // 300: each item's last sale and sales bound per rep, moved by the lines' differences.
    {
      text: 'SELECT erp.refresh_item_rep_last_sale_for($1::text[], $2::text[], $3::text[], $4::date[], $5::numeric[], $6::int[])',
      values: [0, 1, 2, 3, 4, 8].map((i) => columnsOf(t.lineSales, i)),
      when: t.lineSales.length > 0,
    },
    { text: 'SELECT erp.refresh_usage_rollups_for($1::date[])', values: [t.invoiceDays], when: t.invoiceDays.length > 0 },
    {
      text: 'SELECT erp.refresh_usage_month_customer_items_for($1::date[], $2::date, $3::text[], $4::text[], $5::text[])',
      values: [t.invoiceDays, t.previousThrough, ...pairs],
      when: true,
    },
    { text: 'SELECT erp.refresh_invoice_day_customer_for($1::date[])', values: [t.invoiceDays], when: t.invoiceDays.length > 0 },
    { text: 'SELECT erp.refresh_invoice_month_to_date_customers_for($1::date[])', values: [t.invoiceDays], when: t.invoiceDays.length > 0 },
    { text: 'SELECT erp.refresh_item_month_rollups_for($1::date[])', values: [t.invoiceDays], when: t.invoiceDays.length > 0 },
    { text: 'SELECT erp.refresh_invoice_month_item_totals_for($1::date[])', values: [t.invoiceDays], when: t.invoiceDays.length > 0 },
    { text: 'SELECT erp.refresh_purchase_order_rollups_for($1::date[])', values: [t.poDays], when: t.poDays.length > 0 },
    { text: 'SELECT erp.refresh_booking_rollups_for($1::date[])', values: [t.bookingDays], when: t.bookingDays.length > 0 },
    { text: 'SELECT erp.refresh_ibt_rollups_for($1::date[])', values: [t.invoiceDays], when: t.invoiceDays.length > 0 },
    { text: 'SELECT erp.refresh_customer_first_invoices_for($1::text[], $2::text[])', values: [0, 1].map((i) => columnsOf(t.invoiceCustomers, i)), when: t.invoiceCustomers.length > 0 },
    { text: 'SELECT erp.refresh_quote_booked_rollups_for($1::date[])', values: [t.bookedDays], when: t.bookedDays.length > 0 },
    {
      text: 'SELECT erp.refresh_usage_kpi_rollups_for($1::date[], $2::text[], $3::text[], $4::text[], $5::text[])',
      values: [t.invoiceDays, columnsOf(t.invoiceCustomers, 0), columnsOf(t.invoiceCustomers, 1), ...items],
      when: t.invoiceDays.length > 0,
    },
    // 301: the touched rep × customer and rep × item keys' days.
    ...(['customer', 'item_number'] as const).map((key) => {
      const keys = distinctColumns(t.invoiceRepPairs, [0, 1, key === 'customer' ? 2 : 3]);
      return {
        text: 'SELECT erp.refresh_rep_key_days_for($1, $2, $3::date[], $4::text[], $5::text[], $6::text[])',
        values: [key === 'customer' ? 'customer_rep_invoice_days' : 'item_rep_invoice_days', key, t.invoiceDays, ...keys],
        when: t.invoiceDays.length > 0 && t.invoiceRepPairs.length > 0,
      };
    }),
    { text: 'SELECT erp.refresh_year_first_days_for($1::date[])', values: [t.invoiceDays], when: t.invoiceDays.length > 0 },
    { text: 'SELECT erp.refresh_quote_header_rollups_for($1::date[])', values: [t.quoteHeaderDays], when: t.quoteHeaderDays.length > 0 },
    { text: 'SELECT erp.refresh_ar_rollups()', values: [], when: t.arOpen },
    // Service orders are not in an extract's tables (layouts.ts): their rollup never moves in a load.
    { text: 'SELECT erp.refresh_order_line_short()', values: [], when: t.orderLineShort },
    { text: 'SELECT erp.refresh_open_order_line_for($1::text[], $2::text[], $3::int[])', values: [0, 1, 2].map((i) => columnsOf(t.orderLines, i)), when: t.orderLines.length > 0 },
    // 310: moved by the month rollups' changes.
    { text: 'SELECT erp.refresh_year_customer_totals_for()', values: [], when: t.invoiceDays.length + t.bookedDays.length > 0 },
    { text: 'SELECT erp.refresh_trailing_year_customer_totals_for($1::date)', values: [t.previousThrough], when: true },
    { text: 'SELECT erp.refresh_invoice_customer_years_for($1::date[], $2::date)', values: [t.invoiceDays, t.previousThrough], when: true },
    { text: 'SELECT erp.refresh_business_health_months_for($1::date[], $2::date[])', values: [t.invoiceDays, t.bookingDays], when: t.invoiceDays.length + t.bookingDays.length > 0 },
    // 311: moved by what changed in its window, or by customer.
    {
      text: 'SELECT erp.move_white_space_rollups($1::date, $2::date[], $3::text[], $4::text[])',
      values: [t.previousThrough, t.invoiceDays, ...[0, 1].map((i) => columnsOf(t.invoiceCustomers, i))],
      when: true,
    },
  ];
  return statements.filter((s) => s.when).map(({ text, values }) => ({ text, values }));
}

/**
 * Refreshes only the periods and keys a load touched (see TouchedRollups), in the load's
 * transaction after its rows and its erp.data_load row are written: each rollup keyed by day,
 * month or year deletes and inserts again its touched periods, each kept per customer or item its
 * touched keys; those tied to the data's last day or month are rebuilt whole when it moved. No
 * CLUSTER (a delta's rows are few; the next full rebuild orders them again). The caller falls back
 * to `refreshRollups` when the load touched what no delta refresh covers (touched.ts).
 */
export async function refreshRollupsFor(db: ValuesQueryable, touched: TouchedRollups, onStep?: (done: number, total: number) => void | Promise<void>): Promise<void> {
  const statements = deltaStatements(touched);
  let done = 0;
  for (const statement of statements) {
    await db.query(statement.text, statement.values);
    await onStep?.(++done, statements.length);
  }
}

/**
 * Planner statistics for the rollups (run after the load's COMMIT; `tables`: some of them), and a vacuum, which marks
 * their new pages all-visible so that a count or a sum over an index's columns reads the index alone.
 */
export async function vacuumAnalyzeRollups(db: Queryable, tables: readonly string[] = ROLLUP_TABLES): Promise<void> {
  for (const table of tables) await db.query(`VACUUM ANALYZE erp.${table}`);
}
