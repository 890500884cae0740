-- How many customers had invoice lines or bookings (on their order line date) in each month or in
-- the same month a year before: the groups of Analysis/BusinessHealth by customer for a whole
-- month against the same month last year, unscoped and unfiltered. Its page is read from the
-- month's sales index (migration 042) and only the page's customers are summed, so the count is
-- all that needs every customer, and it is this month's row, instead of the distinct customers of
-- four months' rows of the month × customer rollups (10M: 110,000 rows, 260 ms). Rebuilt from
-- those rollups by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's
-- transaction. The page's customers' months are read from indexes by customer that hold the
-- sums: the bookings had none (a page's customers read both months' 57,000 rows, 30 ms) and the
-- invoices' read each customer's rows from the heap (525 pages for 15 customers, 8 ms).
CREATE TABLE erp.business_health_month (
  month     date    PRIMARY KEY,      -- the first day of the month
  customers integer NOT NULL
);

CREATE FUNCTION erp.refresh_business_health_months() RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
BEGIN
  TRUNCATE erp.business_health_month;
  -- Each customer's months with invoices or bookings, and those months a year on.
  INSERT INTO erp.business_health_month
  SELECT month, count(*)
    FROM (SELECT DISTINCT (a.month + shift.months * interval '1 month')::date AS month, a.customer
            FROM (SELECT month, customer FROM erp.invoice_month_customer
                  UNION
                  SELECT month, customer FROM erp.booking_month_customer WHERE basis = 'OrderLineDate') a
           CROSS JOIN (VALUES (0), (12)) shift (months)) c
   GROUP BY 1;
END;
$$;

CREATE INDEX booking_month_customer_by_customer ON erp.booking_month_customer (basis, customer, month) INCLUDE (sales);
DROP INDEX erp.invoice_month_customer_by_customer;
CREATE INDEX invoice_month_customer_by_customer ON erp.invoice_month_customer (customer, company, month) INCLUDE (sales, cost, commission_cost);

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_business_health_months();
ANALYZE erp.business_health_month;
