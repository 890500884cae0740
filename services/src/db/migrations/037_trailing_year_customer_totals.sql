-- The 12 months through each month, by customer with nothing else: one row per customer per
-- month whose 12-month window (that month and the 11 before it) holds any of the customer's
-- invoice lines (or bookings, on each date basis, or shipped order lines), for rolling 12 months (through this month, to date) and last 12 months (through
-- last month) asked by customer with no scope or filter but the customer. Sorted by sales (or
-- freight), their page is the first rows of an index in that order, and without a filter the
-- count and totals are one row of the month's summary, instead of summing twelve months of
-- every customer's rows to sort them (10M: 90,000 customers, 750 ms). Rebuilt from the month ×
-- customer rollups by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's
-- transaction.
CREATE TABLE erp.invoice_trailing_year_customer_total (
  month           date    NOT NULL,       -- the first day of the window's last month
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,
  PRIMARY KEY (month, customer)
);
CREATE INDEX invoice_trailing_year_customer_total_by_sales ON erp.invoice_trailing_year_customer_total (month, sales DESC, customer);
CREATE INDEX invoice_trailing_year_customer_total_by_freight ON erp.invoice_trailing_year_customer_total (month, freight DESC, customer);

-- Each window's customers (groups) and the sums of their rows.
CREATE TABLE erp.invoice_trailing_year_customer_summary (
  month           date    PRIMARY KEY,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  invoice_count   bigint  NOT NULL
);

CREATE TABLE erp.booking_trailing_year_customer_total (
  basis           text    NOT NULL,       -- 'BookingDate' or 'OrderLineDate'
  month           date    NOT NULL,       -- the first day of the window's last month
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (basis, month, customer)
);
CREATE INDEX booking_trailing_year_customer_total_by_sales ON erp.booking_trailing_year_customer_total (basis, month, sales DESC, customer);

CREATE TABLE erp.booking_trailing_year_customer_summary (
  basis           text    NOT NULL,
  month           date    NOT NULL,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  PRIMARY KEY (basis, month)
);

CREATE TABLE erp.order_ship_trailing_year_customer_total (
  month           date    NOT NULL,       -- the first day of the window's last month
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  on_time_count   integer NOT NULL,
  PRIMARY KEY (month, customer)
);
CREATE INDEX order_ship_trailing_year_customer_total_by_sales ON erp.order_ship_trailing_year_customer_total (month, sales DESC, customer);

CREATE TABLE erp.order_ship_trailing_year_customer_summary (
  month           date    PRIMARY KEY,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  on_time_count   bigint  NOT NULL
);

CREATE FUNCTION erp.refresh_trailing_year_customer_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_trailing_year_customer_total, erp.invoice_trailing_year_customer_summary,
           erp.booking_trailing_year_customer_total, erp.booking_trailing_year_customer_summary,
           erp.order_ship_trailing_year_customer_total, erp.order_ship_trailing_year_customer_summary;
  -- Each customer's month counts in its window and the 11 windows after it, up to the data's last month.
  INSERT INTO erp.invoice_trailing_year_customer_total
  SELECT w.month::date, m.customer, sum(m.sales), sum(m.cost), sum(m.commission_cost), sum(m.freight), sum(m.line_count), sum(m.invoice_count)
    FROM (SELECT month, customer, sum(sales) AS sales, sum(cost) AS cost, sum(commission_cost) AS commission_cost,
                 sum(freight) AS freight, sum(line_count) AS line_count, sum(invoice_count) AS invoice_count
            FROM erp.invoice_month_customer
           GROUP BY month, customer) m
    CROSS JOIN LATERAL generate_series(m.month::timestamp, least(m.month + 11 * interval '1 month', (SELECT max(month) FROM erp.invoice_month_customer)), interval '1 month') w(month)
   GROUP BY 1, 2;
  INSERT INTO erp.invoice_trailing_year_customer_summary
  SELECT month, count(*), sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
    FROM erp.invoice_trailing_year_customer_total
   GROUP BY month;
  INSERT INTO erp.booking_trailing_year_customer_total
  SELECT m.basis, w.month::date, m.customer, sum(m.sales), sum(m.cost), sum(m.commission_cost), sum(m.line_count)
    FROM (SELECT basis, month, customer, sum(sales) AS sales, sum(cost) AS cost, sum(commission_cost) AS commission_cost, sum(line_count) AS line_count
            FROM erp.booking_month_customer
           GROUP BY basis, month, customer) m
    CROSS JOIN LATERAL generate_series(m.month::timestamp, least(m.month + 11 * interval '1 month', (SELECT max(month) FROM erp.booking_month_customer)), interval '1 month') w(month)
   GROUP BY 1, 2, 3;
  INSERT INTO erp.booking_trailing_year_customer_summary
  SELECT basis, month, count(*), sum(sales), sum(cost), sum(commission_cost), sum(line_count)
    FROM erp.booking_trailing_year_customer_total
   GROUP BY basis, month;
  INSERT INTO erp.order_ship_trailing_year_customer_total
  SELECT w.month::date, m.customer, sum(m.sales), sum(m.cost), sum(m.commission_cost), sum(m.line_count), sum(m.on_time_count)
    FROM (SELECT month, customer, sum(sales) AS sales, sum(cost) AS cost, sum(commission_cost) AS commission_cost,
                 sum(line_count) AS line_count, sum(on_time_count) AS on_time_count
            FROM erp.order_ship_month_customer
           GROUP BY month, customer) m
    CROSS JOIN LATERAL generate_series(m.month::timestamp, least(m.month + 11 * interval '1 month', (SELECT max(month) FROM erp.order_ship_month_customer)), interval '1 month') w(month)
   GROUP BY 1, 2;
  INSERT INTO erp.order_ship_trailing_year_customer_summary
  SELECT month, count(*), sum(sales), sum(cost), sum(commission_cost), sum(line_count), sum(on_time_count)
    FROM erp.order_ship_trailing_year_customer_total
   GROUP BY month;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_trailing_year_customer_totals();
ANALYZE erp.invoice_trailing_year_customer_total;
ANALYZE erp.invoice_trailing_year_customer_summary;
ANALYZE erp.booking_trailing_year_customer_total;
ANALYZE erp.booking_trailing_year_customer_summary;
ANALYZE erp.order_ship_trailing_year_customer_total;
ANALYZE erp.order_ship_trailing_year_customer_summary;
