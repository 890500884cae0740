-- Usage/KPI of every rep for any range without reading the lines: its quantity from the day
-- rollup (with its sales and lines), and its customer and item counts from the days each customer
-- bought and each item sold (an invoice line on the day), per company, as one multirange of days
-- each: how many customers (items) have a line in a range is a count of the rows whose days
-- overlap it. Rebuilt with the other rollups by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
ALTER TABLE erp.invoice_day_rep ADD COLUMN qty bigint NOT NULL DEFAULT 0;

CREATE TABLE erp.customer_invoice_days (
  company  text NOT NULL,
  customer text NOT NULL,
  days     datemultirange NOT NULL,
  PRIMARY KEY (company, customer)
);

CREATE TABLE erp.item_invoice_days (
  company     text NOT NULL,
  item_number text NOT NULL,
  days        datemultirange NOT NULL,
  PRIMARY KEY (company, item_number)
);

CREATE FUNCTION erp.refresh_usage_kpi_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE erp.invoice_day_rep r SET qty = d.qty
    FROM (SELECT invoice_date, company, branch, sales_rep, sum(qty) AS qty FROM erp.invoice_line GROUP BY 1, 2, 3, 4) d
   WHERE (r.invoice_date, r.company, r.branch, r.sales_rep) = (d.invoice_date, d.company, d.branch, d.sales_rep);
  TRUNCATE erp.customer_invoice_days, erp.item_invoice_days;
  INSERT INTO erp.customer_invoice_days
  SELECT company, customer, range_agg(daterange(day, day, '[]'))
    FROM (SELECT DISTINCT company, customer, invoice_date AS day FROM erp.invoice_line) d
   GROUP BY company, customer;
  INSERT INTO erp.item_invoice_days
  SELECT company, item_number, range_agg(daterange(day, day, '[]'))
    FROM (SELECT DISTINCT company, item_number, invoice_date AS day FROM erp.invoice_line) d
   GROUP BY company, item_number;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_usage_kpi_rollups();
ANALYZE erp.customer_invoice_days;
ANALYZE erp.item_invoice_days;
ANALYZE erp.invoice_day_rep;
