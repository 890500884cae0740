-- Cost, commission cost and freight on the month × item rollup (migration 014), so it answers
-- Invoice grouped by item over whole months for a question no sales-rep scope narrows (an
-- administrator's): a month's items instead of its lines.
ALTER TABLE erp.invoice_month_item
  ADD COLUMN cost            numeric(16,2) NOT NULL DEFAULT 0,
  ADD COLUMN commission_cost numeric(16,2) NOT NULL DEFAULT 0,
  ADD COLUMN freight         numeric(16,2) NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION erp.refresh_item_month_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_month_item;
  INSERT INTO erp.invoice_month_item (month, company, item_number, qty, sales, line_count, cost, commission_cost, freight)
  SELECT date_trunc('month', invoice_date)::date, company, item_number, sum(qty), sum(sales), count(*), sum(cost), sum(commission_cost), sum(freight)
    FROM erp.invoice_line GROUP BY 1, company, item_number;
END;
$$;

-- A database loaded before this migration gets the new columns filled now.
SELECT erp.refresh_item_month_rollups();
ANALYZE erp.invoice_month_item;
