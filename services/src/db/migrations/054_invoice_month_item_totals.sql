-- Month × item with nothing else: one row per item per month of the invoice lines, for one month's
-- questions by item that no scope or filter but the item narrows. Sorted by sales, their page is
-- the first rows of an index in that order, and without a filter the count and totals are one
-- row of the month's summary, instead of summing every item's rows of the month (month × company
-- × item, erp.invoice_month_item) to sort them (10M: 25,000 rows for 18,000 items, 40 ms).
-- Rebuilt from that rollup by refreshRollups() (services/src/analytics/rollups.ts) in each ERP
-- load's transaction (10M: 5.5 s).
CREATE TABLE erp.invoice_month_item_total (
  month           date    NOT NULL,       -- the first day of the month
  item_number     text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (month, item_number)
);
CREATE INDEX invoice_month_item_total_by_sales ON erp.invoice_month_item_total (month, sales DESC, item_number);

-- Each month's items (groups) and the sums of their rows.
CREATE TABLE erp.invoice_month_item_summary (
  month           date    PRIMARY KEY,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL
);

CREATE FUNCTION erp.refresh_invoice_month_item_totals() RETURNS void LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
BEGIN
  TRUNCATE erp.invoice_month_item_total, erp.invoice_month_item_summary;
  INSERT INTO erp.invoice_month_item_total
  SELECT month, item_number, sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count)
    FROM erp.invoice_month_item GROUP BY month, item_number ORDER BY month, item_number;
  INSERT INTO erp.invoice_month_item_summary
  SELECT month, count(*), sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count)
    FROM erp.invoice_month_item_total GROUP BY month;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_invoice_month_item_totals();
ANALYZE erp.invoice_month_item_total;
ANALYZE erp.invoice_month_item_summary;
