-- Month × customer bookings (with rep, branch and company) on each date basis: bookings grouped
-- or filtered by customer over whole months (Booking/Grouped customer, the run rate by quarter,
-- BusinessHealth's bookings) read a month's customers instead of its lines. Rebuilt with the
-- other rollups by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's
-- transaction.
CREATE TABLE erp.booking_month_customer (
  basis      text    NOT NULL,            -- 'BookingDate' or 'OrderLineDate'
  month      date    NOT NULL,            -- the first day of the month
  company    text    NOT NULL,
  customer   text    NOT NULL,
  branch     text    NOT NULL,
  sales_rep  text    NOT NULL,
  sales      numeric(16,2) NOT NULL,
  cost       numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count integer NOT NULL,
  PRIMARY KEY (basis, month, company, customer, branch, sales_rep)
);
CREATE INDEX booking_month_customer_by_rep ON erp.booking_month_customer (basis, sales_rep, month);

CREATE FUNCTION erp.refresh_booking_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.booking_month_customer;
  INSERT INTO erp.booking_month_customer
  SELECT 'BookingDate', date_trunc('month', booking_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM erp.booking GROUP BY 2, company, customer, branch, sales_rep;
  INSERT INTO erp.booking_month_customer
  SELECT 'OrderLineDate', date_trunc('month', order_line_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM erp.booking GROUP BY 2, company, customer, branch, sales_rep;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_booking_rollups();
ANALYZE erp.booking_month_customer;
