-- Open receivables by customer, and by invoice date × due date, for AR/Grouped by customer's
-- default page (every rep's, largest balance first): the page's customers are read from an index
-- by balance and only their open items are aged, the count is the customers', and the totals of
-- every aging bucket come from the few date pairs (ages only need the dates), instead of aging
-- every open item into every customer to sort them (10M: 159,000 items, 36,000 customers, 370 ms).
-- Rebuilt with ar_open_rep (migration 025) by erp.refresh_ar_rollups(), which refreshRollups()
-- (services/src/analytics/rollups.ts) calls in each ERP load's transaction.
CREATE TABLE erp.ar_open_customer (
  customer text PRIMARY KEY,
  balance  numeric(16,2) NOT NULL
);
CREATE INDEX ar_open_customer_by_balance ON erp.ar_open_customer (balance DESC, customer);

CREATE TABLE erp.ar_open_dates (
  invoice_date   date NOT NULL,
  due_date       date NOT NULL,
  balance        numeric(16,2) NOT NULL,
  document_count integer NOT NULL,
  PRIMARY KEY (invoice_date, due_date)
);

CREATE OR REPLACE FUNCTION erp.refresh_ar_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.ar_open_rep, erp.ar_open_customer, erp.ar_open_dates;
  INSERT INTO erp.ar_open_rep
  SELECT company, branch, sales_rep, sum(balance) FROM erp.ar_open GROUP BY company, branch, sales_rep;
  INSERT INTO erp.ar_open_customer
  SELECT customer, sum(balance) FROM erp.ar_open GROUP BY customer;
  INSERT INTO erp.ar_open_dates
  SELECT invoice_date, due_date, sum(balance), count(*) FROM erp.ar_open GROUP BY invoice_date, due_date;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_ar_rollups();
ANALYZE erp.ar_open_customer;
ANALYZE erp.ar_open_dates;
