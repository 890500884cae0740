-- Invoice lines shipped from a location of another branch than the customer's home branch
-- (IBTSalesHistory/List), by day × company × branch × rep × home branch × ship branch ×
-- location: the list's count and totals for a period read these few rows instead of joining
-- every line of the period to its invoice, location and customer. Rebuilt with the other rollups
-- by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.invoice_ibt_day (
  invoice_date    date    NOT NULL,
  company         text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  home_branch     text    NOT NULL,
  ship_branch     text    NOT NULL,
  location        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL
);
CREATE INDEX invoice_ibt_day_by_date ON erp.invoice_ibt_day (invoice_date);

CREATE FUNCTION erp.refresh_ibt_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_ibt_day;
  INSERT INTO erp.invoice_ibt_day
  SELECT l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location,
         sum(l.sales), sum(l.cost), sum(l.commission_cost), count(*)
    FROM erp.invoice_line l
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   WHERE loc.branch <> c.branch
   GROUP BY l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_ibt_rollups();
ANALYZE erp.invoice_ibt_day;
