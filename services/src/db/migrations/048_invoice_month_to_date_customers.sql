-- How many customers first had invoice lines on each day of a month, counting the month and the
-- same month a year before as one (`first_day`: the earliest day of the month with lines in
-- either): the customers of a month to a day and of the same days a year before are those whose
-- first day is at most that day, a sum of at most 31 rows. This month by customer against the
-- same days last year, unscoped and unfiltered (Invoice/SlidingComparison), counts its customers
-- so, instead of the distinct customers of the two ranges' rows of erp.invoice_day_customer
-- (10M: 96,000 rows, 35 ms). Rebuilt from that rollup by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.invoice_month_to_date_customers (
  month     date     NOT NULL,   -- the first day of the month
  first_day smallint NOT NULL,   -- the day of the month
  groups    integer  NOT NULL,   -- the customers
  PRIMARY KEY (month, first_day)
);

CREATE FUNCTION erp.refresh_invoice_month_to_date_customers() RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
BEGIN
  TRUNCATE erp.invoice_month_to_date_customers;
  -- Each customer's days, and those days' months a year on.
  INSERT INTO erp.invoice_month_to_date_customers
  SELECT month, first_day, count(*)
    FROM (SELECT (date_trunc('month', d.invoice_date) + shift.months * interval '1 month')::date AS month, d.customer,
                 min(extract(day FROM d.invoice_date))::smallint AS first_day
            FROM erp.invoice_day_customer d
           CROSS JOIN (VALUES (0), (12)) shift (months)
           GROUP BY 1, 2) c
   GROUP BY 1, 2;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_invoice_month_to_date_customers();
ANALYZE erp.invoice_month_to_date_customers;
