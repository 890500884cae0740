-- The keys of the invoice lines shipped from a location of another branch than the customer's
-- home branch (IBTSalesHistory/List), with their date, in the list's default order (newest
-- first): the page is read from this index and only its lines are joined to their invoice,
-- location and customer, instead of joining every line of the latest days to find which are such
-- lines (10M: 12,000 lines a day, 100 ms). Rebuilt with erp.invoice_ibt_day (migration 019) by
-- erp.refresh_ibt_rollups(), which refreshRollups() (services/src/analytics/rollups.ts) calls in
-- each ERP load's transaction.
CREATE TABLE erp.invoice_ibt_line (
  invoice_date        date    NOT NULL,
  company             text    NOT NULL,
  invoice_number      text    NOT NULL,
  invoice_line_number integer NOT NULL
);
CREATE INDEX invoice_ibt_line_by_date ON erp.invoice_ibt_line (invoice_date DESC, invoice_number DESC, invoice_line_number, company);

CREATE OR REPLACE FUNCTION erp.refresh_ibt_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_ibt_day, erp.invoice_ibt_line;
  INSERT INTO erp.invoice_ibt_line
  SELECT l.invoice_date, l.company, l.invoice_number, l.invoice_line_number
    FROM erp.invoice_line l
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   WHERE loc.branch <> c.branch;
  INSERT INTO erp.invoice_ibt_day
  SELECT l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location,
         sum(l.sales), sum(l.cost), sum(l.commission_cost), count(*)
    FROM erp.invoice_ibt_line k
    JOIN erp.invoice_line l USING (company, invoice_number, invoice_line_number)
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   GROUP BY l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_ibt_rollups();
ANALYZE erp.invoice_ibt_line;
ANALYZE erp.invoice_ibt_day;
