-- Invoice lines by month × company × item: quantity, sales and lines, for Usage/KPI (the
-- period's quantity, sales and lines, and how many items sold in it) over whole months; the
-- partial edge months come from the lines. No sales rep or branch: a scoped or filtered
-- question reads the lines. Rebuilt with the other rollups by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.invoice_month_item (
  month       date    NOT NULL,       -- the first day of the month
  company     text    NOT NULL,
  item_number text    NOT NULL,
  qty         bigint  NOT NULL,
  sales       numeric(16,2) NOT NULL,
  line_count  integer NOT NULL,
  PRIMARY KEY (month, company, item_number)
);

CREATE FUNCTION erp.refresh_item_month_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_month_item;
  INSERT INTO erp.invoice_month_item
  SELECT date_trunc('month', invoice_date)::date, company, item_number, sum(qty), sum(sales), count(*)
    FROM erp.invoice_line GROUP BY 1, company, item_number;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_item_month_rollups();
ANALYZE erp.invoice_month_item;
