/**
 * The analytics rollups (migrations 004_rollups.sql and 007_sales_calls.sql): narrow
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
] as const;

/** Rebuilds every rollup from the erp tables and records the load it was built from. */
export async function refreshRollups(db: Queryable): Promise<void> {
  await db.query('SELECT erp.refresh_rollups()');
  // The quote and on-time rollups of migration 007 (the load's transaction keeps them in step with rollup_state).
  await db.query('SELECT erp.refresh_sales_rollups()');
}

/** Planner statistics for the rollups (run after the load's COMMIT). */
export async function analyzeRollups(db: Queryable): Promise<void> {
  for (const table of ROLLUP_TABLES) await db.query(`ANALYZE erp.${table}`);
}
