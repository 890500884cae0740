-- How many customers first bought and how many items first sold on each day of each year, per
-- company, for Usage/KPI over a range that starts on 1 January (year to date, last year, and
-- their comparisons): a customer (item) has a line in such a range when its first day of that
-- year is not after the range's end, so the count is a sum over the year's days up to that day
-- instead of a check of every customer's (item's) days (erp.customer_invoice_days,
-- erp.item_invoice_days; 10M: 92,000 customers' and 37,000 items' multiranges). Rebuilt from
-- those days by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's
-- transaction.
CREATE TABLE erp.year_first_day (
  year       date    NOT NULL,    -- 1 January of the year
  first_date date    NOT NULL,
  company    text    NOT NULL,
  customers  integer NOT NULL,    -- the customers whose first day of the year this is
  items      integer NOT NULL,    -- the items whose first day of the year this is
  PRIMARY KEY (year, first_date, company)
);

CREATE FUNCTION erp.refresh_year_first_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.year_first_day;
  -- A range of consecutive days can run into the next year: each year it touches starts there.
  INSERT INTO erp.year_first_day
  SELECT year, first_date, company, sum(customers), sum(items)
    FROM (SELECT y::date AS year, min(greatest(lower(r), y::date)) AS first_date, company, 1 AS customers, 0 AS items
            FROM erp.customer_invoice_days, unnest(days) r, generate_series(date_trunc('year', lower(r)), upper(r) - 1, interval '1 year') y
           GROUP BY y, company, customer
           UNION ALL
          SELECT y::date, min(greatest(lower(r), y::date)), company, 0, 1
            FROM erp.item_invoice_days, unnest(days) r, generate_series(date_trunc('year', lower(r)), upper(r) - 1, interval '1 year') y
           GROUP BY y, company, item_number) f
   GROUP BY year, first_date, company;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_year_first_days();
ANALYZE erp.year_first_day;
