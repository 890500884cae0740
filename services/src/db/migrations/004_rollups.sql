-- Narrow rollups of the invoice lines for the analytics calls (DESIGN §5). They are rebuilt
-- wholesale by refreshRollups() (services/src/analytics/rollups.ts) inside each ERP load's
-- transaction, so they always match erp.data_load's latest load. Every rollup keeps
-- sales_rep, branch and company so data scoping and the common filters apply to it unchanged.

-- Day × company × branch × sales rep: any date range, grouped by rep, branch, company or time.
CREATE TABLE erp.invoice_day_rep (
  invoice_date    date    NOT NULL,
  company         text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,       -- additive: an invoice has one date, rep, branch and company
  PRIMARY KEY (invoice_date, company, branch, sales_rep)
);
CREATE INDEX invoice_day_rep_by_rep ON erp.invoice_day_rep (sales_rep, invoice_date)
  INCLUDE (company, branch, sales, cost, line_count, invoice_count);

-- Month × customer (with its rep, branch and company): month-aligned ranges by customer.
CREATE TABLE erp.invoice_month_customer (
  month           date    NOT NULL,       -- the first day of the month
  company         text    NOT NULL,
  customer        text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,       -- additive: an invoice has one customer
  PRIMARY KEY (month, company, customer, branch, sales_rep)
);
CREATE INDEX invoice_month_customer_by_rep ON erp.invoice_month_customer (sales_rep, month);
CREATE INDEX invoice_month_customer_by_customer ON erp.invoice_month_customer (customer, company, month);

-- Year × customer: the same, for ranges of whole years (last year, year over year, and YTD once
-- the range reaches the last day of data), a third of the month rollup's rows.
CREATE TABLE erp.invoice_year_customer (
  year            date    NOT NULL,       -- 1 January of the year
  company         text    NOT NULL,
  customer        text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,
  PRIMARY KEY (year, company, customer, branch, sales_rep)
);
CREATE INDEX invoice_year_customer_by_rep ON erp.invoice_year_customer (sales_rep, year);

-- Month × product group (with rep, branch and company): month-aligned ranges by product group.
CREATE TABLE erp.invoice_month_product_group (
  month           date    NOT NULL,
  company         text    NOT NULL,
  product_group   text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,       -- no invoice count: an invoice spans product groups
  PRIMARY KEY (month, company, product_group, branch, sales_rep)
);
CREATE INDEX invoice_month_product_group_by_rep ON erp.invoice_month_product_group (sales_rep, month);

-- Bookings by day × company × branch × rep, on both date bases (booking date, order line date).
CREATE TABLE erp.booking_day_rep (
  basis      text    NOT NULL,            -- 'BookingDate' or 'OrderLineDate'
  day        date    NOT NULL,
  company    text    NOT NULL,
  branch     text    NOT NULL,
  sales_rep  text    NOT NULL,
  sales      numeric(16,2) NOT NULL,
  cost       numeric(16,2) NOT NULL,
  line_count integer NOT NULL,
  PRIMARY KEY (basis, day, company, branch, sales_rep)
);
CREATE INDEX booking_day_rep_by_rep ON erp.booking_day_rep (basis, sales_rep, day);

-- Display names of a page of groups by code (the group key has no company): one index probe each.
CREATE INDEX customer_by_code ON erp.customer (customer) INCLUDE (customer_name);
CREATE INDEX ship_to_by_code ON erp.ship_to (ship_to) INCLUDE (ship_to_name);
CREATE INDEX item_by_code ON erp.item (item_number) INCLUDE (description);

-- Which load the rollups were built from; the analytics calls read the raw lines until it
-- matches erp.data_load's latest load.
CREATE TABLE erp.rollup_state (
  singleton    boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  load_id      integer,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);

-- Rebuilds every rollup from the ERP tables (one statement each); call it in the load's
-- transaction, after the data and before COMMIT.
CREATE FUNCTION erp.refresh_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_day_rep, erp.invoice_month_customer, erp.invoice_year_customer, erp.invoice_month_product_group, erp.booking_day_rep;

  INSERT INTO erp.invoice_day_rep
  SELECT invoice_date, company, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), sum(freight),
         count(*), count(DISTINCT invoice_number)
    FROM erp.invoice_line
   GROUP BY invoice_date, company, branch, sales_rep;

  INSERT INTO erp.invoice_month_customer
  SELECT date_trunc('month', invoice_date)::date, company, customer, branch, sales_rep,
         sum(sales), sum(cost), sum(commission_cost), sum(freight), count(*), count(DISTINCT invoice_number)
    FROM erp.invoice_line
   GROUP BY 1, company, customer, branch, sales_rep;

  INSERT INTO erp.invoice_year_customer
  SELECT date_trunc('year', month)::date, company, customer, branch, sales_rep,
         sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
    FROM erp.invoice_month_customer
   GROUP BY 1, company, customer, branch, sales_rep;

  INSERT INTO erp.invoice_month_product_group
  SELECT month, company, product_group, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count)
    FROM (SELECT date_trunc('month', invoice_date)::date AS month, company, product_group, branch, sales_rep,
                 sales, cost, commission_cost, freight, 1 AS line_count
            FROM erp.invoice_line) l
   GROUP BY month, company, product_group, branch, sales_rep;

  INSERT INTO erp.booking_day_rep
  SELECT 'BookingDate', booking_date, company, branch, sales_rep, sum(sales), sum(cost), count(*)
    FROM erp.booking GROUP BY booking_date, company, branch, sales_rep;
  INSERT INTO erp.booking_day_rep
  SELECT 'OrderLineDate', order_line_date, company, branch, sales_rep, sum(sales), sum(cost), count(*)
    FROM erp.booking GROUP BY order_line_date, company, branch, sales_rep;

  INSERT INTO erp.rollup_state (singleton, load_id, refreshed_at)
  SELECT true, (SELECT max(load_id) FROM erp.data_load), now()
  ON CONFLICT (singleton) DO UPDATE SET load_id = excluded.load_id, refreshed_at = excluded.refreshed_at;
END;
$$;

-- A database loaded before this migration gets its rollups now.
SELECT erp.refresh_rollups();
