-- Indexes for the sales document calls (services/src/analytics/sales-routes.ts).

-- One document by its number alone (Invoice/Header/{invoiceNumber}, Order/Header, Quote/Header,
-- Booking/Details?orderNumber, Order/Line/Invoice): the keys lead with company, and the calls
-- take the number without it.
CREATE INDEX invoice_header_by_number ON erp.invoice_header (invoice_number);
CREATE INDEX order_header_by_number ON erp.order_header (order_number);
CREATE INDEX order_line_by_number ON erp.order_line (order_number);
CREATE INDEX quote_header_by_number ON erp.quote_header (quote_number);
CREATE INDEX quote_line_by_number ON erp.quote_line (quote_number);
CREATE INDEX booking_by_order ON erp.booking (order_number);

-- Booking/Details on either date basis, and Quote/Details' open quotes, newest first.
CREATE INDEX booking_by_line_date ON erp.booking (order_line_date);
CREATE INDEX booking_by_date ON erp.booking (booking_date);
CREATE INDEX quote_line_open ON erp.quote_line (quote_date) WHERE status = 'Open';

-- On-time delivery: the lines shipped in a period, with what the on-time test and totals read.
CREATE INDEX order_line_shipped ON erp.order_line (ship_date)
  INCLUDE (promise_date, sales, cost, sales_rep, company, branch) WHERE ship_date IS NOT NULL;

-- Invoice/FirstTime: a customer's first invoice (one probe per customer).
CREATE INDEX invoice_header_first ON erp.invoice_header (customer, company, invoice_date, invoice_number)
  INCLUDE (sales_rep, branch, sales) WHERE invoice_type = 'IN';

-- Invoice/CommissionOnPaid: when an invoice was paid in full (null while open, and on credits),
-- and its commission cost (the sum of its lines'), both filled by the ERP load. A database
-- loaded before this migration gets the commission cost now and payment dates at its next load.
ALTER TABLE erp.invoice_header ADD COLUMN commission_cost numeric(14,2);
ALTER TABLE erp.invoice_header ADD COLUMN paid_date date;
UPDATE erp.invoice_header h SET commission_cost = l.commission_cost
  FROM (SELECT company, invoice_number, sum(commission_cost) AS commission_cost FROM erp.invoice_line GROUP BY 1, 2) l
 WHERE l.company = h.company AND l.invoice_number = h.invoice_number;
CREATE INDEX invoice_header_by_paid_date ON erp.invoice_header (paid_date) INCLUDE (sales_rep) WHERE paid_date IS NOT NULL;

-- Commission cost on order lines, quote lines and bookings, as invoice lines have it: the cost
-- the cost bases' default (seed §9 Commission) puts gross profit on. The demo ERP computes it as
-- for invoice lines (the line's cost plus 2%); rows loaded before this migration get that now.
ALTER TABLE erp.order_line ADD COLUMN commission_cost numeric(14,2);
ALTER TABLE erp.quote_line ADD COLUMN commission_cost numeric(14,2);
ALTER TABLE erp.booking ADD COLUMN commission_cost numeric(14,2);
UPDATE erp.order_line SET commission_cost = round(cost * 1.02, 2);
UPDATE erp.quote_line SET commission_cost = round(cost * 1.02, 2);
UPDATE erp.booking SET commission_cost = round(cost * 1.02, 2);
-- Filled by refresh_sales_rollups() after refresh_rollups() has built the rest of the row.
ALTER TABLE erp.booking_day_rep ADD COLUMN commission_cost numeric(16,2) NOT NULL DEFAULT 0;

-- Narrow quote rollups, rebuilt with the others by refreshRollups() (services/src/analytics/rollups.ts)
-- in each ERP load's transaction. Quote counts are additive: a quote has one date, company,
-- rep, branch and status, and a converted quote one order.

-- Quote lines by quote date × company × rep × status: Quote KPI, Summary, by rep or period.
CREATE TABLE erp.quote_day_rep (
  quote_date  date    NOT NULL,
  company     text    NOT NULL,
  sales_rep   text    NOT NULL,
  status      text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  quote_count     integer NOT NULL,
  PRIMARY KEY (quote_date, company, sales_rep, status)
);
CREATE INDEX quote_day_rep_by_rep ON erp.quote_day_rep (sales_rep, quote_date);

-- Converted quote lines by the day their order was entered × company × branch × rep: QuoteBooked.
CREATE TABLE erp.quote_booked_day_rep (
  booked_date date    NOT NULL,
  company     text    NOT NULL,
  branch      text    NOT NULL,
  sales_rep   text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  quote_count     integer NOT NULL,
  PRIMARY KEY (booked_date, company, branch, sales_rep)
);
CREATE INDEX quote_booked_day_rep_by_rep ON erp.quote_booked_day_rep (sales_rep, booked_date);

-- Order lines shipped, by ship month × customer (with its company, branch and rep): on-time
-- delivery for month-aligned periods, by customer, rep, branch or month.
CREATE TABLE erp.order_ship_month_customer (
  month         date    NOT NULL,       -- the first day of the month
  company       text    NOT NULL,
  customer      text    NOT NULL,
  branch        text    NOT NULL,
  sales_rep     text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  on_time_count   integer NOT NULL,       -- shipped on or before the promise date
  PRIMARY KEY (month, company, customer, branch, sales_rep)
);
CREATE INDEX order_ship_month_customer_by_rep ON erp.order_ship_month_customer (sales_rep, month);

CREATE FUNCTION erp.refresh_sales_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.quote_day_rep, erp.quote_booked_day_rep, erp.order_ship_month_customer;

  INSERT INTO erp.order_ship_month_customer
  SELECT date_trunc('month', ship_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*),
         count(*) FILTER (WHERE ship_date <= promise_date)
    FROM erp.order_line
   WHERE ship_date IS NOT NULL
   GROUP BY 1, company, customer, branch, sales_rep;

  INSERT INTO erp.quote_day_rep
  SELECT quote_date, company, sales_rep, status, sum(sales), sum(cost), sum(commission_cost), count(*), count(DISTINCT quote_number)
    FROM erp.quote_line
   GROUP BY quote_date, company, sales_rep, status;

  INSERT INTO erp.quote_booked_day_rep
  SELECT o.order_date, q.company, h.branch, q.sales_rep, sum(q.sales), sum(q.cost), sum(q.commission_cost), count(*), count(DISTINCT q.quote_number)
    FROM erp.quote_line q
    JOIN erp.quote_header h ON h.company = q.company AND h.quote_number = q.quote_number
    JOIN erp.order_header o ON o.company = h.company AND o.order_number = h.order_number
   WHERE q.status = 'Converted'
   GROUP BY o.order_date, q.company, h.branch, q.sales_rep;

  UPDATE erp.booking_day_rep r SET commission_cost = b.commission_cost
    FROM (SELECT 'BookingDate' AS basis, booking_date AS day, company, branch, sales_rep, sum(commission_cost) AS commission_cost
            FROM erp.booking GROUP BY booking_date, company, branch, sales_rep
          UNION ALL
          SELECT 'OrderLineDate', order_line_date, company, branch, sales_rep, sum(commission_cost)
            FROM erp.booking GROUP BY order_line_date, company, branch, sales_rep) b
   WHERE r.basis = b.basis AND r.day = b.day AND r.company = b.company AND r.branch = b.branch AND r.sales_rep = b.sales_rep;
END;
$$;

-- A database loaded before this migration gets these rollups now.
SELECT erp.refresh_sales_rollups();
