-- How many customers bought in each year and next bought in which later year (none: null), of
-- the invoice lines and of the converted quotes: the customers of a run of consecutive years
-- are those whose last year of the run is one of them, so year over year by customer counts its
-- three years' customers from a few rows of this table, counting each customer once at its last
-- year of the run, instead of a distinct count of three years' customers (10M: 230,000 rows,
-- 200 ms). Rebuilt from the year × customer totals (migration 034) by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction. The totals get an index by
-- customer, which gives the page's customers' rows of the three years (without it, three years'
-- OR chose a scan of every row: 10M, 45 ms).
CREATE INDEX invoice_year_customer_total_by_customer ON erp.invoice_year_customer_total (customer, year);
CREATE INDEX quote_booked_year_customer_total_by_customer ON erp.quote_booked_year_customer_total (customer, year);

CREATE TABLE erp.invoice_year_customer_next (
  year      date    NOT NULL,       -- 1 January of the year
  next_year date,                   -- 1 January of the customers' next year with lines, or null
  groups    integer NOT NULL        -- the customers
);

CREATE TABLE erp.quote_booked_year_customer_next (
  year      date    NOT NULL,
  next_year date,
  groups    integer NOT NULL
);

CREATE FUNCTION erp.refresh_year_customer_next() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_year_customer_next, erp.quote_booked_year_customer_next;
  INSERT INTO erp.invoice_year_customer_next
  SELECT year, next_year, count(*)
    FROM (SELECT year, lead(year) OVER (PARTITION BY customer ORDER BY year) AS next_year FROM erp.invoice_year_customer_total) y
   GROUP BY 1, 2;
  INSERT INTO erp.quote_booked_year_customer_next
  SELECT year, next_year, count(*)
    FROM (SELECT year, lead(year) OVER (PARTITION BY customer ORDER BY year) AS next_year FROM erp.quote_booked_year_customer_total) y
   GROUP BY 1, 2;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_year_customer_next();
ANALYZE erp.invoice_year_customer_next;
ANALYZE erp.quote_booked_year_customer_next;
