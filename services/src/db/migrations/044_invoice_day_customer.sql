-- Invoice lines by day × customer (with its company, branch and rep), for questions by customer
-- over ranges of days that are not whole months. This month against the same days of last year's
-- month, sorted by this month's sales, reads its page's customers from the index of
-- erp.invoice_recent_month_customer_total (migration 042), sums their days from the index by
-- customer here, and counts the customers of the two ranges' rows here, instead of summing every
-- customer's lines of the two ranges (10M: 290,000 lines, 430 ms; 96,000 rows here). A range's
-- whole months still come from erp.invoice_month_customer, and only its partial edges from here
-- (the engine's monthsAndEdges). Rebuilt with the other rollups by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
-- The month rollup's columns (migration 004), by day.
CREATE TABLE erp.invoice_day_customer (LIKE erp.invoice_month_customer);
ALTER TABLE erp.invoice_day_customer RENAME COLUMN month TO invoice_date;
ALTER TABLE erp.invoice_day_customer ADD PRIMARY KEY (invoice_date, company, customer, branch, sales_rep);
-- A page's customers' days, with the sales and costs a comparison sums: read from the index alone,
-- not from a heap page for each of a customer's days (10M, 15 customers' days: 11,000 pages).
CREATE INDEX invoice_day_customer_by_customer ON erp.invoice_day_customer (customer, invoice_date) INCLUDE (sales, cost, commission_cost);

CREATE FUNCTION erp.refresh_invoice_day_customer() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_day_customer;
  INSERT INTO erp.invoice_day_customer
  SELECT invoice_date, company, customer, branch, sales_rep,
         sum(sales), sum(cost), sum(commission_cost), sum(freight), count(*), count(DISTINCT invoice_number)
    FROM erp.invoice_line
   GROUP BY invoice_date, company, customer, branch, sales_rep;
END;
$$;

-- A database loaded before this migration gets the table now, in the order of its date index,
-- as refreshRollups leaves it.
SELECT erp.refresh_invoice_day_customer();
CLUSTER erp.invoice_day_customer USING invoice_day_customer_pkey;
ANALYZE erp.invoice_day_customer;
