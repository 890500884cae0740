-- Each customer's invoiced sales over the 12 whole months before the month of the data's last day
-- and over the 12 before those, per group of Analysis/BusinessHealthDetail (its rep, branch or
-- company: `grouping` names the column, `key` holds its value), with the customer's place among
-- the group's customers by the first sum (`rank`, most first), and each group's sums and counts
-- of them: the last 12 months against the 12 before, unfiltered, are read from a group's summary
-- row and its top buyers' rows, instead of summing each customer's 24 months of
-- erp.invoice_month_customer and ranking them (10M: 630,000 rows, 500 ms; here 18 reps' rows and
-- their top 20 %, 50 ms). A sum is null when the customer bought nothing in its months, as a
-- FILTERed sum of its months is. Rebuilt from erp.invoice_month_customer by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.invoice_customer_years (
  grouping       text    NOT NULL,   -- sales_rep, branch or company
  key            text    NOT NULL,
  company        text    NOT NULL,
  customer       text    NOT NULL,
  current_sales  numeric(16,2),
  previous_sales numeric(16,2),
  rank           integer NOT NULL,
  PRIMARY KEY (grouping, key, company, customer)
);
-- A group's first customers by the first sum (its top buyers), read in rank order.
CREATE INDEX invoice_customer_years_by_rank ON erp.invoice_customer_years (grouping, key, rank) INCLUDE (current_sales);

-- Each group's sums of those rows: its sales, and how many of its customers bought in the first
-- 12 months, in the 12 before, in the first and not the one before (new) and the other way (lost).
CREATE TABLE erp.invoice_customer_years_summary (
  grouping        text    NOT NULL,
  key             text    NOT NULL,
  current_sales   numeric(16,2),
  buyers          integer NOT NULL,
  previous_buyers integer NOT NULL,
  new_buyers      integer NOT NULL,
  lost_buyers     integer NOT NULL,
  PRIMARY KEY (grouping, key)
);

CREATE FUNCTION erp.refresh_invoice_customer_years() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  this_month date := date_trunc('month', coalesce((SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1),
                                                  (SELECT max(month) FROM erp.invoice_month_customer)))::date;
BEGIN
  TRUNCATE erp.invoice_customer_years, erp.invoice_customer_years_summary;
  INSERT INTO erp.invoice_customer_years
  SELECT grouping, key, company, customer, cur, prev,
         row_number() OVER (PARTITION BY grouping, key ORDER BY cur DESC NULLS LAST, company, customer)
    FROM (SELECT g.grouping, g.key, m.company, m.customer,
                 sum(m.sales) FILTER (WHERE m.month >= this_month - interval '12 months') AS cur,
                 sum(m.sales) FILTER (WHERE m.month < this_month - interval '12 months') AS prev
            FROM erp.invoice_month_customer m
           CROSS JOIN LATERAL (VALUES ('sales_rep', m.sales_rep), ('branch', m.branch), ('company', m.company)) g (grouping, key)
           WHERE m.month >= this_month - interval '24 months' AND m.month < this_month
           GROUP BY 1, 2, 3, 4) c
   ORDER BY 1, 2, 3, 4;
  INSERT INTO erp.invoice_customer_years_summary
  SELECT grouping, key, sum(current_sales), count(*) FILTER (WHERE current_sales > 0), count(*) FILTER (WHERE previous_sales > 0),
         count(*) FILTER (WHERE current_sales > 0 AND coalesce(previous_sales, 0) <= 0),
         count(*) FILTER (WHERE previous_sales > 0 AND coalesce(current_sales, 0) <= 0)
    FROM erp.invoice_customer_years GROUP BY 1, 2;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_invoice_customer_years();
ANALYZE erp.invoice_customer_years;
ANALYZE erp.invoice_customer_years_summary;
