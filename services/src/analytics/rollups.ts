/**
 * The analytics rollups (migrations 004_rollups.sql, 007_sales_calls.sql, 011–015, 018–025): narrow
 * pre-aggregates of the invoice lines, bookings and quotes, rebuilt after each ERP load by `generateErpData` (inside the load's
 * transaction, so readers never see new lines with old rollups).
 */
type Queryable = { query: (text: string) => Promise<unknown> };

export const ROLLUP_TABLES = [
  'invoice_day_rep',
  'invoice_month_customer',
  'invoice_year_customer',
  'invoice_month_product_group',
  'booking_day_rep',
  'quote_day_rep',
  'quote_booked_day_rep',
  'order_ship_month_customer',
  'item_last_sale',
  'customer_item_last_sale',
  'usage_month_groups',
  'invoice_month_item',
  'purchase_order_day',
  'purchase_order_month',
  'booking_month_customer',
  'invoice_ibt_day',
  'customer_first_invoice',
  'quote_booked_month_customer',
  'quote_booked_month_product_group',
  'customer_invoice_days',
  'item_invoice_days',
  'quote_header_day',
  'ar_open_rep',
] as const;

/** Rebuilds every rollup from the erp tables and records the load it was built from. */
export async function refreshRollups(db: Queryable): Promise<void> {
  await db.query('SELECT erp.refresh_rollups()');
  // The quote and on-time rollups of migration 007 (the load's transaction keeps them in step with rollup_state).
  await db.query('SELECT erp.refresh_sales_rollups()');
  // Each item's last sale (migration 011), for Inventory/Inactive/Supplier.
  await db.query('SELECT erp.refresh_item_rollups()');
  // Each customer's last purchase of each item (migration 012), for Inventory/Inactive/Customer.
  await db.query('SELECT erp.refresh_customer_item_rollups()');
  // Customer × item groups per month (migration 013), for Usage/Log.
  await db.query('SELECT erp.refresh_usage_rollups()');
  // Month × item (migration 014), for Usage/KPI.
  await db.query('SELECT erp.refresh_item_month_rollups()');
  // Purchase orders by day and by month (migration 015), for the PurchaseOrder KPI and Summary.
  await db.query('SELECT erp.refresh_purchase_order_rollups()');
  // Bookings by month × customer (migration 018), for bookings by customer.
  await db.query('SELECT erp.refresh_booking_rollups()');
  // Lines shipped from another branch by day (migration 019), for IBTSalesHistory/List's count and totals.
  await db.query('SELECT erp.refresh_ibt_rollups()');
  // Each customer's first invoice (migration 020), for Invoice/FirstTime.
  await db.query('SELECT erp.refresh_customer_first_invoices()');
  // Converted quotes by month × customer and month × product group (migration 021), for QuoteBooked.
  await db.query('SELECT erp.refresh_quote_booked_rollups()');
  // The day rollup's quantity, and the days each customer bought and each item sold (migration 023), for Usage/KPI.
  await db.query('SELECT erp.refresh_usage_kpi_rollups()');
  // Quote headers by day (migration 024), for Analysis/QuoteConversionRatio.
  await db.query('SELECT erp.refresh_quote_header_rollups()');
  // Open receivables by rep (migration 025), for Analysis/ArApRatio.
  await db.query('SELECT erp.refresh_ar_rollups()');
}

/** Planner statistics for the rollups (run after the load's COMMIT). */
export async function analyzeRollups(db: Queryable): Promise<void> {
  for (const table of ROLLUP_TABLES) await db.query(`ANALYZE erp.${table}`);
  // Counted by a range of last dates: a vacuum marks its pages all-visible, so the count reads the date index alone.
  await db.query('VACUUM erp.customer_item_last_sale');
}
